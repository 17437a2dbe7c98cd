import { AlarmClock } from 'lucide-react';
import { Link } from 'react-router';
import type { MeetingRow } from '../../../domain/meetings';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import { cn } from '../../ui/cn';
import { eventTone, type EventTone } from './calendar-logic';

/**
 * The event colours (E-CAL-11): the danger token for "starts within 30 minutes", four blue/purple
 * shades for the rest. The theme has no tokens for four event shades yet, so these are Tailwind's own
 * palette steps (no hex); they read on light and dark surfaces alike with white text.
 */
export const TONE_CLASS: Record<EventTone, string> = {
  soon: 'bg-danger text-primary-foreground',
  0: 'bg-sky-700 text-white',
  1: 'bg-blue-600 text-white',
  2: 'bg-indigo-600 text-white',
  3: 'bg-violet-600 text-white',
};

export function timeText(lang: string, at: string | Date): string {
  return new Date(at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
}

/** An event of the calendar: its time and topic, coloured by tone; a link to its detail (E-CAL-03). */
export function EventChip({ meeting, now, to, lang, className }: { meeting: MeetingRow; now: Date; to: string; lang: string; className?: string }) {
  const tone = eventTone(meeting, now, useCorpTimeZone());
  return (
    <Link
      to={to}
      onClick={(e) => e.stopPropagation()}
      className={cn(
        'flex min-w-0 items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium shadow-card transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        TONE_CLASS[tone],
        className,
      )}
      title={`${timeText(lang, meeting.fromDate)} ${meeting.name}`}
      data-testid="calendar-event"
      data-meeting={meeting.name}
      data-tone={String(tone)}
    >
      {tone === 'soon' ? <AlarmClock className="size-3.5 shrink-0" aria-hidden /> : null}
      <span className="shrink-0 tabular-nums opacity-90">{timeText(lang, meeting.fromDate)}</span>
      <span className="truncate">{meeting.name}</span>
    </Link>
  );
}
