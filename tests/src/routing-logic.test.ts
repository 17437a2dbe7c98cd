import { describe, expect, it } from 'vitest';
import { destinationSchema, EXTENSION_BULK_COLUMNS, extensionResource, FIXED_ACTIONS, SPEED_DIAL_ACTIONS, TIME_ACTIONS, TRUNK_ACTIONS, type CorpActions } from '../../domain';
import type { Translate } from '../../src/app/messages';
import { csvToBulkRows, errorFileText } from '../../src/resources/bulk-rows';
import { destinationLabel, destinationOptions } from '../../src/resources/destination-options';
import { addOption, asOptions, draftComplete, EMPTY_DRAFT, removeOption, type OptionDraft, type PendingOption } from '../../src/resources/time-options-logic';

const t: Translate = (k, o) => k + (o ? JSON.stringify(o) : '');

describe('time options logic (src/resources/time-options-logic)', () => {
  const draft: OptionDraft = { days: ['Tue', 'Mon'], from: '08:00', to: '12:00', action: 'hangup' };

  it('C-TC-03 the add button is on only when days, from, to and (with an action column) the action are set', () => {
    expect(draftComplete(draft, true)).toBe(true);
    expect(draftComplete(EMPTY_DRAFT, true)).toBe(false);
    expect(draftComplete({ ...draft, days: [] }, true)).toBe(false);
    expect(draftComplete({ ...draft, from: '' }, true)).toBe(false);
    expect(draftComplete({ ...draft, to: '' }, true)).toBe(false);
    expect(draftComplete({ ...draft, action: '' }, true)).toBe(false);
    // the extension schedule has no action
    expect(draftComplete({ ...draft, action: '' }, false)).toBe(true);
    expect(draftComplete({ ...draft, from: '' }, false)).toBe(false);
  });

  it('C-ETC-05 adding needs every field, else validation.allFieldsRequired', () => {
    for (const missing of [{ days: [] }, { from: '' }, { to: '' }] as Partial<OptionDraft>[]) {
      expect(addOption([], { ...draft, ...missing }, false)).toEqual({ ok: false, message: 'validation.allFieldsRequired' });
      expect(addOption([], { ...draft, ...missing }, true)).toEqual({ ok: false, message: 'validation.allFieldsRequired' });
    }
    expect(addOption([], { ...draft, action: '' }, true)).toEqual({ ok: false, message: 'validation.allFieldsRequired' });
    expect(addOption([], EMPTY_DRAFT, false)).toEqual({ ok: false, message: 'validation.allFieldsRequired' });
  });

  it('C-TC-09 C-ETC-06 the end is after the start; times are HH:MM', () => {
    expect(addOption([], { ...draft, from: '12:00', to: '12:00' }, true)).toEqual({ ok: false, message: 'validation.toAfterFrom' });
    expect(addOption([], { ...draft, from: '18:00', to: '08:00' }, false)).toEqual({ ok: false, message: 'validation.toAfterFrom' });
    expect(addOption([], { ...draft, from: '8:00' }, true)).toEqual({ ok: false, message: 'validation.timeOfDay' });
    expect(addOption([], { ...draft, to: '24:00' }, true)).toEqual({ ok: false, message: 'validation.timeOfDay' });
  });

  it('C-TC-11 an added option has its days joined in week order; the extension variant carries no action; the list is not mutated', () => {
    const pending: PendingOption[] = [];
    const added = addOption(pending, { ...draft, days: ['Sun', 'Wed', 'Mon'] }, true);
    expect(added).toEqual({ ok: true, options: [{ from: '08:00', to: '12:00', days: 'Mon-Wed-Sun', action: 'hangup' }] });
    expect(pending).toEqual([]);
    const exten = addOption([], draft, false);
    expect(exten).toEqual({ ok: true, options: [{ from: '08:00', to: '12:00', days: 'Mon-Tue' }] });
  });

  it("C-TC-05 an option overlapping a pending one on a shared day is refused with validation.timeOverlap ('data exists'); touching or other days are fine", () => {
    const pending: PendingOption[] = [{ id: 4, from: '08:00', to: '12:00', days: 'Mon-Tue', action: 'hangup' }];
    expect(addOption(pending, { ...draft, days: ['Tue', 'Fri'], from: '11:00', to: '13:00' }, true)).toEqual({ ok: false, message: 'validation.timeOverlap' });
    expect(addOption(pending, { ...draft, days: ['Mon'], from: '06:00', to: '20:00' }, true)).toEqual({ ok: false, message: 'validation.timeOverlap' });
    const touching = addOption(pending, { ...draft, days: ['Mon', 'Tue'], from: '12:00', to: '18:00' }, true);
    expect(touching.ok && touching.options).toEqual([...pending, { from: '12:00', to: '18:00', days: 'Mon-Tue', action: 'hangup' }]);
    const otherDay = addOption(pending, { ...draft, days: ['Wed'] }, true);
    expect(otherDay.ok && otherDay.options.map((o) => o.days)).toEqual(['Mon-Tue', 'Wed']);
  });

  it('C-TC-04 removing a pending option: an existing one records its id once, a new one records nothing', () => {
    const options: PendingOption[] = [
      { id: 4, from: '08:00', to: '12:00', days: 'Mon' },
      { from: '13:00', to: '14:00', days: 'Mon' },
      { id: 9, from: '15:00', to: '16:00', days: 'Mon' },
    ];
    const first = removeOption(options, 0, []);
    expect(first).toEqual({ options: [options[1], options[2]], deleted: [4] });
    const second = removeOption(first.options, 0, first.deleted);
    expect(second).toEqual({ options: [options[2]], deleted: [4] });
    const third = removeOption(second.options, 0, second.deleted);
    expect(third).toEqual({ options: [], deleted: [4, 9] });
    // the same id is never recorded twice; the input lists are not mutated
    const deleted = [9];
    expect(removeOption([options[2]], 0, deleted)).toEqual({ options: [], deleted: [9] });
    expect(deleted).toEqual([9]);
    expect(options).toHaveLength(3);
    // out of range: nothing changes
    expect(removeOption(options, 7, [4])).toEqual({ options, deleted: [4] });
  });

  it('C-TC-12 asOptions reads the options of a row (ids and actions kept when present)', () => {
    expect(asOptions(null)).toEqual([]);
    expect(asOptions('Mon')).toEqual([]);
    expect(
      asOptions([
        { id: 3, from: '08:00', to: '09:00', days: 'Mon-Tue', action: 'queue:5' },
        { from: '10:00', to: '11:00', days: 'Sat' },
        null,
        'junk',
      ]),
    ).toEqual([
      { id: 3, from: '08:00', to: '09:00', days: 'Mon-Tue', action: 'queue:5' },
      { from: '10:00', to: '11:00', days: 'Sat' },
    ]);
  });
});

