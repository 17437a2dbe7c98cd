/**
 * Calls through the realtime service over the simulator: the pushes of an inbound queue call in order,
 * the statuses they give, holds, originate and hang-up through the LiveSource, the active calls list
 * (profiles, de-duplication, coalescing), and a browser's view built from the pushes.
 */
import { describe, expect, it } from 'vitest';
import { EXT_STATUS, callKey, type LiveExtension } from '../../../domain';
import { reduceExtension, type ExtensionSnapshot } from '../../../machines/extension-machine';
import { extensionEventsFromHub } from '../../../streams/extension-inputs';
import type { HubEvent } from '../../../streams/hub-events';
import { ariTimestamp, type AriEvent, type SimCorp } from '../../../server/pbx';
import { busyCorp } from '../pbx/helpers';
import { extensions, harness, pushLine } from './helpers';

const quiet = { offlineAtStart: 0, unregisterPerHour: 0, holdProbability: 0 };

function helpDesk(corpId = 4, queue: Partial<SimCorp['queues'][number]> = {}): SimCorp {
  return {
    corpId,
    extensions: extensions(2),
    queues: [{ id: 9, name: 'Help', strategy: 'linear', members: ['1001', '1002'], callsPerHour: 20, ivrSec: 2, ...queue }],
  };
}

describe('an inbound queue call', () => {
  it('B-PNL-20/21/23: CallerInQueue → Ringing → CallConnected → deleteCaller(answered) → Hangup; the agent goes ringing → in use → online', async () => {
    const h = await harness({ seed: 5, corps: [helpDesk()], traffic: { ...quiet, answerProbability: 1 } });
    h.collector.clear();
    h.advanceUntil(() => h.sink.cdr.length > 0);
    h.advance(1000);
    const callRows = h.sink.queueLog.filter((r) => r.callid === h.sink.cdr[0].uniqueid);
    expect(callRows.map((r) => r.event)).toEqual(['ENTERQUEUE', 'CONNECT', expect.stringMatching(/^COMPLETE(AGENT|CALLER)$/)]);
    const [enter, connect, complete] = callRows;
    const agent = callRows[1].agent;
    const lines = h.collector.pushes.filter((p) => p.push !== 'ActiveCalls' && p.push !== 'DeviceStateChanged').map(pushLine);
    const outside = h.sink.cdr[0].src;
    expect(lines).toEqual([
      'CallerInQueue q9 #1',
      `Ringing ${outside}->${agent}`,
      `CallConnected ${outside}->${agent}`,
      'deleteCaller q9 answered',
      `Hangup ${outside}->${agent} cause 16`,
    ]);
    // the agent's own state, derived from its channel: ringing, then in use from the answer; after the
    // Hangup the browsers go online by themselves (B-PNL-23), so no DeviceStateChanged is needed for it
    const states = h.collector.of('DeviceStateChanged', 4).filter((d) => d.number === agent);
    expect(states.map((d) => d.status)).toEqual([EXT_STATUS.ringing, EXT_STATUS.inUse]);
    expect(states[0]).toMatchObject({ peer: outside, callStart: null });
    expect(states[1]).toMatchObject({ peer: outside, callStart: connect.time.getTime() });
    // the payloads carry the queue_log's own facts
    const callId = h.sink.cdr[0].uniqueid;
    const inQueue = h.collector.of('CallerInQueue', 4)[0];
    expect(inQueue).toMatchObject({ corpId: 4, queueId: 9, callId, caller: outside, trunkNumber: '40009', position: 1, since: enter.time.getTime() });
    const left = h.collector.of('deleteCaller', 4)[0];
    expect(left).toMatchObject({ callId, reason: 'answered', waitedMs: connect.time.getTime() - enter.time.getTime() });
    const hangup = h.collector.of('Hangup', 4)[0];
    expect(hangup).toMatchObject({ callId, caller: outside, receiver: agent, cause: 16, duration: Number(complete.data2) });
    for (const p of h.collector.of('Ringing', 4).concat(h.collector.of('CallConnected', 4))) expect(p.callId).toBe(callId);
    // afterwards: nothing left, the agent online with no call
    expect(h.service.getActiveCalls(4)).toEqual([]);
    expect(h.service.getChannels(4)).toEqual([]);
    expect(h.service.getExtensions(4).find((e) => e.number === agent)).toMatchObject({ status: EXT_STATUS.online, callStart: null, peer: null });
    const [queue] = h.service.getQueues(4);
    expect(queue).toMatchObject({ answered: 1, abandoned: 0, answeredWithinSl: 1, callers: [] });
  });

  it('B-PNL-14/22: a held call shows status 5 with the call timer kept, and in use again after', async () => {
    const h = await harness({ seed: 5, corps: [helpDesk()], traffic: { ...quiet, answerProbability: 1, holdProbability: 1, talk: { distribution: 'exponential', meanSec: 600 } } });
    let held: LiveExtension | undefined;
    let inCall: LiveExtension | undefined;
    h.advanceUntil(() => {
      const exts = h.service.getExtensions(4);
      inCall ??= exts.find((e) => e.status === EXT_STATUS.inUse);
      held = exts.find((e) => e.status === EXT_STATUS.onHold);
      return held !== undefined;
    });
    expect(held).toMatchObject({ number: inCall!.number, callStart: inCall!.callStart, peer: inCall!.peer });
    h.advanceUntil(() => h.service.getExtensions(4).find((e) => e.number === held!.number)!.status !== EXT_STATUS.onHold);
    expect(h.service.getExtensions(4).find((e) => e.number === held!.number)).toMatchObject({ status: EXT_STATUS.inUse, callStart: held!.callStart });
  });

  it('B-PNL-26: a caller hanging up while waiting is deleteCaller(abandoned); a queue timeout is deleteCaller(timeout), neither answered', async () => {
    const corp = helpDesk(4, { callsPerHour: 60, maxWaitSec: 20 });
    const h = await harness({ seed: 11, corps: [corp], traffic: { ...quiet, answerProbability: 0, patience: { distribution: 'exponential', meanSec: 25 } } });
    h.advance(3_600_000, 1000);
    const left = h.collector.of('deleteCaller', 4);
    const abandons = h.sink.queueLog.filter((r) => r.event === 'ABANDON').length;
    const timeouts = h.sink.queueLog.filter((r) => r.event === 'EXITWITHTIMEOUT').length;
    expect(abandons).toBeGreaterThan(3);
    expect(timeouts).toBeGreaterThan(3);
    expect(left.filter((d) => d.reason === 'abandoned')).toHaveLength(abandons);
    expect(left.filter((d) => d.reason === 'timeout')).toHaveLength(timeouts);
    expect(left.filter((d) => d.reason === 'answered')).toHaveLength(0);
    // every unanswered call still ends with a Hangup of duration 0
    const hangups = h.collector.of('Hangup', 4);
    expect(hangups.length).toBe(h.sink.cdr.length);
    expect(hangups.every((x) => x.duration === 0)).toBe(true);
  });
});

