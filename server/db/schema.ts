import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, customType, foreignKey, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { LiveAction, ViewGrant } from '../../domain';

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
    /**
     * the corp's IANA time zone, whose days every day boundary of the corp follows (J-TZ-01); null: the
     * server's zone (the rows from before this column, a corp created without one), read by corpZone()
     */
    timeZone: varchar('time_zone', { length: 64 }),
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
    /** the actions on the floor the group grants (G-PRM-01: hang up, transfer, listen, ...) */
    liveActions: jsonb('live_actions').$type<LiveAction[]>().notNull().default([]),
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
 * auth and aor are all named `{corp_id}_{number}` (ARCHITECTURE "Real time"); the views of migration
 * 0008_asterisk_realtime read
 *   ps_endpoints: id, transport ← port_type, callerid ← description/user, named_call_group ← callgroup,
 *                 mailboxes ← `{number}@c{corp_id}-vm` (asterisk_voicemail: the box, vmpass its PIN)
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
    /** the extension's outbound trunk (a trunk of its corp, or none); a trunk in use cannot be deleted */
    trunkId: integer('trunk_id').references((): AnyPgColumn => trunk.id, { onDelete: 'restrict' }),
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
    /**
     * Do-not-disturb (G-AGS-03): since when it is on, null when off. Set from the panel or the phone's
     * feature code; the generated dialplan reads it (realtime family cb_dnd) and does not ring the phone.
     */
    dndSince: timestamp('dnd_since', { withTimezone: true }),
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
    /** the poll its callers answer after the call (C-QUE-07); a poll in use cannot be deleted */
    pollId: integer('poll_id').references((): AnyPgColumn => poll.id, { onDelete: 'restrict' }),
    musicOnHold: varchar('musiconhold', { length: 50 }).notNull().default('default'),
    announce: varchar('announce', { length: 128 }).notNull().default(''),
    ringInUse: boolean('ringinuse').notNull().default(false),
    announcePosition: boolean('announce_position').notNull().default(false),
    /** announcement frequency (s): 10-60 with position on, 0 when off */
    announceFrequency: smallint('announce_frequency').notNull().default(0),
    autoFill: boolean('autofill').notNull().default(false),
    /** Asterisk's servicelevel (s), read by the wallboard's service level */
    serviceLevel: integer('servicelevel').notNull().default(60),
    /** Asterisk's wrapuptime (s): a member rests this long after a call of this queue (G-AGS-01) */
    wrapupSec: integer('wrapup_sec').notNull().default(0),
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
    /** the pause reason as app_queue keeps it (a pause reason's code, or free text from the phone) */
    reasonPaused: varchar('reason_paused', { length: 80 }).notNull().default(''),
    /** when the member was paused (app_queue's LastPause), null while not paused */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
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
  (t) => [
    index('queue_log_corp_time_idx').on(t.corpId, t.time),
    index('queue_log_queuename_idx').on(t.queuename, t.time),
    // the agent report's log-ins and pauses (G-RPT-01/03): each member's rows in time order, a few
    // per member and day, so its last row before a period is one index probe however old it is
    index('queue_log_member_idx')
      .on(t.corpId, t.queuename, t.agent, t.time)
      .where(sql`${t.event} in ('ADDMEMBER', 'REMOVEMEMBER', 'PAUSE', 'UNPAUSE')`),
  ],
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
    /** H-NOC-01: null for a corp's screen; a NOC screen's corps (ids; empty: every corp), the system corp's only */
    nocCorps: jsonb('noc_corps').$type<number[]>(),
  },
  (t) => [uniqueIndex('kiosk_screen_corp_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

/* ---------------------------------------------------------------------------------------------------
 * Routing and rules (spec 2: servers, trunks, SIP routes, speed dials, follow-me, destination groups,
 * restrictions, time conditions). Each is read by the dialplan generator of the Asterisk issue: a
 * trunk is a PJSIP endpoint `trunk_{id}` on its server and routes inbound calls to its action; SIP
 * routes are the outbound routes (pattern → trunk, with the number rewritten by the translation);
 * restrictions, time conditions, follow-me and speed dials become dialplan. Actions and options hold
 * destination strings (domain/destinations.ts).
 * ------------------------------------------------------------------------------------------------- */

/** SIP servers of the platform (C-SRV): the carriers' hosts trunks register to. Not corp-scoped. */
export const sipServer = pgTable(
  'sip_server',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    /** an IP address or a domain (C-SRV-05 applies no stricter check) */
    ip: varchar('ip', { length: 255 }).notNull(),
    port: integer('port').notNull().default(5060),
  },
  (t) => [uniqueIndex('sip_server_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * Trunks (C-TRK): a carrier line (its number is the DID inbound calls arrive on, unique on the
 * platform) of one corp, on one server. Inbound calls go to `action`; outgoing marks it usable by
 * SIP routes; the register / outbound-auth / from-domain settings map to PJSIP registration, auth
 * and from_domain.
 */
export const trunk = pgTable(
  'trunk',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    number: varchar('number', { length: 32 }).notNull(),
    pass: varchar('pass', { length: 64 }).notNull().default(''),
    serverId: integer('server_id')
      .notNull()
      .references(() => sipServer.id, { onDelete: 'restrict' }),
    outgoing: boolean('outgoing').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    action: varchar('action', { length: 64 }).notNull().default('hangup'),
    preference: boolean('preference').notNull().default(false),
    registerTrunk: boolean('register_trunk').notNull().default(false),
    outboundAuth: varchar('outbound_auth', { length: 64 }).notNull().default(''),
    outboundAuthRegister: boolean('outbound_auth_register').notNull().default(false),
    fromDomain: varchar('from_domain', { length: 255 }).notNull().default(''),
    fromDomainRegister: boolean('from_domain_register').notNull().default(false),
  },
  (t) => [uniqueIndex('trunk_number_unique').on(t.number), index('trunk_corp_idx').on(t.corpId), index('trunk_server_idx').on(t.serverId)],
);

/** SIP routes (C-SIP): the outbound routing of a corp, a dialled pattern to a trunk with a translation. */
export const sipRoute = pgTable(
  'sip_route',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    trunkId: integer('trunk_id')
      .notNull()
      .references(() => trunk.id, { onDelete: 'restrict' }),
    pattern: varchar('pattern', { length: 40 }).notNull(),
    translation: varchar('translation', { length: 40 }).notNull().default(''),
    comment: varchar('comment', { length: 50 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('sip_route_corp_idx').on(t.corpId), index('sip_route_trunk_idx').on(t.trunkId)],
);

/** Company speed dials (C-CSD): a two-digit code (10-99) of the corp to an action. */
export const speedDialCorp = pgTable(
  'speed_dial_corp',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    number: smallint('number').notNull(),
    action: varchar('action', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('speed_dial_corp_number_unique').on(t.corpId, t.number)],
);

/** Extension speed dials (C-ESD): a one-digit code (1-9) of one extension to an action. */
export const speedDialExten = pgTable(
  'speed_dial_exten',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id').notNull(),
    extenId: integer('exten_id')
      .notNull()
      .references(() => extension.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
  },
  (t) => [uniqueIndex('speed_dial_exten_number_unique').on(t.extenId, t.number), index('speed_dial_exten_corp_idx').on(t.corpId)],
);

/** Follow-me (C-FOL): the numbers an extension's calls go to in order, each rung for `timeout` seconds. */
export const followMe = pgTable(
  'follow_me',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id').notNull(),
    /** the spec's EntityId: the extension */
    extenId: integer('exten_id')
      .notNull()
      .references(() => extension.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 20 }).notNull(),
    order: smallint('order').notNull(),
    timeout: smallint('timeout').notNull(),
  },
  (t) => [uniqueIndex('follow_me_order_unique').on(t.extenId, t.order), index('follow_me_corp_idx').on(t.corpId)],
);

/**
 * Destination groups (C-DG): the platform's kinds of dialled numbers (international, national mobile
 * ...), each a list of dialplan patterns; restrictions allow or refuse a whole group. Not corp-scoped:
 * the supervisor keeps them, corps choose them.
 */
export const destinationGroup = pgTable(
  'destination_group',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    patterns: jsonb('patterns').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('destination_group_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * Restrictions (C-CRS, C-ERS, C-IRS): whether a destination may be dialled (permit 0 no, 1 yes, 2 with
 * a pin). `dest_type` 1 voicemail, 2 conference room, 3 a free pattern, 4 a destination group; the
 * pattern column holds the spec's words VoiceMailMain, MeetMe, DestinationGroup or the pattern.
 * Corporate rows with no corp apply to every corp (C-CRS-02, set by the supervisor); extension rows
 * belong to one extension; incoming rows match the caller's number instead of the dialled one.
 */
export const restrictionCorp = pgTable(
  'restriction_corp',
  {
    id: serial('id').primaryKey(),
    /** null: every corp */
    corpId: integer('corp_id').references(() => corp.id, { onDelete: 'cascade' }),
    destType: smallint('dest_type').notNull(),
    pattern: varchar('pattern', { length: 40 }).notNull(),
    groupId: integer('group_id').references(() => destinationGroup.id, { onDelete: 'restrict' }),
    permit: smallint('permit').notNull(),
    pin: varchar('pin', { length: 10 }).notNull().default(''),
  },
  (t) => [uniqueIndex('restriction_corp_unique').on(sql`coalesce(${t.corpId}, 0)`, t.pattern, sql`coalesce(${t.groupId}, 0)`)],
);

export const restrictionExten = pgTable(
  'restriction_exten',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id').notNull(),
    extenId: integer('exten_id')
      .notNull()
      .references(() => extension.id, { onDelete: 'cascade' }),
    destType: smallint('dest_type').notNull(),
    pattern: varchar('pattern', { length: 40 }).notNull(),
    groupId: integer('group_id').references(() => destinationGroup.id, { onDelete: 'restrict' }),
    permit: smallint('permit').notNull(),
    pin: varchar('pin', { length: 10 }).notNull().default(''),
  },
  (t) => [uniqueIndex('restriction_exten_unique').on(t.extenId, t.pattern, sql`coalesce(${t.groupId}, 0)`), index('restriction_exten_corp_idx').on(t.corpId)],
);

export const restrictionIn = pgTable(
  'restriction_in',
  {
    id: serial('id').primaryKey(),
    /** null: every corp */
    corpId: integer('corp_id').references(() => corp.id, { onDelete: 'cascade' }),
    /** the caller's number: digits, with at most one final T (any continuation) */
    pattern: varchar('pattern', { length: 40 }).notNull(),
    permit: smallint('permit').notNull(),
    comment: varchar('comment', { length: 50 }).notNull().default(''),
  },
  (t) => [uniqueIndex('restriction_in_unique').on(sql`coalesce(${t.corpId}, 0)`, t.pattern)],
);

/** Time conditions (C-TC, timemain): a name and a default action; the options say when calls go elsewhere. */
export const timeCondition = pgTable(
  'time_condition',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    defaultAction: varchar('default_action', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('time_condition_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

/** A time condition's option (timeoption): on these days (Mon-Tue-…), from-to (HH:MM), go to the action. */
export const timeOption = pgTable(
  'time_option',
  {
    id: serial('id').primaryKey(),
    timeId: integer('time_id')
      .notNull()
      .references(() => timeCondition.id, { onDelete: 'cascade' }),
    corpId: integer('corp_id').notNull(),
    from: varchar('from', { length: 5 }).notNull(),
    to: varchar('to', { length: 5 }).notNull(),
    days: varchar('days', { length: 27 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
  },
  (t) => [index('time_option_time_idx').on(t.timeId), index('time_option_corp_idx').on(t.corpId)],
);

/** Extension time schedules (C-ETC, timeoptionexten): when an extension takes calls; extensions refer to one. */
export const timeExten = pgTable(
  'time_exten',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
  },
  (t) => [uniqueIndex('time_exten_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

export const timeExtenOption = pgTable(
  'time_exten_option',
  {
    id: serial('id').primaryKey(),
    timeId: integer('time_id')
      .notNull()
      .references(() => timeExten.id, { onDelete: 'cascade' }),
    corpId: integer('corp_id').notNull(),
    from: varchar('from', { length: 5 }).notNull(),
    to: varchar('to', { length: 5 }).notNull(),
    days: varchar('days', { length: 27 }).notNull(),
  },
  (t) => [index('time_exten_option_time_idx').on(t.timeId)],
);

/**
 * Media servers (C-MS): a number (2-14 digits) that plays a sound when called, the platform's (level
 * 1). `sound` is the stored file's name under DATA_DIR/sounds/0 (the platform's folder).
 */
export const mediaServer = pgTable(
  'media_server',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 14 }).notNull(),
    sound: varchar('sound', { length: 64 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('media_server_number_unique').on(t.number)],
);

/* ---------------------------------------------------------------------------------------------------
 * What callers hear and the campaigns a call centre runs (spec 2: IVRs, polls and questions, hold
 * music, integrations, dialers, voicemail), and the records the PBX leaves of IVR choices and poll
 * answers for the reports. Sounds are stored file names (server/files/file-store.ts); actions and
 * options hold destination strings (domain/destinations.ts).
 * ------------------------------------------------------------------------------------------------- */

/** IVRs (C-IVR): a greeting, an invalid-option sound, the default option (0) and options 1-9. */
export const ivr = pgTable(
  'ivr',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    sound: varchar('sound', { length: 64 }).notNull().default(''),
    soundIncorrect: varchar('sound_incorrect', { length: 64 }).notNull().default(''),
    option0: varchar('option0', { length: 64 }).notNull().default('hangup'),
    option1: varchar('option1', { length: 64 }).notNull().default(''),
    option2: varchar('option2', { length: 64 }).notNull().default(''),
    option3: varchar('option3', { length: 64 }).notNull().default(''),
    option4: varchar('option4', { length: 64 }).notNull().default(''),
    option5: varchar('option5', { length: 64 }).notNull().default(''),
    option6: varchar('option6', { length: 64 }).notNull().default(''),
    option7: varchar('option7', { length: 64 }).notNull().default(''),
    option8: varchar('option8', { length: 64 }).notNull().default(''),
    option9: varchar('option9', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('ivr_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

/** Polls (C-POL): questions asked after a queue call, each answered with a digit 0-9. */
export const poll = pgTable(
  'poll',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    sound: varchar('sound', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('poll_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

export const question = pgTable(
  'question',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id').notNull(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => poll.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    sound: varchar('sound', { length: 64 }).notNull().default(''),
    orderSequencial: smallint('order_sequencial').notNull(),
  },
  (t) => [uniqueIndex('question_order_unique').on(t.pollId, t.orderSequencial), index('question_corp_idx').on(t.corpId)],
);

/**
 * Hold music files (C-MOH, C-QUE-17..20): a corp's (no queue) or a queue's. Asterisk's class of a
 * corp is `corp_{corpId}`, of a queue `queue_{queueId}`, each a folder of these files.
 */
export const mohFile = pgTable(
  'moh_file',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    queueId: integer('queue_id').references(() => queue.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    sound: varchar('sound', { length: 64 }).notNull(),
  },
  (t) => [index('moh_file_corp_idx').on(t.corpId, t.queueId)],
);

/** Integrations (C-INT): an external system consulted during a call, with three outcomes and four sounds. */
export const integration = pgTable(
  'integration',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    host: varchar('host', { length: 64 }).notNull(),
    user: varchar('user', { length: 64 }).notNull().default(''),
    password: varchar('password', { length: 64 }).notNull().default(''),
    option1: varchar('option1', { length: 64 }).notNull().default('hangup'),
    option2: varchar('option2', { length: 64 }).notNull().default('hangup'),
    option3: varchar('option3', { length: 64 }).notNull().default('hangup'),
    sound1: varchar('sound1', { length: 64 }).notNull().default(''),
    sound2: varchar('sound2', { length: 64 }).notNull().default(''),
    sound3: varchar('sound3', { length: 64 }).notNull().default(''),
    sound4: varchar('sound4', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('integration_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

/**
 * Dialer campaigns (C-DIA): numbers called within a weekly window, at most `callLimit` at a time, each
 * tried up to 1 + retries times; an answered call hears the sound (msg) or joins the queue.
 */
export const dialer = pgTable(
  'dialer',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    comments: varchar('comments', { length: 255 }).notNull().default(''),
    action: varchar('action', { length: 8 }).notNull(),
    queueId: integer('queue_id').references(() => queue.id, { onDelete: 'restrict' }),
    trunkId: integer('trunk_id')
      .notNull()
      .references(() => trunk.id, { onDelete: 'restrict' }),
    callLimit: smallint('call_limit').notNull().default(0),
    timeout: smallint('timeout').notNull().default(30),
    retries: smallint('retries').notNull().default(0),
    /** 0-6 = Monday..Sunday, comma separated (C-DIA-12) */
    days: varchar('days', { length: 13 }).notNull(),
    /** hhmm as an integer (930, 1430; C-DIA-13) */
    horaDesde: smallint('hora_desde').notNull(),
    horaHasta: smallint('hora_hasta').notNull(),
    sound: varchar('sound', { length: 64 }).notNull().default(''),
    soundReq: varchar('sound_req', { length: 16 }).notNull().default('sound'),
    csvFile: varchar('csv_file', { length: 64 }).notNull().default(''),
    /** stopped | running | finished */
    status: varchar('status', { length: 12 }).notNull().default('stopped'),
  },
  (t) => [uniqueIndex('dialer_name_unique').on(t.corpId, sql`lower(${t.name})`)],
);

export const dialerNumber = pgTable(
  'dialer_number',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dialerId: integer('dialer_id')
      .notNull()
      .references(() => dialer.id, { onDelete: 'cascade' }),
    corpId: integer('corp_id').notNull(),
    number: varchar('number', { length: 32 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /** pending | dialing | answered | failed (out of tries: busy, no answer, congestion) */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** the last attempt's outcome: ANSWERED, BUSY, NO ANSWER, FAILED */
    lastResult: varchar('last_result', { length: 16 }).notNull().default(''),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [index('dialer_number_dialer_idx').on(t.dialerId, t.status)],
);

/** Voicemail messages (C-VM), as Asterisk's voicemail storage keeps them, per corp and mailbox (extension number). */
export const voicemail = pgTable(
  'voicemail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    corpId: integer('corp_id').notNull(),
    mailbox: varchar('mailbox', { length: 10 }).notNull(),
    /** epoch seconds (C-VM-05) */
    origtime: bigint('origtime', { mode: 'number' }).notNull(),
    callerid: varchar('callerid', { length: 80 }).notNull().default(''),
    destino: varchar('destino', { length: 80 }).notNull().default(''),
    duration: integer('duration').notNull().default(0),
    /** 0 new, 1 listened */
    flag: smallint('flag').notNull().default(0),
    recording: varchar('recording', { length: 64 }).notNull().default(''),
    /** a message left on Asterisk: its msg_id there and its mailbox's folder in Asterisk's spool ('' otherwise; G-AST-02, migration 0020) */
    asteriskMsgId: varchar('asterisk_msg_id', { length: 64 }).notNull().default(''),
    asteriskMailboxDir: varchar('asterisk_mailbox_dir', { length: 255 }).notNull().default(''),
  },
  (t) => [index('voicemail_corp_idx').on(t.corpId, t.origtime)],
);

/** What callers chose in IVRs (D-IST): one row per choice; `option` is the digit, 't' a timeout, 'i' an invalid key. */
export const ivrLog = pgTable(
  'ivr_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    corpId: integer('corp_id').notNull(),
    ivrId: integer('ivr_id').notNull(),
    calldate: timestamp('calldate', { withTimezone: true }).notNull(),
    uniqueid: varchar('uniqueid', { length: 150 }).notNull().default(''),
    caller: varchar('caller', { length: 80 }).notNull().default(''),
    option: varchar('option', { length: 2 }).notNull(),
  },
  (t) => [index('ivr_log_corp_date_idx').on(t.corpId, t.calldate), index('ivr_log_ivr_date_idx').on(t.ivrId, t.calldate)],
);

/** Poll answers (D-PST): a caller's digit 0-9 for a question, after a queue call with the agent's extension. */
export const pollAnswer = pgTable(
  'poll_answer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    corpId: integer('corp_id').notNull(),
    pollId: integer('poll_id').notNull(),
    questionId: integer('question_id').notNull(),
    calldate: timestamp('calldate', { withTimezone: true }).notNull(),
    uniqueid: varchar('uniqueid', { length: 150 }).notNull().default(''),
    exten: varchar('exten', { length: 10 }).notNull().default(''),
    answer: smallint('answer').notNull(),
  },
  (t) => [index('poll_answer_corp_date_idx').on(t.corpId, t.calldate), index('poll_answer_question_date_idx').on(t.questionId, t.calldate)],
);
