import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MEETING_NAME_MAX, MEETING_TOPIC_MAX, type MeetingRow } from '../../../domain/meetings';
import { translateMessage } from '../../app/messages';
import { isApiFailure } from '../../api/client';
import { cn } from '../../ui/cn';
import { Dialog, FormDialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input, inputClass } from '../../ui/input';
import { Select } from '../../ui/select';
import { useSnackbar } from '../../ui/snackbar';
import { isServiceOff, markServiceOff, participantsQuery, roomsQuery } from '../rooms/rooms-api';
import { ParticipantsField } from '../rooms/participants-field';
import { createMeeting, editMeeting, meetingsKey } from './calendar-api';
import { checkMeetingForm, meetingFailureKeys, meetingFormDefaults, meetingIssueField, type MeetingBody, type MeetingFormField, type MeetingFormValues } from './calendar-logic';

/** The form's rules are the domain's create schema (calendar-logic checkMeetingForm), checked at the time of the submit. */
function resolverFor(softwareId: number): Resolver<MeetingFormValues, unknown, MeetingBody> {
  return async (values) => {
    const result = checkMeetingForm(values, softwareId, new Date());
    if (result.ok) return { values: result.body, errors: {} };
    const errors: FieldErrors<MeetingFormValues> = {};
    for (const [field, message] of Object.entries(result.errors)) errors[field as MeetingFormField] = { type: 'validate', message };
    return { values: {}, errors };
  };
}

export interface MeetingStart {
  day: Date;
  minute?: number;
  interval?: number;
}

/**
 * Create or edit a meeting (E-CAL-09, E-CAL-12..16, E-CAL-19/20): topic, description, date, start and
 * end time, a room of the corp (optional), everyone or the selected participants (levels 2-4, from
 * `GET meet/users`). Closes on success; a failure shows the default error, puts the server's field
 * issues on the fields and keeps everything typed.
 */
export function MeetingDialog({
  scope,
  softwareId,
  meeting,
  start,
  onClose,
  onSaved,
}: {
  scope: number | null;
  softwareId: number;
  meeting: MeetingRow | null;
  start?: MeetingStart;
  onClose: () => void;
  onSaved?: (row: MeetingRow) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const users = useQuery(participantsQuery(scope, softwareId));
  const rooms = useQuery(roomsQuery(scope, softwareId));
  const form = useForm<MeetingFormValues, unknown, MeetingBody>({
    resolver: resolverFor(softwareId),
    defaultValues: meetingFormDefaults(meeting, start),
  });
  const option = form.watch('userOption');

  const save = useMutation({
    mutationFn: (body: MeetingBody) => (meeting ? editMeeting(meeting.name, body) : createMeeting(body)),
    onSuccess: async (row) => {
      notifySave(t(meeting ? 'calendar.updated' : 'calendar.created'), 'success');
      await queryClient.invalidateQueries({ queryKey: meetingsKey(scope) });
      onSaved?.(row);
      onClose();
    },
    onError: (error) => {
      const status = isApiFailure(error) ? error.status : 500;
      notifySave(meetingFailureKeys(status, isApiFailure(error) ? error.body.message : undefined).map((key) => t(key)).join(': '), 'danger');
      if (isServiceOff(error)) {
        markServiceOff(queryClient, scope);
        onClose();
        return;
      }
      if (isApiFailure(error)) {
        for (const issue of error.body.issues ?? []) {
          const field = meetingIssueField(issue.path);
          if (field) form.setError(field, { type: 'server', message: issue.message });
        }
      }
    },
  });

  const err = (name: MeetingFormField) => {
    const message = form.formState.errors[name]?.message;
    return message ? translateMessage(t, message) : undefined;
  };
  const aria = (name: MeetingFormField, id: string) => ({ 'aria-invalid': err(name) ? true : undefined, 'aria-describedby': err(name) ? `${id}-error` : undefined });
  const recheck = () => {
    if (form.formState.isSubmitted) void form.trigger();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(meeting ? 'calendar.editTitle' : 'calendar.newTitle')}
      testId="meeting-dialog"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      footer={<FormDialogFooter onCancel={onClose} submitLabel={t(meeting ? 'common.save' : 'common.send')} saving={save.isPending} cancelTestId="meeting-cancel" submitTestId="meeting-submit" />}
    >
      <div className="flex flex-col gap-5">
        <FormField id="meeting-name" label={t('calendar.topic')} error={err('name')}>
          <Input id="meeting-name" autoComplete="off" maxLength={MEETING_NAME_MAX + 10} data-testid="meeting-name" data-autofocus {...aria('name', 'meeting-name')} {...form.register('name')} />
        </FormField>
        <FormField id="meeting-topic" label={t('calendar.description')} error={err('topic')}>
          <textarea
            id="meeting-topic"
            rows={3}
            maxLength={MEETING_TOPIC_MAX + 10}
            className={cn(inputClass, 'h-auto min-h-20 py-2')}
            data-testid="meeting-topic"
            {...aria('topic', 'meeting-topic')}
            {...form.register('topic')}
          />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <FormField id="meeting-date" label={t('calendar.date')} error={err('date')}>
            <Input id="meeting-date" type="date" data-testid="meeting-date" {...aria('date', 'meeting-date')} {...form.register('date', { onChange: recheck })} />
          </FormField>
          <FormField id="meeting-start" label={t('calendar.start')} error={err('startTime')}>
            <Input id="meeting-start" type="time" data-testid="meeting-start" {...aria('startTime', 'meeting-start')} {...form.register('startTime', { onChange: recheck })} />
          </FormField>
          <FormField id="meeting-end" label={t('calendar.end')} error={err('endTime')}>
            <Input id="meeting-end" type="time" data-testid="meeting-end" {...aria('endTime', 'meeting-end')} {...form.register('endTime', { onChange: recheck })} />
          </FormField>
        </div>
        <FormField id="meeting-room" label={t('calendar.room')} error={err('roomId')} hint={t('calendar.roomHint')}>
          <Select id="meeting-room" data-testid="meeting-room" {...aria('roomId', 'meeting-room')} {...form.register('roomId')}>
            <option value="">{t('calendar.noRoom')}</option>
            {(rooms.data ?? []).map((room) => (
              <option key={room.id} value={String(room.id)}>
                {room.name}
              </option>
            ))}
          </Select>
        </FormField>

        <Controller
          control={form.control}
          name="userIds"
          render={({ field }) => (
            <ParticipantsField
              prefix="meeting"
              option={option}
              onOption={(value) => {
                form.setValue('userOption', value, { shouldDirty: true });
                recheck();
              }}
              optionError={err('userOption')}
              users={users}
              selected={field.value}
              onSelected={(ids) => {
                field.onChange(ids);
                recheck();
              }}
              usersError={err('userIds')}
            />
          )}
        />
      </div>
    </Dialog>
  );
}
