import { c2cKeyCreatedExtra, c2cKeyCreateSchema, c2cKeyRowSchema, type C2cKeyRow } from '../click-to-call';
import { CEILING } from '../level-ceilings';
import { defineResource } from './define';

/** The key's row as the server reads it: the list's row and the corp it belongs to (never sent). */
export interface C2cKeyRecordRow extends C2cKeyRow {
  corpId: number;
}

const KEY_CEILING = CEILING.clickToCallKeys;

/**
 * A corp's click-to-call keys (issue 11, E-C2C-05; on the registry since issue 24, J-ONE-02): what
 * an outside system (a CRM) signs its calls with. The server makes the secret on create and answers
 * it that once (`secret` beside the row); the list shows only its last characters. Revoke is a row
 * action: the key's calls and tokens stop at once. A key is never edited or deleted (a delete would
 * unlink its history): the API takes creates only, PUT, PATCH and DELETE answer 404 like any route
 * that is not there. Levels 1 (in its working corp only: without one, 400), 2 and 3; the keys screen
 * (src/features/click-to-call) is a screen of its own, not the generic list, so there is no nav
 * entry. The wire path keeps the spec's `/clicktocall/keys`.
 */
export const clickToCallKeyResource = defineResource({
  name: 'clickToCallKey',
  path: 'clicktocall/keys',
  // a CRM's way in: who runs the corp's integrations runs its keys; the level ceiling is the keys' own
  view: 'integration',
  levels: { read: KEY_CEILING, create: KEY_CEILING, update: KEY_CEILING, delete: KEY_CEILING },
  idField: 'id',
  corpScoped: true,
  workingCorpRequired: true,
  writes: ['create'],
  rowSchema: c2cKeyRowSchema,
  createExtra: c2cKeyCreatedExtra,
  rowActions: [{ name: 'revoke', permission: 'update', icon: 'revoke', confirm: true, visibleWhen: (row) => row.revokedAt === null }],
  schema: () => c2cKeyCreateSchema,
  defaults: () => ({ label: '' }),
  // the labels are the keys screen's own (clickToCall.keys.*), written once
  columns: [
    { key: 'label', labelKey: 'clickToCall.keys.label' },
    { key: 'keyId', labelKey: 'clickToCall.keys.keyId' },
    { key: 'hint', labelKey: 'clickToCall.keys.hint' },
    { key: 'createdBy', labelKey: 'clickToCall.keys.createdBy' },
    { key: 'createdAt', labelKey: 'clickToCall.keys.createdAt' },
    { key: 'lastUsedAt', labelKey: 'clickToCall.keys.lastUsedAt' },
    { key: 'revokedAt', labelKey: 'clickToCall.keys.revoked' },
  ],
  fields: [{ name: 'label', kind: 'text', labelKey: 'clickToCall.keys.label' }],
  searchFields: ['label', 'keyId'],
  sort: { key: 'createdAt', direction: 'desc' },
});
