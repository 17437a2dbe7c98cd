import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DAY_INTERVAL_DEFAULT, DAY_INTERVALS, DAY_START_HOUR_DEFAULT, DAY_START_HOURS, type DayInterval } from '../../../domain/meetings';
import type { NavEntry } from '../../app/navigation';
import { entryPath } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { Button, buttonVariants } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { meetingsFromDateQuery } from './calendar-api';
import { addDays, dayKey, daySlots, detailSearch, fetchFrom, isInterval, isStartHour, monthOf, monthParam, parseDayKey, startOfDay } from './calendar-logic';
import { EventChip } from './event-chip';
import { MeetGate, MeetingsError, useNow, type MeetContext } from './meet-gate';
import { MeetingDialog, type MeetingStart } from './meeting-dialog';
import { useQuickSteps } from './use-quick-steps';

/**
 * The day view (spec 1 §2, E-CAL-02, E-CAL-04..06): the day of the route's `date` (today without
 * one), a start-hour selector 0-23 (7) and an interval selector 15 / 30 / 60 minutes (30), previous and
 * next day, new meeting; slots from the start hour to midnight with the meetings in the slot their
 * start falls in; an empty slot starts a new meeting at its time. The selectors live in the search
 * (`start`, `interval`), so Back from a detail returns to the same view.
 */
export default function DayCalendarScreen(_props: { entry: NavEntry }) {
  return <MeetGate>{(ctx) => <DayView {...ctx} />}</MeetGate>;
}

function DayView({ scope, softwareId }: MeetContext) {
  const { t, i18n } = useTranslation();
  const paths = usePaths();
  const navigate = useNavigate();
  const now = useNow();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const day = parseDayKey(params.date) ?? startOfDay(now);
  const key = dayKey(day);
  const hourParam = Number(search.get('start') ?? NaN);
  const intervalParam = Number(search.get('interval') ?? NaN);
  const startHour = isStartHour(hourParam) ? hourParam : DAY_START_HOUR_DEFAULT;
  const interval: DayInterval = isInterval(intervalParam) ? intervalParam : DAY_INTERVAL_DEFAULT;
  const [creating, setCreating] = useState<MeetingStart | null>(null);

  const meetings = useQuery(meetingsFromDateQuery(scope, softwareId, fetchFrom(day)));
  const { earlier, slots } = daySlots(meetings.data ?? [], day, startHour, interval);

  const lang = i18n.language;
  /** a slot's time as the language writes it (the chips' times read the same way) */
  const clock = (minute: number) => new Date(2000, 0, 1, 0, minute).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  const query = search.toString();
  const here = `${entryPath('dayCalendar')}/${key}${query ? `?${query}` : ''}`;
  const dayHref = (d: Date) => paths.to(`${entryPath('dayCalendar')}/${dayKey(d)}${query ? `?${query}` : ''}`);
  const detailHref = (m: Parameters<typeof detailSearch>[0]) => paths.to(`${entryPath('infoMeet')}${detailSearch(m, here)}`);
  const setView = (name: 'start' | 'interval', value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    setSearch(next, { replace: true });
  };
  const step = useQuickSteps(day, dayKey);
  const goDay = (delta: number) => void navigate(dayHref(step((from) => addDays(from, delta))));
  const isToday = key === dayKey(now);

  return (
    <div className="flex flex-col gap-4" data-testid="day-calendar-screen">
      <Card className="flex flex-wrap items-center gap-3 px-4 py-3">
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" onClick={() => goDay(-1)} aria-label={t('calendar.previousDay')} title={t('calendar.previousDay')} data-testid="day-prev">
            <ChevronLeft />
          </Button>
          <Button variant="ghost" size="icon" onClick={() => goDay(1)} aria-label={t('calendar.nextDay')} title={t('calendar.nextDay')} data-testid="day-next">
            <ChevronRight />
          </Button>
        </div>
        <h2 className="min-w-56 text-lg font-semibold first-letter:uppercase" aria-live="polite" data-testid="day-title" data-day={key}>
          {day.toLocaleDateString(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
        </h2>
        {isToday ? (
          <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary" data-testid="day-today">
            {t('calendar.today')}
          </span>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-xs text-muted">
            {t('calendar.startHour')}
            <Select value={String(startHour)} onChange={(e) => setView('start', e.target.value)} className="h-8 w-32" data-testid="day-start-hour">
              {DAY_START_HOURS.map((h) => (
                <option key={h} value={h}>
                  {clock(h * 60)}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex items-center gap-2 text-xs text-muted">
            {t('calendar.interval')}
            <Select value={String(interval)} onChange={(e) => setView('interval', e.target.value)} className="h-8 w-36" data-testid="day-interval">
              {DAY_INTERVALS.map((n) => (
                <option key={n} value={n}>
                  {t('calendar.minutes', { count: n })}
                </option>
              ))}
            </Select>
          </label>
          <Link to={`${paths.toEntry('calendar')}?month=${monthParam(monthOf(day))}`} className={buttonVariants({ variant: 'secondary', size: 'sm' })} data-testid="day-month">
            <CalendarDays />
            {t('calendar.month')}
          </Link>
          <Button size="sm" onClick={() => setCreating({ day })} data-testid="day-new">
            <Plus />
            {t('calendar.new')}
          </Button>
        </div>
      </Card>

      {meetings.error ? (
        <MeetingsError error={meetings.error} />
      ) : (
        <Card className="overflow-hidden">
          {meetings.isPending ? <Spinner className="mx-auto my-6 size-5 text-primary" label={t('common.loading')} /> : null}
          {earlier.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 border-b border-border bg-surface-2 px-4 py-2" data-testid="day-earlier">
              <span className="text-xs font-medium text-muted">{t('calendar.earlier', { time: clock(startHour * 60) })}</span>
              {earlier.map((m) => (
                <EventChip key={m.id} meeting={m} now={now} lang={lang} to={detailHref(m)} />
              ))}
            </div>
          ) : null}
          <ol className="divide-y divide-border" data-testid="day-slots">
            {slots.map((slot) => (
              <li key={slot.minute} className="flex min-h-11 items-stretch" data-testid={`day-slot-${slot.label}`} data-slot={slot.label}>
                <span className={cn('w-24 shrink-0 border-r border-border px-3 py-2 text-xs font-medium text-muted tabular-nums', slot.minute % 60 === 0 && 'text-text')}>{clock(slot.minute)}</span>
                <div className="group flex min-w-0 flex-1 flex-wrap items-center gap-2 px-2 py-1.5">
                  {slot.meetings.map((m) => (
                    <EventChip key={m.id} meeting={m} now={now} lang={lang} to={detailHref(m)} className="max-w-full py-1.5 text-sm sm:max-w-md" />
                  ))}
                  <button
                    type="button"
                    onClick={() => setCreating({ day, minute: slot.minute, interval })}
                    className="ml-auto inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs text-muted opacity-0 transition-opacity group-hover:opacity-100 hover:bg-surface-2 hover:text-text focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
                    aria-label={t('calendar.newAt', { time: clock(slot.minute) })}
                    data-testid="day-slot-new"
                  >
                    <Plus className="size-3.5" aria-hidden />
                    {t('calendar.new')}
                  </button>
                </div>
              </li>
            ))}
          </ol>
        </Card>
      )}

      {creating ? <MeetingDialog scope={scope} softwareId={softwareId} meeting={null} start={creating} onClose={() => setCreating(null)} /> : null}
    </div>
  );
}
