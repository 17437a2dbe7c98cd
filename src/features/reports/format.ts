import { SPEND_CURRENCY } from '../../../domain/reports/tariff';

/** Seconds as h:mm:ss (or m:ss under an hour): how call durations read. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * A spend amount in R$ (spec 3 §1), in the locale GET getExchange gives. A call's cost keeps the
 * tariff's 4 decimals; a total is money spent and shows cents (`fractionDigits` 2): 37.658 read
 * "R$ 37,658" in pt-BR, which a reader takes for thousands.
 */
export function formatMoney(value: number, locale: string, fractionDigits: 2 | 4 = 4): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: SPEND_CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: fractionDigits }).format(value);
  } catch {
    return `R$ ${value.toFixed(2)}`;
  }
}

/** An instant in the user's language, date and time, on the corp's clocks (its zone, J-TZ-01): the times the report's period was chosen in. */
export function formatDateTime(iso: string, language: string, timeZone: string): string {
  return new Date(iso).toLocaleString(language, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** A percentage with one decimal ('' for none: an hour without calls, an agent without available time). */
export function formatPct(value: number | null, language: string): string {
  return value === null ? '' : `${value.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}
