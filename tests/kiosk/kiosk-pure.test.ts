/**
 * The kiosk's pure pieces: URL, privacy mask, burn-in walk, timer painter, agents overview and paging,
 * queue threshold levels (with the chime's "entered critical"), caller rows, version check, trend days.
 */
import { describe, expect, it } from 'vitest';
import { AGENT_STATUS, DEFAULT_KIOSK_THRESHOLDS, EXT_STATUS, NO_AGENT_STATE, type AgentState, type ExtStatus, type ShownStatus } from '../../domain';
import { agentsOverview, pageAt } from '../../kiosk/boards/agents-overview';
import { callerRows } from '../../kiosk/boards/callers-board';
import { INITIAL_QUEUE_LEVELS, stepQueueLevels, worst } from '../../kiosk/boards/queue-levels';
import { queueColumns } from '../../kiosk/boards/queues-board';
import { bucketLabel } from '../../kiosk/boards/trend-board';
import { BURN_IN_MAX_PX, BURN_IN_PERIOD_MS, burnInOffset } from '../../kiosk/chrome/burn-in';
import { isNewBuild } from '../../kiosk/chrome/version-watch';
import { formatPct, maskParty } from '../../kiosk/format';
import { isKioskPath, kioskUrl, parseKioskUrl } from '../../kiosk/kiosk-url';
import { createTimerPainter } from '../../kiosk/live/timer-painter';
import type { QueueStats } from '../../streams/queue-stats';
import { queueStatsRow } from '../streams/fixtures';

describe('kiosk URL', () => {
  it('reads corp, screen, key and the optional settings', () => {
    expect(parseKioskUrl('/kiosk/acme/12', '?key=abc&pin=queues&lang=es&theme=light&chime=1&bench=1')).toEqual({
      corp: 'acme',
      screen: '12',
      key: 'abc',
      pin: 'queues',
      lang: 'es',
      theme: 'light',
      chime: true,
      bench: true,
    });
  });
  it('defaults: dark, no pin (an unknown board is ignored), no chime; no key means the signed-in user', () => {
    const url = parseKioskUrl('/kiosk/acme/Floor%201', '?pin=weather');
    expect(url).toMatchObject({ screen: 'Floor 1', key: null, pin: null, theme: 'dark', chime: false, bench: false });
  });
  it('is null without a corp or a screen, and for other paths', () => {
    expect(parseKioskUrl('/kiosk/acme', '?key=a')).toBeNull();
    expect(parseKioskUrl('/acme/en/home', '?key=a')).toBeNull();
    expect(isKioskPath('/kiosk/acme/1')).toBe(true);
    expect(isKioskPath('/kioskx')).toBe(false);
  });
  it('builds the TV URL with its key, and the watch URL without', () => {
    expect(kioskUrl('https://pbx.example/', 'acme', 7, 'a+b/c')).toBe('https://pbx.example/kiosk/acme/7?key=a%2Bb%2Fc');
    expect(kioskUrl('', 'acme', 7)).toBe('/kiosk/acme/7');
    const round = new URL(kioskUrl('http://x', 'acme', 7, 'k_-9'));
    expect(parseKioskUrl(round.pathname, round.search)?.key).toBe('k_-9');
  });
});

describe('privacy mask', () => {
  it('keeps extension numbers and the last 3 digits of longer numbers when privacy is on', () => {
    expect(maskParty('5511987654321', true)).toBe('••••••321');
    expect(maskParty('123456', true)).toBe('•••456');
    expect(maskParty('238', true)).toBe('238');
    expect(maskParty('5511987654321', false)).toBe('5511987654321');
    expect(maskParty(null, true)).toBe('');
  });
  it('formats a percentage or a dash', () => {
    expect(formatPct(null)).toBe('—');
    expect(formatPct(87.25)).toBe('87.3%');
  });
});

describe('burn-in walk', () => {
  it('moves one pixel per period around a square, never more than the maximum, and comes back', () => {
    const seen = new Set<string>();
    const side = 2 * BURN_IN_MAX_PX;
    for (let step = 0; step < 4 * side; step++) {
      const { x, y } = burnInOffset(step * BURN_IN_PERIOD_MS);
      expect(Math.max(Math.abs(x), Math.abs(y))).toBe(BURN_IN_MAX_PX);
      if (step > 0) {
        const prev = burnInOffset((step - 1) * BURN_IN_PERIOD_MS);
        expect(Math.abs(prev.x - x) + Math.abs(prev.y - y)).toBe(1);
      }
      seen.add(`${x},${y}`);
    }
    expect(seen.size).toBe(4 * side);
    expect(burnInOffset(4 * side * BURN_IN_PERIOD_MS)).toEqual(burnInOffset(0));
    expect(burnInOffset(BURN_IN_PERIOD_MS - 1)).toEqual(burnInOffset(0));
  });
});