describe('originate and hang-up through the LiveSource', () => {
  it('B-ACT-04: originate rings the caller (for the callee, not itself), then the callee; hangUp(caller, receiver) ends the call; a second hangUp or another corp finds none', async () => {
    const corps = [helpDesk(4, { callsPerHour: 0 }), helpDesk(5, { callsPerHour: 0 })];
    const h = await harness({ seed: 8, corps, traffic: { ...quiet, internalAnswerProbability: 1 } });
    h.collector.clear();
    const { channelId } = await h.sim.originate({ corpId: 4, from: '1001', to: '1002' });
    // the first leg rings 1001 itself: shown ringing for the call to 1002, never "with itself"
    h.advanceUntil(() => h.service.getExtensions(4).find((e) => e.number === '1001')!.status === EXT_STATUS.ringing, 50);
    expect(h.service.getExtensions(4).find((e) => e.number === '1001')).toMatchObject({ status: EXT_STATUS.ringing, peer: '1002' });
    expect(h.collector.of('DeviceStateChanged', 4).at(-1)).toMatchObject({ number: '1001', status: EXT_STATUS.ringing, peer: '1002' });
    expect(h.service.getActiveCalls(4)).toEqual([expect.objectContaining({ caller: '1001', dialed: '1002', receiver: '1002' })]);
    h.advanceUntil(() => h.collector.of('CallConnected', 4).length > 0);
    const lines = h.collector.pushes.filter((p) => p.push === 'Ringing' || p.push === 'CallConnected').map(pushLine);
    expect(lines).toEqual(['Ringing 1001->1002', 'CallConnected 1001->1002']);
    h.advance(500);
    expect(h.service.getActiveCalls(4)).toEqual([
      { corpId: 4, callId: channelId, time: expect.any(Number), profile: 'internal', caller: '1001', destination: '1002', dialed: '1002', receiver: '1002', trunk: null },
    ]);
    const exts = h.service.getExtensions(4);
    expect(exts.find((e) => e.number === '1001')).toMatchObject({ status: EXT_STATUS.inUse, peer: '1002' });
    expect(exts.find((e) => e.number === '1002')).toMatchObject({ status: EXT_STATUS.inUse, peer: '1001' });
    // the same numbers in another corp: nothing to hang up there
    expect(await h.service.hangUp(5, '1001', '1002')).toBe(false);
    expect(h.sim.stats().channels).toBe(2);
    expect(await h.service.hangUp(4, '1001', '1002')).toBe(true);
    expect(h.collector.of('Hangup', 4)).toEqual([expect.objectContaining({ callId: channelId, caller: '1001', receiver: '1002', cause: 16 })]);
    expect(h.sim.stats().channels).toBe(0);
    h.advance(500);
    expect(h.collector.of('ActiveCalls', 4).at(-1)!.calls).toEqual([]);
    expect(await h.service.hangUp(4, '1001', '1002')).toBe(false);
    expect(h.service.getExtensions(4).map((e) => e.status)).toEqual([EXT_STATUS.online, EXT_STATUS.online]);
  });

  it('B-ACT-04: a waiting queue caller is hung up by (caller, dialed number) and counts as abandoned', async () => {
    const h = await harness({ seed: 3, corps: [helpDesk(4, { callsPerHour: 60 })], traffic: { ...quiet, answerProbability: 0, patience: { distribution: 'exponential', meanSec: 1e6 } } });
    h.advanceUntil(() => h.collector.of('CallerInQueue', 4).length > 0);
    const [waiting] = h.service.getActiveCalls(4);
    expect(waiting).toMatchObject({ profile: 'entrante', destination: 'Help', dialed: '40009', trunk: '4_trunk' });
    expect(await h.service.hangUp(4, waiting.caller, waiting.receiver)).toBe(true);
    expect(h.collector.of('deleteCaller', 4)).toEqual([expect.objectContaining({ callId: waiting.callId, reason: 'abandoned' })]);
    expect(h.service.getQueues(4)[0]).toMatchObject({ abandoned: 1, answered: 0, callers: [] });
  });
});

