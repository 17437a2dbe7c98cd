import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXT_STATUS } from '../../../../domain/realtime';
import {
  CALLERS_PER_PAGE,
  EXTENSIONS_PER_PAGE,
  PANEL_STATUS_TOKENS,
  STATUS_LOOK,
  addableMembers,
  filterCallers,
  filterExtensions,
  isOnline,
  memberAddPayload,
  paginate,
  parseAddress,
  statusLook,
  waitingCallers,
} from '../../../../src/features/panel/panel-logic';
import { colourName, oklchToRgb, SPEC_STATUS_COLOURS } from '../../ui/colour-names';

/** the custom properties of one rule block of a stylesheet */
function cssBlock(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const ext = (number: string, userName: string, status: number) => ({ number, userName, status });
const rows = [ext('201', 'Ana Souza', 3), ext('202', 'José Silva', 0), ext('203', 'Bruno', 2), ext('210', '', 1), ext('211', 'Carla', 5)];

describe('panel logic', () => {
  it('B-PNL-13 B-PNL-14 B-PNL-15 each status has its own colour token and icon (the reading 1 ringing, 2 in use, in both views and the kiosk); unknown codes read as offline', () => {
    // the phone's six states, then the agent's (G-AGS: wrap-up, paused, DND, a pause too long)
    expect(Object.keys(STATUS_LOOK).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const tokens = Object.values(STATUS_LOOK).map((l) => l.token);
    const icons = Object.values(STATUS_LOOK).map((l) => l.icon);
    expect(new Set(tokens).size).toBe(10);
    expect(new Set(icons).size).toBe(10);
    for (const token of tokens) expect(PANEL_STATUS_TOKENS[token]).toMatch(/^oklch\(/);
    // the spec's colour for each state, not any six (issue 24), in the panel's tokens and the kiosk's (dark and light TV)
    const kioskCss = readFileSync(new URL('../../../../kiosk/kiosk.css', import.meta.url), 'utf8');
    const dark = cssBlock(kioskCss, ':root');
    const palettes = { panel: PANEL_STATUS_TOKENS, 'kiosk dark': dark, 'kiosk light': { ...dark, ...cssBlock(kioskCss, ':root.kiosk-light') } };
    for (const [where, palette] of Object.entries(palettes)) {
      const named = SPEC_STATUS_COLOURS.map((_, status) => colourName(oklchToRgb(palette[STATUS_LOOK[status as 0].token])));
      expect(named, where).toEqual(['grey', 'light blue', 'purple', 'green', 'red', 'amber']);
    }
    expect(statusLook(EXT_STATUS.ringing).tone).toBe('ringing');
    expect(statusLook(EXT_STATUS.inUse).tone).toBe('inUse');
    expect(statusLook(EXT_STATUS.onHold).labelKey).toBe('panel.status.onHold');
    expect(statusLook(99).tone).toBe('offline');
  });

  it('B-PNL-13 the colour words the tests use tell the spec\'s six colours apart (and refuse near misses)', () => {
    const css: [string, [number, number, number]][] = [
      ['grey', [128, 128, 128]],
      ['grey', [130, 135, 140]],
      ['light blue', [173, 216, 230]],
      ['light blue', [135, 206, 235]],
      ['purple', [128, 0, 128]],
      ['purple', [138, 43, 226]],
      ['green', [0, 128, 0]],
      ['red', [255, 0, 0]],
      ['amber', [255, 191, 0]],
    ];
    for (const [word, rgb] of css) expect(colourName(rgb), word).toBe(word);
    // navy is no light blue, pink no purple, yellow and dark orange no amber, teal no green, a blue-grey no blue
    for (const rgb of [[0, 0, 128], [255, 105, 180], [255, 255, 0], [255, 120, 0], [0, 128, 128]] as const) expect(colourName(rgb), rgb.join()).toBe('other');
  });

  it('B-PNL-16 online means status not 0', () => {
    expect([0, 1, 2, 3, 4, 5].map(isOnline)).toEqual([false, true, true, true, true, true]);
  });

  it('B-PNL-01 filters all, online and offline', () => {
    expect(filterExtensions(rows, 'all', '')).toHaveLength(5);
    expect(filterExtensions(rows, 'online', '').map((r) => r.number)).toEqual(['201', '203', '210', '211']);
    expect(filterExtensions(rows, 'offline', '').map((r) => r.number)).toEqual(['202']);
  });

  it('B-PNL-02 searches by number or user name, case and accent insensitive', () => {
    expect(filterExtensions(rows, 'all', '21').map((r) => r.number)).toEqual(['210', '211']);
    expect(filterExtensions(rows, 'all', 'jose').map((r) => r.number)).toEqual(['202']);
    expect(filterExtensions(rows, 'all', '  CARLA ').map((r) => r.number)).toEqual(['211']);
    expect(filterExtensions(rows, 'online', 'jose')).toEqual([]);
  });

  it('B-PNL-03 pages of 20, clamped', () => {
    const many = Array.from({ length: 45 }, (_, i) => i);
    expect(EXTENSIONS_PER_PAGE).toBe(20);
    expect(paginate(many, 0, EXTENSIONS_PER_PAGE)).toMatchObject({ page: 0, pageCount: 3, total: 45 });
    expect(paginate(many, 0, 20).items).toHaveLength(20);
    expect(paginate(many, 2, 20).items).toEqual([40, 41, 42, 43, 44]);
    expect(paginate(many, 9, 20).page).toBe(2);
    expect(paginate(many, -3, 20).page).toBe(0);
    expect(paginate([], 0, 20)).toEqual({ items: [], page: 0, pageCount: 1, total: 0 });
  });

  it('B-PNL-07 callers: 2 x 5 per page, search by caller or trunk, longest waiting first', () => {
    expect(CALLERS_PER_PAGE).toBe(10);
    const base = { corpId: 1, queueId: 4, position: 1 };
    const queues = [
      { name: 'Sales', callers: [{ ...base, callId: 'a', caller: '5511999', trunkNumber: '3000', since: 20 }] },
      { name: 'Help', callers: [{ ...base, callId: 'b', caller: '5521888', trunkNumber: '4000', since: 10 }] },
    ];
    const all = waitingCallers(queues);
    expect(all.map((c) => c.queueName)).toEqual(['Sales', 'Help']);
    expect(filterCallers(all, '').map((c) => c.callId)).toEqual(['b', 'a']);
    expect(filterCallers(all, '4000').map((c) => c.callId)).toEqual(['b']);
    expect(filterCallers(all, '5511').map((c) => c.callId)).toEqual(['a']);
  });

  it('B-PNL-09 the member add payload', () => {
    expect(memberAddPayload(7, 12, '237')).toEqual({ membername: '237', _interface: 'PJSIP/7_237', penalty: 1, paused: 0, queue_name: '7_12' });
  });

  it('B-PNL-09 only extensions not yet members can be added, in numeric order', () => {
    expect(addableMembers(['210', '201', '9', '202', '201'], ['202'])).toEqual(['9', '201', '210']);
  });

  it('B-PNL-05 ip:port strings', () => {
    expect(parseAddress('10.0.0.5:5060')).toEqual({ ip: '10.0.0.5', port: '5060' });
    expect(parseAddress('[2001:db8::1]:5061')).toEqual({ ip: '2001:db8::1', port: '5061' });
    expect(parseAddress('10.0.0.5')).toEqual({ ip: '10.0.0.5', port: '' });
  });
});

describe('live queues', async () => {
  const { reduceQueues } = await import('../../../../streams/live-queues');
  const q = { corpId: 1, queueId: 4, name: 'Sales', strategy: 'ringall', members: [], answered: 0, abandoned: 0, answeredWithinSl: 0, serviceLevelSec: 60, wrapupSec: 0, callers: [] };
  const caller = { corpId: 1, queueId: 4, callId: 'c1', caller: '555', trunkNumber: '3000', position: 1, since: 5 };

  it('B-PNL-19 B-PNL-25 AllQueues, CallerInQueue and deleteCaller; other corps ignored', () => {
    let s = reduceQueues([], { name: 'AllQueues', payload: { corpId: 1, queues: [q], ts: 1 } }, 1);
    expect(s).toHaveLength(1);
    s = reduceQueues(s, { name: 'CallerInQueue', payload: { ...caller, ts: 2 } }, 1);
    s = reduceQueues(s, { name: 'CallerInQueue', payload: { ...caller, position: 2, ts: 3 } }, 1);
    expect(s[0].callers).toEqual([{ ...caller, position: 2 }]);
    expect(reduceQueues(s, { name: 'AllQueues', payload: { corpId: 2, queues: [], ts: 4 } }, 1)).toBe(s);
    s = reduceQueues(s, { name: 'deleteCaller', payload: { corpId: 1, queueId: 4, callId: 'c1', reason: 'answered', waitedMs: 9, ts: 5 } }, 1);
    expect(s[0].callers).toEqual([]);
  });
});
