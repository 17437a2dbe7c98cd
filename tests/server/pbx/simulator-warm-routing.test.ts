/**
 * Issue 23, the demo as Asterisk would run it (H-WARM-01, H-WARM-02, H-WARM-04): the simulator on the
 * demo seed's configuration read through the live directory (as live-runtime builds it), on a manual
 * clock with the server's default (busy) traffic.
 *   - H-WARM-01: a floor warmed up before its start is at least half busy over its first 30 s;
 *   - H-WARM-02: callers come in on the trunks' numbers and follow their actions (time conditions in
 *     the corp's zone, IVR keys), a queue nothing reaches gets none, calls out leave by the SIP route's
 *     trunk, and the records read as the right direction (a dialer's call is outgoing, an internal
 *     call that ends in a mailbox internal: not "Calls out");
 *   - H-WARM-04: README's click-to-call example rings desk phones the floor leaves free.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_DIRECTION, TRUNK_INBOUND_CONTEXT } from '../../../domain';
import { TEST_HASH } from '../../../server/auth/passwords';
import { readLiveEnvironment } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/database';
import { cdr, ivr, queue } from '../../../server/db/schema';
import { seedDemo } from '../../../server/db/seed';
import { cdrClass, cdrHourly } from '../../../server/db/schema-reports';
import { createDbDirectory, toSimCorp, type PbxDirectoryCorp } from '../../../server/live/directory';
import { createSimulator, MemoryRecordSink, type AriEvent, type SimCorp } from '../../../server/pbx';
import { routesToQueue } from '../../../server/pbx/simulator/routes';
import { createDbRecordSink } from '../../../server/records';

const MIN = 60_000;
const ACME = 2;
const GLOBEX = 3;
const BUSY = readLiveEnvironment({}).traffic;
/** a Wednesday, a Saturday and a Sunday at 10:00 in São Paulo (UTC-3) */
const WED_10 = Date.parse('2026-11-25T13:00:00Z');
const SAT_10 = Date.parse('2026-11-28T13:00:00Z');
const SUN_10 = Date.parse('2026-11-29T13:00:00Z');

let database: Database;
let directory: PbxDirectoryCorp[];
let ids: { sales: number; support: number; billing: number; helpdesk: number; welcome: number };

const corpsOf = (): SimCorp[] => directory.map((c) => toSimCorp(c, 30));

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' });
  await database.migrate();
  await seedDemo(database.orm, TEST_HASH);
  directory = await createDbDirectory(database.orm).corps();
  const queues = await database.orm.select({ id: queue.id, name: queue.name }).from(queue);
  const q = (name: string) => queues.find((r) => r.name === name)!.id;
  const [welcome] = await database.orm.select({ id: ivr.id }).from(ivr).where(eq(ivr.name, 'Acme welcome'));
  ids = { sales: q('Sales'), support: q('Support'), billing: q('Billing'), helpdesk: q('Helpdesk'), welcome: welcome.id };
  expect(directory.map((c) => c.corpId)).toEqual([ACME, GLOBEX]);
});

afterAll(async () => {
  await database.close();
});

/** Runs the demo floor for `ms` after `start`, keeping events and records. */
async function runFloor(corps: SimCorp[], start: number, ms: number, seed = 1) {
  const sink = new MemoryRecordSink();
  const sim = createSimulator({ seed, corps, driver: 'manual', startTime: start, traffic: BUSY, sink, recordings: false });
  const events: AriEvent[] = [];
  sim.events$.subscribe((e) => events.push(e));
  await sim.start();
  sim.advance(ms);
  return { sim, sink, events };
}

