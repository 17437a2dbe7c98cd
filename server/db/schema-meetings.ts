import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { appUser, corp } from './schema';

/**
 * Callboard's own meeting service (issue 11, spec 1 §7 "Meeting service"): a corp's rooms, their
 * participants, and its scheduled meetings ("date rooms"). A corp is registered with the service when
 * `corp.room_enabled` is true (C-CORP-15/16: `POST meet/corps` sets it, `DELETE meet/corps/corps`
 * clears it; the rows stay, so switching rooms on again brings them back).
 */

/** A corp's room (E-ROOM-10): its name is its key on the wire (edit, delete, link), unique in the corp. */
export const meetingRoom = pgTable(
  'meeting_room',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** userOption allUsers (true) or selectUser (false: the rows of meeting_room_user) */
    allUsers: boolean('all_users').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('meeting_room_corp_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

/** The selected participants of a room (levels 2-4 of its corp, E-CAL-10). */
export const meetingRoomUser = pgTable(
  'meeting_room_user',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => meetingRoom.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('meeting_room_user_user_idx').on(t.userId)],
);

/** A scheduled meeting (E-CAL-16): name (its topic) is its key on the wire and in its link, unique in the corp. */
export const meeting = pgTable(
  'meeting',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    /** the room it is held in, if any */
    roomId: integer('room_id').references(() => meetingRoom.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** the description (`topic` on the wire) */
    topic: varchar('topic', { length: 500 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allUsers: boolean('all_users').notNull().default(true),
    /** who created it: the only one who edits or deletes it (E-CAL-08); null once that user is deleted */
    creatorId: integer('creator_id').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meeting_corp_name_unique').on(t.corpId, sql`lower(${t.name})`),
    index('meeting_corp_start_idx').on(t.corpId, t.startsAt),
    check('meeting_start_before_end', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** The selected participants of a meeting. */
export const meetingUser = pgTable(
  'meeting_user',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meeting.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meeting_user_user_idx').on(t.userId)],
);
