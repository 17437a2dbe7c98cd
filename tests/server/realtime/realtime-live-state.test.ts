/**
 * Issue 12's live-adapter defects on the realtime service (the PBX events as Asterisk sends them,
 * injected beside a quiet simulator, or the simulator's own busy traffic):
 * - 5: an extension's state comes from its set of live channels (two calls, one ends: still in use);
 * - 6: calls that began in the same second (one part before the dot) are two calls;
 * - 7: after a product restart during calls the timers keep their start (bridge and channel times of
 *   the snapshot) and today's queue counters come back from queue_log;
 * - 4: the PBX's reachability is a push to every corp, and part of every snapshot;
 * and the cosmetic ones: an internal caller waiting in a queue is not labelled with a trunk.
 */
import { describe, expect, it } from 'vitest';
import { EXT_STATUS, type HubPushes, type LiveExtension } from '../../../domain';
import { reduceExtension, type ExtensionSnapshot } from '../../../machines/extension-machine';
import { extensionEventsFromHub } from '../../../streams/extension-inputs';
import type { HubEvent } from '../../../streams/hub-events';
import { ariTimestamp, type AriChannel, type AriEvent, type SimCorp } from '../../../server/pbx';
import { createRealtimeService, foldQueueLog, type QueueHistory } from '../../../server/realtime';
import { busyCorp } from '../pbx/helpers';
import { Collector, extensions, harness, type Harness } from './helpers';

const quiet = { offlineAtStart: 0, unregisterPerHour: 0, holdProbability: 0 };
const CORP = 4;

function quietCorp(): SimCorp {
  return { corpId: CORP, extensions: extensions(3), queues: [{ id: 9, name: 'Help', strategy: 'ringall', members: ['1001', '1002'], callsPerHour: 0, ivrSec: 2 }] };
}

/** ARI events as Asterisk sends them, for channels of corp 4, at the simulator's time */
function ari(h: Harness) {
  const channels = new Map<string, AriChannel>();
  const at = () => ariTimestamp(h.sim.now());
  const send = (event: Record<string, unknown>) => h.adapter.inject.next({ timestamp: at(), application: 'callboard', ...event } as unknown as AriEvent);
  return {
    create(id: string, name: string, o: { state?: string; caller?: string; connected?: string; context?: string; exten?: string } = {}): AriChannel {
      const ch: AriChannel = {
        id,
        name,
        state: o.state ?? 'Down',
        protocol_id: '',
        caller: { name: '', number: o.caller ?? '' },
        connected: { name: '', number: o.connected ?? '' },
        accountcode: String(CORP),
        dialplan: { context: o.context ?? `c${CORP}-internal`, exten: o.exten ?? 's', priority: 1, app_name: '', app_data: '' },
        creationtime: at(),
        language: 'en',
      };
      channels.set(id, ch);
      send({ type: 'ChannelCreated', channel: ch });
      return ch;
    },
    state(ch: AriChannel, state: string) {
      ch.state = state;
      send({ type: 'ChannelStateChange', channel: ch });
    },
    dialplan(ch: AriChannel, app: string, data: string) {
      ch.dialplan = { ...ch.dialplan, app_name: app, app_data: data };
      send({ type: 'ChannelDialplan', channel: ch, dialplan_app: app, dialplan_app_data: data });
    },
    dial(caller: AriChannel, peer: AriChannel, dialstatus: string) {
      send({ type: 'Dial', caller, peer, dialstring: peer.name, dialstatus });
    },
    bridge(id: string, members: AriChannel[]) {
      const bridge = { id, technology: 'simple_bridge', bridge_type: 'mixing', bridge_class: 'basic', creator: '', name: '', channels: [] as string[], creationtime: at() };
      send({ type: 'BridgeCreated', bridge });
      for (const ch of members) {
        bridge.channels.push(ch.id);
        send({ type: 'ChannelEnteredBridge', bridge: { ...bridge, channels: [...bridge.channels] }, channel: ch });
      }
    },
    hangup(...members: AriChannel[]) {
      for (const ch of members) send({ type: 'ChannelHangupRequest', cause: 16, channel: ch });
      for (const ch of members) send({ type: 'ChannelDestroyed', cause: 16, cause_txt: 'Normal Clearing', channel: ch });
    },
    /** a call answered at `number`: Dial ringing, answer, bridge (the callee's channel is created here) */
    connect(caller: AriChannel, calleeId: string, number: string, bridgeId: string): AriChannel {
      const callee = this.create(calleeId, `PJSIP/${CORP}_${number}-${calleeId.replace('.', '')}`, { caller: number, connected: caller.caller.number });
      this.dial(caller, callee, '');
      this.state(callee, 'Ringing');
      this.dial(caller, callee, 'RINGING');
      this.state(callee, 'Up');
      this.dial(caller, callee, 'ANSWER');
      if (caller.state !== 'Up') this.state(caller, 'Up');
      this.bridge(bridgeId, [callee, caller]);
      return callee;
    },
  };
}