describe('H-WARM-02 calls follow the configuration as Asterisk would', () => {
  it("H-WARM-02 the routes to a queue: a trunk's action through the time condition of the hour (corp's zone) and the IVR's keys; disabled trunks and loops lead nowhere", () => {
    const acme = { ...corpsOf().find((c) => c.corpId === ACME)!, timeZone: 'America/Sao_Paulo' };
    const ivrKey = (digit: string) => [{ id: ids.welcome, digit }];
    // weekdays 08-18 the main number goes to Sales; the service line's menu at any hour; Billing has its own line
    expect(routesToQueue(acme, ids.sales, WED_10)).toEqual([
      { trunk: '551130001000', ivrs: [] },
      { trunk: '551130001002', ivrs: ivrKey('1') },
    ]);
    expect(routesToQueue(acme, ids.support, WED_10)).toEqual([{ trunk: '551130001002', ivrs: ivrKey('2') }]);
    expect(routesToQueue(acme, ids.billing, WED_10)).toEqual([
      { trunk: '551130001001', ivrs: [] },
      { trunk: '551130001002', ivrs: ivrKey('3') },
    ]);
    // Saturday 09-13 the main number goes to Support; Sunday it hangs up (the default)
    expect(routesToQueue(acme, ids.support, SAT_10).map((r) => r.trunk)).toEqual(['551130001000', '551130001002']);
    expect(routesToQueue(acme, ids.sales, SAT_10).map((r) => r.trunk)).toEqual(['551130001002']);
    expect(routesToQueue(acme, ids.sales, SUN_10).map((r) => r.trunk)).toEqual(['551130001002']);
    // 18:00 is past the weekday option (its end minute is not in it)
    expect(routesToQueue(acme, ids.sales, WED_10 + 8 * 60 * MIN).map((r) => r.trunk)).toEqual(['551130001002']);
    // the same instant in another zone is another hour: 10:00 in São Paulo is 22:00 in Tokyo
    expect(routesToQueue({ ...acme, timeZone: 'Asia/Tokyo' }, ids.sales, WED_10).map((r) => r.trunk)).toEqual(['551130001002']);
    // another corp's queue, a disabled trunk, an IVR that leads back to itself
    expect(routesToQueue(acme, ids.helpdesk, WED_10)).toEqual([]);
    expect(routesToQueue({ ...acme, trunks: acme.trunks!.map((t) => ({ ...t, enabled: t.number !== '551130001001' })) }, ids.billing, WED_10).map((r) => r.trunk)).toEqual(['551130001002']);
    const loop = { ...acme, ivrs: [{ id: 1, options: ['', 'ivr:1', `queue:${ids.sales}`] }], trunks: [{ number: '1', action: 'ivr:1', outgoing: false, preference: false, enabled: true }] };
    expect(routesToQueue(loop, ids.sales, WED_10).length).toBeGreaterThan(0);
    expect(routesToQueue(loop, ids.support, WED_10)).toEqual([]);
  });

  it('H-WARM-02 the demo floor over 2 h: callers on the trunks\' numbers (none on a made-up trunk), the IVR logged, a queue no trunk reaches gets no call, calls out by the SIP route\'s trunk', async () => {
    const corps = corpsOf();
    const acme = corps.find((c) => c.corpId === ACME)!;
    // a queue of agents that no trunk, IVR or time condition names
    acme.queues.push({ id: 9999, name: 'Unreached', strategy: 'ringall', members: ['201', '202', '203'], callsPerHour: 30 });
    const { sink, events } = await runFloor(corps, WED_10, 2 * 60 * MIN);
    const created = events.flatMap((e) => (e.type === 'ChannelCreated' ? [e.channel] : []));
    const trunkLegs = created.filter((c) => /^PJSIP\/(trunk_|\d+_trunk)/.test(c.name));
    // a carrier's call arrives (Ring) where every trunk endpoint delivers (C-TRK-04, migration 0026); a
    // leg out is allocated there too, at `s` (its endpoint's context), not yet in Ring
    const inbound = trunkLegs.filter((c) => c.dialplan.context === TRUNK_INBOUND_CONTEXT && c.state === 'Ring');
    expect(inbound.length).toBeGreaterThan(300);
    const outLegs = trunkLegs.filter((c) => c.state !== 'Ring');
    expect(outLegs.length).toBeGreaterThan(5);
    for (const c of outLegs) expect({ state: c.state, context: c.dialplan.context, exten: c.dialplan.exten, priority: c.dialplan.priority }, c.name).toEqual({ state: 'Down', context: TRUNK_INBOUND_CONTEXT, exten: 's', priority: 1 });
    expect(trunkLegs.filter((c) => /^PJSIP\/\d+_trunk/.test(c.name))).toEqual([]);
    const trunks = { [ACME]: ['551130001000', '551130001001', '551130001002'], [GLOBEX]: ['551140002000'] } as Record<number, string[]>;
    // the demo's four trunks are of one carrier (one server address): as on Asterisk 22, whichever DID
    // was dialled, the call arrives on the first of its endpoints by name, acme's 551130001000, with its
    // accountcode; the dispatch context then sends it to the DID's owner, which its next context names
    const owner = new Map<string, number>();
    for (const e of events) {
      if (e.type === 'ChannelDialplan' && !owner.has(e.channel.id) && /^c\d+-inbound$/.test(e.channel.dialplan.context)) owner.set(e.channel.id, Number(e.channel.dialplan.context.slice(1, -'-inbound'.length)));
    }
    const dids = new Set<string>();
    for (const c of inbound) {
      const number = c.dialplan.exten;
      dids.add(number);
      expect(c.name.startsWith('PJSIP/trunk_551130001000-'), c.name).toBe(true);
      expect(c.accountcode, c.name).toBe(String(ACME));
      expect(trunks[owner.get(c.id) ?? -1], `${c.name} dialled ${number}`).toContain(number);
    }
    // globex's DID too, though its calls arrive on acme's endpoint
    expect(dids).toContain('551140002000');
    const entered = new Map<string, number>();
    for (const row of sink.queueLog) if (row.event === 'ENTERQUEUE') entered.set(row.queuename, (entered.get(row.queuename) ?? 0) + 1);
    for (const id of [ids.sales, ids.support, ids.billing]) expect(entered.get(`${ACME}_${id}`) ?? 0, `queue ${id}`).toBeGreaterThan(20);
    expect(entered.get(`${GLOBEX}_${ids.helpdesk}`) ?? 0).toBeGreaterThan(20);
    expect(entered.get(`${ACME}_9999`) ?? 0).toBe(0);
    // the records name the number dialled
    const inboundRows = sink.cdr.filter((r) => r.dcontext.endsWith('-inbound') && !r.userfield);
    expect(inboundRows.length).toBeGreaterThan(300);
    for (const r of inboundRows) expect(trunks[r.corpId], r.dst).toContain(r.dst);
    // callers of the service line pressed keys in the welcome menu
    expect(sink.ivrLog.filter((r) => r.ivrId === ids.welcome).length).toBeGreaterThan(50);
    // numbers outside leave by the route 0.T (acme's main trunk, not the preferred Billing line) and globex's trunk
    const out = events.flatMap((e) => (e.type === 'Dial' && (e.dialstring ?? '').includes('@') ? [e] : []));
    expect(out.length).toBeGreaterThan(5);
    for (const e of out) expect(e.dialstring ?? '', e.peer.name).toMatch(e.peer.accountcode === String(ACME) ? /^0\d+@trunk_551130001000$/ : /^0\d+@trunk_551140002000$/);
    console.log(`[routing] 2 h: ${inbound.length} callers; ENTERQUEUE ${JSON.stringify(Object.fromEntries(entered))}; ${out.length} dials out`);
  });

  it('H-WARM-02 directions: a dialer campaign call is outgoing, an internal call (one that ends in a mailbox too) internal, a caller incoming; "Calls out" counts the outgoing ones only', async () => {
    const corps = corpsOf();
    const run = await runFloor(corps, WED_10, 60 * MIN, 2);
    // a campaign call through acme's main trunk, answered and played (C-DIA)
    let campaign = 0;
    for (let i = 0; i < 20 && campaign < 2; i++) {
      const done = run.sim.dialOut({ corpId: ACME, campaignId: 7, trunkNumber: '551130001000', number: `55119888877${String(i).padStart(2, '0')}`, timeoutSec: 30, then: { kind: 'playback', soundPath: '/nonexistent.wav' } });
      run.sim.advance(35_000);
      if ((await done).outcome === 'ANSWERED') campaign++;
    }
    run.sim.advance(2 * MIN);
    const rows = run.sink.cdr.filter((r) => r.corpId === ACME);
    const kind = (r: (typeof rows)[number]) =>
      r.userfield.startsWith('dialer:') ? 'dialer' : r.dcontext.endsWith('-inbound') ? 'caller' : r.lastapp === 'VoiceMail' ? 'mailbox' : /^0/.test(r.dst) ? 'out' : 'internal';
    const byKind = new Map<string, number>();
    for (const r of rows) byKind.set(kind(r), (byKind.get(kind(r)) ?? 0) + 1);
    console.log(`[direction] acme rows by kind ${JSON.stringify(Object.fromEntries(byKind))}`);
    for (const k of ['dialer', 'caller', 'mailbox', 'out', 'internal']) expect(byKind.get(k) ?? 0, k).toBeGreaterThan(0);

    const db = database.orm;
    const sink = createDbRecordSink({ db, recordingsDir: null, log: { error: () => undefined } });
    for (const r of run.sink.cdr) await sink.writeCdr(r);
    await sink.flush();
    const classified = await db
      .select({ uniqueid: cdr.uniqueid, sequence: cdr.sequence, direction: cdrClass.direction })
      .from(cdr)
      .innerJoin(cdrClass, eq(cdrClass.cdrId, cdr.id))
      .where(eq(cdr.corpId, ACME));
    const direction = new Map(classified.map((c) => [`${c.uniqueid}/${c.sequence}`, c.direction]));
    const expected = { dialer: CALL_DIRECTION.outgoing, out: CALL_DIRECTION.outgoing, caller: CALL_DIRECTION.incoming, mailbox: CALL_DIRECTION.internal, internal: CALL_DIRECTION.internal } as const;
    for (const r of rows) expect(direction.get(`${r.uniqueid}/${r.sequence}`), `${kind(r)} ${r.channel} ${r.lastapp} ${r.lastdata}`).toBe(expected[kind(r) as keyof typeof expected]);
    // the dashboards' "Calls out" is the hourly rollup's outgoing calls
    const [{ calls }] = await db
      .select({ calls: sql<number>`coalesce(sum(${cdrHourly.calls}), 0)::int` })
      .from(cdrHourly)
      .where(and(eq(cdrHourly.corpId, ACME), eq(cdrHourly.direction, CALL_DIRECTION.outgoing)));
    expect(calls).toBe((byKind.get('dialer') ?? 0) + (byKind.get('out') ?? 0));
  });
});

