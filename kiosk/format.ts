/**
 * What the kiosk shows of numbers and times. Pure.
 */

/**
 * Privacy (the screen's "mask caller numbers"): a number longer than an extension (more than 5
 * characters) shows only its last 3 digits; internal extension numbers stay readable, since the floor
 * needs them and they identify nobody outside. Without privacy the number is shown as it is.
 */
export const MASK_KEEP = 3;
export const EXTENSION_MAX_CHARS = 5;
export function maskParty(party: string | null | undefined, privacy: boolean): string {
  const value = (party ?? '').trim();
  if (!privacy || value.length <= EXTENSION_MAX_CHARS) return value;
  return '•'.repeat(Math.min(6, value.length - MASK_KEEP)) + value.slice(-MASK_KEEP);
}

/**
 * The clock's formatter per locale, made once: `toLocaleTimeString` with options builds a new
 * Intl.DateTimeFormat at each call (bench:wallboard --profile, cheap-500: 0.47 s of 30 s throttled).
 */
const clockFormats: Record<string, Intl.DateTimeFormat> = {};

/** `hh:mm:ss` of a timestamp in the TV's local time (the "data as of" line and the clock). */
export function formatClock(ms: number, locale?: string): string {
  return (clockFormats[locale ?? ''] ??= new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })).format(ms);
}

/** The percentage with one decimal, or an em dash when there is nothing to measure yet. */
export function formatPct(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}

/** A proportional sans-serif's average character width, in ems (names are mostly lower-case letters). */
export const AVERAGE_CHAR_EM = 0.55;

/** How many characters of a name fit in `widthPx` at `fontPx` (at least 1). */
export function nameChars(widthPx: number, fontPx: number): number {
  return Math.max(1, Math.floor(widthPx / (fontPx * AVERAGE_CHAR_EM)));
}

/**
 * A user's name shortened to `maxChars` the way a floor reads names (issue 13: long names were cut to
 * "Maria Apareci…"): the full name when it fits, else first and last name ("Maria Santos"), else the
 * first name with the last name's initial ("Maria S."), else the first name; an ellipsis (CSS
 * truncate) only when even the first name is too long.
 */
export function fitName(name: string, maxChars: number): string {
  const full = name.trim().replace(/\s+/g, ' ');
  if (full.length <= maxChars) return full;
  const words = full.split(' ');
  if (words.length < 2) return full;
  const first = words[0];
  const last = words[words.length - 1];
  for (const candidate of [`${first} ${last}`, `${first} ${last[0]}.`]) {
    if (candidate.length <= maxChars) return candidate;
  }
  return first;
}
