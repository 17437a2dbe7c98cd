/**
 * Equivalence of the two PbxAdapters as the realtime service sees them: a simulator run (fixed seed,
 * manual driver, virtual clock) is recorded — its starting snapshot, every ARI event with the virtual
 * time it was emitted at, and the points where the service's timers ran — while a realtime service
 * publishes from it. The same snapshot is then served by the fake ARI's REST resources and the same
 * events replayed over its WebSocket to createAriAdapter, which feeds a second realtime service with
 * the same directory and a clock that shows the recorded virtual times. Both services must publish
 * the same hub messages: same pushes, same order, same payloads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HubPushes, HubPushName } from '../../../domain';
import { createAriAdapter, createSimulator, MemoryRecordSink, type AriAdapter, type AriEvent, type PbxSnapshot, type SimCorp } from '../../../server/pbx';
import { createRealtimeService, type RealtimeService, type TimerHandle } from '../../../server/realtime';
import { FakeAri } from '../pbx/ari/fake-ari';
import { Collector, directoryOf, extensions, SwitchableAdapter, VirtualTimers, type Published } from './helpers';

/** VirtualTimers that count the callbacks they have run (to know which steps matter). */
class CountingTimers extends VirtualTimers {
  fired = 0;
  override setTimeout(fn: () => void, ms: number): TimerHandle {
    return super.setTimeout(() => {
      this.fired++;
      fn();
    }, ms);
  }
}

/** The simulator's adapter, keeping the snapshot it handed to the service. */
class RecordingAdapter extends SwitchableAdapter {
  readonly snapshots: PbxSnapshot[] = [];
  override async snapshot(): Promise<PbxSnapshot> {
    const s = await super.snapshot();
    this.snapshots.push(structuredClone(s));
    return s;
  }
}

/** Events emitted up to a point of virtual time, after which the service's due timers ran. */
interface Chunk {
  time: number;
  events: AriEvent[];
  /** the virtual time at which each event was emitted (the service's clock while handling it) */
  times: number[];
}

interface Recording {
  start: number;
  snapshot: PbxSnapshot;
  chunks: Chunk[];
  pushes: Published[];
}

const corp: SimCorp = {
  corpId: 4,
  extensions: extensions(3),
  queues: [
    { id: 9, name: 'Help', strategy: 'linear', members: ['1001', '1002'], callsPerHour: 30, ivrSec: 2 },
    // no members: its callers wait until they give up (abandoned)
    { id: 8, name: 'Nobody', strategy: 'ringall', members: [], callsPerHour: 30, ivrSec: 2 },
  ],
};
const traffic = {
  offlineAtStart: 0,
  unregisterPerHour: 0,
  holdProbability: 0,
  answerProbability: 1,
  internalAnswerProbability: 1,
  patience: { distribution: 'exponential' as const, meanSec: 40 },
};
/** every push, LogMon included (the ARI events as the hub relays them) */
const keepAll = (_push: HubPushName) => true;

async function recordSimulator(): Promise<Recording> {
  const sink = new MemoryRecordSink();
  const sim = createSimulator({ seed: 5, driver: 'manual', sink, recordings: false, corps: [corp], traffic });
  const adapter = new RecordingAdapter(sim);
  const timers = new CountingTimers(() => sim.now());
  const collector = new Collector(keepAll);
  const start = sim.now();
  let pending: Chunk = { time: start, events: [], times: [] };
  sim.events$.subscribe((e) => {
    pending.events.push(e);
    pending.times.push(sim.now());
  });
  const chunks: Chunk[] = [];
  const service = createRealtimeService({ adapter, publish: collector.publish, directory: { corps: () => directoryOf([corp]) }, now: () => sim.now(), timers, timeZone: 'UTC' });
  await service.start();
  await adapter.start();
  await service.whenSynced();
  expect(adapter.snapshots).toHaveLength(1);
  if (pending.events.length > 0) throw new Error('events before the snapshot: the replay below does not model them');
  /** closes the current chunk at the clock's time and runs the due timers, as the harness does */
  const mark = () => {
    const fired = timers.fired;
    pending.time = sim.now();
    timers.run(sim.now());
    if (pending.events.length > 0 || timers.fired !== fired) chunks.push(pending);
    pending = { time: sim.now(), events: [], times: [] };
  };
  const advanceUntil = (done: () => boolean, maxMs = 6 * 3_600_000) => {
    const limit = sim.now() + maxMs;
    while (!done()) {
      if (sim.now() >= limit) throw new Error('condition not reached');
      sim.runUntil(sim.now() + 100);
      mark();
    }
  };
  const has = (event: string) => sink.queueLog.some((r) => r.event === event);
  // inbound calls until one was answered and completed, and one caller abandoned
  advanceUntil(() => has('ABANDON') && sink.queueLog.some((r) => r.event.startsWith('COMPLETE')));
  sim.setCorp({ ...corp, queues: corp.queues.map((q) => ({ ...q, callsPerHour: 0 })) });
  advanceUntil(() => sim.stats().channels === 0);
  // originate 1001 → 1003, answered, then hung up by command
  const { channelId } = await sim.originate({ corpId: 4, from: '1001', to: '1003' });
  mark();
  advanceUntil(() => collector.pushes.some((p) => p.push === 'CallConnected' && (p.payload as { callId: string }).callId === channelId));
  const talked = sim.now() + 3000;
  advanceUntil(() => sim.now() >= talked);
  await sim.hangup(channelId);
  mark();
  advanceUntil(() => sim.stats().channels === 0);
  const settle = sim.now() + 5000;
  advanceUntil(() => sim.now() >= settle);
  await service.stop();
  await adapter.stop();
  expect(collector.leaks).toEqual([]);
  return { start, snapshot: adapter.snapshots[0], chunks, pushes: collector.pushes };
}

