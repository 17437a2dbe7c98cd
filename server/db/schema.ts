import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