/** the browser: the extension machine over AllExtensions and every push since */
function browserOf(h: Harness) {
  const machines = new Map<string, ExtensionSnapshot>();
  const apply = (event: HubEvent) => {
    for (const e of extensionEventsFromHub(event)) {
      const number = e.type === 'SNAPSHOT' ? e.extension.number : e.number;
      const next = reduceExtension(machines.get(number), e);
      if (next) machines.set(number, next);
    }
  };
  apply({ name: 'AllExtensions', payload: { corpId: CORP, extensions: h.service.getExtensions(CORP), ts: h.sim.now() } });
  let seen = h.collector.pushes.length;
  return (number: string) => {
    for (const p of h.collector.pushes.slice(seen)) if (p.corpId === CORP) apply({ name: p.push, payload: p.payload } as HubEvent);
    seen = h.collector.pushes.length;
    const { status, callStart, peer } = machines.get(number)!.context;
    return { status: status === EXT_STATUS.hangup ? EXT_STATUS.online : status, callStart, peer };
  };
}

const extOf = (h: Harness, number: string): LiveExtension => h.service.getExtensions(CORP).find((e) => e.number === number)!;

describe('an extension with two calls (issue 12, defect 5)', () => {
  it('B-PNL-21/23: stays in use with the remaining call’s timer and party when one call ends, on the server and in the browser', async () => {
    const h = await harness({ seed: 2, corps: [quietCorp()], traffic: quiet });
    const browser = browserOf(h);
    const pbx = ari(h);
    const sec = Math.floor(h.sim.now() / 1000);
    // call A: a customer through the trunk, answered by 1001
    const trunk = pbx.create(`${sec}.1`, `PJSIP/${CORP}_trunk-00000001`, { state: 'Ring', caller: '5550001', context: `c${CORP}-inbound`, exten: '40009' });
    pbx.state(trunk, 'Up');
    const answeredA = h.sim.now();
    const legA = pbx.connect(trunk, `${sec}.2`, '1001', 'bridge-a');
    expect(extOf(h, '1001')).toMatchObject({ status: EXT_STATUS.inUse, callStart: answeredA, peer: '5550001' });
    h.advance(10_000);
    // call B: 1002 calls 1001 (call waiting, answered)
    const caller = pbx.create(`${sec + 10}.3`, `PJSIP/${CORP}_1002-00000003`, { state: 'Ring', caller: '1002', exten: '1001' });
    const legB = pbx.connect(caller, `${sec + 10}.4`, '1001', 'bridge-b');
    const during = { server: extOf(h, '1001'), browser: browser('1001') };
    h.advance(5000);
    // B ends: 1001 is still talking to the customer of A
    pbx.hangup(caller, legB);
    expect(extOf(h, '1001').status).toBe(EXT_STATUS.inUse);
    expect(browser('1001').status).toBe(EXT_STATUS.inUse);
    // with A's timer (busy since A's answer) and A's party
    expect(extOf(h, '1001')).toMatchObject({ status: EXT_STATUS.inUse, callStart: answeredA, peer: '5550001' });
    expect(browser('1001')).toEqual({ status: EXT_STATUS.inUse, callStart: answeredA, peer: '5550001' });
    expect(during.server).toMatchObject({ status: EXT_STATUS.inUse, callStart: answeredA, peer: '1002' });
    expect(during.browser).toEqual({ status: EXT_STATUS.inUse, callStart: answeredA, peer: '1002' });
    expect(extOf(h, '1002')).toMatchObject({ status: EXT_STATUS.online, callStart: null });
    expect(h.collector.of('Hangup', CORP)).toEqual([expect.objectContaining({ callId: caller.id, caller: '1002', receiver: '1001' })]);
    // A ends: free
    h.advance(5000);
    pbx.hangup(legA, trunk);
    expect(extOf(h, '1001')).toMatchObject({ status: EXT_STATUS.online, callStart: null, peer: null });
    expect(browser('1001').status).toBe(EXT_STATUS.online);
    expect(h.service.getActiveCalls(CORP)).toEqual([]);
  });

  it('B-PNL-14/22: a held call beside one in progress keeps the extension in use; alone it is on hold', async () => {
    const h = await harness({ seed: 2, corps: [quietCorp()], traffic: quiet });
    const browser = browserOf(h);
    const pbx = ari(h);
    const sec = Math.floor(h.sim.now() / 1000);
    const trunk = pbx.create(`${sec}.1`, `PJSIP/${CORP}_trunk-00000001`, { state: 'Up', caller: '5550001', context: `c${CORP}-inbound`, exten: '40009' });
    const legA = pbx.connect(trunk, `${sec}.2`, '1001', 'bridge-a');
    const started = extOf(h, '1001').callStart;
    h.advance(3000);
    h.adapter.inject.next({ type: 'ChannelHold', timestamp: ariTimestamp(h.sim.now()), application: 'callboard', channel: legA } as AriEvent);
    expect(extOf(h, '1001')).toMatchObject({ status: EXT_STATUS.onHold, callStart: started });
    expect(browser('1001')).toMatchObject({ status: EXT_STATUS.onHold, callStart: started });
    const caller = pbx.create(`${sec + 3}.3`, `PJSIP/${CORP}_1002-00000003`, { state: 'Ring', caller: '1002', exten: '1001' });
    pbx.connect(caller, `${sec + 3}.4`, '1001', 'bridge-b');
    expect(extOf(h, '1001')).toMatchObject({ status: EXT_STATUS.inUse, callStart: started, peer: '1002' });
    expect(browser('1001')).toMatchObject({ status: EXT_STATUS.inUse, callStart: started, peer: '1002' });
  });
});

