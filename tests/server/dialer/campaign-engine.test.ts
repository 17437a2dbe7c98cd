/**
 * C-DIA the campaign engine on a manual clock with a PBX whose calls the test ends: the window (days
 * 0-6 = Monday..Sunday, hours hhmm, in the corp's time zone), the call limit (0 = the default) never exceeded,
 * retries after a pause, lastResult / attempts / lastAttemptAt, finished campaigns, restart recovery of
 * numbers left 'dialing', the PBX unavailable, and two engines on one database never dialling one
 * number at once. On PGlite and PostgreSQL.
 */
import { and, asc, eq } from 'drizzle-orm';
import { Subject } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALER_DEFAULT_CALL_LIMIT, DIALER_RETRY_DELAY_SEC, DIALER_STALE_GRACE_SEC, dialerCallLimit, dialerWindowOpen, localDayAndTime } from '../../../domain';
import { corp, dialer, dialerNumber, queue, trunk } from '../../../server/db/schema';
import { CampaignEngine, type EngineClock } from '../../../server/dialer/campaign-engine';
import { afterAttempt, dialable, nextStep, type Campaign } from '../../../server/dialer/campaign-plan';
import { PbxError, type AriEvent, type DialOutcome, type DialOutRequest } from '../../../server/pbx';
import { describeEachDatabase, type TestApp } from '../fixtures/test-app';

/** Monday 2024-05-06 10:00 UTC */
const MONDAY_10 = Date.UTC(2024, 4, 6, 10, 0, 0);
const SEC = 1000;

class ManualClock implements EngineClock {
  private timers: { at: number; fn: () => void }[] = [];
  constructor(public t: number) {}
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const timer = { at: this.t + ms, fn };
    this.timers.push(timer);
    return timer;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((x) => x !== handle);
  };
  /** moves time on and fires what is due */
  advance(ms: number): void {
    this.t += ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= this.t).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      this.timers = this.timers.filter((x) => x !== due);
      due.fn();
    }
  }
}

interface PendingCall {
  request: DialOutRequest;
  end(outcome: DialOutcome, channelId?: string): void;
  fail(error: Error): void;
}

/** A PBX whose calls ring until the test ends them; it notes the most calls it ever had at once. */
class FakePbx {
  readonly events = new Subject<AriEvent>();
  readonly events$ = this.events.asObservable();
  readonly ringing: PendingCall[] = [];
  readonly dialed: DialOutRequest[] = [];
  maxRinging = 0;
  /** set: every call is refused with this error */
  refuse: Error | null = null;

  dialOut = (request: DialOutRequest): Promise<{ outcome: DialOutcome; channelId?: string }> => {
    this.dialed.push(request);
    if (this.refuse) return Promise.reject(this.refuse);
    return new Promise((resolve, reject) => {
      const call: PendingCall = {
        request,
        end: (outcome, channelId) => {
          this.ringing.splice(this.ringing.indexOf(call), 1);
          resolve({ outcome, channelId });
        },
        fail: (error) => {
          this.ringing.splice(this.ringing.indexOf(call), 1);
          reject(error);
        },
      };
      this.ringing.push(call);
      this.maxRinging = Math.max(this.maxRinging, this.ringing.length);
    });
  };

  /** the channel of an answered call hangs up */
  destroyed(channelId: string): void {
    const channel = { id: channelId, name: `PJSIP/trunk_551130001000-0000abcd`, state: 'Up', protocol_id: '', caller: { name: '', number: '' }, connected: { name: '', number: '' }, accountcode: '2', dialplan: { context: 'default', exten: 's', priority: 1, app_name: '', app_data: '' }, creationtime: '2024-05-06T10:00:00.000+0000', language: 'en' };
    this.events.next({ type: 'ChannelDestroyed', cause: 16, cause_txt: 'Normal Clearing', channel, timestamp: '2024-05-06T10:00:00.000+0000', application: 'callboard' });
  }
}

