import { bigint, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { corp, destinationGroup } from './schema';

/**
 * The reports' tables (issue 10). The functions and triggers that fill them, and the indexes the
 * report queries use on `cdr` and `queue_log`, are SQL in migration 0007_reports (bench/README.md
 * "Reports" tells why each is there).
 */

/**
 * A corp's tariff: per destination group, the price of a minute, the minimum billed seconds and the
 * billing increment (domain/reports/tariff.ts). Read by the cdr insert trigger.
 */
export const tariff = pgTable(
  'tariff',
  {
    id: serial('id').primaryKey(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corp.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => destinationGroup.id, { onDelete: 'cascade' }),
    pricePerMinute: numeric('price_per_minute', { precision: 12, scale: 4 }).notNull(),
    minimumSec: integer('minimum_sec').notNull().default(0),
    incrementSec: integer('increment_sec').notNull().default(1),
  },
  (t) => [uniqueIndex('tariff_corp_group_unique').on(t.corpId, t.groupId)],
);

/**
 * The destination groups' patterns as anchored regular expressions, one row per pattern, with the
 * rank that picks the most specific when several match. Kept by a trigger on destination_group.
 */
export const destinationPattern = pgTable(
  'destination_pattern',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => destinationGroup.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    regex: text('regex').notNull(),
    /** lower wins: fixed-length patterns before open-ended ones, then longer, then more literal digits */
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.pattern] })],
);

/**
 * Each call record's class, found once when the row is written (the cdr insert trigger): its direction
 * and its destination group. The CDR report groups and names rows by it and the rollup sums by it
 * (its index on corp and date is in the migration: it INCLUDEs columns);
 * a row of its own rather than a column so the cdr table keeps Asterisk's shape. Kept by the cdr
 * triggers (no foreign key: a bulk load classifies afterwards, see cdr_hourly_rebuild).
 */
export const cdrClass = pgTable('cdr_class', {
  cdrId: bigint('cdr_id', { mode: 'number' }).primaryKey(),
  /** domain CALL_DIRECTION: 1 outgoing, 2 incoming, 3 internal */
  direction: smallint('direction').notNull(),
  /** the destination group, 0 when none matched */
  groupId: integer('group_id').notNull(),
  // copies of the cdr row's corp, date, caller and duration: the summarised CDR report (a month of a
  // corp, thousands of rows scattered among every corp's) reads them from one index, never the cdr heap
  corpId: integer('corp_id').notNull(),
  calldate: timestamp('calldate', { withTimezone: true }).notNull(),
  src: varchar('src', { length: 80 }).notNull(),
  duration: integer('duration').notNull(),
});

/**
 * CDR per corp, UTC hour, direction and destination group: what the dashboards read, with the
 * platform's totals under corp 0 (no corp has id 0), so the general dashboard reads one row per hour,
 * direction and group rather than one per corp. Kept by
 * statement triggers on cdr (insert adds, delete subtracts); `cdr_hourly_rebuild(from, to)`
 * classifies and sums a range again from the rows (after a bulk load with the triggers off, or to
 * apply changed destination groups to past calls).
 */
export const cdrHourly = pgTable(
  'cdr_hourly',
  {
    corpId: integer('corp_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** domain CALL_DIRECTION: 1 outgoing, 2 incoming, 3 internal */
    direction: smallint('direction').notNull(),
    /** the destination group, 0 when none matched */
    groupId: integer('group_id').notNull(),
    calls: integer('calls').notNull(),
    answered: integer('answered').notNull(),
    billsec: bigint('billsec', { mode: 'number' }).notNull(),
    cost: numeric('cost', { precision: 14, scale: 4 }).notNull(),
  },
  // the (hour) index the all-corps reads use is in the migration: it INCLUDEs columns, which drizzle's index builder cannot say
  (t) => [primaryKey({ columns: [t.corpId, t.hour, t.direction, t.groupId] })],
);
