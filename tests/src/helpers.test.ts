import { describe, expect, it } from 'vitest';
import { corpResource } from '../../domain/resources/corp';
import type { SchemaContext } from '../../domain/resources/define';
import { userResource } from '../../domain/resources/user';
import { voicemailResource } from '../../domain/resources/voicemail';
import { brandVariables, cssColour } from '../../src/app/brand';
import { externalHref, hostOf } from '../../src/app/external-links';
import { failureText, loginErrorKey, successText, translateMessage, type Translate } from '../../src/app/messages';
import { alphaOf, alphaPercent, fromPicker, pickerValue } from '../../src/features/look-and-feel/colour';
import { extensionResource } from '../../domain/resources/extension';
import { queueResource } from '../../domain/resources/queue';
import { cellShowsText, cellText, cellValue, columnLabelKey, visibleColumns } from '../../src/resources/format';
import { fieldAccess, isFieldVisible, mapIssues, toFormValues } from '../../src/resources/form-values';
import { asGrants, hasAction, setAction } from '../../src/resources/views-grid-logic';
import { formatBytes, semicirclePath, usagePercent, usageTone } from '../../src/ui/gauge-math';
import { initials } from '../../src/ui/initials';

/** a t() that shows key and parameters, enough to see what was asked for */
const t: Translate = (key, options) => (options && Object.keys(options).length ? `${key}${JSON.stringify(options)}` : key);

describe('messages', () => {
  it('F-DLG-05 encoded messages are decoded and their parameters passed to t()', () => {
    expect(translateMessage(t, 'validation.minLength|{"min":4}')).toBe('validation.minLength{"min":4}');
    expect(translateMessage(t, 'validation.required')).toBe('validation.required');
    expect(translateMessage(t, undefined)).toBe('');
  });

  it('F-DLG-04 success is created/updated plus the default success text', () => {
    expect(successText(t, 'messages.created')).toBe('messages.created messages.success');
  });

  it('F-ERR-03..16 failures map by status; an unknown default falls back to a known server message', () => {
    const exists = (k: string) => k === 'errors.ownRow';
    expect(failureText(t, exists, { status: 406 }, 'create')).toBe('errors.duplicate');
    expect(failureText(t, exists, { status: 540 }, 'update')).toBe('errors.urlUsed');
    expect(failureText(t, exists, { status: 500 }, 'create')).toBe('errors.default');
    expect(failureText(t, exists, { status: 400, body: { message: 'errors.ownRow' } }, 'update')).toBe('errors.ownRow');
    expect(failureText(t, exists, { status: 400, body: { message: 'errors.unknownThing' } }, 'update')).toBe('errors.default');
  });

  it('F-ERR-03 our generic 409 shows the server\'s own message when known (queue limit, users left ...)', () => {
    const exists = (k: string) => k === 'errors.queueLimit';
    expect(failureText(t, exists, { status: 409, body: { message: 'errors.queueLimit' } }, 'create')).toBe('errors.queueLimit');
    expect(failureText(t, exists, { status: 409, body: { message: 'errors.somethingElse' } }, 'create')).toBe('errors.inUse');
    expect(failureText(t, exists, { status: 409 }, 'create')).toBe('errors.inUse');
    expect(failureText(t, exists, { status: 521, body: { message: 'errors.queueLimit' } }, 'create')).toBe('errors.inUseByQueue');
  });

  it('A-LOG-11 A-LOG-12 login errors: below 500 credentials (429 too many attempts), otherwise the server', () => {
    expect(loginErrorKey(401)).toBe('errors.credentials');
    expect(loginErrorKey(400)).toBe('errors.credentials');
    expect(loginErrorKey(429)).toBe('errors.tooManyRequests');
    expect(loginErrorKey(500)).toBe('errors.server');
    expect(loginErrorKey(503)).toBe('errors.server');
  });
});

describe('look and feel colours', () => {
  it('C-LF-06 API colours are RRGGBBAA without #; 6 digits get FF', () => {
    expect(cssColour('37474FFF')).toBe('#37474FFF');
    expect(cssColour('#00c6ab')).toBe('#00C6ABFF');
    expect(cssColour('nonsense')).toBeNull();
    expect(cssColour(null)).toBeNull();
  });

  it('C-LF-05 the six colours drive the menu and brand CSS variables; invalid ones are skipped', () => {
    expect(brandVariables({ menuColor: '37474FFF', menuFontColor: 'D3FBD8FF', menuIconColor: '00C6ABFF', hoverColor: 'DE141400', backgroundColor: 'F2F2F2FF', loginTextColor: 'bad' })).toEqual({
      '--menu-bg': '#37474FFF',
      '--menu-fg': '#D3FBD8FF',
      '--menu-icon': '#00C6ABFF',
      '--menu-hover': '#DE141400',
      '--brand-bg-light': '#F2F2F2FF',
    });
    expect(brandVariables(null)).toEqual({});
  });

  it('C-LF-01 C-LF-06 the picker edits RGB and keeps the alpha', () => {
    expect(pickerValue('DE141400')).toBe('#de1414');
    expect(pickerValue('')).toBe('#000000');
    expect(alphaOf('DE141400')).toBe('00');
    expect(alphaOf('DE1414')).toBe('FF');
    expect(fromPicker('#112233', 'DE141480')).toBe('11223380');
    expect(alphaPercent('000000FF')).toBe(100);
  });
});

