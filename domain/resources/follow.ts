import { z } from 'zod';
import { PATTERNS } from '../validation';
import { defineResource } from './define';
import { intIn, requiredId, text } from './fields';

/** C-FOL-08: the constant call type and entity type of a follow-me entry (an extension's). */
export const FOLLOW_TYPE_CALL = 'followMe';
export const FOLLOW_TYPE = 1;

/**
 * Follow-me (C-FOL): the numbers an extension's calls go to, in order (0-10, C-FOL-04), each rung for
 * a timeout of 0-99 s (C-FOL-05), all required (C-FOL-02). Sent as {Number, Order, Timeout, TypeCall,
 * Type, EntityId} (C-FOL-09): EntityId is the extension. Number and order are locked when editing
 * (C-FOL-03); the view is follow, which level 4 only reads (C-FOL-06).
 */
export const followSchema = z.object({
  entityId: requiredId,
  number: text(20, { pattern: PATTERNS.digits, message: 'validation.digits' }),
  order: intIn(0, 10),
  timeout: intIn(0, 99),
});

export interface FollowRow extends z.output<typeof followSchema> {
  id: number;
  corpId: number;
  typeCall: typeof FOLLOW_TYPE_CALL;
  type: typeof FOLLOW_TYPE;
}

export const followResource = defineResource({
  name: 'follow',
  path: 'follow',
  // C-FOL-11: the follow screen is an extension's (route extension/follow); its own view keeps level 4 read-only (C-FOL-06)
  view: 'follow',
  idField: 'id',
  corpScoped: true,
  parent: { resource: 'extension', field: 'entityId', labelField: 'number', icon: 'follow', order: 3 },
  schema: () => followSchema,
  defaults: () => ({ number: '', order: '', timeout: 20 }),
  columns: [
    { key: 'order', format: 'number' },
    { key: 'number' },
    { key: 'timeout', format: 'number' },
  ],
  fields: [
    { name: 'number', kind: 'text', lockedOnUpdate: true },
    { name: 'order', kind: 'number', lockedOnUpdate: true },
    { name: 'timeout', kind: 'number' },
  ],
  searchFields: ['number'],
  sort: { key: 'order' },
  narrowPageSize: 3,
  nav: { key: 'follow', route: 'configuration/extension/follow', icon: 'follow', titleKey: 'nav.follow' },
});
