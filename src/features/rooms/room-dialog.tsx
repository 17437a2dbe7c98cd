import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROOM_NAME_MAX, ROOM_NAME_MIN, type RoomCreate, type RoomRow } from '../../../domain/meetings';
import { translateMessage } from '../../app/messages';
import { isApiFailure } from '../../api/client';
import { Dialog, FormDialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';
import { createRoom, isServiceOff, markServiceOff, meetKey, participantsQuery, updateRoom } from './rooms-api';
import { ParticipantsField } from './participants-field';
import { roomFormDefaults, roomFormSchema, saveFailureKeys, type RoomFormValues } from './rooms-logic';

const FIELDS = ['name', 'userOption', 'userId'] as const;

/**
 * Create or edit a room (E-ROOM-09..12, E-ROOM-15/16/19): its name (4-50), everyone or the selected
 * participants (levels 2-4 of the corp, from `GET meet/users`); 'usersError' when selected with nobody.
 */
export function RoomDialog({ scope, softwareId, room, onClose }: { scope: number | null; softwareId: number; room: RoomRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const users = useQuery(participantsQuery(scope, softwareId));
  const form = useForm<RoomFormValues, unknown, RoomCreate>({
    resolver: zodResolver(roomFormSchema) as unknown as Resolver<RoomFormValues, unknown, RoomCreate>,
    defaultValues: roomFormDefaults(softwareId, room),
  });
  const option = form.watch('userOption');

  const save = useMutation({
    mutationFn: (values: RoomCreate) => {
      const body = { name: values.name, softwareId, userOption: values.userOption, userId: values.userOption === 'selectUser' ? values.userId : [] };
      return room ? updateRoom(room.name, body) : createRoom(body);
    },
    onSuccess: async () => {
      notifySave(t(room ? 'rooms.updated' : 'rooms.created'), 'success');
      await queryClient.invalidateQueries({ queryKey: [...meetKey(scope), 'rooms'] });
      onClose();
    },
    onError: (error) => {
      const status = isApiFailure(error) ? error.status : 500;
      notifySave(saveFailureKeys(status, isApiFailure(error) ? error.body.message : undefined).map((key) => t(key)).join(': '), 'danger');
      if (isServiceOff(error)) {
        markServiceOff(queryClient, scope);
        onClose();
        return;
      }
      if (isApiFailure(error)) {
        for (const issue of error.body.issues ?? []) {
          const path = issue.path === 'newName' ? 'name' : issue.path.split('.')[0];
          if ((FIELDS as readonly string[]).includes(path)) form.setError(path as (typeof FIELDS)[number], { type: 'server', message: issue.message });
        }
      }
    },
  });

  const err = (name: (typeof FIELDS)[number]) => {
    const message = form.formState.errors[name]?.message;
    return message ? translateMessage(t, message) : undefined;
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(room ? 'rooms.editTitle' : 'rooms.newTitle')}
      testId="room-dialog"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      footer={<FormDialogFooter onCancel={onClose} submitLabel={t(room ? 'common.save' : 'common.send')} saving={save.isPending} cancelTestId="room-cancel" submitTestId="room-submit" />}
    >
      <div className="flex flex-col gap-5">
        <FormField id="room-name" label={t('rooms.name')} error={err('name')} hint={t('rooms.nameHint', { min: ROOM_NAME_MIN, max: ROOM_NAME_MAX })}>
          <Input
            id="room-name"
            autoComplete="off"
            maxLength={ROOM_NAME_MAX + 10}
            aria-invalid={err('name') ? true : undefined}
            aria-describedby={err('name') ? 'room-name-error' : 'room-name-hint'}
            data-testid="room-name"
            data-autofocus
            {...form.register('name')}
          />
        </FormField>

        <Controller
          control={form.control}
          name="userId"
          render={({ field }) => (
            <ParticipantsField
              prefix="room"
              option={option}
              onOption={(value) => {
                form.setValue('userOption', value, { shouldDirty: true });
                if (form.formState.isSubmitted) void form.trigger(['userOption', 'userId']);
              }}
              optionError={err('userOption')}
              users={users}
              selected={field.value}
              onSelected={(ids) => {
                field.onChange(ids);
                if (form.formState.isSubmitted) void form.trigger('userId');
              }}
              usersError={err('userId')}
            />
          )}
        />
      </div>
    </Dialog>
  );
}