describe('timer painter', () => {
  it('paints every registered timer from one clock, writes only when the text changes, and clears on unregister', () => {
    const painter = createTimerPainter();
    const a = { textContent: null as string | null, writes: 0 };
    const node = new Proxy(a, {
      set(target, prop, value) {
        if (prop === 'textContent') target.writes++;
        return Reflect.set(target, prop, value);
      },
    });
    const b = { textContent: '' as string | null };
    const offA = painter.register(node, 1_000);
    painter.register(b, 61_000);
    expect(a.textContent).toBe('00:00');
    painter.paint(66_000);
    expect(a.textContent).toBe('01:05');
    expect(b.textContent).toBe('00:05');
    const writes = a.writes;
    painter.paint(66_400);
    expect(a.writes).toBe(writes);
    painter.paint(3_601_000);
    expect(a.textContent).toBe('1:00:00');
    offA();
    expect(a.textContent).toBe('');
    expect(painter.size).toBe(1);
  });
  it('every timer turns on the clock\'s second boundary, whatever its start: one repaint a second', () => {
    const painter = createTimerPainter();
    const early = { textContent: '' as string | null };
    const late = { textContent: '' as string | null };
    painter.register(early, 10_100);
    painter.register(late, 10_900);
    painter.paint(10_999);
    expect([early.textContent, late.textContent]).toEqual(['00:00', '00:00']);
    painter.paint(11_000);
    expect([early.textContent, late.textContent]).toEqual(['00:01', '00:01']);
    painter.paint(11_950);
    expect([early.textContent, late.textContent]).toEqual(['00:01', '00:01']);
    // a start a little after the clock (skew) shows zero, not a negative time
    const ahead = { textContent: '' as string | null };
    painter.register(ahead, 13_500);
    painter.paint(12_000);
    expect(ahead.textContent).toBe('00:00');
  });

  it('a register for a newer start is not undone by the old unregister', () => {
    const painter = createTimerPainter();
    const node = { textContent: '' as string | null };
    const old = painter.register(node, 0);
    painter.register(node, 5_000);
    old();
    expect(painter.size).toBe(1);
  });
});

describe('agents overview and paging', () => {
  const floor: { number: string; status: ShownStatus }[] = [
    { number: '201', status: EXT_STATUS.online },
    { number: '202', status: EXT_STATUS.offline },
    { number: '1003', status: EXT_STATUS.inUse },
    { number: '204', status: EXT_STATUS.ringing },
    { number: '205', status: AGENT_STATUS.paused },
    { number: '206', status: AGENT_STATUS.wrapUp },
  ];
  it('G-AGS-05 counts each state, the agent states too, and lists every extension, or all but offline ones', () => {
    const all = agentsOverview(floor, false);
    expect(all.visible).toEqual(['201', '202', '1003', '204', '205', '206']);
    expect(all.totals).toEqual([1, 1, 1, 1, 0, 0, 1, 1, 0]);
    expect(all.total).toBe(6);
    expect(all.numberChars).toBe(4);
    const online = agentsOverview(floor, true);
    expect(online.visible).toEqual(['201', '1003', '204', '205', '206']);
    expect(online.totals).toEqual(all.totals);
    expect(online.key).not.toBe(all.key);
    expect(agentsOverview(floor, false).key).toBe(all.key);
  });
  it('pages an overflowing board in turn', () => {
    expect(pageAt(0, 10, 10, 1000)).toEqual({ page: 0, pages: 1, start: 0, end: 10 });
    expect(pageAt(0, 25, 10, 1000)).toMatchObject({ page: 0, pages: 3, start: 0, end: 10 });
    expect(pageAt(2500, 25, 10, 1000)).toMatchObject({ page: 2, start: 20, end: 25 });
    expect(pageAt(3000, 25, 10, 1000)).toMatchObject({ page: 0 });
  });
});

