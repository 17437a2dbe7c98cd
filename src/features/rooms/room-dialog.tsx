import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROOM_NAME_MAX, ROOM_NAME_MIN, type RoomCreate, type RoomRow } from '../../../domain/meetings';
import { translateMessage } from '../../app/messages';
import { isApiFailure } from '../../api/client';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';
import { Spinner } from '../../ui/spinner';
import { createRoom, isServiceOff, markServiceOff, meetKey, participantsQuery, updateRoom } from './rooms-api';
import { roomFormDefaults, roomFormSchema, saveFailureKeys, toggleUser, type RoomFormValues } from './rooms-logic';

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
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="room-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="room-submit">
            {t(room ? 'common.save' : 'common.send')}
          </Button>
        </>
      }
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

        <fieldset className="flex flex-col gap-2" aria-describedby={err('userOption') ? 'room-option-error' : undefined}>
          <legend className="mb-1 text-xs font-medium text-muted">{t('rooms.participants')}</legend>
          <Controller
            control={form.control}
            name="userOption"
            render={({ field }) => (
              <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup">
                {(['allUsers', 'selectUser'] as const).map((value) => (
                  <label key={value} className="inline-flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={field.name}
                      value={value}
                      checked={field.value === value}
                      onChange={() => {
                        field.onChange(value);
                        if (form.formState.isSubmitted) void form.trigger(['userOption', 'userId']);
                      }}
                      onBlur={field.onBlur}
                      className="size-4 accent-primary"
                      data-testid={`room-option-${value}`}
                    />
                    {value === 'allUsers' ? t('rooms.option.allUsers') : t('rooms.option.selectUser')}
                  </label>
                ))}
              </div>
            )}
          />
          {err('userOption') ? (
            <p id="room-option-error" role="alert" className="text-xs font-medium text-danger" data-testid="error-room-option">
              {err('userOption')}
            </p>
          ) : null}
        </fieldset>

        {option === 'selectUser' ? (
          <Controller
            control={form.control}
            name="userId"
            render={({ field }) => (
              <div className="flex flex-col gap-1.5" data-testid="room-users">
                <span id="room-users-label" className="text-xs font-medium text-muted">
                  {t('rooms.selectUsers')}
                </span>
                {users.isPending ? (
                  <Spinner className="size-5 text-primary" label={t('common.loading')} />
                ) : users.error ? (
                  <p className="text-sm text-danger">{t('errors.default')}</p>
                ) : users.data.length === 0 ? (
                  <p className="text-sm text-muted">{t('rooms.noUsers')}</p>
                ) : (
                  <ul
                    role="group"
                    aria-labelledby="room-users-label"
                    aria-invalid={err('userId') ? true : undefined}
                    className={cn('scroll-thin max-h-56 divide-y divide-border overflow-y-auto rounded-lg border', err('userId') ? 'border-danger' : 'border-border')}
                  >
                    {users.data.map((user) => {
                      const checked = field.value.includes(user.id);
                      const id = `room-user-${user.id}`;
                      return (
                        <li key={user.id} className="flex items-center gap-3 px-3 py-2">
                          <Checkbox
                            id={id}
                            checked={checked}
                            onCheckedChange={(on) => {
                              field.onChange(toggleUser(field.value, user.id, on));
                              if (form.formState.isSubmitted) void form.trigger('userId');
                            }}
                            aria-labelledby={`${id}-label`}
                            data-testid={`room-user-${user.nick}`}
                          />
                          <label id={`${id}-label`} htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer flex-col text-sm">
                            <span className="truncate font-medium">{user.name || user.nick}</span>
                            <span className="truncate text-xs text-muted">{user.nick}</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {err('userId') ? (
                  <p role="alert" className="text-xs font-medium text-danger" data-testid="error-room-users">
                    {err('userId')}
                  </p>
                ) : (
                  <p className="text-xs text-muted">{t('rooms.selectedCount', { count: field.value.length })}</p>
                )}
              </div>
            )}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