interface Setup {
  engine: CampaignEngine;
  pbx: FakePbx;
  clock: ManualClock;
  dialerId: number;
  /** the engine looks now, and the writes of what it did are done */
  step(ms?: number): Promise<void>;
  numbers(): Promise<{ number: string; status: string; attempts: number; lastResult: string; lastAttemptAt: Date | null }[]>;
  status(): Promise<string>;
}

let counter = 0;
const engines: CampaignEngine[] = [];

async function campaign(app: TestApp, o: Partial<typeof dialer.$inferInsert> & { numbers: string[] }, start = MONDAY_10, pbx = new FakePbx()): Promise<Setup> {
  const db = app.db;
  const [acmeTrunk] = await db.select({ id: trunk.id }).from(trunk).where(eq(trunk.number, '551130001000'));
  const { numbers, ...fields } = o;
  const [row] = await db
    .insert(dialer)
    .values({ corpId: app.ids.corp.acme, name: `campaign ${++counter}`, action: 'msg', trunkId: acmeTrunk.id, days: '0,1,2,3,4', horaDesde: 900, horaHasta: 1800, sound: '0f9c6b1e-1d2a-4c3b-9e8f-0123456789ab.wav', status: 'running', ...fields })
    .returning({ id: dialer.id });
  if (numbers.length > 0) await db.insert(dialerNumber).values(numbers.map((number) => ({ dialerId: row.id, corpId: app.ids.corp.acme, number })));
  const clock = new ManualClock(start);
  const engine = new CampaignEngine({ db, adapter: pbx, soundsRoot: '/data/sounds', clock, tickMs: 5000, backoffMs: 30_000 });
  engines.push(engine);
  return {
    engine,
    pbx,
    clock,
    dialerId: row.id,
    async step(ms = 0) {
      clock.advance(ms);
      engine.start(); // the first step starts it (a no-op later): the test's rows are in place by then
      await engine.tick();
      // the ends of calls the test made just before are written, and looked at again
      await new Promise((r) => setImmediate(r));
      await engine.settled();
    },
    numbers: () =>
      db
        .select({ number: dialerNumber.number, status: dialerNumber.status, attempts: dialerNumber.attempts, lastResult: dialerNumber.lastResult, lastAttemptAt: dialerNumber.lastAttemptAt })
        .from(dialerNumber)
        .where(eq(dialerNumber.dialerId, row.id))
        .orderBy(asc(dialerNumber.id)),
    status: async () => (await db.select({ status: dialer.status }).from(dialer).where(eq(dialer.id, row.id)))[0].status,
  };
}

const numbers = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `55119000${String(from + i).padStart(5, '0')}`);