describe('queue levels', () => {
  const stats = (over: Partial<QueueStats>): QueueStats => queueStatsRow({ name: 'Sales', ...over });
  const t = DEFAULT_KIOSK_THRESHOLDS; // waiting 3/6 clear 2/5; wait 60/120 clear 45/100; SL 80/60 clear 85/65

  it('the tile takes the worst metric; critical is entered once (the chime), held until the clear level', () => {
    let state = stepQueueLevels(INITIAL_QUEUE_LEVELS, [stats({ waiting: 3 })], t);
    expect(state.byQueue[1]).toMatchObject({ waiting: 'warning', tile: 'warning' });
    expect(state.enteredCritical).toEqual([]);
    state = stepQueueLevels(state, [stats({ waiting: 6 })], t);
    expect(state.byQueue[1]?.tile).toBe('critical');
    expect(state.enteredCritical).toEqual([1]);
    state = stepQueueLevels(state, [stats({ waiting: 6, longestWaitMs: 130_000 })], t);
    expect(state.enteredCritical).toEqual([]);
    // 5 waiting is the clear level: critical clears to warning (still ≥ clearWarning)
    state = stepQueueLevels(state, [stats({ waiting: 5 })], t);
    expect(state.byQueue[1]).toMatchObject({ waiting: 'warning', longestWait: 'normal', tile: 'warning' });
    state = stepQueueLevels(state, [stats({ waiting: 2 })], t);
    expect(state.byQueue[1]?.tile).toBe('normal');
  });
  it('service level: lower is worse; no calls yet keeps the colour', () => {
    let state = stepQueueLevels(INITIAL_QUEUE_LEVELS, [stats({ serviceLevelPct: 59 })], t);
    expect(state.byQueue[1]?.serviceLevel).toBe('critical');
    state = stepQueueLevels(state, [stats({ serviceLevelPct: null })], t);
    expect(state.byQueue[1]?.serviceLevel).toBe('critical');
    state = stepQueueLevels(state, [stats({ serviceLevelPct: 64 })], t);
    expect(state.byQueue[1]?.serviceLevel).toBe('critical');
    state = stepQueueLevels(state, [stats({ serviceLevelPct: 70 })], t);
    expect(state.byQueue[1]?.serviceLevel).toBe('warning');
  });
  it('worst of levels', () => {
    expect(worst('normal', 'warning', 'normal')).toBe('warning');
    expect(worst()).toBe('normal');
  });
  it('queue columns stay sensible from 1 to 30 queues', () => {
    expect([1, 2, 3, 4, 6, 12, 30].map(queueColumns)).toEqual([1, 2, 3, 3, 4, 5, 6]);
  });
});

describe('callers, version and trend helpers', () => {
  it('rows that fit, with a line for "+N more" when needed', () => {
    // 1080 px screen: a row is 75.6 px; 800 px hold 10 rows minus the header row = 9
    expect(callerRows(800, 1080, 5)).toEqual({ shown: 5, more: 0 });
    expect(callerRows(800, 1080, 9)).toEqual({ shown: 9, more: 0 });
    expect(callerRows(800, 1080, 30)).toEqual({ shown: 8, more: 22 });
  });
  it('reloads only for a different deployed build, never under the dev server or on a failed check', () => {
    expect(isNewBuild('abc', { id: 'def' })).toBe(true);
    expect(isNewBuild('abc', { id: 'abc' })).toBe(false);
    expect(isNewBuild('abc', null)).toBe(false);
    expect(isNewBuild('abc', { id: '' })).toBe(false);
    expect(isNewBuild('dev', { id: 'def' })).toBe(false);
  });
  it('bucket labels', () => {
    expect(bucketLabel(0)).toBe('00:00');
    expect(bucketLabel(37)).toBe('09:15');
    expect(bucketLabel(95)).toBe('23:45');
  });
});

describe('queue agents and tile groups', () => {
  it('counts members free, busy and offline from their states; unknown members are offline', async () => {
    const { countAgents } = await import('../../kiosk/boards/queue-agents');
    const states: Record<string, ExtStatus> = { '201': EXT_STATUS.online, '202': EXT_STATUS.hangup, '203': EXT_STATUS.ringing, '204': EXT_STATUS.onHold, '205': EXT_STATUS.offline };
    const read = (n: string) => (states[n] === undefined ? undefined : { status: states[n], agent: NO_AGENT_STATE });
    expect(countAgents(7, ['201', '202', '203', '204', '205', '299'], read, 1000)).toEqual({ free: 2, busy: 2, offline: 2 });
  });
  it('H-FCST-01: an idle agent in wrap-up, on do-not-disturb or paused in this queue is not free on its tile; paused in another queue is', async () => {
    const { countAgents } = await import('../../kiosk/boards/queue-agents');
    const idle = (agent: Partial<AgentState>) => ({ status: EXT_STATUS.online, agent: { ...NO_AGENT_STATE, ...agent } });
    const pause = (queues: number[]) => ({ queues, reason: 'lunch', label: 'Lunch', since: 0, warnAfterMs: null });
    const members: Record<string, ReturnType<typeof idle>> = {
      '201': idle({ wrapUp: { since: 0, until: 2000 } }),
      '202': idle({ wrapUp: { since: 0, until: 500 } }), // over at now = 1000
      '203': idle({ dndSince: 10 }),
      '204': idle({ pause: pause([7]) }),
      '205': idle({ pause: pause([8]) }),
    };
    expect(countAgents(7, Object.keys(members), (n) => members[n], 1000)).toEqual({ free: 2, busy: 3, offline: 0 });
  });
  it('lays tiles out in rows of the grid columns, keeping order and every tile', async () => {
    const { rowsOf } = await import('../../kiosk/boards/agents-board');
    const numbers = Array.from({ length: 2000 }, (_, i) => String(1000 + i));
    const rows = rowsOf(numbers, 50);
    expect(rows).toHaveLength(2000 / 50);
    expect(rows.flat()).toEqual(numbers);
    expect(rowsOf(numbers.slice(0, 7), 5).map((g) => g.length)).toEqual([5, 2]);
    expect(rowsOf([], 50)).toEqual([]);
  });
});
