/**
 * Rules the generic list screen decides (src/resources): when the create button shows (F-PERM-06,
 * F-PERM-08) and what a refused delete says (F-ERR-19, C-IVR-12, C-QUE-14), read from the real
 * resource definitions and translated by i18next with the real English texts.
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { defaultViews, type PermissionSubject, type ViewGrant } from '../../../domain/permissions';
import { RESOURCES, type ResourceDefinition, type ResourceName } from '../../../domain/resources';
import { showsCreate } from '../../../src/resources/create-shown';
import { deleteFailureText, type DeleteFailure } from '../../../src/resources/delete-failure';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const exists = (key: string) => i18n.exists(key);
/** a definition as the list screen sees it */
const definition = (name: ResourceName): ResourceDefinition => RESOURCES[name];

/** a level 3 administrator whose role group reads every view but may create nothing */
const readOnlyAdmin: PermissionSubject = { level: 3, views: defaultViews(3).map((v): ViewGrant => ({ name: v.name, actions: ['read'] })) };

describe('the create button (F-PERM-06, F-PERM-08)', () => {
  it('F-PERM-08 J-ONE-02 hold music, queues, restrictions, polls and media servers always show it; the IVR and the other lists only with the create permission', () => {
    const always: ResourceName[] = ['mohCorp', 'mohQueue', 'queue', 'restrictionCorp', 'restrictionExten', 'restrictionIn', 'poll', 'mediaServer'];
    for (const name of always) expect(showsCreate(RESOURCES[name], readOnlyAdmin), name).toBe(true);
    // C-IVR: the IVR's is hidden without the create permission, like every other list's (F-PERM-06)
    for (const name of Object.keys(RESOURCES) as ResourceName[]) {
      if (always.includes(name)) continue;
      expect(showsCreate(RESOURCES[name], readOnlyAdmin), name).toBe(false);
    }
    expect(showsCreate(RESOURCES.ivr, { level: 3, views: defaultViews(3) })).toBe(true);
    // a list to read only never has one (C-VM-02)
    expect(showsCreate({ ...RESOURCES.queue, readOnly: true }, readOnlyAdmin)).toBe(false);
    // J-ONE-02: nor one whose create route the registry does not mount (`writes`), even an always-shown one
    expect(showsCreate({ ...RESOURCES.queue, writes: ['update', 'delete'] }, readOnlyAdmin)).toBe(false);
    expect(showsCreate({ ...RESOURCES.ivr, writes: ['create'] }, { level: 3, views: defaultViews(3) })).toBe(true);
  });
});

describe('a refused delete (F-ERR-19, C-IVR-12, C-QUE-14)', () => {
  const refused = (status: number, message: string, text?: string): DeleteFailure => ({ status, body: { message, ...(text ? { text } : {}) } });
  const say = (name: ResourceName, failure: DeleteFailure) => deleteFailureText(t, exists, failure, definition(name).deleteFailure);

  it('C-IVR-12 C-QUE-14 F-ERR-19 IVR, queue and trunk: the mapped message, then the server\'s data text', () => {
    // a trunk still used by an extension: 409 maps to 'in use'; the server says by what
    for (const name of ['ivr', 'queue', 'trunk'] as const) {
      expect(say(name, refused(409, 'errors.inUseByExtension')), name).toBe('It cannot be changed: it is in use. It is in use by an extension.');
    }
    // a key the client does not know: the server's own sentence
    expect(say('queue', refused(409, 'errors.somethingNew', 'The queue still has callers.'))).toBe('It cannot be changed: it is in use. The queue still has callers.');
    // the same sentence twice is said once (523: a queue an IVR option sends calls to)
    expect(say('queue', refused(523, 'errors.inUseByIvr'))).toBe('It is in use by an IVR.');
    // a status with no mapping of its own: the default error, then the server's text
    expect(say('ivr', refused(400, 'errors.badRequest', 'Bad request'))).toBe(`${en.errors.default} ${t('errors.badRequest')}`);
  });

  it('F-ERR-19 poll: the mapped message only; time conditions: the default error with the server\'s data text', () => {
    expect(say('poll', refused(521, 'errors.inUseByQueue'))).toBe('It is in use by a queue.');
    expect(say('poll', refused(409, 'errors.inUseByExtension'))).toBe('It cannot be changed: it is in use.');
    expect(say('time', refused(409, 'errors.inUseByExtension'))).toBe(`${en.errors.default} It is in use by an extension.`);
  });

  it('F-ERR-19 the others keep the save mapping (with the server\'s known message when it says only "error" or "in use")', () => {
    expect(definition('extension').deleteFailure).toBeUndefined();
    expect(say('extension', refused(409, 'errors.inUseBySpeedDial'))).toBe('It is in use by a speed dial.');
    expect(say('timeExten', refused(409, 'errors.inUseByExtension'))).toBe('It is in use by an extension.');
  });
});
