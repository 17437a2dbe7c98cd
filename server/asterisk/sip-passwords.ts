/**
 * The server's side of strong SIP passwords (I-SEC-01, the rule in domain/sip-password.ts): random
 * ones for a demo seeded where a real Asterisk reads them, and the count of weak ones already stored,
 * told at a PBX=ari start without ever printing a password.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { isWeakSipPassword } from '../../domain';
import type { Db } from '../db/database';
import { corp, extension } from '../db/schema';

/** A random SIP password (20 characters of base64url: 120 bits) that the strength rule takes for `number`. */
export function randomSipPassword(number?: string): string {
  // a random draw may hold the extension's number or no letter at all, rarely: draw again then
  for (;;) {
    const pass = randomBytes(15).toString('base64url');
    if (!isWeakSipPassword(pass, number)) return pass;
  }
}

/** A random 4-digit voicemail PIN (the schema's 3 or 4 digits), not the extension's number. */
export function randomVoicemailPin(number?: string): string {
  for (;;) {
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    if (pin !== number) return pin;
  }
}

export interface WeakSipPasswords {
  /** extensions whose stored SIP password is weak */
  count: number;
  /** how many per corp (its url), for the operator to know where to look */
  byCorp: Record<string, number>;
}

/** The extensions whose stored SIP password the strength rule refuses; the passwords stay in the database. */
export async function weakSipPasswords(db: Db): Promise<WeakSipPasswords> {
  const rows = await db
    .select({ corp: corp.url, number: extension.number, pass: extension.pass })
    .from(extension)
    .innerJoin(corp, eq(corp.id, extension.corpId))
    .orderBy(asc(corp.url));
  const byCorp: Record<string, number> = {};
  let count = 0;
  for (const row of rows) {
    if (!isWeakSipPassword(row.pass, row.number)) continue;
    count++;
    byCorp[row.corp] = (byCorp[row.corp] ?? 0) + 1;
  }
  return { count, byCorp };
}