describe('menu links', () => {
  it('A-MENU-06 external addresses are built on the host of webrtcserver', () => {
    expect(hostOf('wss://pbx.acme.com:8089/ws')).toBe('pbx.acme.com');
    expect(hostOf('10.0.0.5')).toBe('10.0.0.5');
    expect(hostOf('')).toBeNull();
    expect(externalHref('fail2ban', { webrtcserver: 'pbx.acme.com' })).toBe('https://pbx.acme.com/fail2ban/');
    expect(externalHref('logmon', {})).toBeNull();
  });
});

describe('resource forms and cells', () => {
  const ctx = (mode: 'create' | 'update', level: 1 | 3 = 3): SchemaContext => ({ mode, actor: { id: 5, level, corpId: 2 } });

  it('F-DLG-01 create starts from the defaults; edit overlays the row and turns null text into ""', () => {
    const created = toFormValues(corpResource, ctx('create', 1));
    expect(created).toMatchObject({ extLen: 4, extMax: 1, queMax: 1, maxContacts: 1, enabled: true, monEnabled: false });
    const edited = toFormValues(userResource, ctx('update'), { id: 9, nick: 'ana', name: null, mail: 'a@b.c', level: 4, enabled: 1, corpId: 2, roleGroupId: null });
    expect(edited).toMatchObject({ nick: 'ana', name: '', mail: 'a@b.c', level: 4, enabled: true, newPassword: false, pass: '', roleGroupId: null });
  });

  it('C-USR-03 in edit mode the password fields show only with the new password switch; C-USR-09 corp only for levels 1 and 2', () => {
    const field = (name: string) => userResource.fields.find((f) => f.name === name)!;
    expect(isFieldVisible(field('pass'), { newPassword: false }, ctx('update'))).toBe(false);
    expect(isFieldVisible(field('pass'), { newPassword: true }, ctx('update'))).toBe(true);
    expect(isFieldVisible(field('pass'), {}, ctx('create'))).toBe(true);
    expect(isFieldVisible(field('newPassword'), {}, ctx('create'))).toBe(false);
    expect(isFieldVisible(field('corpId'), {}, ctx('create', 3))).toBe(false);
    expect(isFieldVisible(field('corpId'), {}, ctx('create', 1))).toBe(true);
  });

  it('F-DLG-03 server issues go back onto their fields; the rest are kept for a banner', () => {
    expect(mapIssues([{ path: 'nick', message: 'a' }, { path: 'views.0.name', message: 'b' }, { path: '', message: 'c' }], ['nick', 'views'])).toEqual({
      fields: [
        { name: 'nick', message: 'a' },
        { name: 'views', message: 'b' },
      ],
      other: ['c'],
    });
  });

  it('C-USR-01 cells: yes/no and level labels are translated; numbers stay numbers for CSV', () => {
    expect(cellText({ key: 'enabled', format: 'yesNo' }, { enabled: 1 }, t)).toBe('common.yes');
    expect(cellText({ key: 'enabled', format: 'yesNo' }, { enabled: false }, t)).toBe('common.no');
    expect(cellText({ key: 'level', format: 'level' }, { level: 3 }, t)).toBe('levels.administrator');
    expect(cellValue({ key: 'extMax', format: 'number' }, { extMax: 12 }, t)).toBe(12);
    expect(cellText({ key: 'corpName' }, { corpName: null }, t)).toBe('');
    expect(columnLabelKey(userResource, { key: 'mail' })).toBe('resources.user.fields.mail');
  });

  it('C-VM-01 C-VM-04 the voice mail list shows dates and durations formatted, not raw numbers (every formatted column is shown as its text)', () => {
    const date = voicemailResource.columns.find((c) => c.key === 'origtime')!;
    const duration = voicemailResource.columns.find((c) => c.key === 'duration')!;
    expect(cellShowsText(date)).toBe(true);
    expect(cellShowsText(duration)).toBe(true);
    expect(cellText(date, { origtime: 1795797203 }, t)).toBe(new Date(1795797203 * 1000).toLocaleString());
    expect(cellText(duration, { duration: 29 }, t)).toBe('units.seconds{"count":29}');
    // the raw ones stay raw
    expect(cellShowsText({ format: 'number' })).toBe(false);
    expect(cellShowsText({})).toBe(false);
  });

  it('a list of options (kiosk boards) shows its labels in order', () => {
    const options = [
      { value: 'agents', labelKey: 'b.agents' },
      { value: 'trend', labelKey: 'b.trend' },
    ];
    expect(cellText({ key: 'boards', options }, { boards: ['trend', 'agents', 'odd'] }, t)).toBe('b.trend, b.agents, odd');
  });

  it('C-QUE-01 C-EXT-02 option columns show the option label; unknown values show as they are', () => {
    const strategy = queueResource.columns.find((c) => c.key === 'strategy')!;
    expect(cellText(strategy, { strategy: 'rrmemory' }, t)).toBe('resources.queue.strategies.rrmemory');
    expect(cellValue(strategy, { strategy: 'other' }, t)).toBe('other');
    const action = extensionResource.columns.find((c) => c.key === 'action')!;
    expect(cellText(action, { action: 'exTouch' }, t)).toBe('resources.extension.actions.exTouch');
    // the user column names a linked web user only
    const user = extensionResource.columns.find((c) => c.key === 'userName')!;
    expect(cellText(user, { userId: 4, userName: 'Ana Agent' }, t)).toBe('Ana Agent');
    expect(cellText(user, { userId: null, userName: 'Diego Torres' }, t)).toBe('');
  });

  it('C-EXT-01 C-EXT-02 the columns a user sees: level 4 has the action, no trunk and no spy', () => {
    const keys = (level: 3 | 4) => visibleColumns(extensionResource, { actor: { id: 1, level, corpId: 2 } }).map((c) => c.key);
    expect(keys(3)).toContain('spy');
    expect(keys(3)).not.toContain('action');
    expect(keys(4)).toEqual(expect.arrayContaining(['action', 'enabled']));
    expect(keys(4)).not.toContain('spy');
    expect(keys(4)).not.toContain('trunkNumber');
    expect(visibleColumns(userResource, { actor: { id: 1, level: 4, corpId: 2 } })).toHaveLength(userResource.columns.length);
  });

  it('C-EXT-10 C-EXT-07 extension form values: edit overlays the row; level 4 sees enabled and action only', () => {
    const row = { id: 3, number: '205', pass: '', vmpass: null, enabled: 0, action: 'voicemail', outer: null };
    const values = toFormValues(extensionResource, ctx('update'), row);
    expect(values).toMatchObject({ number: '205', pass: '', vmpass: '', enabled: false, action: 'voicemail', outer: '', maxContacts: 1 });
    const level4: SchemaContext = { mode: 'update', actor: { id: 5, level: 4, corpId: 2 } };
    expect(extensionResource.fields.filter((f) => isFieldVisible(f, values, level4) && fieldAccess(extensionResource, f, values, level4) !== 'hidden').map((f) => f.name)).toEqual(['action', 'enabled']);
  });
});

