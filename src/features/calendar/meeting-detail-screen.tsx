import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Copy, ExternalLink, Pencil, Trash } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canManageRooms, type MeetingRow } from '../../../domain/meetings';
import { isApiFailure } from '../../api/client';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import type { NavEntry } from '../../app/navigation';
import { entryPath } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { Button, buttonVariants } from '../../ui/button';
import { Card } from '../../ui/card';
import { copyOrSelect } from '../../ui/clipboard';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';
import { Spinner } from '../../ui/spinner';
import { isServiceOff, markServiceOff, roomsQuery } from '../rooms/rooms-api';
import { joinHref } from '../rooms/rooms-logic';
import { deleteMeeting, meetingMembersQuery, meetingsByDateQuery, meetingsFromDateQuery, meetingsKey } from './calendar-api';
import { backRoute, eventTone, meetingFailureKeys } from './calendar-logic';
import { TONE_CLASS } from './event-chip';
import { MeetGate, MeetingsError, useNow, type MeetContext } from './meet-gate';
import { MeetingDialog } from './meeting-dialog';

/** Without the meeting's day in the address, every meeting the user sees is read (from this day on). */
const ALL_FROM = '1970-01-01';

/**
 * The meeting detail, InfoMeet (spec 1 §2, E-CAL-03, E-CAL-07/08): topic, description, start, end,
 * participants (levels 1-3: `DateRooms/date-rooms`), creator, the link with a copy button; edit and
 * delete for its creator only. The search names the meeting (`selectedEvent`), the UTC day to read it
 * with (`date`) and the calendar route Back returns to (`route`).
 */
export default function MeetingDetailScreen(_props: { entry: NavEntry }) {
  return <MeetGate>{(ctx) => <Detail {...ctx} />}</MeetGate>;
}

function Detail({ user, scope, softwareId }: MeetContext) {
  const { t, i18n } = useTranslation();
  const paths = usePaths();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('selectedEvent'));
  const date = search.get('date');
  const back = paths.to(backRoute(search.get('route'), entryPath('calendar')));
  const meetings = useQuery(date ? meetingsByDateQuery(scope, softwareId, date) : meetingsFromDateQuery(scope, softwareId, ALL_FROM));
  const meeting = meetings.data?.find((m) => m.id === id) ?? null;
  // the room it is held in, by name (the rooms list is the one the Rooms screen reads)
  const rooms = useQuery(roomsQuery(scope, softwareId));
  const room = meeting?.roomId ? (rooms.data?.find((r) => r.id === meeting.roomId)?.name ?? null) : null;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const backButton = (
    <Button variant="secondary" onClick={() => void navigate(back)} data-testid="meeting-back">
      <ArrowLeft />
      {t('common.back')}
    </Button>
  );

  if (meetings.error) return <MeetingsError error={meetings.error} />;
  if (meetings.isPending) return <Spinner className="mx-auto mt-10 size-6 text-primary" label={t('common.loading')} />;
  if (!meeting) {
    return (
      <Card className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 px-6 py-8 text-center text-sm" role="status" data-testid="meeting-not-found">
        {t('calendar.notFound')}
        {backButton}
      </Card>
    );
  }
  const creator = meeting.creatorId !== null && meeting.creatorId === user.id;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="meeting-detail">
      <div className="flex flex-wrap items-center gap-2">
        {backButton}
        {creator ? (
          <div className="ml-auto flex gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="meeting-edit">
              <Pencil />
              {t('common.edit')}
            </Button>
            <Button variant="danger-ghost" onClick={() => setDeleting(true)} data-testid="meeting-delete">
              <Trash />
              {t('common.delete')}
            </Button>
          </div>
        ) : null}
      </div>
      <DetailCard meeting={meeting} room={room} lang={i18n.language} participants={canManageRooms(user.level) ? <Participants scope={scope} softwareId={softwareId} name={meeting.name} /> : null} />

      {editing ? (
        <MeetingDialog
          scope={scope}
          softwareId={softwareId}
          meeting={meeting}
          onClose={() => setEditing(false)}
          onSaved={(row) => {
            // the meeting may have moved to another day: the detail reads it by its new one
            const next = new URLSearchParams(search);
            next.set('date', new Date(row.fromDate).toISOString().slice(0, 10));
            void navigate({ search: `?${next.toString()}` }, { replace: true });
          }}
        />
      ) : null}
      <DeleteMeeting open={deleting} meeting={meeting} scope={scope} softwareId={softwareId} onDone={(gone) => (gone ? void navigate(back) : setDeleting(false))} />
    </div>
  );
}