describe('bulk rows (src/resources/bulk-rows)', () => {
  const bulk = extensionResource.bulk!;
  const HEADER = EXTENSION_BULK_COLUMNS.map((c) => c.header);
  const FIELDS = EXTENSION_BULK_COLUMNS.map((c) => c.field);
  const blank = Object.fromEntries(FIELDS.map((f) => [f, null]));

  it('C-EXT-32 the columns are the spec list, each to its body field', () => {
    expect(HEADER).toEqual(['Number', 'Pass', 'TrunkNumber', 'Outer', 'Enabled', 'Action', 'Onbusy', 'Description', 'Spy', 'PortType', 'Vmpass', 'Callgroup', 'UserName', 'MaxContacts']);
    expect(FIELDS).toEqual(['number', 'pass', 'trunkNumber', 'outer', 'enabled', 'action', 'onbusy', 'description', 'spy', 'portType', 'vmpass', 'callgroup', 'userName', 'maxContacts']);
    expect(bulk.columns).toBe(EXTENSION_BULK_COLUMNS);
    expect(bulk.contentField).toBe('number');
  });

  it('C-EXT-32 headers match by name in any case and order, after a byte-order mark; unknown columns are ignored', () => {
    const header = ['\uFEFFnumber', ...HEADER.slice(1).reverse().map((h) => h.toUpperCase()), 'Comment'];
    const row = ['301', '3', 'user1', '7', '1234', 'TLS', 'yes', 'Front desk', 'voicemail', 'ring', 'yes', '', '551130001000', ' secret ', 'ignored'];
    const result = csvToBulkRows([header, row], bulk);
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          number: '301',
          pass: 'secret',
          trunkNumber: '551130001000',
          outer: null,
          enabled: 'yes',
          action: 'ring',
          onbusy: 'voicemail',
          description: 'Front desk',
          spy: 'yes',
          portType: 'TLS',
          vmpass: '1234',
          callgroup: '7',
          userName: 'user1',
          maxContacts: '3',
        },
      ],
    });
  });

  it('C-EXT-32 missing columns are named', () => {
    const header = HEADER.filter((h) => h !== 'UserName' && h !== 'MaxContacts');
    expect(csvToBulkRows([header, header.map(() => 'x')], bulk)).toEqual({ ok: false, problem: 'missingColumns', missing: ['UserName', 'MaxContacts'] });
  });

  it('C-EXT-33 rows whose values are all empty are dropped; empty cells become null; short records read as empty cells', () => {
    const result = csvToBulkRows(
      [
        HEADER,
        HEADER.map(() => ''),
        ['302', 'pass302'],
        HEADER.map(() => '   '),
        [],
        ['', '', '', '', '', '', '', '', '', '', '', '', '', '2'],
      ],
      bulk,
    );
    expect(result).toEqual({ ok: true, rows: [{ ...blank, number: '302', pass: 'pass302' }, { ...blank, maxContacts: '2' }] });
  });

  it('C-EXT-33 at least one data row: a header only, only empty rows, or nothing at all answer noRows', () => {
    expect(csvToBulkRows([HEADER], bulk)).toEqual({ ok: false, problem: 'noRows' });
    expect(csvToBulkRows([HEADER, HEADER.map(() => ''), []], bulk)).toEqual({ ok: false, problem: 'noRows' });
    expect(csvToBulkRows([], bulk)).toEqual({ ok: false, problem: 'noRows' });
  });

  it('C-EXT-40 errores.txt lists one failing row per line (CRLF)', () => {
    expect(errorFileText(['Error en extensión 301: invalid trunk number', 'Error en extensión 302: extension exists'])).toBe(
      'Error en extensión 301: invalid trunk number\r\nError en extensión 302: extension exists\r\n',
    );
    expect(errorFileText([])).toBe('\r\n');
  });
});

