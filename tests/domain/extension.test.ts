import { describe, expect, it } from 'vitest';
import {
  canAccess,
  defaultViews,
  extensionRange,
  extensionResource,
  extensionSchema,
  parseExtenIni,
  passwordStrength,
  uncapitaliseKeys,
  writableFields,
  type Level,
  type SchemaContext,
} from '../../domain';
import { fieldAccess } from '../../src/resources/form-values';

type Corp = NonNullable<SchemaContext['corp']>;
const ACME: Corp = { id: 2, extLen: 3, extMax: 100, maxContacts: 3, extenIni: 200 };
const GLOBEX: Corp = { id: 3, extLen: 4, extMax: 50, maxContacts: 1 };
const ctx = (level: Level = 3, mode: 'create' | 'update' = 'create', corp: Corp = ACME): SchemaContext => ({ mode, actor: { id: 9, level, corpId: 2 }, corp });
const valid = { number: '250', pass: 'abcd' };
const parse = (input: unknown, c: SchemaContext = ctx()) => extensionSchema(c).safeParse(input);
const issuesOf = (input: unknown, c: SchemaContext = ctx()) => {
  const r = parse(input, c);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message.split('|')[0]}`);
};
const out = (input: unknown, c: SchemaContext = ctx()) => {
  const r = parse(input, c);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data as Record<string, unknown>;
};

describe('extension schema', () => {
  it('C-EXT-13 the number is required', () => {
    expect(issuesOf({ pass: 'abcd' })).toEqual(['number:validation.required']);
    expect(issuesOf({ ...valid, number: '' })).toEqual(['number:validation.required']);
    expect(issuesOf({ ...valid, number: '  ' })).toEqual(['number:validation.required']);
    expect(issuesOf({ ...valid, number: null })).toEqual(['number:validation.required']);
    expect(issuesOf({ ...valid, number: '25a' })).toEqual(['number:validation.digits']);
    expect(issuesOf({ ...valid, number: '-250' })).toEqual(['number:validation.digits']);
  });

  it('C-EXT-14 with 3 digits the number lies between the initial extension (exten-ini, default 200) and 999', () => {
    expect(issuesOf({ ...valid, number: '199' })).toEqual(['number:validation.range']);
    expect(issuesOf({ ...valid, number: '200' })).toEqual([]);
    expect(issuesOf({ ...valid, number: 999 })).toEqual([]);
    expect(issuesOf({ ...valid, number: '1000' })).toEqual(['number:validation.range']);
    const r = parse({ ...valid, number: '100' });
    expect(r.success ? '' : r.error.issues[0].message).toBe('validation.range|{"min":200,"max":999}');
    // another initial extension moves the lower bound
    const from500 = ctx(3, 'create', { ...ACME, extenIni: 500 });
    expect(issuesOf({ ...valid, number: '499' }, from500)).toEqual(['number:validation.range']);
    expect(issuesOf({ ...valid, number: '500' }, from500)).toEqual([]);
    // without the parameter the default 200 applies
    expect(extensionRange({ extLen: 3 })).toEqual({ min: 200, max: 999 });
  });

  it('C-EXT-14 exten-ini is read as a 3-digit start, else 200', () => {
    expect(parseExtenIni('300')).toBe(300);
    expect(parseExtenIni('100')).toBe(100);
    expect(parseExtenIni('999')).toBe(999);
    for (const bad of [undefined, null, '', 'abc', '99', '1000', '250.5']) expect(parseExtenIni(bad)).toBe(200);
  });

  it('C-EXT-15 with 4 digits the number lies between 1000 and 9999', () => {
    const c = ctx(3, 'create', GLOBEX);
    expect(issuesOf({ ...valid, number: '999' }, c)).toEqual(['number:validation.range']);
    expect(issuesOf({ ...valid, number: '1000' }, c)).toEqual([]);
    expect(issuesOf({ ...valid, number: '9999' }, c)).toEqual([]);
    expect(issuesOf({ ...valid, number: '10000' }, c)).toEqual(['number:validation.range']);
    expect(extensionRange({ extLen: 4, extenIni: 300 })).toEqual({ min: 1000, max: 9999 });
  });

  it('C-EXT-13 numbers are kept in canonical form', () => {
    expect(out({ ...valid, number: ' 0250 ' }).number).toBe('250');
    expect(out({ ...valid, number: 250 }).number).toBe('250');
  });

  it('C-EXT-10 the number is locked when editing: not checked on update (the server keeps it)', () => {
    expect(issuesOf({ number: '100', pass: '' }, ctx(3, 'update'))).toEqual([]);
    expect(extensionResource.fields.find((f) => f.name === 'number')?.lockedOnUpdate).toBe(true);
  });

  it('C-EXT-16 description accepts letters, digits and spaces', () => {
    expect(issuesOf({ ...valid, description: 'Recepção 2 andar' })).toEqual([]);
    expect(issuesOf({ ...valid, description: 'Front-desk' })).toEqual(['description:validation.letterDigitSpace']);
    expect(issuesOf({ ...valid, description: 'a_b' })).toEqual(['description:validation.letterDigitSpace']);
    expect(issuesOf({ ...valid, description: 'x'.repeat(80) })).toEqual([]);
    expect(issuesOf({ ...valid, description: 'x'.repeat(81) })).toEqual(['description:validation.maxLength']);
  });

  it('C-EXT-17 the password has at least 4 characters from letters, digits and _ + * . @ space -', () => {
    expect(issuesOf({ ...valid, pass: '' })).toEqual(['pass:validation.required']);
    expect(issuesOf({ ...valid, pass: 'abc' })).toEqual(['pass:validation.minLength']);
    expect(issuesOf({ ...valid, pass: 'abcd' })).toEqual([]);
    expect(issuesOf({ ...valid, pass: 'a_+*.@ -1' })).toEqual([]);
    expect(issuesOf({ ...valid, pass: 'abc#d' })).toEqual(['pass:validation.extPassword']);
    expect(issuesOf({ ...valid, pass: 'abc/d' })).toEqual(['pass:validation.extPassword']);
    // on edit an empty password keeps the current one; a new one follows the same rule
    expect(issuesOf({ pass: '' }, ctx(3, 'update'))).toEqual([]);
    expect(issuesOf({ pass: 'abc' }, ctx(3, 'update'))).toEqual(['pass:validation.minLength']);
  });

  it('F-DLG-06 the password fields carry their strength bar (voicemail counts 25 a digit)', () => {
    expect(extensionResource.fields.find((f) => f.name === 'pass')?.strength).toBe('password');
    expect(extensionResource.fields.find((f) => f.name === 'vmpass')?.strength).toBe('voicemail');
    expect(passwordStrength('1234', 'voicemail').score).toBe(100);
  });

  it('C-EXT-18 the voicemail password is 3 to 4 digits (or none)', () => {
    expect(issuesOf({ ...valid, vmpass: '' })).toEqual([]);
    expect(issuesOf({ ...valid, vmpass: '12' })).toEqual(['vmpass:validation.vmpass']);
    expect(issuesOf({ ...valid, vmpass: '123' })).toEqual([]);
    expect(issuesOf({ ...valid, vmpass: 1234 })).toEqual([]);
    expect(issuesOf({ ...valid, vmpass: '12345' })).toEqual(['vmpass:validation.vmpass']);
    expect(issuesOf({ ...valid, vmpass: '12a4' })).toEqual(['vmpass:validation.vmpass']);
  });

  it('C-EXT-19 the external number is digits only and not 0', () => {
    expect(issuesOf({ ...valid, outer: '' })).toEqual([]);
    expect(issuesOf({ ...valid, outer: '0' })).toEqual(['outer:validation.outer']);
    expect(issuesOf({ ...valid, outer: '00' })).toEqual([]);
    expect(issuesOf({ ...valid, outer: '5511987654321' })).toEqual([]);
    expect(issuesOf({ ...valid, outer: '+5511' })).toEqual(['outer:validation.outer']);
    expect(issuesOf({ ...valid, outer: '1'.repeat(21) })).toEqual(['outer:validation.maxLength']);
  });

  it('C-EXT-11 the external number is required when action or busy action is exTouch', () => {
    expect(issuesOf({ ...valid, action: 'exTouch' })).toEqual(['outer:validation.outerRequired']);
    expect(issuesOf({ ...valid, onbusy: 'exTouch' })).toEqual(['outer:validation.outerRequired']);
    expect(issuesOf({ ...valid, action: 'exTouch', outer: '555' })).toEqual([]);
    expect(issuesOf({ ...valid, onbusy: 'exTouch', outer: '555' })).toEqual([]);
    // reported together with other errors, not only once the rest is right
    expect(issuesOf({ ...valid, pass: 'ab', action: 'exTouch' })).toEqual(['pass:validation.minLength', 'outer:validation.outerRequired']);
    expect(issuesOf({ ...valid, pass: '', number: '', action: 'exTouch' })).toEqual(['number:validation.required', 'pass:validation.required', 'outer:validation.outerRequired']);
  });

  it('C-EXT-20 the group is 0 to 99, 0 meaning none', () => {
    expect(out(valid).callgroup).toBe(0);
    expect(issuesOf({ ...valid, callgroup: -1 })).toEqual(['callgroup:validation.range']);
    expect(issuesOf({ ...valid, callgroup: '99' })).toEqual([]);
    expect(issuesOf({ ...valid, callgroup: 100 })).toEqual(['callgroup:validation.range']);
  });

  it("C-EXT-21 max contacts is 1 up to the corp's maxContacts, default 1", () => {
    expect(out(valid).maxContacts).toBe(1);
    expect(issuesOf({ ...valid, maxContacts: 0 })).toEqual(['maxContacts:validation.range']);
    expect(issuesOf({ ...valid, maxContacts: 3 })).toEqual([]);
    expect(issuesOf({ ...valid, maxContacts: 4 })).toEqual(['maxContacts:validation.range']);
    expect(issuesOf({ ...valid, number: '1001', maxContacts: 2 }, ctx(3, 'create', GLOBEX))).toEqual(['maxContacts:validation.range']);
    // without a corp (the documented body) the corp ceiling 5 applies
    const noCorp: SchemaContext = { mode: 'create', actor: { id: 1, level: 1, corpId: 1 } };
    expect(issuesOf({ ...valid, maxContacts: 5 }, noCorp)).toEqual([]);
    expect(issuesOf({ ...valid, maxContacts: 6 }, noCorp)).toEqual(['maxContacts:validation.range']);
  });

  it('C-EXT-22 the user is optional; none is null and 0 is not a choice', () => {
    expect(out(valid).userId).toBeNull();
    expect(out({ ...valid, userId: '' }).userId).toBeNull();
    expect(out({ ...valid, userId: '7' }).userId).toBe(7);
    expect(issuesOf({ ...valid, userId: 0 })).toEqual(['userId:validation.invalid']);
    expect(issuesOf({ ...valid, userId: -3 })).toEqual(['userId:validation.invalid']);
  });

  it('C-EXT-23 the call limit is always 1, whatever is sent', () => {
    expect(out(valid).callLimit).toBe(1);
    expect(out({ ...valid, callLimit: 500 }).callLimit).toBe(1);
    expect(out({ ...valid, CallLimit: 'x' }).callLimit).toBe(1);
  });

  it('C-EXT-24 port types UDP (default), WSS, TLS', () => {
    expect(out(valid).portType).toBe('UDP');
    for (const portType of ['WSS', 'TLS']) expect(out({ ...valid, portType }).portType).toBe(portType);
    expect(issuesOf({ ...valid, portType: 'TCP' })).toEqual(['portType:validation.option']);
  });

  it('C-EXT-25 actions ring (default), followMe, voicemail, simTouch, exTouch; busy actions followMe, voicemail, exTouch', () => {
    expect(out(valid)).toMatchObject({ action: 'ring', onbusy: 'voicemail' });
    for (const action of ['ring', 'followMe', 'voicemail', 'simTouch']) expect(issuesOf({ ...valid, action })).toEqual([]);
    expect(issuesOf({ ...valid, action: 'dance' })).toEqual(['action:validation.option']);
    for (const onbusy of ['followMe', 'voicemail']) expect(issuesOf({ ...valid, onbusy })).toEqual([]);
    expect(issuesOf({ ...valid, onbusy: 'ring' })).toEqual(['onbusy:validation.option']);
    expect(issuesOf({ ...valid, onbusy: 'simTouch' })).toEqual(['onbusy:validation.option']);
  });

  it('C-EXT-26 the time schedule is timeExtensIds, 0 meaning none', () => {
    expect(out(valid).timeExtensIds).toBe(0);
    expect(out({ ...valid, timeExtensIds: '4' }).timeExtensIds).toBe(4);
    expect(issuesOf({ ...valid, timeExtensIds: -1 })).toHaveLength(1);
  });

  it('C-EXT-12 C-EXT-28 the spec JSON (capitalised, 0/1 flags) is read', () => {
    const body = uncapitaliseKeys({ Number: 260, Pass: 'abcd', Enabled: 0, Spy: 1, Action: 'voicemail', Onbusy: 'followMe', PortType: 'WSS', Vmpass: '4321', MaxContacts: 2, Callgroup: 5, Outer: '' });
    expect(out(body)).toMatchObject({ number: '260', enabled: false, spy: true, action: 'voicemail', onbusy: 'followMe', portType: 'WSS', vmpass: '4321', maxContacts: 2, callgroup: 5 });
  });

  it('C-EXT-07 level 4 writes only enabled and action (per-field write rights); the schema is the same for every level', () => {
    expect(writableFields(extensionResource, 4)).toEqual(['enabled', 'action']);
    expect(writableFields(extensionResource, 5)).toEqual(['enabled', 'action']);
    expect(writableFields(extensionResource, 3)).toBeNull();
    // the server checks the whole row (its values with level 4's two changes) with the same schema
    expect(issuesOf({ action: 'dance' }, ctx(4, 'update'))).toEqual(['action:validation.option']);
  });

  it('C-EXT-01 C-EXT-02 columns: level 4 has no trunk or spy and sees the action instead', () => {
    const shown = (level: Level) => extensionResource.columns.filter((c) => !c.visibleWhen || c.visibleWhen({ actor: { id: 1, level, corpId: 2 } })).map((c) => c.key);
    expect(shown(3)).toEqual(['number', 'description', 'userName', 'callgroup', 'trunkNumber', 'enabled', 'portType', 'spy', 'maxContacts']);
    expect(shown(4)).toEqual(['number', 'description', 'userName', 'callgroup', 'action', 'enabled', 'portType', 'maxContacts']);
  });

  it('C-EXT-07 C-EXT-08 fields: levels 1-3 get the dialog fields, level 4 only enabled and action', () => {
    const shown = (level: Level) => extensionResource.fields.filter((f) => fieldAccess(extensionResource, f, {}, ctx(level, 'update')) !== 'hidden').map((f) => f.name);
    expect(shown(3)).toEqual(['number', 'description', 'userId', 'trunkId', 'pass', 'action', 'onbusy', 'vmpass', 'outer', 'portType', 'maxContacts', 'callgroup', 'timeExtensIds', 'enabled', 'spy']);
    expect(shown(4)).toEqual(['action', 'enabled']);
    // C-EXT-10 the number shows locked when editing
    expect(fieldAccess(extensionResource, extensionResource.fields[0], {}, ctx(3, 'update'))).toBe('locked');
    expect(fieldAccess(extensionResource, extensionResource.fields[0], {}, ctx(3, 'create'))).toBe('edit');
  });

  it('C-EXT-06 level 4 may read and update extensions but never create or delete them, whatever a role group says', () => {
    const agent = { level: 4 as const, views: defaultViews(4) };
    expect(canAccess(agent, { view: 'extension', action: 'read' })).toBe(true);
    expect(canAccess(agent, { view: 'extension', action: 'update' })).toBe(true);
    expect(canAccess(agent, { view: 'extension', action: 'create' })).toBe(false);
    expect(canAccess(agent, { view: 'extension', action: 'delete' })).toBe(false);
    const granted = { level: 4 as const, views: [{ name: 'extension' as const, actions: ['read' as const, 'create' as const, 'delete' as const] }] };
    expect(canAccess(granted, { view: 'extension', action: 'create' })).toBe(false);
    expect(canAccess({ level: 3, views: defaultViews(3) }, { view: 'extension', action: 'delete' })).toBe(true);
  });

  it('the defaults make a valid extension once number and password are set', () => {
    const defaults = extensionResource.defaults();
    expect(out({ ...defaults, number: '201', pass: 'abcd' })).toMatchObject({ enabled: true, spy: false, action: 'ring', portType: 'UDP', maxContacts: 1, callgroup: 0, callLimit: 1 });
  });
});
