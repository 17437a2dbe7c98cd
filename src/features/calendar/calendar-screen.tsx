import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { NavEntry } from '../../app/navigation';
import { entryPath } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/spinner';
import { meetingsFromDateQuery } from './calendar-api';
import { detailSearch, fetchFrom, meetingsByDay, monthGrid, monthOf, monthParam, parseMonthParam, shiftMonth, type Month } from './calendar-logic';
import { EventChip } from './event-chip';
import { MeetGate, MeetingsError, useNow, type MeetContext } from './meet-gate';
import { MeetingDialog } from './meeting-dialog';
import { useQuickSteps } from './use-quick-steps';

/** Events shown in a month cell before "+N more" (the day view lists them all). */
const CELL_EVENTS = 3;

/**
 * The Calendar, month view (spec 1 §2, E-CAL-01..03, E-CAL-09, E-CAL-11): the weeks of a month with
 * previous / next month and today marked; each day lists its meetings by topic, coloured (red: starts
 * within 30 minutes); a date opens the day view, an event its detail; every user creates meetings.
 * The month shown is the `month` search parameter (`YYYY-MM`), so Back from a detail returns to it.
 */
export default function CalendarScreen(_props: { entry: NavEntry }) {
  return <MeetGate>{(ctx) => <MonthView {...ctx} />}</MeetGate>;
}

function MonthView({ scope, softwareId }: MeetContext) {
  const { t, i18n } = useTranslation();
  const paths = usePaths();
  const navigate = useNavigate();
  const now = useNow();
  const [search, setSearch] = useSearchParams();
  const month: Month = parseMonthParam(search.get('month')) ?? monthOf(now);
  const [creating, setCreating] = useState(false);

  const weeks = monthGrid(month, now);
  const meetings = useQuery(meetingsFromDateQuery(scope, softwareId, fetchFrom(weeks[0][0].date)));
  const byDay = useMemo(() => meetingsByDay(meetings.data ?? []), [meetings.data]);

  const lang = i18n.language;
  const title = new Date(month.year, month.month, 1).toLocaleDateString(lang, { month: 'long', year: 'numeric' });
  const weekdays = weeks[0].map((cell) => cell.date.toLocaleDateString(lang, { weekday: 'short' }));
  const here = `${entryPath('calendar')}?month=${monthParam(month)}`;
  const dayHref = (key: string) => paths.to(`${entryPath('dayCalendar')}/${key}`);
  const step = useQuickSteps(month, monthParam);
  const go = (next: Month | null) => setSearch(next ? { month: monthParam(next) } : {}, { replace: true });
  const shift = (delta: number) => go(step((from) => shiftMonth(from, delta)));
  const toToday = () => {
    step(() => monthOf(now));
    go(null);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="calendar-screen">
      <Card className="flex flex-wrap items-center gap-3 px-4 py-3">
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" onClick={() => shift(-1)} aria-label={t('calendar.previousMonth')} title={t('calendar.previousMonth')} data-testid="calendar-prev">
            <ChevronLeft />
          </Button>
          <Button variant="ghost" size="icon" onClick={() => shift(1)} aria-label={t('calendar.nextMonth')} title={t('calendar.nextMonth')} data-testid="calendar-next">
            <ChevronRight />
          </Button>
        </div>
        <h2 className="min-w-44 text-lg font-semibold capitalize" aria-live="polite" data-testid="calendar-title" data-month={monthParam(month)}>
          {title}
        </h2>
        <Button variant="secondary" size="sm" onClick={toToday} data-testid="calendar-today">
          {t('calendar.today')}
        </Button>
        {meetings.isFetching ? <Spinner className="size-4 text-muted" label={t('common.loading')} /> : null}
        <Button className="ml-auto" onClick={() => setCreating(true)} data-testid="calendar-new">
          <Plus />
          {t('calendar.new')}
        </Button>
      </Card>

      {meetings.error ? (
        <MeetingsError error={meetings.error} />
      ) : (
        <Card className="overflow-hidden">
          <div className="grid grid-cols-7 border-b border-border bg-surface-2 text-xs font-medium text-muted" aria-hidden>
            {weekdays.map((day) => (
              <div key={day} className="px-2 py-2 text-center capitalize">
                {day}
              </div>
            ))}
          </div>
          <div role="grid" aria-label={title} data-testid="calendar-grid">
            {weeks.map((week) => (
              <div key={week[0].key} role="row" className="grid grid-cols-7 border-b border-border last:border-b-0">
                {week.map((cell) => {
                  const events = byDay.get(cell.key) ?? [];
                  return (
                    <div
                      key={cell.key}
                      role="gridcell"
                      aria-current={cell.today ? 'date' : undefined}
                      onClick={() => void navigate(dayHref(cell.key))}
                      className={cn(
                        'flex min-h-28 min-w-0 cursor-pointer flex-col gap-1 border-r border-border p-1.5 transition-colors last:border-r-0 hover:bg-surface-2',
                        !cell.inMonth && 'bg-surface-2/60 text-muted',
                      )}
                      data-testid={`calendar-day-${cell.key}`}
                      data-today={cell.today || undefined}
                    >
                      <Link
                        to={dayHref(cell.key)}
                        onClick={(e) => e.stopPropagation()}
                        className={cn(
                          'inline-flex size-7 items-center justify-center self-start rounded-full text-xs font-semibold tabular-nums hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-ring',
                          cell.today && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                        )}
                        aria-label={cell.date.toLocaleDateString(lang, { dateStyle: 'full' })}
                        data-testid="calendar-day-link"
                      >
                        {cell.date.getDate()}
                      </Link>
                      {events.slice(0, CELL_EVENTS).map((m) => (
                        <EventChip key={m.id} meeting={m} now={now} lang={lang} to={paths.to(`${entryPath('infoMeet')}${detailSearch(m, here)}`)} />
                      ))}
                      {events.length > CELL_EVENTS ? (
                        <span className="px-1 text-xs font-medium text-muted" data-testid="calendar-more">
                          {t('calendar.more', { count: events.length - CELL_EVENTS })}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </Card>
      )}

      {creating ? (
        <MeetingDialog
          scope={scope}
          softwareId={softwareId}
          meeting={null}
          start={{ day: now }}
          onClose={() => setCreating(false)}
          onSaved={(row) => go(monthOf(new Date(row.fromDate)))}
        />
      ) : null}
    </div>
  );
}
