/**
 * The time zone of a corp as the server reads it (J-TZ-01): the `corp.time_zone` a level 1 chose, or
 * the server's own zone for a corp that has none (the corps from before migration 0022 and those
 * created without one), so such a corp sees the days it saw before. Every reader of a corp's zone goes
 * through here; the days themselves are the domain's zone rule (domain/time-zone.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { isTimeZone, runtimeTimeZone } from '../domain';
import type { Db } from './db/database';
import { corp } from './db/schema';

/** The zone a stored value stands for. A name this runtime no longer knows (an ICU update) is read as the server's rather than failing every day boundary of the corp. */
export function corpZone(stored: string | null | undefined): string {
  return stored && isTimeZone(stored) ? stored : runtimeTimeZone();
}

/** The zone of one corp (the server's when the corp is not found). */
export async function corpTimeZone(db: Db, corpId: number): Promise<string> {
  const [row] = await db.select({ timeZone: corp.timeZone }).from(corp).where(eq(corp.id, corpId)).limit(1);
  return corpZone(row?.timeZone);
}

/** Every corp's zone, by corp id. */
export async function corpTimeZones(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: corp.id, timeZone: corp.timeZone }).from(corp).orderBy(asc(corp.id));
  return new Map(rows.map((r) => [r.id, corpZone(r.timeZone)]));
}
