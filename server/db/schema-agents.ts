import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { corp } from './schema';

/**
 * A corp's pause reasons (G-PAU-01): what an agent or a supervisor picks when an agent pauses. The
 * short code is what app_queue keeps and queue_log writes (PAUSE data1), so reports group by it; the
 * name is what people read; `maxMinutes` turns the agent's tile to the warning colour past it.
 */
export const pauseReason = pgTable(
  'pause_reason',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    /** a productive pause (training, back office), as the supervisors classify their reasons */
    productive: boolean('productive').notNull().default(false),
    /** minutes after which the pause warns; null: never */
    maxMinutes: smallint('max_minutes'),
  },
  (t) => [uniqueIndex('pause_reason_corp_code_unique').on(t.corpId, sql`lower(${t.code})`)],
);
