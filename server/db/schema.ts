import { sql } from 'drizzle-orm';
import { bigserial, boolean, customType, foreignKey, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ViewGrant } from '../../domain';

/**
 * One schema for PGlite and PostgreSQL (drizzle pg-core). Tenancy: every corp-scoped table carries
 * `corp_id` referencing `corp`; later resources (extension, trunk, queue ...) add their own tables the
 * same way and the generic router scopes them by that column.
 */

/** bytea: node-postgres gives a Buffer, PGlite a Uint8Array; we hand out Buffers. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

export const corp = pgTable(
  'corp',
  {
    id: serial('id').primaryKey(),
    url: varchar('url', { length: 50 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    extLen: smallint('ext_len').notNull().default(4),
    extMax: integer('ext_max').notNull().default(1),
    queMax: integer('que_max').notNull().default(1),
    maxContacts: smallint('max_contacts').notNull().default(1),
    monEnabled: boolean('mon_enabled').notNull().default(false),
    monPath: varchar('mon_path', { length: 255 }).notNull().default(''),
    allowCustom: boolean('allow_custom').notNull().default(false),
    allowDiscador: boolean('allow_discador').notNull().default(false),
    costEnabled: boolean('cost_enabled').notNull().default(false),
    roomEnabled: boolean('room_enabled').notNull().default(false),
    webHook: varchar('web_hook', { length: 500 }).notNull().default(''),
    /** the system corp (`supervisor`): cannot be deleted nor renamed */
    system: boolean('system').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('corp_url_lower_unique').on(sql`lower(${t.url})`), uniqueIndex('corp_name_lower_unique').on(sql`lower(${t.name})`)],
);

export const roleGroup = pgTable(
  'role_group',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    /**
     * The grants as one jsonb list (normaliseGrants form). A group's views are always read and
     * written whole, nothing queries by a single view, so a child table would only add a join and
     * a diff on every update.
     */
    views: jsonb('views').$type<ViewGrant[]>().notNull().default([]),
  },
  (t) => [index('role_group_corp_idx').on(t.corpId)],
);

