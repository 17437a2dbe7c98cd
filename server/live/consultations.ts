/**
 * The attended transfers in progress (G-XFR-02), by extension: the transferred party, the consulting leg
 * and where it dials. Kept in the database (call_consultation, migration 0025), not in the leader's
 * memory: the calls live on in Asterisk when the PBX leader dies, and the instance that takes over must
 * still complete or cancel what was started (I-FAIL-01). Only the leader reads and writes it (the live
 * operations run there), so the rows need no lock beyond their primary key: a start inserts or finds one
 * there, a step takes (deletes) it and puts it back when the PBX command failed.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { callConsultation } from '../db/schema-live';

export interface Consultation {
  corpId: number;
  /** the extension whose call is transferred */
  number: string;
  transferee: string;
  consult: string;
  exten: string;
  callId: string;
  startedAt: number;
}

export interface ConsultationTable {
  find(corpId: number, number: string): Promise<Consultation | null>;
  /** false when the extension has one in progress already (left as it is) */
  add(consultation: Consultation): Promise<boolean>;
  /** removes and answers the extension's consultation (null: none) */
  take(corpId: number, number: string): Promise<Consultation | null>;
  /** a taken consultation back, when what was to be done with it failed */
  restore(consultation: Consultation): Promise<void>;
  /**
   * clears the consultations whose consulting leg or transferred party is gone (`alive`: the channel ids
   * of a corp now), once `graceMs` old: a leg just originated may not be in the live state yet; answers
   * how many went
   */
  prune(alive: (corpId: number) => ReadonlySet<string>, now: number, graceMs: number): Promise<number>;
}

export function createConsultationTable(db: Db): ConsultationTable {
  const of = (corpId: number, number: string) => and(eq(callConsultation.corpId, corpId), eq(callConsultation.number, number));
  return {
    async find(corpId, number) {
      const [row] = await db.select().from(callConsultation).where(of(corpId, number));
      return row ?? null;
    },
    async add(consultation) {
      const added = await db.insert(callConsultation).values(consultation).onConflictDoNothing().returning({ number: callConsultation.number });
      return added.length > 0;
    },
    async take(corpId, number) {
      const [row] = await db.delete(callConsultation).where(of(corpId, number)).returning();
      return row ?? null;
    },
    async restore(consultation) {
      await db.insert(callConsultation).values(consultation).onConflictDoNothing();
    },
    async prune(alive, now, graceMs) {
      const rows = await db.select().from(callConsultation);
      let cleared = 0;
      const channels = new Map<number, ReadonlySet<string>>();
      for (const row of rows) {
        if (now - row.startedAt < graceMs) continue;
        const corpChannels = channels.get(row.corpId) ?? alive(row.corpId);
        channels.set(row.corpId, corpChannels);
        if (corpChannels.has(row.consult) && corpChannels.has(row.transferee)) continue;
        // this one only: a consultation started meanwhile for the same extension stays
        const gone = await db.delete(callConsultation).where(and(of(row.corpId, row.number), eq(callConsultation.consult, row.consult))).returning({ number: callConsultation.number });
        cleared += gone.length;
      }
      return cleared;
    },
  };
}