describe('active calls', () => {
  it('B-ACT-03/05: entrante from the trunk, saliente out through the trunk, internal otherwise; the list matches the calls in progress', async () => {
    const h = await harness({ seed: 21, corps: [busyCorp(2)] });
    const seen = { entrante: 0, saliente: 0, internal: 0 };
    for (let minute = 0; minute < 120; minute++) {
      h.advance(60_000, 1000);
      const calls = h.service.getActiveCalls(2);
      const snapshot = await h.sim.snapshot();
      const byId = new Map(snapshot.channels.map((c) => [c.id, c]));
      for (const call of calls) {
        seen[call.profile]++;
        const origin = byId.get(call.callId);
        expect(origin, `origin channel of ${call.callId}`).toBeDefined();
        expect(call.time).toBe(Date.parse(origin!.creationtime.replace('+0000', 'Z')));
        if (call.profile === 'entrante') {
          expect(origin!.name).toMatch(/^PJSIP\/2_trunk-/);
          expect(call).toMatchObject({ trunk: '2_trunk', caller: origin!.caller.number });
        } else {
          expect(origin!.name).toMatch(/^PJSIP\/2_10\d\d-/);
          expect(call.caller).toBe(origin!.caller.number);
          if (call.profile === 'saliente') expect(call.trunk).toBe('2_trunk');
          else expect(call.trunk).toBeNull();
        }
      }
      // one row per call key, newest first
      expect(new Set(calls.map((c) => callKey(c.callId))).size).toBe(calls.length);
      expect(calls.map((c) => c.time)).toEqual([...calls.map((c) => c.time)].sort((a, b) => b - a));
    }
    expect(seen.entrante).toBeGreaterThan(50);
    expect(seen.saliente).toBeGreaterThan(5);
    expect(seen.internal).toBeGreaterThan(2);
  });

  it('B-ACT-06: two calls with one call key show once (the earliest); a call with several legs is one row', async () => {
    const h = await harness({ seed: 5, corps: [helpDesk(4, { strategy: 'ringall', callsPerHour: 60 })], traffic: { ...quiet, answerProbability: 0, patience: { distribution: 'exponential', meanSec: 1e6 } } });
    h.advanceUntil(() => h.sim.stats().channels >= 3); // the caller and two rung members
    h.advance(1000);
    const [call] = h.service.getActiveCalls(4);
    expect(h.service.getActiveCalls(4)).toHaveLength(1);
    expect(h.service.getChannels(4)).toHaveLength(3);
    // a second call whose id has the same part before the dot, a moment later
    const later = h.sim.now() + 1;
    const twin = `${callKey(call.callId)}.999999`;
    const channel = {
      id: twin,
      name: 'PJSIP/4_1002-0000ffff',
      state: 'Ring',
      protocol_id: '',
      caller: { name: 'Agent 2', number: '1002' },
      connected: { name: '', number: '' },
      accountcode: '4',
      dialplan: { context: 'c4-internal', exten: '1001', priority: 1, app_name: '', app_data: '' },
      creationtime: ariTimestamp(later),
      language: 'en',
    };
    const envelope = { timestamp: ariTimestamp(later), application: 'callboard' };
    h.adapter.inject.next({ type: 'ChannelCreated', channel, ...envelope } as AriEvent);
    expect(h.service.stats().sizes.calls).toBe(2);
    expect(h.service.getActiveCalls(4)).toEqual([call]);
    h.adapter.inject.next({ type: 'ChannelDestroyed', cause: 16, cause_txt: 'Normal Clearing', channel, ...envelope } as AriEvent);
    expect(h.service.stats().sizes.calls).toBe(1);
  });

  it('ActiveCalls goes out at most once per 100 ms per corp and always ends with the current list', async () => {
    const h = await harness({ seed: 9, corps: [busyCorp(2), busyCorp(3)] });
    h.collector.clear();
    h.advance(2 * 3_600_000, 1000);
    h.service.flush();
    for (const corpId of [2, 3]) {
      const lists = h.collector.of('ActiveCalls', corpId);
      expect(lists.length).toBeGreaterThan(100);
      for (let i = 1; i < lists.length; i++) expect(lists[i].ts - lists[i - 1].ts).toBeGreaterThanOrEqual(100);
      expect(lists.at(-1)!.calls).toEqual(h.service.getActiveCalls(corpId));
    }
  });
});