let fake: FakeAri | null = null;
let ari: AriAdapter | null = null;
let second: RealtimeService | null = null;

afterEach(async () => {
  await second?.stop();
  await ari?.stop();
  await fake?.close();
  second = null;
  ari = null;
  fake = null;
});

async function replayThroughAri(rec: Recording): Promise<Published[]> {
  fake = await FakeAri.start();
  const queueDevices = rec.snapshot.deviceStates.filter((d) => d.name.startsWith('Queue:'));
  fake.state = { channels: rec.snapshot.channels, endpoints: rec.snapshot.endpoints, bridges: rec.snapshot.bridges, deviceStates: queueDevices };
  ari = createAriAdapter({ url: fake.url, user: fake.user, password: fake.password, pingIntervalMs: 0, queueDevices: () => queueDevices.map((d) => d.name) });
  let clock = rec.start;
  const times = rec.chunks.flatMap((c) => c.times);
  let seen = 0;
  let waiter: { target: number; resolve: () => void } | null = null;
  // subscribed before the service: the clock shows the recorded time when the service handles the event
  ari.events$.subscribe(() => {
    clock = times[seen++];
    if (waiter && seen >= waiter.target) {
      const w = waiter;
      waiter = null;
      setImmediate(w.resolve); // after the service has handled this event
    }
  });
  const timers = new VirtualTimers(() => clock);
  const collector = new Collector(keepAll);
  second = createRealtimeService({ adapter: ari, publish: collector.publish, directory: { corps: () => directoryOf([corp]) }, now: () => clock, timers, timeZone: 'UTC' });
  await second.start();
  await ari.start();
  await second.whenSynced();
  await fake.waitForSocket();
  let sent = 0;
  for (const chunk of rec.chunks) {
    if (chunk.events.length > 0) {
      sent += chunk.events.length;
      const target = sent;
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for event ${target}`)), 5000);
        waiter = {
          target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
      fake.replay(chunk.events);
      await arrived;
    }
    clock = chunk.time;
    timers.run(chunk.time);
  }
  expect(seen).toBe(times.length);
  expect(collector.leaks).toEqual([]);
  return collector.pushes;
}

/**
 * What must differ, and only that. ARI's REST interface has no contact list: the adapter's snapshot
 * knows a registered endpoint only as `online` and gives it a contact with an unknown address
 * (server/pbx/ari/picture.ts) until a ContactStatusChange tells it more, while the simulator's snapshot
 * carries each contact's via address and port. So in AllContacts the via address and port are
 * compared only where the ARI side knows them (non-null); everything else, `ts` included, is compared
 * as is — both services read the same virtual times, so no timestamp needs normalising.
 */
function normalise(pushes: Published[], other: Published[]): Published[] {
  return pushes.map((p, i) => {
    const o = other[i];
    if (p.push !== 'AllContacts' || o?.push !== 'AllContacts') return p;
    const mine = p.payload as HubPushes['AllContacts'];
    const theirs = o.payload as HubPushes['AllContacts'];
    const contacts = mine.contacts.map((c) => {
      const known = theirs.contacts.find((x) => x.endpoint === c.endpoint);
      return known && known.viaAddr === null && known.viaPort === null ? { ...c, viaAddr: null, viaPort: null } : c;
    });
    return { ...p, payload: { ...mine, contacts } };
  });
}

describe('ARI adapter ≡ simulator through the realtime service', () => {
  it('the ARI adapter fed the recorded simulator sequence yields the same hub messages as the simulator', async () => {
    const t0 = Date.now();
    const rec = await recordSimulator();
    const fromSim = rec.pushes;
    // the scenario covers what it must
    const reasons = fromSim.filter((p) => p.push === 'deleteCaller').map((p) => (p.payload as { reason: string }).reason);
    expect(reasons).toContain('answered');
    expect(reasons).toContain('abandoned');
    expect(fromSim.some((p) => p.push === 'Hangup' && (p.payload as { caller: string; receiver: string }).caller === '1001')).toBe(true);
    const fromAri = await replayThroughAri(rec);
    expect(fromAri.length).toBe(fromSim.length);
    expect(fromAri).toEqual(normalise(fromSim, fromAri));
    // the normalisation stays small: only snapshot contacts, never a whole push
    const differing = fromSim.filter((p, i) => JSON.stringify(p) !== JSON.stringify(fromAri[i]));
    expect(differing.every((p) => p.push === 'AllContacts')).toBe(true);
    console.log(`[ari-equivalence] ${rec.chunks.reduce((n, c) => n + c.events.length, 0)} events, ${fromSim.length} pushes, ${Date.now() - t0} ms`);
  }, 20_000);
});