describe('H-WARM-01 the floor starts in its steady state', () => {
  /** acme's registered extensions on a call (in use, on hold, a second call ringing) over the registered ones, each second for 30 s */
  async function firstSeconds(seed: number, warmUpMs: number) {
    const sink = new MemoryRecordSink();
    const sim = createSimulator({ seed, corps: corpsOf(), driver: 'manual', startTime: WED_10, warmUpMs, traffic: BUSY, recordings: false, sink });
    await sim.start();
    // the warm-up wrote nothing
    expect(sink.totals).toMatchObject({ cdr: 0, queueLog: 0, ivrLog: 0 });
    const devices = new Map<string, string>();
    for (const d of (await sim.snapshot()).deviceStates) devices.set(d.name, d.state);
    sim.events$.subscribe((e) => {
      if (e.type === 'DeviceStateChanged') devices.set(e.device_state.name, e.device_state.state);
    });
    const snapshot = await sim.snapshot();
    const answered = snapshot.bridges.filter((b) => b.channels.length === 2).map((b) => (sim.now() - Date.parse(b.creationtime)) / 1000);
    const bridged = new Set(snapshot.bridges.flatMap((b) => b.channels));
    const waiting = snapshot.channels.filter((c) => c.dialplan.app_name === 'Queue' && !bridged.has(c.id)).length;
    const shares: number[] = [];
    for (let s = 0; s <= 30; s++) {
      const acme = [...devices].filter(([name]) => name.startsWith(`PJSIP/${ACME}_`)).map(([, state]) => state);
      const online = acme.filter((state) => state !== 'UNAVAILABLE');
      shares.push(online.filter((state) => state === 'INUSE' || state === 'ONHOLD' || state === 'RINGINUSE').length / online.length);
      sim.advance(1000);
    }
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    // from the start on it writes: queue events of now, and the rows of calls that were in progress
    expect(sink.queueLog.every((r) => r.time.getTime() >= WED_10)).toBe(true);
    return { mean, first: shares[0], answered, waiting };
  }

  it('H-WARM-01 warmed up 15 min, at least half of acme\'s online extensions are on a call over the first 30 s (seeds 1-3), calls in progress since a plausible while; cold, the first 30 s are nearly idle', async () => {
    for (const seed of [1, 2, 3]) {
      const warm = await firstSeconds(seed, 15 * MIN);
      const cold = await firstSeconds(seed, 0);
      const meanTalk = warm.answered.reduce((a, b) => a + b, 0) / Math.max(1, warm.answered.length);
      console.log(
        `[warm start] seed ${seed}: busy at 0 s ${(warm.first * 100).toFixed(0)} %, mean over 30 s ${(warm.mean * 100).toFixed(0)} % (cold: ${(cold.mean * 100).toFixed(0)} %); ` +
          `${warm.answered.length} calls in progress, answered ${meanTalk.toFixed(0)} s ago on average (max ${Math.max(...warm.answered).toFixed(0)} s); ${warm.waiting} callers waiting`,
      );
      expect(warm.mean).toBeGreaterThanOrEqual(0.5);
      expect(warm.first).toBeGreaterThanOrEqual(0.5);
      expect(cold.mean).toBeLessThan(0.2);
      // talk is log-normal with a 180 s mean: calls in progress have been talking a minute or more on average
      expect(meanTalk).toBeGreaterThan(60);
    }
  });
});

