import { z } from 'zod';
import { at } from '../navigation';
import { defineResource } from './define';
import { requiredId, text } from './fields';
import { soundField } from './sound-fields';

/** A hold music's name: shown with a .wav suffix (C-MOH-02); taken from the uploaded file when empty. */
const name = text(80, { pattern: /^[\p{L}\p{N}_ -]+$/u, message: 'validation.fileName' });

/**
 * Hold music of the corp (C-MOH): files played to waiting callers, Asterisk's class `corp_{corpId}`.
 * Uploaded with the form field Sound (C-MOH-05): any audio, stored as the WAV Asterisk plays.
 */
export const mohCorpSchema = z.object({ name });
/** Hold music of one queue (C-QUE-17..20): class `queue_{queueId}`; sent with sound, qId (the queue), cId. */
export const mohQueueSchema = z.object({ name, queueId: requiredId });

export interface MohRow {
  id: number;
  corpId: number;
  queueId: number | null;
  name: string;
  sound: string;
}

const columns = [{ key: 'name', format: 'text' as const }, { key: 'sound', format: 'file' as const }];

export const mohCorpResource = defineResource({
  name: 'mohCorp',
  // F-PERM-08: the create form is always shown (the server still checks)
  createAlwaysShown: true,
  path: 'mohcorp',
  view: 'mohCorp',
  idField: 'id',
  corpScoped: true,
  // C-MOH-01: the upload form sits above the list; its send button waits for a file
  createInline: true,
  // C-MOH-05 'fetched by name' names no path: the one of a queue's hold music
  fileFetchPath: 'mohCorp/getsound',
  schema: () => mohCorpSchema,
  defaults: () => ({ name: '' }),
  columns,
  fields: [soundField('sound', { requiredOnCreate: true, nameField: 'name' }), { name: 'name', kind: 'text' }],
  searchFields: ['name'],
  narrowPageSize: 3,
  nav: {
    key: 'mohCorp',
    route: 'configuration/mohCorp',
    formsRoute: 'configuration/moh',
    icon: 'moh',
    titleKey: 'nav.mohCorp',
    menu: [at(1, 'workingCorp', 90), at(3, 'config', 10)],
    aliases: ['mohCorp'],
  },
});

export const mohQueueResource = defineResource({
  name: 'mohQueue',
  // F-PERM-08: the create form is always shown (the server still checks)
  createAlwaysShown: true,
  path: 'mohqueue',
  view: 'mohQueue',
  idField: 'id',
  corpScoped: true,
  // C-QUE-17: each queue's hold music, from the queue's row
  parent: { resource: 'queue', field: 'queueId', labelField: 'name', icon: 'moh', order: 1 },
  bodyAliases: { qId: 'queueId' },
  fileFetchPath: 'mohQueue/getsound',
  createInline: true,
  schema: () => mohQueueSchema,
  defaults: () => ({ name: '' }),
  columns,
  fields: [soundField('sound', { requiredOnCreate: true, nameField: 'name' }), { name: 'name', kind: 'text' }],
  searchFields: ['name'],
  narrowPageSize: 2,
  nav: { key: 'queueMoh', route: 'configuration/queues/moh', icon: 'moh', titleKey: 'nav.queueMoh' },
});
