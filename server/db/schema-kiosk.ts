import { bigint, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { corp, kioskScreen } from './schema';

/**
 * H-FLEET-01: each TV's last heartbeat, one row per screen. In the database rather than in the Redis
 * backplane: every instance reads and writes it whether Redis is there or not (one code path for the
 * embedded database and for several instances), the admin list joins it with the screens in one
 * query, a restart forgets nothing, and the dark sweep claims a screen's alert with one atomic UPDATE
 * (dark_alerted_at), so exactly one instance raises it without a leader. Cost: one upsert per TV
 * every 15 s (a thousand TVs: some 70 small writes a second).
 * Times are epoch ms as the server that received the beat saw them (bigint), so a test can sweep
 * "61 s later" without waiting.
 */
export const kioskHeartbeat = pgTable('kiosk_heartbeat', {
  screenId: integer('screen_id')
    .primaryKey()
    .references(() => kioskScreen.id, { onDelete: 'cascade' }),
  corpId: integer('corp_id')
    .notNull()
    .references(() => corp.id, { onDelete: 'cascade' }),
  seenAt: bigint('seen_at', { mode: 'number' }).notNull(),
  /** the KioskHeartbeat report as the TV sent it (checked) */
  report: jsonb('report').notNull(),
  /** when the dark alert of the current silence was raised; null while the TV reports */
  darkAlertedAt: bigint('dark_alerted_at', { mode: 'number' }),
});

/** H-TICK-01: ticker messages pushed to some of a corp's screens until they expire. */
export const kioskTicker = pgTable(
  'kiosk_ticker',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 200 }).notNull(),
    priority: varchar('priority', { length: 16 }).notNull(),
    screens: jsonb('screens').$type<number[]>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    author: varchar('author', { length: 100 }).notNull(),
  },
  (t) => [index('kiosk_ticker_corp_expires').on(t.corpId, t.expiresAt)],
);