describe("H-WARM-04 README's click-to-call example on the busy floor", () => {
  it("H-WARM-04 the example's extensions are desk phones in no queue that the busy floor leaves registered and idle for 4 h", async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const [, exten, destination] = /"exten":"(\d+)","destination":"(\d+)"/.exec(readme) ?? [];
    expect([exten, destination]).toEqual(['237', '238']);
    const acme = directory.find((c) => c.corpId === ACME)!;
    for (const n of [exten, destination]) expect(acme.queues.some((q) => q.members.includes(n)), n).toBe(false);
    const corps = corpsOf();
    // offline at start and flapping phones as the busy floor has them, by default
    const sim = createSimulator({ seed: 5, corps, driver: 'manual', startTime: WED_10, warmUpMs: 15 * MIN, traffic: { ...BUSY, offlineAtStart: 0.5, unregisterPerHour: 2 }, recordings: false });
    const touched: string[] = [];
    sim.events$.subscribe((e) => {
      if (e.type === 'DeviceStateChanged' && [exten, destination].some((n) => e.device_state.name === `PJSIP/${ACME}_${n}`)) touched.push(`${e.device_state.name} ${e.device_state.state}`);
    });
    await sim.start();
    const state = async () => (await sim.snapshot()).deviceStates.filter((d) => [exten, destination].some((n) => d.name === `PJSIP/${ACME}_${n}`)).map((d) => d.state);
    expect(await state()).toEqual(['NOT_INUSE', 'NOT_INUSE']);
    sim.advance(4 * 60 * MIN);
    expect(touched).toEqual([]);
    expect(await state()).toEqual(['NOT_INUSE', 'NOT_INUSE']);
    // the example's call: the first phone rings, answers, and dials the second
    const channel = await sim.originate({ corpId: ACME, from: exten, to: destination });
    expect(channel).toBeTruthy();
    sim.advance(15_000);
    expect(touched.length).toBeGreaterThan(0);
  });
});