describe('C-DIA campaign rules (pure)', () => {
  it('C-DIA-11/12/13: the limit 0 means the default; days 0 = Monday; from inclusive, to exclusive; in the given zone', () => {
    expect(dialerCallLimit(0)).toBe(DIALER_DEFAULT_CALL_LIMIT);
    expect(dialerCallLimit(3)).toBe(3);
    const w = { days: '0,4', horaDesde: 930, horaHasta: 1430 };
    expect(localDayAndTime(MONDAY_10, 'UTC')).toEqual({ day: 0, hhmm: 1000 });
    expect(dialerWindowOpen(w, MONDAY_10, 'UTC')).toBe(true);
    expect(dialerWindowOpen(w, Date.UTC(2024, 4, 6, 9, 29), 'UTC')).toBe(false);
    expect(dialerWindowOpen(w, Date.UTC(2024, 4, 6, 9, 30), 'UTC')).toBe(true);
    expect(dialerWindowOpen(w, Date.UTC(2024, 4, 6, 14, 30), 'UTC')).toBe(false);
    expect(dialerWindowOpen(w, Date.UTC(2024, 4, 7, 10, 0), 'UTC')).toBe(false); // Tuesday
    expect(dialerWindowOpen(w, Date.UTC(2024, 4, 10, 10, 0), 'UTC')).toBe(true); // Friday
    // 10:00 UTC is 07:00 in São Paulo: before the window there
    expect(dialerWindowOpen(w, MONDAY_10, 'America/Sao_Paulo')).toBe(false);
    // Sunday 23:30 UTC is Monday 08:30 in Tokyo
    expect(localDayAndTime(Date.UTC(2024, 4, 5, 23, 30), 'Asia/Tokyo')).toEqual({ day: 0, hhmm: 830 });
  });

  it('C-DIA: an attempt answered ends the number; busy / no answer / failed retry while tries remain (1 + retries)', () => {
    expect(afterAttempt('ANSWERED', 1, 0)).toBe('answered');
    expect(afterAttempt('BUSY', 1, 0)).toBe('failed');
    expect(afterAttempt('BUSY', 1, 2)).toBe('pending');
    expect(afterAttempt('NO ANSWER', 2, 2)).toBe('pending');
    expect(afterAttempt('FAILED', 3, 2)).toBe('failed');
    expect(dialable(' +55 (11) 9876-5432 ')).toBe('+551198765432');
    const c: Campaign = { id: 1, corpId: 2, action: 'msg', queueId: null, trunkNumber: '1', callLimit: 2, timeout: 30, retries: 0, days: '0', horaDesde: 900, horaHasta: 1800, sound: 'a.wav', timeZone: 'UTC' };
    expect(nextStep(c, { pending: 0, dialing: 0, answered: 3, failed: 1 }, 0, MONDAY_10)).toEqual({ kind: 'finish' });
    expect(nextStep(c, { pending: 0, dialing: 0, answered: 3, failed: 1 }, 1, MONDAY_10).kind).toBe('wait');
    expect(nextStep(c, { pending: 5, dialing: 1, answered: 0, failed: 0 }, 1, MONDAY_10)).toEqual({ kind: 'dial', slots: 1 });
    expect(nextStep(c, { pending: 5, dialing: 2, answered: 0, failed: 0 }, 0, MONDAY_10)).toEqual({ kind: 'wait', why: 'limit' });
    expect(nextStep(c, { pending: 5, dialing: 0, answered: 0, failed: 0 }, 0, MONDAY_10, MONDAY_10 + 1)).toEqual({ kind: 'wait', why: 'backoff' });
    // J-TZ-01: the window is the campaign's corp's: 10:00 UTC is 07:00 in São Paulo
    expect(nextStep({ ...c, timeZone: 'America/Sao_Paulo' }, { pending: 5, dialing: 0, answered: 0, failed: 0 }, 0, MONDAY_10)).toEqual({ kind: 'wait', why: 'window' });
  });
});