export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    nick: varchar('nick', { length: 32 }).notNull(),
    /** argon2id encoded hash; never leaves the server */
    passHash: text('pass_hash').notNull(),
    name: varchar('name', { length: 80 }).notNull().default(''),
    mail: varchar('mail', { length: 255 }).notNull().default(''),
    level: smallint('level').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    roleGroupId: integer('role_group_id').references(() => roleGroup.id, { onDelete: 'set null' }),
    theme: smallint('theme').notNull().default(0),
    lang: varchar('lang', { length: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_user_corp_nick_unique').on(t.corpId, sql`lower(${t.nick})`), index('app_user_role_group_idx').on(t.roleGroupId)],
);

export const lookAndFeel = pgTable('look_and_feel', {
  corpId: integer('corp_id')
    .primaryKey()
    .references(() => corp.id, { onDelete: 'cascade' }),
  menuIconColor: varchar('menu_icon_color', { length: 8 }).notNull(),
  menuFontColor: varchar('menu_font_color', { length: 8 }).notNull(),
  hoverColor: varchar('hover_color', { length: 8 }).notNull(),
  menuColor: varchar('menu_color', { length: 8 }).notNull(),
  backgroundColor: varchar('background_color', { length: 8 }).notNull(),
  loginTextColor: varchar('login_text_color', { length: 8 }).notNull(),
  tabName: varchar('tab_name', { length: 60 }).notNull().default(''),
  loginImage: bytea('login_image'),
  loginImageMime: varchar('login_image_mime', { length: 32 }),
  loginBottomImage: bytea('login_bottom_image'),
  loginBottomImageMime: varchar('login_bottom_image_mime', { length: 32 }),
  favIconImage: bytea('fav_icon_image'),
  favIconImageMime: varchar('fav_icon_image_mime', { length: 32 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** System parameters (global key/value, C-SYS). */
export const parameter = pgTable('parameter', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: varchar('value', { length: 500 }).notNull().default(''),
});

/** Mail parameters (global key/value, C-MAIL). */
export const mailParameter = pgTable('mail_parameter', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: varchar('value', { length: 500 }).notNull().default(''),
});

/**
 * Extensions (C-EXT). Shaped for Asterisk realtime (reference/protocols.md §5): the PJSIP endpoint,
 * auth and aor are all named `{corp_id}_{number}` (ARCHITECTURE "Real time"), so views can read
 *   ps_endpoints: id, transport ← port_type, callerid ← description/user, named_call_group ← callgroup,
 *                 mailboxes ← `{number}@{corp_id}` when vmpass is set
 *   ps_auths:     id, auth_type 'userpass', username = id, password ← pass
 *   ps_aors:      id, max_contacts ← max_contacts
 * `pass` is a SIP secret Asterisk must read in clear (userpass), unlike web user passwords.
 */
export const extension = pgTable(
  'extension',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    number: varchar('number', { length: 10 }).notNull(),
    pass: varchar('pass', { length: 64 }).notNull(),
    /** deleting the web user unlinks the extension (set null), the extension stays */
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** no trunks yet: kept for the trunk resource */
    trunkId: integer('trunk_id'),
    outer: varchar('outer', { length: 20 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    action: varchar('action', { length: 64 }).notNull().default('ring'),
    onbusy: varchar('onbusy', { length: 64 }).notNull().default('voicemail'),
    description: varchar('description', { length: 80 }).notNull().default(''),
    spy: boolean('spy').notNull().default(false),
    callLimit: smallint('call_limit').notNull().default(1),
    portType: varchar('port_type', { length: 8 }).notNull().default('UDP'),
    vmpass: varchar('vmpass', { length: 4 }).notNull().default(''),
    maxContacts: smallint('max_contacts').notNull().default(1),
    callgroup: smallint('callgroup').notNull().default(0),
    /** the extension time schedule, 0 = none (C-EXT-26) */
    timeExtensId: integer('time_extens_id').notNull().default(0),
  },
  // a table constraint (not an index) so the queue member's foreign key can reference it in the same migration
  (t) => [unique('extension_corp_number_unique').on(t.corpId, t.number), index('extension_user_idx').on(t.userId)],
);

/**
 * Queues (C-QUE). Column names follow Asterisk's `queues` realtime table where they map (strategy,
 * timeout, musiconhold, announce, ringinuse, announce_position, announce_frequency, autofill,
 * servicelevel); Asterisk's queue name is `{corp_id}_{id}`, `name` is what people read.
 */
export const queue = pgTable(
  'queue',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    strategy: varchar('strategy', { length: 16 }).notNull().default('ringall'),
    /** member ring timeout (s); null for ringall, where the spec does not apply it */
    timeout: smallint('timeout'),
    failoverAction: varchar('failoveraction', { length: 64 }).notNull().default('hangup'),
    failoverTimeout: integer('failovertimeout').notNull().default(1800),
    /** polls are not built yet */
    pollId: integer('poll_id'),
    musicOnHold: varchar('musiconhold', { length: 50 }).notNull().default('default'),
    announce: varchar('announce', { length: 128 }).notNull().default(''),
    ringInUse: boolean('ringinuse').notNull().default(false),
    announcePosition: boolean('announce_position').notNull().default(false),
    /** announcement frequency (s): 10-60 with position on, 0 when off */
    announceFrequency: smallint('announce_frequency').notNull().default(0),
    autoFill: boolean('autofill').notNull().default(false),
    /** Asterisk's servicelevel (s), read by the wallboard's service level */
    serviceLevel: integer('servicelevel').notNull().default(60),
  },
  (t) => [uniqueIndex('queue_corp_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

/**
 * Queue members, shaped like Asterisk's `queue_members` (uniqueid, interface, penalty, paused): the
 * interface is generated from the corp and number, and the member references its extension, so an
 * extension in a queue cannot vanish underneath it (the API answers 521 first).
 */
export const queueMember = pgTable(
  'queue_member',
  {
    uniqueId: serial('uniqueid').primaryKey(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queue.id, { onDelete: 'cascade' }),
    corpId: integer('corp_id').notNull(),
    extenNumber: varchar('exten_number', { length: 10 }).notNull(),
    penalty: integer('penalty').notNull().default(1),
    paused: integer('paused').notNull().default(0),
    interface: varchar('interface', { length: 80 })
      .notNull()
      .generatedAlwaysAs(sql`'PJSIP/'::text || "corp_id"::text || '_'::text || "exten_number"::text`),
  },
  (t) => [
    uniqueIndex('queue_member_queue_exten_unique').on(t.queueId, t.extenNumber),
    index('queue_member_exten_idx').on(t.corpId, t.extenNumber),
    foreignKey({ name: 'queue_member_extension_fk', columns: [t.corpId, t.extenNumber], foreignColumns: [extension.corpId, extension.number] }).onDelete('restrict'),
  ],
);

/**
 * Call detail records in Asterisk's `cdr` columns (reference/protocols.md §4.4), so `cdr_pgsql` could
 * write them itself, plus the corp, a cost and the recording's file name. Written by the record sink.
 */
export const cdr = pgTable(
  'cdr',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    corpId: integer('corp_id').notNull(),
    calldate: timestamp('calldate', { withTimezone: true }).notNull(),
    clid: varchar('clid', { length: 80 }).notNull().default(''),
    src: varchar('src', { length: 80 }).notNull().default(''),
    dst: varchar('dst', { length: 80 }).notNull().default(''),
    dcontext: varchar('dcontext', { length: 80 }).notNull().default(''),
    channel: varchar('channel', { length: 80 }).notNull().default(''),
    dstchannel: varchar('dstchannel', { length: 80 }).notNull().default(''),
    lastapp: varchar('lastapp', { length: 80 }).notNull().default(''),
    lastdata: varchar('lastdata', { length: 80 }).notNull().default(''),
    start: timestamp('start', { withTimezone: true }),
    answer: timestamp('answer', { withTimezone: true }),
    end: timestamp('end', { withTimezone: true }),
    duration: integer('duration').notNull().default(0),
    billsec: integer('billsec').notNull().default(0),
    disposition: varchar('disposition', { length: 45 }).notNull().default(''),
    amaflags: varchar('amaflags', { length: 45 }).notNull().default('DOCUMENTATION'),
    accountcode: varchar('accountcode', { length: 80 }).notNull().default(''),
    userfield: varchar('userfield', { length: 256 }).notNull().default(''),
    uniqueid: varchar('uniqueid', { length: 150 }).notNull().default(''),
    linkedid: varchar('linkedid', { length: 150 }).notNull().default(''),
    peeraccount: varchar('peeraccount', { length: 80 }).notNull().default(''),
    sequence: integer('sequence').notNull().default(0),
    recordingfile: varchar('recordingfile', { length: 255 }).notNull().default(''),
    cost: numeric('cost', { precision: 12, scale: 4 }),
  },
  (t) => [index('cdr_corp_calldate_idx').on(t.corpId, t.calldate), index('cdr_uniqueid_idx').on(t.uniqueid)],
);

/** Queue history in Asterisk's realtime `queue_log` columns (§4.3) plus the corp. */
export const queueLog = pgTable(
  'queue_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    corpId: integer('corp_id').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    callid: varchar('callid', { length: 80 }).notNull().default(''),
    queuename: varchar('queuename', { length: 256 }).notNull().default(''),
    agent: varchar('agent', { length: 80 }).notNull().default(''),
    event: varchar('event', { length: 32 }).notNull().default(''),
    data1: varchar('data1', { length: 100 }).notNull().default(''),
    data2: varchar('data2', { length: 100 }).notNull().default(''),
    data3: varchar('data3', { length: 100 }).notNull().default(''),
    data4: varchar('data4', { length: 100 }).notNull().default(''),
    data5: varchar('data5', { length: 100 }).notNull().default(''),
  },
  (t) => [index('queue_log_corp_time_idx').on(t.corpId, t.time), index('queue_log_queuename_idx').on(t.queuename, t.time)],
);

/**
 * Kiosk screens (wallboard TVs). The key is 32 random bytes handed out once; only its SHA-256 is
 * kept. A fast hash is enough and right here: with 256 bits of entropy nothing can be guessed, so a
 * slow password hash (argon2) would only cost CPU on a public route every TV calls every minute, and
 * a plain digest can be compared in constant time without a per-row salt.
 */
export const kioskScreen = pgTable(
  'kiosk_screen',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    boards: jsonb('boards').$type<string[]>().notNull(),
    secondsPerBoard: integer('seconds_per_board').notNull().default(20),
    hideOffline: boolean('hide_offline').notNull().default(false),
    privacy: boolean('privacy').notNull().default(false),
    thresholds: jsonb('thresholds').$type<Record<string, number>>().notNull(),
    /** hex SHA-256 of the key */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    keyHint: varchar('key_hint', { length: 8 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kiosk_screen_corp_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);
