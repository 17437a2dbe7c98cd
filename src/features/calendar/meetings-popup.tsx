import { useQuery } from '@tanstack/react-query';
import { AlarmClock, DoorOpen, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyUser } from '../../../domain/auth';
import { inBand, LEVEL_BANDS } from '../../../domain/level-ceilings';
import { SOFTWARE_UNAVAILABLE, type MeetingRow } from '../../../domain/meetings';
import { meetingsFromDateQuery } from './calendar-api';
import { corpTodayFetchFrom, popupGroups, showsAlert } from './calendar-logic';
import { useNow } from './use-now';
import { roomsQuery, softwareQuery } from '../rooms/rooms-api';
import { joinHref } from '../rooms/rooms-logic';
import { cn } from '../../ui/cn';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import { useScope } from '../../app/session';
import { Popover } from '../../ui/popover';

/** The popup reads the meetings again every minute: gentle on the service, fresh enough for a 30-minute alert. */
export const MEETINGS_POLL_MS = 60_000;

/** Who sees the popup (E-MEET-01): levels 3 and 4 of a corp whose rooms are on. */
export function showsMeetingsPopup(user: Pick<MyUser, 'level' | 'roomEnabled'>): boolean {
  return inBand(user.level, LEVEL_BANDS.meetingsPopup) && user.roomEnabled;
}

/**
 * The top bar's Meetings popup (spec 1 §2 "Top bar", E-MEET-01..05): for levels 3 and 4 when rooms
 * are on and the software id is not -10; a badge with the count of today's meetings; the popup lists
 * today's meetings (an alert icon on one that starts within 30 minutes), the internal rooms and the
 * upcoming meetings by start; an entry opens the meeting site in a new tab. Any failure of the
 * service (503, 403, no answer) hides it: the top bar never breaks for it.
 */
export function MeetingsPopup({ user }: { user: MyUser }) {
  if (!showsMeetingsPopup(user)) return null;
  return <Meetings />;
}

function Meetings() {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const scope = useScope();
  // today, its 30-minute alert and the times shown are the corp's (J-TZ-01)
  const timeZone = useCorpTimeZone();
  const software = useQuery(softwareQuery(scope));
  const softwareId = software.data?.id ?? SOFTWARE_UNAVAILABLE;
  const meetings = useQuery({ ...meetingsFromDateQuery(scope, softwareId, corpTodayFetchFrom(now, timeZone), { refetchInterval: MEETINGS_POLL_MS }), retry: false });
  const rooms = useQuery({ ...roomsQuery(scope, softwareId), retry: false });
  // software id -10, rooms off (403), the service off (503) or no answer: no popup, the top bar stays whole
  if (softwareId === SOFTWARE_UNAVAILABLE || !meetings.data || meetings.isError) return null;

  const { today, upcoming } = popupGroups(meetings.data, now, timeZone);
  const lang = i18n.language;
  const time = (at: string) => new Date(at).toLocaleTimeString(lang, { timeZone, hour: '2-digit', minute: '2-digit' });
  const dayTime = (at: string) => new Date(at).toLocaleString(lang, { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const soon = today.some((m) => showsAlert(m, now, timeZone));

  return (
    <Popover
      testId="meetings-popup"
      triggerLabel={t('meetings.title', { count: today.length })}
      triggerClassName="relative inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-text"
      trigger={
        <>
          <Video className={cn('size-5', soon && 'text-danger')} aria-hidden />
          {today.length > 0 ? (
            <span
              className={cn('absolute -top-0.5 -right-0.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] leading-none font-semibold text-primary-foreground', soon ? 'bg-danger' : 'bg-primary')}
              data-testid="meetings-badge"
            >
              {today.length}
            </span>
          ) : null}
        </>
      }
      panelClassName="w-80 max-w-[calc(100vw-2rem)] overflow-hidden"
    >
      {(close) => (
        <div className="scroll-thin max-h-[70vh] overflow-y-auto py-2" data-testid="meetings-list">
          <Section title={t('meetings.today')} testId="meetings-today" empty={today.length === 0 ? t('meetings.noneToday') : null}>
            {today.map((m) => (
              <Entry key={m.id} meeting={m} detail={`${time(m.fromDate)} – ${time(m.toDate)}`} alert={showsAlert(m, now, timeZone)} onOpen={close} />
            ))}
          </Section>
          <Section title={t('meetings.rooms')} testId="meetings-rooms" empty={(rooms.data ?? []).length === 0 ? t('meetings.noRooms') : null}>
            {(rooms.data ?? []).map((room) => (
              <li key={room.id}>
                <a
                  href={joinHref(room.link, window.location.origin)}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={close}
                  className="flex items-center gap-3 px-4 py-2 text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                  data-testid="meetings-room"
                  data-room={room.name}
                >
                  <DoorOpen className="size-4 shrink-0 text-muted" aria-hidden />
                  <span className="truncate">{room.name}</span>
                </a>
              </li>
            ))}
          </Section>
          <Section title={t('meetings.upcoming')} testId="meetings-upcoming" empty={upcoming.length === 0 ? t('meetings.noneUpcoming') : null}>
            {upcoming.map((m) => (
              <Entry key={m.id} meeting={m} detail={dayTime(m.fromDate)} alert={false} onOpen={close} />
            ))}
          </Section>
        </div>
      )}
    </Popover>
  );
}

function Section({ title, testId, empty, children }: { title: string; testId: string; empty: string | null; children: ReactNode }) {
  return (
    <section className="border-b border-border pb-2 last:border-b-0 [&+section]:pt-2" data-testid={testId}>
      <h3 className="px-4 py-1 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {empty ? <p className="px-4 py-1 text-sm text-muted">{empty}</p> : <ul>{children}</ul>}
    </section>
  );
}

/** A meeting opens its link in a new tab (E-MEET-05). */
function Entry({ meeting, detail, alert, onOpen }: { meeting: MeetingRow; detail: string; alert: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <a
        href={joinHref(meeting.src, window.location.origin)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onOpen}
        className="flex items-center gap-3 px-4 py-2 text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
        data-testid="meetings-entry"
        data-meeting={meeting.name}
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{meeting.name}</span>
          <span className="block truncate text-xs text-muted tabular-nums">{detail}</span>
        </span>
        {alert ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-danger" data-testid="meetings-alert" title={t('meetings.startsSoon')}>
            <AlarmClock className="size-4" aria-hidden />
            <span className="sr-only">{t('meetings.startsSoon')}</span>
          </span>
        ) : null}
      </a>
    </li>
  );
}
