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

/** `hh:mm:ss` of a timestamp in the TV's local time (the "data as of" line and the clock). */
export function formatClock(ms: number, locale?: string): string {
  return new Date(ms).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/** The percentage with one decimal, or an em dash when there is nothing to measure yet. */
export function formatPct(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}