describe('call identity (issue 12, defect 6)', () => {
  it('B-ACT-06: two calls that began in the same second are two active calls, each with its own id', async () => {
    const h = await harness({ seed: 2, corps: [quietCorp()], traffic: quiet });
    const pbx = ari(h);
    const sec = Math.floor(h.sim.now() / 1000);
    const a = pbx.create(`${sec}.101`, `PJSIP/${CORP}_1001-00000065`, { state: 'Ring', caller: '1001', exten: '1003' });
    const b = pbx.create(`${sec}.105`, `PJSIP/${CORP}_1002-00000069`, { state: 'Ring', caller: '1002', exten: '5551234' });
    expect(h.service.getActiveCalls(CORP).map((c) => c.callId).sort()).toEqual([a.id, b.id]);
    h.service.flush();
    expect(h.collector.of('ActiveCalls', CORP).at(-1)!.calls.map((c) => c.callId).sort()).toEqual([a.id, b.id]);
    pbx.hangup(a);
    expect(h.service.getActiveCalls(CORP).map((c) => c.callId)).toEqual([b.id]);
  });
});

describe('a product restart during calls (issue 12, defect 7)', () => {
  it('B-PNL-21: call timers and active-call times keep their start; today’s queue counters come back from queue_log', async () => {
    const corp = busyCorp(2);
    const h = await harness({ seed: 31, corps: [corp], traffic: { offlineAtStart: 0, unregisterPerHour: 0 } });
    const inCall = (list: LiveExtension[]) => list.filter((e) => e.status === EXT_STATUS.inUse || e.status === EXT_STATUS.onHold);
    h.advance(30 * 60_000, 1000);
    h.advanceUntil(() => inCall(h.service.getExtensions(2)).length >= 5, 1000);
    const before = h.service.getExtensions(2);
    const calls = h.service.getActiveCalls(2);
    const queues = h.service.getQueues(2);
    expect(inCall(before).length).toBeGreaterThan(2);
    expect(queues.reduce((n, q) => n + q.answered, 0)).toBeGreaterThan(10);
    // the product goes away; Asterisk carries on for a while
    await h.service.stop();
    h.advance(20_000, 1000);
    const restartedAt = h.sim.now();
    const still = new Set(inCall(h.service.getExtensions(2)).map((e) => e.number));
    // queue_log as the database holds it (the record sink's rows)
    const history: QueueHistory = {
      counters: async (from, to, levels) => foldQueueLog(h.sink.queueLog.filter((r) => r.time.getTime() >= from && r.time.getTime() <= to), levels),
    };
    const collector = new Collector();
    const service = createRealtimeService({ adapter: h.adapter, publish: collector.publish, directory: { corps: () => h.directory.list }, history, now: () => h.sim.now(), timers: h.timers, timeZone: 'UTC' });
    await service.start();
    const after = service.getExtensions(2);
    const snapshot = await h.sim.snapshot();
    const kept = inCall(after).filter((e) => still.has(e.number) && inCall(before).some((b) => b.number === e.number && b.peer === e.peer));
    expect(kept.length).toBeGreaterThan(1);
    for (const e of kept) {
      const old = before.find((b) => b.number === e.number)!;
      // the timer the browsers showed before the restart, not the restart time
      expect({ number: e.number, callStart: e.callStart }).toEqual({ number: e.number, callStart: old.callStart });
      expect(e.callStart!).toBeLessThan(restartedAt - 20_000);
    }
    // an answered extension's timer starts when its bridge was created (the snapshot's time)
    for (const e of inCall(after)) {
      const channel = snapshot.channels.find((c) => c.name.startsWith(`PJSIP/2_${e.number}-`) && c.state === 'Up');
      const bridge = channel && snapshot.bridges.find((b) => b.channels.includes(channel.id));
      if (bridge && e.status === EXT_STATUS.inUse) expect(e.callStart).toBe(Math.max(Date.parse(channel!.creationtime.replace('+0000', 'Z')), Date.parse(bridge.creationtime.replace('+0000', 'Z'))));
    }
    // calls still in progress keep their start time
    const calm = service.getActiveCalls(2).filter((c) => calls.some((o) => o.callId === c.callId));
    expect(calm.length).toBeGreaterThan(1);
    for (const c of calm) expect(c.time).toBe(calls.find((o) => o.callId === c.callId)!.time);
    // today's counters: what queue_log says up to the snapshot (the live counts of the first run, plus the 20 s gap)
    const logged = foldQueueLog(h.sink.queueLog, new Map(corp.queues.map((q) => [`2_${q.id}`, q.serviceLevelSec ?? 60])));
    for (const q of service.getQueues(2)) {
      const row = logged.find((r) => r.queuename === `2_${q.queueId}`);
      expect({ queue: q.queueId, answered: q.answered, abandoned: q.abandoned, withinSl: q.answeredWithinSl }).toEqual({
        queue: q.queueId,
        answered: row?.answered ?? 0,
        abandoned: row?.abandoned ?? 0,
        withinSl: row?.answeredWithinSl ?? 0,
      });
      const first = queues.find((x) => x.queueId === q.queueId)!;
      expect(q.answered).toBeGreaterThanOrEqual(first.answered);
    }
    expect(collector.of('AllQueues', 2).at(-1)!.queues.map((q) => q.answered)).toEqual(service.getQueues(2).map((q) => q.answered));
    await service.stop();
  });
});