describe('role group grid', () => {
  it('C-RG-06 create, update and delete only count when the view is visible (read)', () => {
    let grants = setAction([], 'trunk', 'create', true);
    expect(grants).toEqual([]);
    grants = setAction(grants, 'trunk', 'read', true);
    grants = setAction(grants, 'trunk', 'delete', true);
    expect(grants).toEqual([{ name: 'trunk', actions: ['read', 'delete'] }]);
    expect(hasAction(grants, 'trunk', 'delete')).toBe(true);
  });

  it('C-RG-06 hiding a view (read off) drops its other actions', () => {
    const grants = setAction([{ name: 'ivr', actions: ['read', 'create', 'update'] }], 'ivr', 'read', false);
    expect(grants).toEqual([]);
  });

  it('C-RG-08 grants keep the VIEWS order and drop unknown views', () => {
    const grants = setAction(asGrants([{ name: 'user', actions: ['read'] }, { name: 'nope', actions: ['read'] }, 'junk']), 'home', 'read', true);
    expect(grants.map((g) => g.name)).toEqual(['home', 'user']);
  });
});

describe('top bar helpers', () => {
  it('A-TOP-02 A-TOP-03 usage percent from used and free bytes', () => {
    expect(usagePercent(25, 75)).toBe(25);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(undefined, 10)).toBe(0);
    expect(usageTone(50)).toBe('success');
    expect(usageTone(85)).toBe('warning');
    expect(usageTone(95)).toBe('danger');
  });

  it('A-TOP-02 semicircle gauge arcs run from the left end to the right end', () => {
    expect(semicirclePath(60, 62, 50, 0)).toBe('M 10 62 A 50 50 0 0 1 10.00 62.00');
    expect(semicirclePath(60, 62, 50, 1)).toBe('M 10 62 A 50 50 0 0 1 110.00 62.00');
    expect(semicirclePath(60, 62, 50, 0.5)).toBe('M 10 62 A 50 50 0 0 1 60.00 12.00');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(8 * 1024 ** 3)).toBe('8.0 GB');
  });

  it('A-TOP-04 the avatar shows up to two initials', () => {
    expect(initials('Ana Souza')).toBe('AS');
    expect(initials('admin')).toBe('AD');
    expect(initials('maria.da.silva')).toBe('MS');
    expect(initials('  ')).toBe('?');
  });
});
