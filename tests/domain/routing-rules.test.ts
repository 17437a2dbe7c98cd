import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_DESTINATION_GROUPS,
  destinationGroupSchema,
  destinationSchema,
  DIAL_PATTERN,
  FIXED_ACTIONS,
  firstOverlap,
  followSchema,
  joinDays,
  daysOf,
  parseDestination,
  PERMITS,
  pickerAllows,
  rangesOverlap,
  RESTRICTION_PATTERN,
  RESTRICTION_TYPES,
  restrictionCorpSchema,
  restrictionExtenSchema,
  SIP_PATTERN,
  sipRouteSchema,
  sipServerSchema,
  SPEED_DIAL_ACTIONS,
  speedDialCorpSchema,
  speedDialExtenSchema,
  TIME_ACTIONS,
  timeConditionSchema,
  timeExtenSchema,
  TRUNK_ACTIONS,
  trunkResource,
  trunkSchema,
  type DestinationPicker,
  type Level,
  type ParsedDestination,
  type SchemaContext,
  RESOURCES,
} from '../../domain';

/** 'path:key' of each issue (parameters cut off), or [] when the value parses */
function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message.split('|')[0]}`);
}
function out<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
}
const ctxOf = (level: Level): SchemaContext => ({ mode: 'create', actor: { id: 1, level, corpId: 2 } });

describe('time options (domain/time-options)', () => {
  it('C-TC-11 daysOf reads dashed, comma and list values in week order, each day once, unknown words dropped', () => {
    expect(daysOf('Mon-Tue')).toEqual(['Mon', 'Tue']);
    expect(daysOf('Tue, Mon')).toEqual(['Mon', 'Tue']);
    expect(daysOf('Sun Sat,Fri-Thu')).toEqual(['Thu', 'Fri', 'Sat', 'Sun']);
    expect(daysOf(['Sun', 'Mon', 'Mon', ' Wed '])).toEqual(['Mon', 'Wed', 'Sun']);
    expect(daysOf('Mon-Funday-mon-MON')).toEqual(['Mon']);
    expect(daysOf('')).toEqual([]);
    expect(daysOf([])).toEqual([]);
  });

  it('C-TC-11 joinDays gives the stored form: week order joined by dashes', () => {
    expect(joinDays(['Sun', 'Mon', 'Mon'])).toBe('Mon-Sun');
    expect(joinDays(['Fri', 'Wed', 'Mon', 'Tue', 'Thu', 'Sat', 'Sun'])).toBe('Mon-Tue-Wed-Thu-Fri-Sat-Sun');
    expect(joinDays(['Nope'])).toBe('');
  });

  it('C-TC-05 rangesOverlap: a shared day and intersecting hours; touching ranges do not overlap', () => {
    const monTue = { from: '08:00', to: '12:00', days: 'Mon-Tue' };
    expect(rangesOverlap(monTue, { from: '11:00', to: '13:00', days: ['Tue'] })).toBe(true);
    expect(rangesOverlap(monTue, { from: '09:00', to: '10:00', days: 'Mon' })).toBe(true);
    expect(rangesOverlap(monTue, { from: '07:00', to: '19:00', days: 'Mon' })).toBe(true);
    expect(rangesOverlap(monTue, { from: '08:00', to: '12:00', days: 'Tue' })).toBe(true);
    // touching at 12:00 either way
    expect(rangesOverlap(monTue, { from: '12:00', to: '18:00', days: 'Mon-Tue' })).toBe(false);
    expect(rangesOverlap({ from: '12:00', to: '18:00', days: 'Mon' }, monTue)).toBe(false);
    // the same hours on other days
    expect(rangesOverlap(monTue, { from: '08:00', to: '12:00', days: ['Wed', 'Sun'] })).toBe(false);
    // one minute of overlap counts
    expect(rangesOverlap(monTue, { from: '11:59', to: '12:30', days: 'Mon' })).toBe(true);
  });

  it('C-TC-05 firstOverlap names the first option that overlaps an earlier one, or -1', () => {
    expect(firstOverlap([])).toBe(-1);
    expect(firstOverlap([{ from: '08:00', to: '12:00', days: 'Mon' }])).toBe(-1);
    const list = [
      { from: '08:00', to: '12:00', days: 'Mon' },
      { from: '12:00', to: '18:00', days: 'Mon' },
      { from: '08:00', to: '12:00', days: 'Tue' },
      { from: '17:00', to: '19:00', days: 'Mon-Wed' },
      { from: '09:00', to: '10:00', days: 'Tue' },
    ];
    expect(firstOverlap(list)).toBe(3);
    expect(firstOverlap(list.slice(0, 3))).toBe(-1);
    expect(firstOverlap([list[0], list[2], list[4]])).toBe(2);
  });

  it('C-TC-05 C-TC-06 C-TC-09 C-TC-11 the time condition schema: days stored dashed, to after from, one option at least, none overlapping', () => {
    const option = { from: '08:00', to: '12:00', days: ['Tue', 'Mon'], action: 'hangup' };
    const body = (options: unknown) => ({ name: 'Hours', default: 'hangup', options });
    expect(out(timeConditionSchema, body([option]))).toEqual({ name: 'Hours', default: 'hangup', options: [{ ...option, days: 'Mon-Tue' }], idsTOtoDelete: [] });
    expect(out(timeConditionSchema, body([{ ...option, id: '7' }])).options[0].id).toBe(7);
    expect(issuesOf(timeConditionSchema, body([]))).toEqual(['options:validation.oneOptionMin']);
    expect(issuesOf(timeConditionSchema, body([option, { ...option, from: '11:00', to: '13:00', days: 'Mon' }]))).toEqual(['options.1:validation.timeOverlap']);
    expect(issuesOf(timeConditionSchema, body([option, { ...option, from: '12:00', to: '13:00' }]))).toEqual([]);
    expect(issuesOf(timeConditionSchema, body([{ ...option, to: '08:00' }]))).toEqual(['options.0.to:validation.toAfterFrom']);
    expect(issuesOf(timeConditionSchema, body([{ ...option, days: 'Mo' }]))).toEqual(['options.0.days:validation.daysRequired']);
    // the extension variant has no action and a deletedOptionIds list
    expect(out(timeExtenSchema, { name: 'Desk', options: [{ from: '08:00', to: '09:00', days: 'Fri, Mon', action: 'hangup' }], deletedOptionIds: ['3'] })).toEqual({
      name: 'Desk',
      options: [{ from: '08:00', to: '09:00', days: 'Mon-Fri' }],
      deletedOptionIds: [3],
    });
  });
});

describe('destinations (domain/destinations)', () => {
  it('F-CONST-01 C-CSD-06 parseDestination reads every stored shape', () => {
    const cases: [string, ParsedDestination][] = [
      ['hangup', { kind: 'hangup' }],
      ['ivr:1', { kind: 'ivr', id: 1 }],
      ['queue:12', { kind: 'queue', id: 12 }],
      ['integration:3', { kind: 'integration', id: 3 }],
      ['time:4', { kind: 'time', id: 4 }],
      ['exten:201', { kind: 'exten', number: '201' }],
      ['exten:0201', { kind: 'exten', number: '0201' }],
      ['enqueue_2_5', { kind: 'queueSpeed', action: 'enqueue', corpId: 2, queueId: 5 }],
      ['login_2_5', { kind: 'queueSpeed', action: 'login', corpId: 2, queueId: 5 }],
      ['logout_10_200', { kind: 'queueSpeed', action: 'logout', corpId: 10, queueId: 200 }],
    ];
    for (const [value, parsed] of cases) expect(parseDestination(value)).toEqual(parsed);
    for (const word of FIXED_ACTIONS) expect(parseDestination(word)).toEqual({ kind: 'fixed', word });
    expect(FIXED_ACTIONS).toEqual(['VoiceMailMain', 'MeetMe', 'Pickup', 'ChanSpy', 'Whisper', 'Reminder', 'Forward', 'DND']);
  });

  it('parseDestination answers null for junk', () => {
    const junk = [
      '',
      ' hangup',
      'Hangup',
      'section:queues',
      'section:hangup',
      'queue:',
      'queue:0',
      'queue:01',
      'queue:-1',
      'queue:1.5',
      'queue:abc',
      'queue:12345678901',
      'Queue:1',
      'ivr:1:2',
      'exten:',
      'exten:20a',
      'exten:12345678901',
      'enqueue_0_5',
      'enqueue_2',
      'enqueue_2_5_7',
      'dequeue_2_5',
      'voicemailmain',
      'time:1 ',
    ];
    for (const value of junk) expect({ value, parsed: parseDestination(value) }).toEqual({ value, parsed: null });
  });

  it('C-TRK-11 C-CSD-06 pickerAllows: only the kinds a picker offers; queues as speed values only where the picker says so', () => {
    const parse = (v: string) => parseDestination(v)!;
    const allows = (picker: DestinationPicker, v: string) => pickerAllows(picker, parse(v));
    // trunks: every kind, time conditions included, no fixed words, no queue speed values
    for (const v of ['hangup', 'ivr:1', 'queue:1', 'integration:1', 'exten:201', 'time:1']) expect(allows(TRUNK_ACTIONS, v)).toBe(true);
    expect(allows(TRUNK_ACTIONS, 'VoiceMailMain')).toBe(false);
    expect(allows(TRUNK_ACTIONS, 'enqueue_2_5')).toBe(false);
    // time conditions never send to a time condition
    expect(allows(TIME_ACTIONS, 'time:1')).toBe(false);
    expect(allows(TIME_ACTIONS, 'queue:1')).toBe(true);
    // speed dials: fixed words and queue values, never a plain queue, never hang up
    for (const v of [...FIXED_ACTIONS, 'enqueue_2_5', 'login_2_5', 'logout_2_5', 'ivr:1', 'integration:1', 'exten:201']) expect(allows(SPEED_DIAL_ACTIONS, v)).toBe(true);
    expect(allows(SPEED_DIAL_ACTIONS, 'queue:1')).toBe(false);
    expect(allows(SPEED_DIAL_ACTIONS, 'hangup')).toBe(false);
    expect(allows(SPEED_DIAL_ACTIONS, 'time:1')).toBe(false);
    // a picker offering only some fixed words
    expect(allows({ kinds: [], fixed: ['Pickup'] }, 'Pickup')).toBe(true);
    expect(allows({ kinds: [], fixed: ['Pickup'] }, 'MeetMe')).toBe(false);
  });

  it('C-TRK-11 destinationSchema refuses section headings and junk, requires a value and trims it', () => {
    const schema = destinationSchema(TRUNK_ACTIONS);
    expect(issuesOf(schema, 'section:queues')).toEqual([':validation.option']);
    expect(issuesOf(schema, 'section:times')).toEqual([':validation.option']);
    expect(issuesOf(schema, 'nowhere')).toEqual([':validation.option']);
    expect(issuesOf(schema, undefined)).toEqual([':validation.required']);
    expect(issuesOf(schema, null)).toEqual([':validation.required']);
    expect(issuesOf(schema, '')[0]).toBe(':validation.required');
    expect(issuesOf(schema, 5)).toEqual([':validation.required']);
    expect(out(schema, '  time:3  ')).toBe('time:3');
    expect(issuesOf(destinationSchema(TIME_ACTIONS), 'time:3')).toEqual([':validation.option']);
  });
});

describe('trunks (C-TRK)', () => {
  const base = { number: '551130001000', serverId: 1, action: 'hangup' };

  it('C-TRK-06 registration off clears the outbound authentication (schema transform and dialog toggle)', () => {
    expect(out(trunkSchema, { ...base, registerTrunk: false, outboundAuthRegister: true, outboundAuth: '999' })).toMatchObject({ registerTrunk: false, outboundAuthRegister: false, outboundAuth: '' });
    expect(out(trunkSchema, { ...base, registerTrunk: 0, outboundAuthRegister: 1, outboundAuth: '999' })).toMatchObject({ outboundAuthRegister: false, outboundAuth: '' });
    const toggle = trunkResource.fields.find((f) => f.name === 'registerTrunk')!.onChange!;
    expect(toggle(false, { outboundAuthRegister: true, outboundAuth: '999' })).toEqual({ outboundAuthRegister: false, outboundAuth: '' });
    expect(toggle(true, { outboundAuthRegister: false, outboundAuth: '' })).toEqual({});
  });

  it('C-TRK-07 outbound authentication on with an empty value takes the trunk number; off empties it', () => {
    const registered = { ...base, registerTrunk: true, pass: 'secret' };
    expect(out(trunkSchema, { ...registered, outboundAuthRegister: true, outboundAuth: '' })).toMatchObject({ outboundAuthRegister: true, outboundAuth: '551130001000' });
    expect(out(trunkSchema, { ...registered, outboundAuthRegister: true, outboundAuth: 'custom' })).toMatchObject({ outboundAuth: 'custom' });
    expect(out(trunkSchema, { ...registered, outboundAuthRegister: false, outboundAuth: 'custom' })).toMatchObject({ outboundAuthRegister: false, outboundAuth: '' });
    const toggle = trunkResource.fields.find((f) => f.name === 'outboundAuthRegister')!.onChange!;
    expect(toggle(true, { number: '551130001000', outboundAuth: '' })).toEqual({ outboundAuth: '551130001000' });
    expect(toggle(true, { number: '551130001000', outboundAuth: 'custom' })).toEqual({});
    expect(toggle(false, { number: '551130001000', outboundAuth: 'custom' })).toEqual({ outboundAuth: '' });
  });

  it('C-TRK-08 from domain off empties the domain; on requires one (a host name)', () => {
    expect(out(trunkSchema, { ...base, fromDomainRegister: false, fromDomain: 'sip.example.com' })).toMatchObject({ fromDomain: '' });
    expect(out(trunkSchema, { ...base, fromDomainRegister: true, fromDomain: 'sip.example.com' })).toMatchObject({ fromDomainRegister: true, fromDomain: 'sip.example.com' });
    expect(issuesOf(trunkSchema, { ...base, fromDomainRegister: true, fromDomain: '' })).toEqual(['fromDomain:validation.required']);
    expect(issuesOf(trunkSchema, { ...base, fromDomainRegister: true, fromDomain: 'sip example' })).toEqual(['fromDomain:validation.host']);
    const toggle = trunkResource.fields.find((f) => f.name === 'fromDomainRegister')!.onChange!;
    expect(toggle(false, { fromDomain: 'sip.example.com' })).toEqual({ fromDomain: '' });
    expect(toggle(true, { fromDomain: '' })).toEqual({});
  });

  it('C-TRK-09 the number is digits only and required', () => {
    expect(issuesOf(trunkSchema, { ...base, number: '+551130001000' })).toEqual(['number:validation.digits']);
    expect(issuesOf(trunkSchema, { ...base, number: '5511 3000' })).toEqual(['number:validation.digits']);
    expect(issuesOf(trunkSchema, { ...base, number: '55a' })).toEqual(['number:validation.digits']);
    // (an empty value also fails the character rule; the first issue is what the form shows)
    expect(issuesOf(trunkSchema, { ...base, number: '' })[0]).toBe('number:validation.required');
    expect(issuesOf(trunkSchema, { serverId: 1, action: 'hangup' })).toEqual(['number:validation.required']);
    expect(out(trunkSchema, { ...base, number: ' 0800 ' }).number).toBe('0800');
  });

  it('C-TRK-10 the password is required when registering and uses the extension password characters', () => {
    expect(issuesOf(trunkSchema, { ...base, registerTrunk: true, pass: '' })).toEqual(['pass:validation.required']);
    expect(issuesOf(trunkSchema, { ...base, registerTrunk: true })).toEqual(['pass:validation.required']);
    expect(issuesOf(trunkSchema, { ...base, registerTrunk: true, pass: 'bad/pass' })).toEqual(['pass:validation.extPassword']);
    expect(issuesOf(trunkSchema, { ...base, registerTrunk: false, pass: 'bad#pass' })).toEqual(['pass:validation.extPassword']);
    expect(out(trunkSchema, { ...base, registerTrunk: true, pass: 'Ok_pass+*.@ -1' }).pass).toBe('Ok_pass+*.@ -1');
    expect(out(trunkSchema, { ...base, registerTrunk: false }).pass).toBe('');
  });

  it('C-TRK-11 the action is a destination, never a section heading; the server is required', () => {
    expect(issuesOf(trunkSchema, { ...base, action: 'section:ivrs' })).toEqual(['action:validation.option']);
    expect(issuesOf(trunkSchema, { ...base, action: 'time:2' })).toEqual([]);
    expect(issuesOf(trunkSchema, { ...base, serverId: '' })).toEqual(['serverId:validation.required']);
  });
});

describe('SIP routes (C-SIP) and servers (C-SRV)', () => {
  const route = { corpId: 2, trunkId: 1, pattern: '0.T', translation: '0.T' };

  it('C-SIP-05 the pattern is digits and dots followed by a final T', () => {
    for (const ok of ['0.T', '9.T', '0800T', '55.11.T', '.T']) expect({ ok, issues: issuesOf(sipRouteSchema, { ...route, pattern: ok }) }).toEqual({ ok, issues: [] });
    for (const bad of ['T', '0.', '0.TT', '0X.T', 't', '0.t', '0 T', 'T0']) {
      expect({ bad, issues: issuesOf(sipRouteSchema, { ...route, pattern: bad }) }).toEqual({ bad, issues: ['pattern:validation.sipPattern'] });
    }
    expect(issuesOf(sipRouteSchema, { ...route, pattern: '' })[0]).toBe('pattern:validation.required');
    expect(SIP_PATTERN.test('0.T')).toBe(true);
  });

  it('C-SIP-06 the translation follows the same rule', () => {
    expect(issuesOf(sipRouteSchema, { ...route, translation: '0X.T' })).toEqual(['translation:validation.sipPattern']);
    expect(issuesOf(sipRouteSchema, { ...route, translation: '021.T' })).toEqual([]);
    expect(issuesOf(sipRouteSchema, { ...route, translation: '' })[0]).toBe('translation:validation.required');
  });

  it('C-SIP-04 C-SIP-07 company and trunk required, comment at most 50 characters', () => {
    expect(issuesOf(sipRouteSchema, { pattern: '0.T', translation: '0.T' })).toEqual(['corpId:validation.required', 'trunkId:validation.required']);
    expect(issuesOf(sipRouteSchema, { ...route, comment: 'x'.repeat(51) })).toEqual(['comment:validation.maxLength']);
    expect(out(sipRouteSchema, { ...route, comment: 'x'.repeat(50) }).comment).toHaveLength(50);
  });

  it('C-SRV-04 the port is an integer from 10 to below 100000000 (default 5060)', () => {
    const server = { name: 'Carrier 1', ip: 'sip.example.com' };
    expect(out(sipServerSchema, server).port).toBe(5060);
    for (const ok of [10, '10', 5060, 99_999_999]) expect({ ok, issues: issuesOf(sipServerSchema, { ...server, port: ok }) }).toEqual({ ok, issues: [] });
    expect(issuesOf(sipServerSchema, { ...server, port: 9 })).toEqual(['port:validation.range']);
    expect(issuesOf(sipServerSchema, { ...server, port: 100_000_000 })).toEqual(['port:validation.range']);
    expect(issuesOf(sipServerSchema, { ...server, port: 5060.5 })).toEqual(['port:validation.integer']);
    expect(issuesOf(sipServerSchema, { ...server, port: 'abc' })).toEqual(['port:validation.number']);
    // C-SRV-03 C-SRV-05
    expect(issuesOf(sipServerSchema, { ...server, name: 'Carrier-1' })).toEqual(['name:validation.letterDigitSpace']);
    expect(issuesOf(sipServerSchema, { ...server, ip: '' })[0]).toBe('ip:validation.required');
    expect(issuesOf(sipServerSchema, { ...server, ip: '10.0.0 .1' })).toEqual(['ip:validation.host']);
  });
});

describe('speed dials (C-CSD, C-ESD) and follow-me (C-FOL)', () => {
  it('C-CSD-03 a company speed dial number is required, 10 to 99', () => {
    const ok = { action: 'VoiceMailMain' };
    for (const n of [10, '55', 99]) expect(issuesOf(speedDialCorpSchema, { ...ok, number: n })).toEqual([]);
    for (const n of [9, 100, -10]) expect(issuesOf(speedDialCorpSchema, { ...ok, number: n })).toEqual(['number:validation.range']);
    expect(issuesOf(speedDialCorpSchema, { ...ok, number: 10.5 })).toEqual(['number:validation.integer']);
    expect(issuesOf(speedDialCorpSchema, ok)).toHaveLength(1);
    expect(issuesOf(speedDialCorpSchema, ok)[0]).toMatch(/^number:/);
    expect(issuesOf(speedDialCorpSchema, { ...ok, number: '' })[0]).toMatch(/^number:/);
    expect(out(speedDialCorpSchema, { ...ok, number: '42' }).number).toBe(42);
  });

  it('C-CSD-04 C-CSD-06 the action is required: fixed words, queue values enqueue/login/logout, IVR, integration or extension', () => {
    for (const action of [...FIXED_ACTIONS, 'enqueue_2_5', 'login_2_5', 'logout_2_5', 'ivr:1', 'integration:1', 'exten:201']) {
      expect({ action, issues: issuesOf(speedDialCorpSchema, { number: 10, action }) }).toEqual({ action, issues: [] });
    }
    for (const action of ['queue:5', 'hangup', 'time:1', 'section:queues', 'voicemailmain']) {
      expect({ action, issues: issuesOf(speedDialCorpSchema, { number: 10, action }) }).toEqual({ action, issues: ['action:validation.option'] });
    }
    expect(issuesOf(speedDialCorpSchema, { number: 10 })).toEqual(['action:validation.required']);
  });

  it('C-ESD-04 an extension speed dial number is required, 1 to 9', () => {
    const ok = { extenId: 3, action: 'exten:202' };
    for (const n of [1, '5', 9]) expect(issuesOf(speedDialExtenSchema, { ...ok, number: n })).toEqual([]);
    for (const n of [0, 10]) expect(issuesOf(speedDialExtenSchema, { ...ok, number: n })).toEqual(['number:validation.range']);
    expect(issuesOf(speedDialExtenSchema, ok)[0]).toMatch(/^number:/);
    expect(issuesOf(speedDialExtenSchema, { number: 1, action: 'exten:202' })).toEqual(['extenId:validation.required']);
  });

  it('C-ESD-05 an extension speed dial action is at most 20 characters', () => {
    const base = { extenId: 3, number: 1 };
    const twenty = 'enqueue_1234_1234567';
    const longer = 'enqueue_12345_1234567';
    expect(twenty).toHaveLength(20);
    expect(issuesOf(speedDialExtenSchema, { ...base, action: twenty })).toEqual([]);
    expect(issuesOf(speedDialExtenSchema, { ...base, action: longer })).toEqual(['action:validation.option']);
    expect(issuesOf(speedDialExtenSchema, { ...base, action: 'integration:123456789' })).toEqual(['action:validation.option']);
    // the company speed dial has no such limit
    expect(issuesOf(speedDialCorpSchema, { number: 10, action: longer })).toEqual([]);
  });

  it('C-FOL-04 C-FOL-05 follow-me order 0 to 10, timeout 0 to 99; number digits; all required', () => {
    const ok = { entityId: 3, number: '5511987650201', order: 0, timeout: 0 };
    expect(issuesOf(followSchema, ok)).toEqual([]);
    expect(issuesOf(followSchema, { ...ok, order: 10, timeout: 99 })).toEqual([]);
    expect(issuesOf(followSchema, { ...ok, order: '7', timeout: '30' })).toEqual([]);
    expect(issuesOf(followSchema, { ...ok, order: 11 })).toEqual(['order:validation.range']);
    expect(issuesOf(followSchema, { ...ok, order: -1 })).toEqual(['order:validation.range']);
    expect(issuesOf(followSchema, { ...ok, timeout: 100 })).toEqual(['timeout:validation.range']);
    expect(issuesOf(followSchema, { ...ok, timeout: -1 })).toEqual(['timeout:validation.range']);
    expect(issuesOf(followSchema, { ...ok, number: '55-11' })).toEqual(['number:validation.digits']);
    expect(issuesOf(followSchema, { ...ok, number: '' })[0]).toBe('number:validation.required');
    expect(issuesOf(followSchema, { number: '202', order: 1, timeout: 20 })).toEqual(['entityId:validation.required']);
  });
});

describe('restrictions (C-ERS, F-CONST-02/03) and destination groups (C-DG)', () => {
  const rule = { extenId: 3, destType: 3, pattern: '0900T', permit: 0 };

  it('F-CONST-02 F-CONST-03 destination types 1-4 with their stored words; permits 0, 1, 2', () => {
    expect(RESTRICTION_TYPES).toEqual({ 1: 'VoiceMailMain', 2: 'MeetMe', 3: 'Pattern', 4: 'DestinationGroup' });
    expect(PERMITS).toEqual([0, 1, 2]);
    expect(issuesOf(restrictionExtenSchema, { ...rule, destType: 5 })).toEqual(['destType:validation.option']);
    expect(issuesOf(restrictionExtenSchema, { ...rule, permit: 3 })).toEqual(['permit:validation.option']);
  });

  it('C-ERS-04 F-CONST-02 the stored pattern is the type word except for a free pattern; the group only with type 4; the pin only with permit 2', () => {
    expect(out(restrictionExtenSchema, { ...rule, destType: 1, pattern: '123', groupId: 4 })).toMatchObject({ destType: 1, pattern: 'VoiceMailMain', groupId: null });
    expect(out(restrictionExtenSchema, { ...rule, destType: '2' })).toMatchObject({ destType: 2, pattern: 'MeetMe', groupId: null });
    expect(out(restrictionExtenSchema, { ...rule, destType: 4, groupId: 7 })).toMatchObject({ pattern: 'DestinationGroup', groupId: 7 });
    expect(out(restrictionExtenSchema, { ...rule, groupId: 7 })).toMatchObject({ destType: 3, pattern: '0900T', groupId: null });
    expect(issuesOf(restrictionExtenSchema, { ...rule, destType: 4 })).toEqual(['groupId:validation.required']);
    expect(out(restrictionExtenSchema, { ...rule, permit: 1, pin: '1234' })).toMatchObject({ permit: 1, pin: '' });
    expect(out(restrictionExtenSchema, { ...rule, permit: 2, pin: '1234' })).toMatchObject({ permit: 2, pin: '1234' });
  });

  it('C-ERS-05 a free pattern is required: digits, ending in digits optionally followed by one T', () => {
    expect(issuesOf(restrictionExtenSchema, { ...rule, pattern: '' })).toEqual(['pattern:validation.required']);
    expect(issuesOf(restrictionExtenSchema, { ...rule, pattern: undefined })).toEqual(['pattern:validation.required']);
    for (const ok of ['0900T', '0900', '5511999990000', '0T']) expect({ ok, issues: issuesOf(restrictionExtenSchema, { ...rule, pattern: ok }) }).toEqual({ ok, issues: [] });
    for (const bad of ['T', '0900TT', 'TT', '09a0', '0900t', '+55', '0.T', '0X']) {
      expect({ bad, issues: issuesOf(restrictionExtenSchema, { ...rule, pattern: bad }) }).toEqual({ bad, issues: ['pattern:validation.restrictionPattern'] });
    }
    expect(RESTRICTION_PATTERN.test('0900T')).toBe(true);
  });

  it('C-ERS-06 a pin is required when permit is 2 (digits)', () => {
    expect(issuesOf(restrictionExtenSchema, { ...rule, permit: 2 })).toEqual(['pin:validation.required']);
    expect(issuesOf(restrictionExtenSchema, { ...rule, permit: 2, pin: '' })).toEqual(['pin:validation.required']);
    expect(issuesOf(restrictionExtenSchema, { ...rule, permit: 2, pin: '12ab' })).toEqual(['pin:validation.pin']);
    expect(issuesOf(restrictionExtenSchema, { ...rule, permit: 1 })).toEqual([]);
  });

  it('C-ERS-04..06 the corporate form has the same rule; a supervisor picks a corp or every corp, others stay in theirs', () => {
    const corpRule = { destType: 3, pattern: '0900T', permit: 2, pin: '' };
    const supervisor = restrictionCorpSchema(ctxOf(1));
    const admin = restrictionCorpSchema(ctxOf(3));
    expect(issuesOf(supervisor, corpRule)).toEqual(['pin:validation.required', 'corpId:validation.required']);
    expect(issuesOf(admin, { ...corpRule, pin: '12' })).toEqual([]);
    expect(issuesOf(admin, { ...corpRule, pattern: '09T9', pin: '12' })).toEqual(['pattern:validation.restrictionPattern']);
    expect(out(supervisor, { ...corpRule, pin: '12', allCorps: true, corpId: 5 })).toMatchObject({ allCorps: true, corpId: null });
    expect(out(admin, { ...corpRule, pin: '12', allCorps: true, corpId: 5 })).toMatchObject({ allCorps: false, corpId: 5 });
  });

  it('C-DG-01 C-DG-03 destination group patterns are dialplan patterns (upper-cased, each once, at least one)', () => {
    expect(out(destinationGroupSchema, { name: 'Mobiles', patterns: ['_9xxxxxxxx', '_9XXXXXXXX', ' _0XX9XXXXXXXX '] })).toEqual({ name: 'Mobiles', patterns: ['_9XXXXXXXX', '_0XX9XXXXXXXX'] });
    for (const ok of ['_90XX.', '_[2-5]XXXXXXX', '1XX', '_X.', '_0800XXXXXXX', '*21', '_NXX!']) expect({ ok, issues: issuesOf(destinationGroupSchema, { name: 'G', patterns: [ok] }) }).toEqual({ ok, issues: [] });
    for (const bad of ['', 'abc', '_', '_9X X', '_[2-5', '_90..', '.9']) {
      expect({ bad, issues: issuesOf(destinationGroupSchema, { name: 'G', patterns: [bad] }) }).toEqual({ bad, issues: ['patterns.0:validation.dialPattern'] });
    }
    expect(issuesOf(destinationGroupSchema, { name: 'G', patterns: [] })).toEqual(['patterns:validation.onePatternMin']);
    expect(issuesOf(destinationGroupSchema, { name: 'G-1', patterns: ['_X.'] })).toEqual(['name:validation.letterDigitSpace']);
    for (const group of DEFAULT_DESTINATION_GROUPS) for (const p of group.patterns) expect(DIAL_PATTERN.test(p)).toBe(true);
    expect(DEFAULT_DESTINATION_GROUPS.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Collect call', 'Special', 'International', 'Internal', 'Local landline', 'Local mobile', 'National landline', 'National mobile']),
    );
  });
});

describe('dialog fields of the routing and rules resources (the definitions the generic dialog renders)', () => {
  const names = (definition: { fields: readonly { name: string }[] }) => definition.fields.map((f) => f.name);

  it('C-CSD-02 the company speed dial dialog has number and action (a destinations picker)', () => {
    expect(names(RESOURCES.speedDialCorp)).toEqual(['number', 'action']);
    expect(RESOURCES.speedDialCorp.fields[1]).toMatchObject({ kind: 'destination' });
  });

  it('C-ESD-03 the extension speed dial dialog has number and action; the extension comes from the route', () => {
    expect(names(RESOURCES.speedDialExten)).toEqual(['number', 'action']);
    expect(RESOURCES.speedDialExten.parent).toMatchObject({ resource: 'extension', field: 'extenId' });
  });

  it('C-ERS-03 the extension restriction dialog has destination type, pattern or destination group, permit and pin', () => {
    expect(names(RESOURCES.restrictionExten)).toEqual(['destType', 'pattern', 'groupId', 'permit', 'pin']);
  });

  it('C-FOL-11 follow-me lives under an extension (route configuration/extension/follow) with the follow view, read-only for level 4', () => {
    expect(RESOURCES.follow.nav?.route).toBe('configuration/extension/follow');
    expect(RESOURCES.follow.parent?.resource).toBe('extension');
    expect(RESOURCES.follow.view).toBe('follow');
  });
});