describeEachDatabase('C-DIA campaign engine', (t) => {
  // acme's days are UTC's: the windows below are written in UTC
  beforeAll(async () => {
    await t().db.update(corp).set({ timeZone: 'UTC' }).where(eq(corp.id, t().ids.corp.acme));
  });

  afterEach(async () => {
    await Promise.all(engines.splice(0).map((e) => e.stop()));
    await t().db.update(dialer).set({ status: 'stopped' }).where(eq(dialer.status, 'running'));
  });

  it("J-TZ-01 C-DIA-12/13: the window is in the campaign's corp's zone (São Paulo: 09:00-18:00 there is 12:00-21:00 UTC)", async () => {
    await t().db.update(corp).set({ timeZone: 'America/Sao_Paulo' }).where(eq(corp.id, t().ids.corp.acme));
    try {
      const s = await campaign(t(), { numbers: numbers(2) }, Date.UTC(2024, 4, 6, 11, 59));
      await s.step();
      expect(s.pbx.dialed).toEqual([]);
      s.clock.t = Date.UTC(2024, 4, 6, 12, 0);
      await s.step();
      expect(s.pbx.dialed.map((r) => r.number)).toEqual(numbers(2));
    } finally {
      await t().db.update(corp).set({ timeZone: 'UTC' }).where(eq(corp.id, t().ids.corp.acme));
    }
  });

  it('C-DIA-12/13: dials only on the campaign days within its hours (Monday-Friday 09:00-18:00 UTC)', async () => {
    const saturday = Date.UTC(2024, 4, 4, 10, 0);
    const s = await campaign(t(), { numbers: numbers(2) }, saturday);
    await s.step();
    expect(s.pbx.dialed).toEqual([]);
    s.clock.t = Date.UTC(2024, 4, 6, 8, 59);
    await s.step();
    expect(s.pbx.dialed).toEqual([]);
    s.clock.t = Date.UTC(2024, 4, 6, 18, 0);
    await s.step();
    expect(s.pbx.dialed).toEqual([]);
    s.clock.t = Date.UTC(2024, 4, 6, 9, 0);
    await s.step();
    expect(s.pbx.dialed.map((r) => r.number)).toEqual(numbers(2));
    expect(await s.status()).toBe('running');
  });

  it('C-DIA-11: never more live calls than the limit (3, and 0 = 5); answered calls count until their channel ends; the request names the trunk, the sound file and the number', async () => {
    const s = await campaign(t(), { numbers: numbers(12), callLimit: 3 });
    await s.step();
    expect(s.pbx.ringing).toHaveLength(3);
    expect(s.engine.liveCalls(s.dialerId)).toBe(3);
    expect(s.pbx.dialed[0]).toEqual({
      corpId: t().ids.corp.acme,
      campaignId: s.dialerId,
      trunkNumber: '551130001000',
      number: numbers(1)[0],
      timeoutSec: 30,
      then: { kind: 'playback', soundPath: `/data/sounds/${t().ids.corp.acme}/0f9c6b1e-1d2a-4c3b-9e8f-0123456789ab.wav` },
    });
    // two answered (still on the line), one busy: one slot frees
    s.pbx.ringing[0].end('ANSWERED', 'ch-a');
    s.pbx.ringing[0].end('ANSWERED', 'ch-b');
    s.pbx.ringing[0].end('BUSY');
    await s.step();
    expect(s.engine.liveCalls(s.dialerId)).toBe(3);
    expect(s.pbx.ringing).toHaveLength(1);
    s.pbx.destroyed('ch-a');
    await s.step();
    expect(s.pbx.ringing).toHaveLength(2);
    expect(s.engine.liveCalls(s.dialerId)).toBe(3);
    // let everything run out: at no moment more than 3
    for (let i = 0; i < 30 && (await s.status()) === 'running'; i++) {
      for (const call of [...s.pbx.ringing]) call.end(i % 2 ? 'NO ANSWER' : 'ANSWERED', `ch-${i}-${call.request.number}`);
      s.pbx.destroyed('ch-b');
      for (const n of numbers(12)) s.pbx.destroyed(`ch-${i - 1}-${n}`);
      await s.step(DIALER_RETRY_DELAY_SEC * SEC);
    }
    expect(s.pbx.maxRinging).toBeLessThanOrEqual(3);

    const d = await campaign(t(), { numbers: numbers(9, 100), callLimit: 0 });
    await d.step();
    expect(d.pbx.ringing).toHaveLength(DIALER_DEFAULT_CALL_LIMIT);
  });

  it('C-DIA: retries (retries 2): a busy or unanswered number is tried again after the pause, at most 3 times; attempts, lastResult and lastAttemptAt follow', async () => {
    const s = await campaign(t(), { numbers: numbers(2), retries: 2 });
    await s.step();
    const [a, b] = s.pbx.ringing;
    a.end('BUSY');
    b.end('NO ANSWER');
    await s.step();
    expect((await s.numbers()).map((n) => [n.status, n.attempts, n.lastResult])).toEqual([
      ['pending', 1, 'BUSY'],
      ['pending', 1, 'NO ANSWER'],
    ]);
    expect((await s.numbers())[0].lastAttemptAt?.getTime()).toBe(MONDAY_10);
    // not before the pause
    await s.step((DIALER_RETRY_DELAY_SEC - 5) * SEC);
    expect(s.pbx.ringing).toHaveLength(0);
    await s.step(5 * SEC);
    expect(s.pbx.ringing.map((c) => c.request.number)).toEqual(numbers(2));
    s.pbx.ringing[0].end('ANSWERED', 'x1');
    s.pbx.ringing[0].end('FAILED');
    await s.step(DIALER_RETRY_DELAY_SEC * SEC);
    s.pbx.ringing[0].end('BUSY');
    await s.step(DIALER_RETRY_DELAY_SEC * SEC);
    expect(s.pbx.ringing).toHaveLength(0);
    expect((await s.numbers()).map((n) => [n.status, n.attempts, n.lastResult])).toEqual([
      ['answered', 2, 'ANSWERED'],
      ['failed', 3, 'BUSY'],
    ]);
    expect(s.pbx.dialed).toHaveLength(5);
  });

  it('C-DIA: a campaign whose numbers are all answered or failed becomes finished (once its last call ended); stopped ones are not dialled', async () => {
    const s = await campaign(t(), { numbers: numbers(2) });
    await s.step();
    s.pbx.ringing[0].end('ANSWERED', 'last');
    s.pbx.ringing[0].end('NO ANSWER');
    await s.step();
    expect(await s.status()).toBe('running'); // its answered call is still on the line
    s.pbx.destroyed('last');
    await s.step();
    expect(await s.status()).toBe('finished');
    await s.step(DIALER_RETRY_DELAY_SEC * SEC);
    expect(s.pbx.dialed).toHaveLength(2);

    const stopped = await campaign(t(), { numbers: numbers(2), status: 'stopped' });
    await stopped.step();
    expect(stopped.pbx.dialed).toEqual([]);
    // started: changed() makes the engine look at once
    await t().db.update(dialer).set({ status: 'running' }).where(eq(dialer.id, stopped.dialerId));
    stopped.engine.start();
    stopped.engine.changed(stopped.dialerId);
    stopped.clock.advance(0);
    await stopped.engine.settled();
    expect(stopped.pbx.dialed).toHaveLength(2);
  });

  it('restart recovery: a number left dialing by a stopped instance is pending again once its call surely ended (timeout + grace), and is dialled again', async () => {
    const s = await campaign(t(), { numbers: numbers(3), timeout: 30 });
    const rows = await t().db.select({ id: dialerNumber.id }).from(dialerNumber).where(eq(dialerNumber.dialerId, s.dialerId)).orderBy(asc(dialerNumber.id));
    // what a crash leaves: one number dialing just now (maybe still ringing), one long ago
    await t().db.update(dialerNumber).set({ status: 'dialing', attempts: 1, lastAttemptAt: new Date(MONDAY_10 - 10 * SEC) }).where(eq(dialerNumber.id, rows[0].id));
    await t().db.update(dialerNumber).set({ status: 'dialing', attempts: 1, lastAttemptAt: new Date(MONDAY_10 - (30 + DIALER_STALE_GRACE_SEC + 1) * SEC) }).where(eq(dialerNumber.id, rows[1].id));
    await s.step();
    // the long-gone one is pending again and (its last try long ago) dialled at once with the untried one;
    // the recent one may still be ringing somewhere: left alone
    expect((await s.numbers()).map((n) => [n.status, n.attempts])).toEqual([
      ['dialing', 1],
      ['dialing', 2],
      ['dialing', 1],
    ]);
    expect(s.pbx.dialed.map((r) => r.number).sort()).toEqual([numbers(3)[1], numbers(3)[2]]);
    await s.step((30 + DIALER_STALE_GRACE_SEC - 11) * SEC);
    expect(s.pbx.dialed).toHaveLength(2);
    await s.step(2 * SEC);
    expect(s.pbx.dialed.map((r) => r.number).sort()).toEqual(numbers(3));
    expect((await s.numbers())[0].attempts).toBe(2);
    // the engine's own calls are never taken for stale, however long they ring
    expect(new Set(s.pbx.dialed.map((r) => r.number)).size).toBe(3);
  });

  it('the PBX unavailable: the try does not count, the number is pending again and the campaign waits before trying again; a stopped adapter leaves the row to recovery', async () => {
    const pbx = new FakePbx();
    pbx.refuse = new PbxError('unavailable', 'Asterisk is down');
    const s = await campaign(t(), { numbers: numbers(1) }, MONDAY_10, pbx);
    await s.step();
    expect(pbx.dialed).toHaveLength(1);
    expect((await s.numbers())[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await s.step(10 * SEC);
    expect(pbx.dialed).toHaveLength(1);
    pbx.refuse = null;
    await s.step(DIALER_RETRY_DELAY_SEC * SEC);
    expect(pbx.dialed).toHaveLength(2);
    pbx.ringing[0].fail(new PbxError('stopped', 'gone'));
    await s.step();
    expect((await s.numbers())[0]).toMatchObject({ status: 'dialing', attempts: 1 });
  });

  it('a queue campaign asks for the queue; a msg campaign without a sound does not dial', async () => {
    const [sales] = await t().db.select({ id: queue.id }).from(queue).where(and(eq(queue.corpId, t().ids.corp.acme), eq(queue.name, 'Sales')));
    const s = await campaign(t(), { numbers: ['+55 (11) 98765-4321'], action: 'queue', queueId: sales.id, sound: '' });
    await s.step();
    expect(s.pbx.dialed[0]).toMatchObject({ number: '+5511987654321', then: { kind: 'queue', queueId: sales.id } });
    s.pbx.ringing[0].end('ANSWERED', 'q');
    await s.step();
    await t().db.update(dialer).set({ status: 'stopped' }).where(eq(dialer.id, s.dialerId));
    const broken = await campaign(t(), { numbers: numbers(1), sound: '' });
    await broken.step();
    expect(broken.pbx.dialed).toEqual([]);
  });

  it('two engines on one database never dial one number at once (and together keep to the limit)', async () => {
    const pbx = new FakePbx();
    const s = await campaign(t(), { numbers: numbers(40), callLimit: 4, retries: 1 }, MONDAY_10, pbx);
    const clock2 = new ManualClock(MONDAY_10);
    const other = new CampaignEngine({ db: t().db, adapter: pbx, soundsRoot: '/data/sounds', clock: clock2 });
    engines.push(other);
    other.start();
    const live = new Set<string>();
    const overlaps: string[] = [];
    const dialOut = pbx.dialOut;
    pbx.dialOut = (request) => {
      if (live.has(request.number)) overlaps.push(request.number);
      live.add(request.number);
      return dialOut(request).finally(() => live.delete(request.number));
    };
    for (let round = 0; round < 40; round++) {
      await Promise.all([s.engine.tick(), other.tick()]);
      await Promise.all([s.engine.settled(), other.settled()]);
      for (const call of [...pbx.ringing]) if ((round + Number(call.request.number.slice(-2))) % 3 === 0) call.end(round % 2 ? 'BUSY' : 'ANSWERED', `c-${round}-${call.request.number}`);
      for (const n of numbers(40)) pbx.destroyed(`c-${round}-${n}`);
      s.clock.t += 20 * SEC;
      clock2.t += 20 * SEC;
    }
    console.log(`[two engines] ${pbx.dialed.length} calls for 40 numbers, at most ${pbx.maxRinging} ringing at once, overlaps ${overlaps.length}`);
    expect(overlaps).toEqual([]);
    expect(pbx.maxRinging).toBeLessThanOrEqual(4);
    expect(pbx.dialed.length).toBeGreaterThan(40);
  });
});
