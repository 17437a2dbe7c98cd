import { z } from 'zod';
import { AUDIO_UPLOAD_MAX_BYTES } from '../audio';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource } from './define';
import { looseFlag, orDefault, text } from './fields';

/**
 * Media servers (C-MS), the supervisor's: a number of 2 to 14 digits, locked when editing (C-MS-02/03),
 * a sound (a file field: uploaded as multipart `Sound`, checked by the server, C-MS-04) and the
 * enabled flag sent as 1/0.
 */
export const mediaServerSchema = z.object({
  number: text(14, { pattern: /^[0-9]{2,14}$/, message: 'validation.digits2to14' }).refine((v) => PATTERNS.digits.test(v), { error: 'validation.digits' }),
  enabled: orDefault(looseFlag.default(true)),
});

export interface MediaServerRow {
  id: number;
  number: string;
  sound: string;
  enabled: boolean;
}

export const mediaServerResource = defineResource({
  name: 'mediaServer',
  // F-PERM-08: the create button is always shown (the server still checks)
  createAlwaysShown: true,
  path: 'mediaserver',
  view: 'mediaServer',
  idField: 'id',
  corpScoped: false,
  fileFetchPath: 'mediaserver/sounds',
  schema: () => mediaServerSchema,
  defaults: () => ({ number: '', enabled: true }),
  // C-MS-01: number, audio, enabled
  columns: [{ key: 'number' }, { key: 'sound', format: 'file' }, { key: 'enabled', format: 'yesNo' }],
  fields: [
    { name: 'number', kind: 'text', lockedOnUpdate: true },
    // any audio (converted by the server to the WAV Asterisk plays)
    { name: 'sound', kind: 'file', accept: ['audio/*'], file: { requiredOnCreate: true, maxBytes: AUDIO_UPLOAD_MAX_BYTES }, hintKey: 'audio.hint' },
    { name: 'enabled', kind: 'switch' },
  ],
  searchFields: ['number'],
  narrowPageSize: 3,
  nav: { key: 'mediaserver', route: 'configuration/mediaserver', icon: 'mediaServer', titleKey: 'nav.mediaserver', menu: [at(1, 'config', 70, 'notParamsvoip')] },
});
