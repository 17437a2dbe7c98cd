import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { appUser, corp } from './schema';

/**
 * Click-to-call (issue 11, E-C2C): a corp's keys for outside systems, and the history of requests.
 */

/**
 * A click-to-call key. The secret is 32 random bytes (256 bits): a plain SHA-256 digest is enough to
 * store it, since nobody can guess or brute-force such a secret from its digest, and it is fast, which
 * matters on an API that a CRM calls per click (argon2 is for passwords people choose). The public id
 * `c2c_<id>` finds the row; the digests are then compared in constant time.
 */
export const clickToCallKey = pgTable(
  'click_to_call_key',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 50 }).notNull(),
    /** hex SHA-256 of the secret */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    /** the secret's last 4 characters, to tell keys apart in the list */
    secretHint: varchar('secret_hint', { length: 8 }).notNull(),
    createdBy: integer('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('click_to_call_key_corp_idx').on(t.corpId)],
);

/** One click-to-call request that got as far as naming its corp (refusals too), newest first by `at`. */
export const clickToCallRequest = pgTable(
  'click_to_call_request',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'api' (an outside system) or 'form' (the click-to-call screen) */
    source: varchar('source', { length: 8 }).notNull(),
    keyId: integer('key_id').references(() => clickToCallKey.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    exten: varchar('exten', { length: 20 }).notNull(),
    destination: varchar('destination', { length: 32 }).notNull(),
    /** domain C2C_OUTCOMES */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    status: smallint('status').notNull(),
    channelId: varchar('channel_id', { length: 100 }),
    remoteAddress: varchar('remote_address', { length: 64 }),
  },
  (t) => [index('click_to_call_request_corp_at_idx').on(t.corpId, t.at)],
);
