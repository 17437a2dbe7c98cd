import { z } from 'zod';
import { destinationSchema, FIXED_ACTIONS, type DestinationPicker } from '../destinations';
import { at } from '../navigation';
import { defineResource } from './define';
import { intIn, requiredId } from './fields';

/**
 * What a speed dial can do (C-CSD-05/06): the fixed features, the queue values enqueue / login /
 * logout of the spec, or a call to an IVR, an integration or an extension (the corp's action lookup).
 */
export const SPEED_DIAL_ACTIONS: DestinationPicker = { kinds: ['ivr', 'queue', 'integration', 'exten'], fixed: FIXED_ACTIONS, queueSpeedActions: true };

/** C-ESD-05: an extension speed dial's action is at most 20 characters (every value above fits). */
export const EXTEN_SPEED_ACTION_MAX = 20;

const actionOf = (max?: number) => (max ? destinationSchema(SPEED_DIAL_ACTIONS).pipe(z.string().max(max, { error: 'validation.option' })) : destinationSchema(SPEED_DIAL_ACTIONS));

/** Company speed dials (C-CSD-02..07): number 10-99, action required; sent as {id, Number, Action}. */
export const speedDialCorpSchema = z.object({ number: intIn(10, 99), action: actionOf() });

/** Extension speed dials (C-ESD-03..06): number 1-9, action at most 20 characters; sent as {id, Number, Action, ExtenId}. */
export const speedDialExtenSchema = z.object({ extenId: requiredId, number: intIn(1, 9), action: actionOf(EXTEN_SPEED_ACTION_MAX) });

export interface SpeedDialCorpRow {
  id: number;
  corpId: number;
  number: number;
  action: string;
}
export interface SpeedDialExtenRow extends SpeedDialCorpRow {
  extenId: number;
}

const columns = [
  { key: 'number', format: 'number' as const },
  { key: 'action', format: 'destination' as const },
];
const fields = [
  { name: 'number', kind: 'number' as const },
  { name: 'action', kind: 'destination' as const, destinations: SPEED_DIAL_ACTIONS },
];

export const speedDialCorpResource = defineResource({
  name: 'speedDialCorp',
  path: 'speeddialcorps',
  view: 'speedDial',
  idField: 'id',
  corpScoped: true,
  inUse: { status: 409, message: 'errors.inUseBySpeedDial' },
  schema: () => speedDialCorpSchema,
  defaults: () => ({ number: '', action: '' }),
  columns,
  fields,
  searchFields: ['number', 'action'],
  // C-CSD-01: sorted by number
  sort: { key: 'number' },
  narrowPageSize: 3,
  nav: {
    key: 'speedDialCorp',
    route: 'configuration/speedDialCorp',
    openList: true,
    icon: 'speedDial',
    titleKey: 'nav.speedDialCorp',
    menu: [at(1, 'workingCorp', 20), at(3, 'config', 80)],
    aliases: ['speedDialCorp'],
  },
});

export const speedDialExtenResource = defineResource({
  name: 'speedDialExten',
  path: 'speeddialextens',
  view: 'speedDial',
  idField: 'id',
  corpScoped: true,
  // C-ESD-01/02: the speed dials of one extension, under it
  parent: { resource: 'extension', field: 'extenId', labelField: 'number', icon: 'speedDial', order: 1 },
  inUse: { status: 409, message: 'errors.inUseBySpeedDial' },
  schema: () => speedDialExtenSchema,
  defaults: () => ({ number: '', action: '' }),
  columns,
  fields,
  searchFields: ['number', 'action'],
  sort: { key: 'number' },
  narrowPageSize: 3,
  nav: { key: 'speedDialExten', route: 'configuration/extension/speedDialExten', icon: 'speedDial', titleKey: 'nav.speedDialExten' },
});