describe('the PBX’s reachability (issue 12, defect 4)', () => {
  it('PbxStatus goes to every corp when the PBX is lost and when it is back; it leads every snapshot', async () => {
    const h = await harness({ seed: 2, corps: [quietCorp(), { ...quietCorp(), corpId: 5 }], traffic: quiet });
    expect(h.collector.of('PbxStatus', CORP)).toEqual([expect.objectContaining({ corpId: CORP, state: 'up' })]);
    const first = h.collector.pushes.findIndex((p) => p.corpId === CORP && p.push === 'PbxStatus');
    expect(h.collector.pushes[first + 1].push).toBe('AllExtensions');
    expect(h.service.getPbxStatus()).toMatchObject({ state: 'up' });
    h.collector.clear();
    h.advance(5000);
    h.adapter.disconnect();
    const lost = h.sim.now();
    for (const corpId of [CORP, 5]) expect(h.collector.of('PbxStatus', corpId)).toEqual([{ corpId, state: 'down', since: lost, ts: lost }]);
    expect(h.service.getPbxStatus()).toEqual({ state: 'down', since: lost });
    h.advance(5000);
    h.adapter.reconnect();
    await h.service.whenSynced();
    for (const corpId of [CORP, 5]) {
      const states = h.collector.of('PbxStatus', corpId).map((p: HubPushes['PbxStatus']) => p.state);
      expect(states).toEqual(['down', 'up']); // 'up' leads the fresh snapshots
    }
  });

  it('PBX=none: the state is none and never changes', async () => {
    const collector = new Collector();
    const { BehaviorSubject, NEVER } = await import('rxjs');
    const adapter = { events$: NEVER, members$: NEVER, connected$: new BehaviorSubject(false) } as never;
    const service = createRealtimeService({ adapter, publish: collector.publish, directory: { corps: () => [] }, pbxConfigured: false });
    await service.start();
    expect(service.getPbxStatus().state).toBe('none');
    await service.stop();
  });
});

describe('queue callers (issue 12, cosmetic)', () => {
  it('B-PNL-07: an internal caller waiting in a queue has no trunk number; a caller through the trunk has the number it dialled', async () => {
    const h = await harness({ seed: 2, corps: [quietCorp()], traffic: quiet });
    const pbx = ari(h);
    const sec = Math.floor(h.sim.now() / 1000);
    const internal = pbx.create(`${sec}.1`, `PJSIP/${CORP}_1003-00000001`, { state: 'Ring', caller: '1003', exten: '69' });
    pbx.state(internal, 'Up');
    pbx.dialplan(internal, 'Queue', `${CORP}_9,t,,,120`);
    const outside = pbx.create(`${sec}.2`, `PJSIP/${CORP}_trunk-00000002`, { state: 'Up', caller: '5550001', context: `c${CORP}-inbound`, exten: '40009' });
    pbx.dialplan(outside, 'Queue', `${CORP}_9,t,,,120`);
    const waiting = h.collector.of('CallerInQueue', CORP);
    expect(waiting.map((c) => ({ caller: c.caller, trunkNumber: c.trunkNumber }))).toEqual([
      { caller: '1003', trunkNumber: '' },
      { caller: '5550001', trunkNumber: '40009' },
    ]);
  });
});