function DetailCard({ meeting, room, lang, participants }: { meeting: MeetingRow; room: string | null; lang: string; participants: ReactNode }) {
  const { t } = useTranslation();
  const now = useNow();
  const timeZone = useCorpTimeZone();
  const { notify } = useSnackbar();
  const linkField = useRef<HTMLInputElement>(null);
  const href = joinHref(meeting.src, window.location.origin);
  const when = (at: string) => new Date(at).toLocaleString(lang, { dateStyle: 'full', timeStyle: 'short' });

  const copy = async () => {
    if ((await copyOrSelect(href, linkField.current)) === 'copied') notify(t('calendar.linkCopied'), 'success');
    else notify(t('calendar.copyFailed'), 'warning');
  };

  return (
    <Card className="overflow-hidden">
      <div className="flex items-start gap-3 border-b border-border px-6 py-5">
        <span className={`mt-1.5 size-3 shrink-0 rounded-full ${TONE_CLASS[eventTone(meeting, now, timeZone)]}`} aria-hidden />
        <div className="min-w-0">
          <h2 className="text-xl font-semibold break-words" data-testid="meeting-topic-text">
            {meeting.name}
          </h2>
          <p className="mt-1 text-sm whitespace-pre-line text-muted" data-testid="meeting-description-text">
            {meeting.topic}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 px-6 py-5 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-muted">{t('calendar.start')}</dt>
        <dd data-testid="meeting-start-text">{when(meeting.fromDate)}</dd>
        <dt className="font-medium text-muted">{t('calendar.end')}</dt>
        <dd data-testid="meeting-end-text">{when(meeting.toDate)}</dd>
        {room ? (
          <>
            <dt className="font-medium text-muted">{t('calendar.room')}</dt>
            <dd data-testid="meeting-room-text">{room}</dd>
          </>
        ) : null}
        <dt className="font-medium text-muted">{t('calendar.creator')}</dt>
        <dd data-testid="meeting-creator-text">{meeting.creator || '—'}</dd>
        {participants ? (
          <>
            <dt className="font-medium text-muted">{t('rooms.participants')}</dt>
            <dd>{participants}</dd>
          </>
        ) : null}
        <dt className="font-medium text-muted">{t('calendar.link')}</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-2">
          <Input ref={linkField} readOnly value={href} className="min-w-0 flex-1 font-mono text-xs" aria-label={t('calendar.link')} data-testid="meeting-link" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" size="sm" onClick={() => void copy()} data-testid="meeting-copy">
            <Copy />
            {t('calendar.copy')}
          </Button>
          <a href={href} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'sm' })} data-testid="meeting-join">
            <ExternalLink />
            {t('rooms.join')}
          </a>
        </dd>
      </dl>
    </Card>
  );
}

/** Who takes part (E-CAL-07, E-CAL-18): levels 1-3 only; with allUsers, every possible participant. */
function Participants({ scope, softwareId, name }: { scope: number | null; softwareId: number; name: string }) {
  const { t } = useTranslation();
  const members = useQuery(meetingMembersQuery(scope, softwareId, name));
  if (members.isPending) return <Spinner className="size-4 text-primary" label={t('common.loading')} />;
  if (members.error) return <span className="text-danger">{t('errors.default')}</span>;
  const list = members.data ?? [];
  if (list.length === 0) return <span className="text-muted">{t('calendar.noParticipants')}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="meeting-participants">
      {list.map((m) => (
        <li key={m.id} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-medium" data-testid={`meeting-participant-${m.nick}`} title={m.nick}>
          {m.name || m.nick}
        </li>
      ))}
    </ul>
  );
}

/** Delete with a confirmation (E-CAL-08, E-CAL-21); a failure shows the default error. */
function DeleteMeeting({ open, meeting, scope, softwareId, onDone }: { open: boolean; meeting: MeetingRow; scope: number | null; softwareId: number; onDone: (gone: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const remove = useMutation({
    mutationFn: () => deleteMeeting(meeting.name, softwareId),
    onSuccess: async () => {
      notifySave(t('calendar.deleted'), 'success');
      onDone(true);
      await queryClient.invalidateQueries({ queryKey: meetingsKey(scope) });
    },
    onError: (error) => {
      const status = isApiFailure(error) ? error.status : 500;
      notifySave(meetingFailureKeys(status, isApiFailure(error) ? error.body.message : undefined).map((key) => t(key)).join(': '), 'danger');
      if (isServiceOff(error)) markServiceOff(queryClient, scope);
      onDone(false);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title={t('calendar.deleteTitle')}
      message={t('calendar.deleteConfirm', { name: meeting.name })}
      confirmLabel={t('common.delete')}
      busy={remove.isPending}
      onCancel={() => onDone(false)}
      onConfirm={() => remove.mutate()}
    />
  );
}
