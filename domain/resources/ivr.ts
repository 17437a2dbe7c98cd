import { z } from 'zod';
import { destinationSchema, type DestinationPicker } from '../destinations';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource, type FieldDef } from './define';
import { text } from './fields';
import { soundField } from './sound-fields';

/** C-IVR-10: where an option sends the caller (hang up, another IVR, a queue, an integration, an extension, a time condition). */
export const IVR_ACTIONS: DestinationPicker = { kinds: ['hangup', 'ivr', 'queue', 'integration', 'exten', 'time'] };

/** option0 is the default (timeout or an invalid key), option1..option9 the digits (C-IVR-10). */
export const IVR_OPTION_FIELDS = ['option0', 'option1', 'option2', 'option3', 'option4', 'option5', 'option6', 'option7', 'option8', 'option9'] as const;

/** a digit that leads nowhere is '' */
const optional = z.union([z.literal(''), destinationSchema(IVR_ACTIONS)], { error: 'validation.option' }).default('');

/**
 * IVRs (C-IVR): name letters, digits, underscore and space (C-IVR-06); the default option required,
 * digits 1-9 optional (''); two sounds (the greeting required: 'no audio', C-IVR-07). Sent as
 * multipart Name, Sound, SoundIncorrect, option0..option9 (C-IVR-11).
 */
export const ivrSchema = z.object({
  name: text(50, { pattern: PATTERNS.wordSpace, message: 'validation.wordSpace' }),
  option0: destinationSchema(IVR_ACTIONS).default('hangup'),
  option1: optional,
  option2: optional,
  option3: optional,
  option4: optional,
  option5: optional,
  option6: optional,
  option7: optional,
  option8: optional,
  option9: optional,
});

export type IvrBody = z.output<typeof ivrSchema>;

export interface IvrRow extends IvrBody {
  id: number;
  corpId: number;
  sound: string;
  soundIncorrect: string;
  /** how many of the digits 1-9 lead somewhere */
  optionCount: number;
}

export const ivrResource = defineResource({
  name: 'ivr',
  // C-IVR-12, F-ERR-19: a refused delete shows the mapped message and the server's text
  deleteFailure: { mapped: true, appendServerText: true },
  path: 'ivr',
  view: 'ivr',
  idField: 'id',
  corpScoped: true,
  destination: { kind: 'ivr', labelField: 'name', valueField: 'id' },
  fileFetchPath: 'ivr/sounds',
  // F-ERR-09: a destination an IVR option sends calls to is 'in use by an IVR'
  inUse: { status: 523, message: 'errors.inUseByIvr' },
  schema: () => ivrSchema,
  defaults: () => ({ name: '', ...Object.fromEntries(IVR_OPTION_FIELDS.map((o) => [o, o === 'option0' ? 'hangup' : ''])) }),
  // C-IVR-01: name, audio, invalid-option audio, options
  columns: [{ key: 'name' }, { key: 'sound', format: 'file' }, { key: 'soundIncorrect', format: 'file' }, { key: 'optionCount', format: 'number' }],
  // C-IVR-03: the default option and options 1 to 9
  rowInfo: { fields: IVR_OPTION_FIELDS.map((field) => ({ field, format: 'destination' as const })) },
  fields: [
    { name: 'name', kind: 'text', wide: true },
    soundField('sound', { requiredOnCreate: true, missingKey: 'validation.noAudio' }),
    soundField('soundIncorrect'),
    ...IVR_OPTION_FIELDS.map((name): FieldDef => ({ name, kind: 'destination', destinations: IVR_ACTIONS })),
  ],
  searchFields: ['name'],
  narrowPageSize: 3,
  dialogWidth: 1000,
  nav: {
    key: 'ivr',
    route: 'configuration/ivr',
    icon: 'ivr',
    titleKey: 'nav.ivr',
    menu: [at(1, 'workingCorp', 50), at(3, 'config', 30)],
    aliases: ['ivr'],
  },
});
