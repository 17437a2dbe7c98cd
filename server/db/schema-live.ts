import { bigint, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { corp } from './schema';

/**
 * The attended transfers in progress (G-XFR-02): one consultation per extension whose call it moves,
 * kept in the database rather than in the PBX leader's memory, so that after the leader dies the next
 * one still completes or cancels it (I-FAIL-01: the calls live on in Asterisk, and so must what joins
 * them). Written and read by the leader only (server/live/consultations.ts); a row whose calls ended is
 * cleared by it.
 */
export const callConsultation = pgTable(
  'call_consultation',
  {
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    /** the extension whose call is transferred */
    number: varchar('number', { length: 10 }).notNull(),
    /** the channel of the call's other party, who is moved */
    transferee: text('transferee').notNull(),
    /** the consulting leg's channel */
    consult: text('consult').notNull(),
    /** where the consultation dials (the corp's dialplan) */
    exten: text('exten').notNull(),
    /** the transferred call's id, answered by every step */
    callId: text('call_id').notNull(),
    /** when it started (ms): a leg just originated may not be in the live state yet */
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.corpId, t.number] })],
);
