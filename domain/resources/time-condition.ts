import { z } from 'zod';
import { destinationSchema, type DestinationPicker } from '../destinations';
import { at } from '../navigation';
import { timeOptionsSchema, timeRangeSchema } from '../time-options';
import { PATTERNS } from '../validation';
import { defineResource } from './define';
import { text } from './fields';

/**
 * Where a time condition sends calls: by default and per option. Another time condition is not
 * offered (one condition's options already cover every hour it needs; chains could loop).
 */
export const TIME_ACTIONS: DestinationPicker = { kinds: ['hangup', 'ivr', 'queue', 'integration', 'exten'] };

const ids = z.array(z.coerce.number().int().positive(), { error: 'validation.invalid' }).max(100).default([]);

/**
 * Time conditions (C-TC, timemain): name with letters, digits and _ + * . @ space - (C-TC-07), a
 * default action (C-TC-08), and options of days, from, to (later than from, C-TC-09) and an action
 * (C-TC-10), at least one (C-TC-06) and none overlapping another on a shared day (C-TC-05). Sent as
 * {id, name, default, options[{from, to, days, action}], idsTOtoDelete} (C-TC-13); an option sent
 * with its id is kept, the ids to delete go.
 */
export const timeConditionSchema = z.object({
  name: text(50, { pattern: PATTERNS.extPassword, message: 'validation.extPassword' }),
  default: destinationSchema(TIME_ACTIONS),
  options: timeOptionsSchema(timeRangeSchema({ action: destinationSchema(TIME_ACTIONS) })),
  idsTOtoDelete: ids,
});

/**
 * Extension time schedules (C-ETC, timeoptionexten): a name (C-ETC-04) and options of from, to and
 * days without an action (C-ETC-03), start before end (C-ETC-06), at least one (C-ETC-07). Sent as
 * {id, name, options[{id, from, to, days}], deletedOptionIds} (C-ETC-08).
 */
export const timeExtenSchema = z.object({
  name: text(50, { pattern: PATTERNS.extPassword, message: 'validation.extPassword' }),
  options: timeOptionsSchema(timeRangeSchema({})),
  deletedOptionIds: ids,
});

export interface TimeOptionRow {
  id: number;
  from: string;
  to: string;
  days: string;
  action?: string;
}
export interface TimeConditionRow {
  id: number;
  corpId: number;
  name: string;
  default: string;
  options: TimeOptionRow[];
}
export interface TimeExtenRow {
  id: number;
  corpId: number;
  name: string;
  options: TimeOptionRow[];
  /** the numbers of the extensions that take calls on this schedule (C-ETC-02) */
  extensions: string[];
}

export const timeConditionResource = defineResource({
  name: 'time',
  // F-ERR-19: a refused delete shows the default error and the server's text
  deleteFailure: { mapped: false, appendServerText: true },
  path: 'timemain',
  view: 'time',
  idField: 'id',
  corpScoped: true,
  destination: { kind: 'time', labelField: 'name', valueField: 'id' },
  // F-ERR-08: a destination a time condition sends calls to is 'in use by a time rule'
  inUse: { status: 522, message: 'errors.inUseByTime' },
  schema: () => timeConditionSchema,
  defaults: () => ({ name: '', default: '', options: [], idsTOtoDelete: [] }),
  columns: [{ key: 'name' }, { key: 'default', format: 'destination' }, { key: 'options', format: 'timeOptions' }],
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'default', kind: 'destination', destinations: TIME_ACTIONS },
    // each option's action is a destination too (checked in the corp like the default)
    { name: 'options', kind: 'custom', component: 'timeOptions', wide: true, itemDestinations: 'action' },
  ],
  searchFields: ['name'],
  narrowPageSize: 3,
  dialogWidth: 1000,
  nav: {
    key: 'time',
    route: 'configuration/time',
    icon: 'time',
    titleKey: 'nav.time',
    menu: [at(1, 'workingCorp', 100), at(3, 'config', 90)],
    aliases: ['time'],
  },
});

export const timeExtenResource = defineResource({
  name: 'timeExten',
  path: 'timeoptionexten',
  view: 'time',
  idField: 'id',
  corpScoped: true,
  schema: () => timeExtenSchema,
  defaults: () => ({ name: '', options: [], deletedOptionIds: [] }),
  // C-ETC-01/02: the days and hours of each option, and the extensions on the schedule
  columns: [{ key: 'name' }, { key: 'options', format: 'timeOptions' }, { key: 'extensions', format: 'list' }],
  fields: [
    { name: 'name', kind: 'text', wide: true },
    { name: 'options', kind: 'custom', component: 'timeExtenOptions', wide: true },
  ],
  searchFields: ['name', 'extensions'],
  narrowPageSize: 3,
  dialogWidth: 1000,
  nav: { key: 'timeExten', route: 'configuration/timeExten', icon: 'timeExten', titleKey: 'nav.timeExten', menu: [at(3, 'config', 100)], aliases: ['timeExten'] },
});