describe('destination options (src/resources/destination-options)', () => {
  const actions: CorpActions = {
    hangup: {},
    ivrs: { 'Main menu': 1 },
    queues: { Sales: 5, Billing: 7 },
    integrations: { CRM: 2 },
    extens: { '1000 Far': '1000', '201 Ana Agent': '201', '30 Short': '30' },
    times: { 'Business hours': 3 },
  };

  it('C-TRK-11 F-CONST-01 one disabled heading per section, in the spec order, then its entries sorted by name', () => {
    expect(destinationOptions(actions, TRUNK_ACTIONS, 2, t)).toEqual([
      { value: 'section:hangup', label: 'destinations.sections.hangup', heading: true },
      { value: 'hangup', label: 'destinations.hangup' },
      { value: 'section:ivrs', label: 'destinations.sections.ivrs', heading: true },
      { value: 'ivr:1', label: 'Main menu' },
      { value: 'section:queues', label: 'destinations.sections.queues', heading: true },
      { value: 'queue:7', label: 'Billing' },
      { value: 'queue:5', label: 'Sales' },
      { value: 'section:integrations', label: 'destinations.sections.integrations', heading: true },
      { value: 'integration:2', label: 'CRM' },
      { value: 'section:extens', label: 'destinations.sections.extens', heading: true },
      { value: 'exten:30', label: '30 Short' },
      { value: 'exten:201', label: '201 Ana Agent' },
      { value: 'exten:1000', label: '1000 Far' },
      { value: 'section:times', label: 'destinations.sections.times', heading: true },
      { value: 'time:3', label: 'Business hours' },
    ]);
  });

  it('C-TRK-11 headings are never values: every heading is disabled and refused by the schema, every entry accepted', () => {
    const options = destinationOptions(actions, TRUNK_ACTIONS, 2, t);
    const schema = destinationSchema(TRUNK_ACTIONS);
    for (const option of options) {
      expect({ value: option.value, accepted: schema.safeParse(option.value).success }).toEqual({ value: option.value, accepted: !option.heading });
    }
  });

  it('time conditions offer no times section; a missing lookup leaves the headings and hang up', () => {
    expect(destinationOptions(actions, TIME_ACTIONS, 2, t).some((o) => o.value === 'section:times' || o.value.startsWith('time:'))).toBe(false);
    expect(destinationOptions(undefined, TRUNK_ACTIONS, 2, t)).toEqual([
      { value: 'section:hangup', label: 'destinations.sections.hangup', heading: true },
      { value: 'hangup', label: 'destinations.hangup' },
      { value: 'section:ivrs', label: 'destinations.sections.ivrs', heading: true },
      { value: 'section:queues', label: 'destinations.sections.queues', heading: true },
      { value: 'section:integrations', label: 'destinations.sections.integrations', heading: true },
      { value: 'section:extens', label: 'destinations.sections.extens', heading: true },
      { value: 'section:times', label: 'destinations.sections.times', heading: true },
    ]);
  });

  it('C-CSD-06 speed dials: the fixed features first, then queues as enqueue / login / logout values of the corp', () => {
    const options = destinationOptions(actions, SPEED_DIAL_ACTIONS, 2, t);
    expect(options.slice(0, FIXED_ACTIONS.length + 1)).toEqual([
      { value: 'section:fixed', label: 'destinations.sections.fixed', heading: true },
      ...FIXED_ACTIONS.map((word) => ({ value: word, label: `destinations.fixed.${word}` })),
    ]);
    const queues = options.slice(options.findIndex((o) => o.value === 'section:queues'));
    expect(queues.slice(0, 7)).toEqual([
      { value: 'section:queues', label: 'destinations.sections.queues', heading: true },
      { value: 'enqueue_2_7', label: 'destinations.queueSpeed.enqueue Billing' },
      { value: 'login_2_7', label: 'destinations.queueSpeed.login Billing' },
      { value: 'logout_2_7', label: 'destinations.queueSpeed.logout Billing' },
      { value: 'enqueue_2_5', label: 'destinations.queueSpeed.enqueue Sales' },
      { value: 'login_2_5', label: 'destinations.queueSpeed.login Sales' },
      { value: 'logout_2_5', label: 'destinations.queueSpeed.logout Sales' },
    ]);
    // no hang up, no times, no plain queue values
    expect(options.some((o) => o.value === 'hangup' || o.value === 'section:times' || o.value.startsWith('queue:'))).toBe(false);
    expect(options.filter((o) => o.heading).map((o) => o.value)).toEqual(['section:fixed', 'section:ivrs', 'section:queues', 'section:integrations', 'section:extens']);
    // without a corp there are no queue values to offer
    const noCorp = destinationOptions(actions, SPEED_DIAL_ACTIONS, null, t);
    expect(noCorp.some((o) => /^(enqueue|login|logout)_/.test(o.value))).toBe(false);
    expect(noCorp.some((o) => o.value === 'section:queues')).toBe(true);
    // a picker with some fixed words offers only those
    expect(destinationOptions(actions, { kinds: [], fixed: ['Pickup', 'VoiceMailMain'] }, 2, t)).toEqual([
      { value: 'section:fixed', label: 'destinations.sections.fixed', heading: true },
      { value: 'VoiceMailMain', label: 'destinations.fixed.VoiceMailMain' },
      { value: 'Pickup', label: 'destinations.fixed.Pickup' },
    ]);
  });

  it('destinationLabel reads each kind by name, or shows what is left when the target is gone', () => {
    expect(destinationLabel(actions, 'hangup', t)).toBe('destinations.hangup');
    expect(destinationLabel(actions, 'Pickup', t)).toBe('destinations.fixed.Pickup');
    expect(destinationLabel(actions, 'login_2_5', t)).toBe('destinations.queueSpeed.login Sales');
    expect(destinationLabel(actions, 'enqueue_2_99', t)).toBe('destinations.queueSpeed.enqueue #99');
    expect(destinationLabel(actions, 'exten:201', t)).toBe('201 Ana Agent');
    expect(destinationLabel(actions, 'exten:555', t)).toBe('555');
    expect(destinationLabel(actions, 'ivr:1', t)).toBe('destinations.kinds.ivr: Main menu');
    expect(destinationLabel(actions, 'queue:7', t)).toBe('destinations.kinds.queue: Billing');
    expect(destinationLabel(actions, 'queue:999', t)).toBe('destinations.kinds.queue: #999');
    expect(destinationLabel(actions, 'integration:2', t)).toBe('destinations.kinds.integration: CRM');
    expect(destinationLabel(actions, 'time:3', t)).toBe('destinations.kinds.time: Business hours');
    expect(destinationLabel(undefined, 'time:3', t)).toBe('destinations.kinds.time: #3');
    expect(destinationLabel(undefined, 'exten:201', t)).toBe('201');
    // junk and empty values
    expect(destinationLabel(actions, 'nowhere', t)).toBe('nowhere');
    expect(destinationLabel(actions, '', t)).toBe('');
    expect(destinationLabel(actions, null, t)).toBe('');
    expect(destinationLabel(actions, 5, t)).toBe('');
  });
});