describe('a browser applying the pushes', () => {
  it('B-PNL-20..23: the statuses, call timers and parties the extension machine derives from the pushes agree with the server snapshot', async () => {
    const h = await harness({ seed: 13, corps: [busyCorp(2)] });
    // the browser: AllExtensions, then every push, through the extension machine's own reducer
    const browser = new Map<string, ExtensionSnapshot>();
    const apply = (event: HubEvent) => {
      for (const e of extensionEventsFromHub(event)) {
        const number = e.type === 'SNAPSHOT' ? e.extension.number : e.number;
        const next = reduceExtension(browser.get(number), e);
        if (next) browser.set(number, next);
      }
    };
    apply({ name: 'AllExtensions', payload: { corpId: 2, extensions: h.service.getExtensions(2), ts: h.sim.now() } });
    let seen = 0;
    const mismatches: string[] = [];
    for (let minute = 0; minute < 180; minute++) {
      h.advance(60_000, 1000);
      for (const p of h.collector.pushes.slice(seen)) {
        if (p.corpId === 2) apply({ name: p.push, payload: p.payload } as HubEvent);
      }
      seen = h.collector.pushes.length;
      for (const server of h.service.getExtensions(2)) {
        const { status, callStart, peer } = browser.get(server.number)!.context;
        // the browser shows "hangup" until its display delay; the server is online at once
        const shown = status === EXT_STATUS.hangup ? EXT_STATUS.online : status;
        if (shown !== server.status) mismatches.push(`minute ${minute}: ${server.number} browser ${status}, server ${server.status}`);
        // in a call: the same timer and the same party (issue 12, defect 5: the call that remains)
        else if ((status === EXT_STATUS.inUse || status === EXT_STATUS.onHold) && (callStart !== server.callStart || peer !== server.peer)) {
          mismatches.push(`minute ${minute}: ${server.number} browser ${callStart}/${peer}, server ${server.callStart}/${server.peer}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(h.collector.of('CallConnected', 2).length).toBeGreaterThan(100);
  });
});

