/**
 * Commands on simulated calls (hang-up, originate, queue members, configuration), queue strategies,
 * the real-time driver, and the ARI shape check itself.
 */
import { firstValueFrom } from 'rxjs';
import { filter, take, toArray } from 'rxjs/operators';
import { describe, expect, it } from 'vitest';
import { ariTimestamp, checkAriEvent, createSimulator, parseAriTimestamp, PbxError, type AriEvent, type QueueStrategy, type SimCorp } from '../../../server/pbx';
import { advanceUntil, extensions, line, startSim } from './helpers';

const quiet = { offlineAtStart: 0, unregisterPerHour: 0, holdProbability: 0 };

function corpWith(queue: Partial<SimCorp['queues'][number]> = {}, count = 3): SimCorp {
  const exts = extensions(count);
  return {
    corpId: 4,
    extensions: exts,
    queues: [{ id: 9, name: 'Help', strategy: 'ringall', members: exts.map((e) => e.number), callsPerHour: 0, ivrSec: 0, ...queue }],
  };
}

function firstRung(events: AriEvent[]): string[][] {
  // per caller channel, the members rung in its first ring round (Dial "" events at one instant)
  const rounds = new Map<string, { at: string; peers: string[] }>();
  for (const e of events) {
    if (e.type !== 'Dial' || e.dialstatus !== '' || !e.caller) continue;
    const r = rounds.get(e.caller.id);
    const peer = e.peer.name.replace(/^PJSIP\/4_(\d+)-.*$/, '$1');
    if (!r) rounds.set(e.caller.id, { at: e.timestamp, peers: [peer] });
    else if (r.at === e.timestamp) r.peers.push(peer);
  }
  return [...rounds.values()].map((r) => r.peers);
}

describe('hang-up command', () => {
  it('a waiting caller hung up is an ABANDON; an agent hung up in a call is COMPLETEAGENT; unknown ids are not_found', async () => {
    // nobody answers: the first caller waits
    const run = await startSim({ seed: 3, corps: [corpWith({ callsPerHour: 60 }, 2)], traffic: { ...quiet, answerProbability: 0, patience: { distribution: 'exponential', meanSec: 1e6 } } });
    advanceUntil(run.sim, () => run.sink.queueLog.length > 0, 1000);
    run.sim.advance(2000);
    const enter = run.sink.queueLog[0];
    run.sim.setCorp(corpWith({ callsPerHour: 0 }, 2));
    await run.sim.hangup(enter.callid);
    const after = run.sink.queueLog.filter((r) => r.callid === enter.callid).map((r) => r.event);
    expect(after[0]).toBe('ENTERQUEUE');
    expect(after.at(-1)).toBe('ABANDON');
    expect(run.events.filter((e) => e.type === 'ChannelHangupRequest' && e.channel.id === enter.callid)).toMatchObject([{ cause: 16, soft: true }]);
    expect(run.sink.cdr.at(-1)).toMatchObject({ uniqueid: enter.callid, disposition: 'NO ANSWER' });
    await expect(run.sim.hangup('nope.1')).rejects.toMatchObject({ code: 'not_found' });
    await expect(run.sim.hangup(enter.callid)).rejects.toBeInstanceOf(PbxError);
  });

  it('hanging up the agent channel of a connected call ends it with COMPLETEAGENT and cause 16', async () => {
    const run = await startSim({ seed: 4, corps: [corpWith({ callsPerHour: 30 }, 2)], traffic: { ...quiet, answerProbability: 1, talk: { distribution: 'exponential', meanSec: 1e5 } } });
    advanceUntil(run.sim, () => run.sink.queueLog.some((r) => r.event === 'CONNECT'), 1000);
    const connect = run.sink.queueLog.find((r) => r.event === 'CONNECT')!;
    const agentChannel = connect.data2;
    run.events.length = 0;
    await run.sim.hangup(agentChannel);
    expect(run.events.map(line).slice(0, 7)).toEqual([
      'ChannelHangupRequest PJSIP/4_1001 16 soft',
      'ChannelLeftBridge PJSIP/4_1001',
      'ChannelHangupRequest PJSIP/4_trunk 16 soft',
      'ChannelLeftBridge PJSIP/4_trunk',
      'ChannelDestroyed PJSIP/4_1001 16',
      'DeviceStateChanged PJSIP/4_1001 NOT_INUSE',
      'ChannelDestroyed PJSIP/4_trunk 16',
    ]);
    expect(run.sink.queueLog.filter((r) => r.callid === connect.callid).map((r) => r.event)).toEqual(['ENTERQUEUE', 'CONNECT', 'COMPLETEAGENT']);
    expect(run.sink.cdr.find((r) => r.uniqueid === connect.callid)).toMatchObject({ disposition: 'ANSWERED', dstchannel: expect.stringMatching(/^PJSIP\/4_1001-/) });
  });
});

describe('originate command', () => {
  it('rings the extension, then the callee; refuses unknown, offline and busy extensions', async () => {
    const run = await startSim({ seed: 8, corps: [corpWith({}, 3)], traffic: { ...quiet, internalAnswerProbability: 1 } });
    await expect(run.sim.originate({ corpId: 4, from: '9999', to: '1002' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(run.sim.originate({ corpId: 77, from: '1001', to: '1002' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(run.sim.originate({ corpId: 4, from: '1001', to: 'x y' })).rejects.toMatchObject({ code: 'invalid' });
    const { channelId } = await run.sim.originate({ corpId: 4, from: '1001', to: '1002' });
    await expect(run.sim.originate({ corpId: 4, from: '1001', to: '1003' })).rejects.toMatchObject({ code: 'conflict' });
    run.sim.advance(60_000);
    const ofCall = run.events.filter((e) => e.type === 'Dial');
    expect(ofCall.map(line).slice(0, 6)).toEqual([
      'Dial PJSIP/4_1001 "" (no caller)',
      'Dial PJSIP/4_1001 "RINGING" (no caller)',
      'Dial PJSIP/4_1001 "ANSWER" (no caller)',
      'Dial PJSIP/4_1002 ""',
      'Dial PJSIP/4_1002 "RINGING"',
      'Dial PJSIP/4_1002 "ANSWER"',
    ]);
    expect((ofCall[3] as Extract<AriEvent, { type: 'Dial' }>).caller?.id).toBe(channelId);
    // an outside number goes through the trunk
    const out = await run.sim.originate({ corpId: 4, from: '1003', to: '0215551234' });
    run.sim.advance(2500);
    const trunkDial = run.events.find((e) => e.type === 'Dial' && e.caller?.id === out.channelId);
    expect(trunkDial && trunkDial.type === 'Dial' ? [trunkDial.peer.name.slice(0, 13), trunkDial.dialstring] : null).toEqual(['PJSIP/4_trunk', '0215551234@4_trunk']);
  });

  it('an offline extension cannot originate', async () => {
    const run = await startSim({ seed: 8, corps: [corpWith({}, 3)], traffic: { ...quiet, offlineAtStart: 1 } });
    await expect(run.sim.originate({ corpId: 4, from: '1001', to: '1002' })).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('queue strategies', () => {
  async function rounds(strategy: QueueStrategy, calls = 6): Promise<string[][]> {
    // spaced calls, always answered by the first member rung, short talks: everyone idle at each arrival
    const run = await startSim({
      seed: 21,
      corps: [corpWith({ strategy, callsPerHour: 20 })],
      traffic: { ...quiet, answerProbability: 1, answerDelaySec: [1, 1], talk: { distribution: 'exponential', meanSec: 5 }, patience: { distribution: 'exponential', meanSec: 1e6 } },
    });
    advanceUntil(run.sim, () => firstRung(run.events).length >= calls, 10_000);
    return firstRung(run.events).slice(0, calls);
  }

  it('ringall rings every member at once', async () => {
    for (const r of await rounds('ringall')) expect(r).toEqual(['1001', '1002', '1003']);
  });
  it('linear always starts with the first member', async () => {
    expect(await rounds('linear')).toEqual(Array(6).fill(['1001']));
  });
  it('rrmemory, leastrecent and fewestcalls rotate through the members', async () => {
    const cycle = [['1001'], ['1002'], ['1003'], ['1001'], ['1002'], ['1003']];
    expect(await rounds('rrmemory')).toEqual(cycle);
    expect(await rounds('leastrecent')).toEqual(cycle);
    expect(await rounds('fewestcalls')).toEqual(cycle);
  });
  it('random rings one member, not in a fixed order', async () => {
    const r = await rounds('random', 12);
    expect(r.every((x) => x.length === 1)).toBe(true);
    expect(new Set(r.map((x) => x[0])).size).toBeGreaterThan(1);
    expect(r.map((x) => x[0])).not.toEqual(Array(12).fill(null).map((_, i) => ['1001', '1002', '1003'][i % 3]));
  });
  it('a member that does not answer gets RINGNOANSWER (ms) and the next member is tried after the retry pause', async () => {
    const run = await startSim({ seed: 2, corps: [corpWith({ strategy: 'linear', callsPerHour: 30, ringTimeoutSec: 10, retrySec: 4 })], traffic: { ...quiet, answerProbability: 0, patience: { distribution: 'exponential', meanSec: 1e6 } } });
    const ofFirstCaller = () => run.sink.queueLog.filter((r) => r.event === 'RINGNOANSWER' && r.callid === run.sink.queueLog[0].callid);
    advanceUntil(run.sim, () => ofFirstCaller().length >= 2);
    const [first, second] = ofFirstCaller();
    expect([first.agent, first.data1, second.agent]).toEqual(['1001', '10000', '1002']);
    expect(second.time.getTime() - first.time.getTime()).toBe(14_000);
  });
});

describe('members and configuration', () => {
  it('addQueueMember / removeQueueMember log ADDMEMBER / REMOVEMEMBER and refuse duplicates and unknowns', async () => {
    const run = await startSim({ seed: 1, corps: [corpWith({ members: ['1001'] })], traffic: quiet });
    await run.sim.addQueueMember({ corpId: 4, queueId: 9, number: '1002', paused: true });
    await expect(run.sim.addQueueMember({ corpId: 4, queueId: 9, number: '1002' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(run.sim.addQueueMember({ corpId: 4, queueId: 8, number: '1002' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(run.sim.addQueueMember({ corpId: 4, queueId: 9, number: '7777' })).rejects.toMatchObject({ code: 'not_found' });
    await run.sim.removeQueueMember({ corpId: 4, queueId: 9, number: '1001' });
    await expect(run.sim.removeQueueMember({ corpId: 4, queueId: 9, number: '1001' })).rejects.toMatchObject({ code: 'not_found' });
    expect(run.sink.queueLog.map((r) => [r.event, r.callid, r.queuename, r.agent, r.data1])).toEqual([
      ['ADDMEMBER', 'NONE', '4_9', '1002', 'PAUSED'],
      ['REMOVEMEMBER', 'NONE', '4_9', '1001', ''],
    ]);
    // 1001 left, 1002 is paused: nobody is available
    expect(run.events.map(line)).toContain('DeviceStateChanged Queue:4_9_avail INUSE');
  });

  it('setCorp: a new extension registers shortly, a removed one unregisters and leaves the snapshot', async () => {
    const run = await startSim({ seed: 1, corps: [corpWith({}, 2)], traffic: quiet });
    const next = corpWith({}, 2);
    next.extensions = [next.extensions[0], { number: '1005', userName: 'New' }];
    next.queues[0].members = ['1001', '1005'];
    run.sim.setCorp(next);
    run.sim.advance(30_000);
    const lines = run.events.map(line);
    expect(lines).toEqual(expect.arrayContaining(['ContactStatusChange 4_1002 Removed', 'DeviceStateChanged PJSIP/4_1002 UNAVAILABLE', 'ContactStatusChange 4_1005 Reachable', 'DeviceStateChanged PJSIP/4_1005 NOT_INUSE']));
    const snap = await run.sim.snapshot();
    expect(snap.endpoints.map((e) => [e.resource, e.state])).toEqual([
      ['4_1001', 'online'],
      ['4_1005', 'online'],
    ]);
    expect(snap.contacts.map((c) => c.uri)).toEqual([expect.stringMatching(/^sip:1001@10\.4\.0\.10:\d+$/), expect.stringMatching(/^sip:1005@10\.4\.0\.\d+:\d+$/)]);
    expect(snap.deviceStates).toContainEqual({ name: 'Queue:4_9_avail', state: 'NOT_INUSE' });
    run.sim.removeCorp(4);
    expect((await run.sim.snapshot()).endpoints).toEqual([]);
  });

  it('setCorp: a corp that comes while running has its phones register shortly, each with its events (its states were read before it existed)', async () => {
    const run = await startSim({ seed: 1, corps: [corpWith({}, 2)], traffic: quiet });
    const added: SimCorp = { ...corpWith({}, 3), corpId: 7, queues: [] };
    run.sim.setCorp(added);
    expect((await run.sim.snapshot()).endpoints.filter((e) => e.resource.startsWith('7_')).map((e) => e.state)).toEqual(['offline', 'offline', 'offline']);
    run.sim.advance(30_000);
    const lines = run.events.map(line);
    for (const number of ['1001', '1002', '1003']) expect(lines).toEqual(expect.arrayContaining([`ContactStatusChange 7_${number} Reachable`, `DeviceStateChanged PJSIP/7_${number} NOT_INUSE`]));
    expect((await run.sim.snapshot()).endpoints.filter((e) => e.resource.startsWith('7_')).map((e) => e.state)).toEqual(['online', 'online', 'online']);
  });
});

describe('real-time driver', () => {
  it('paces the virtual clock to the wall clock times the time factor; commands act at the current time', async () => {
    const start = Date.now();
    const sim = createSimulator({ seed: 5, corps: [corpWith({ callsPerHour: 3600 })], timeFactor: 60, traffic: quiet });
    const firstEvents = firstValueFrom(sim.events$.pipe(take(20), toArray()));
    const states: boolean[] = [];
    sim.connected$.subscribe((c) => states.push(c));
    await sim.start();
    const events = await firstEvents;
    expect(events.every((e) => checkAriEvent(e).length === 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const elapsedVirtual = (await sim.snapshot()).time - start;
    expect(elapsedVirtual).toBeGreaterThan(60 * 250);
    expect(elapsedVirtual).toBeLessThan(60 * (Date.now() - start + 100));
    const ringing = firstValueFrom(sim.events$.pipe(filter((e) => e.type === 'DeviceStateChanged' && e.device_state.state === 'RINGING')));
    await sim.stop();
    const frozen = (await sim.snapshot()).time;
    await new Promise((r) => setTimeout(r, 100));
    expect((await sim.snapshot()).time).toBe(frozen);
    await sim.start();
    await ringing;
    await sim.stop();
    expect(states).toEqual([false, true, false, true, false]);
  });
});

describe('ARI shape check', () => {
  it('accepts the documented shapes and reports missing or wrong fields', () => {
    const ts = ariTimestamp(Date.UTC(2024, 4, 1, 10, 15, 30, 123));
    expect(ts).toBe('2024-05-01T10:15:30.123+0000');
    expect(parseAriTimestamp(ts)).toBe(Date.UTC(2024, 4, 1, 10, 15, 30, 123));
    expect(parseAriTimestamp('2024-05-01T07:15:30.123-0300')).toBe(Date.UTC(2024, 4, 1, 10, 15, 30, 123));
    const endpoint = { technology: 'PJSIP', resource: '2_1001', state: 'online', channel_ids: [] };
    const ok = { type: 'ContactStatusChange', timestamp: ts, application: 'callboard', endpoint, contact_info: { uri: 'sip:1001@10.0.0.1:5060', contact_status: 'Reachable', aor: '2_1001' } };
    expect(checkAriEvent(ok)).toEqual([]);
    expect(checkAriEvent({ ...ok, contact_info: undefined, contact: ok.contact_info })).toEqual(["event.contact: the key is 'contact_info'", 'contact_info: expected ContactInfo']);
    expect(checkAriEvent({ ...ok, timestamp: '2024-05-01T10:15:30Z' })).toEqual(['event.timestamp: expected ARI timestamp']);
    expect(checkAriEvent({ type: 'Dial', timestamp: ts, application: 'a', dialstatus: 'MAYBE' })).toEqual(['peer: expected Channel', "event.dialstatus: 'MAYBE'"]);
    expect(checkAriEvent({ type: 'DeviceStateChanged', timestamp: ts, application: 'a', device_state: { name: 'PJSIP/2_1001', state: 'ON_FIRE' } })).toEqual([
      "device_state.state: 'ON_FIRE'",
    ]);
    expect(checkAriEvent({ type: 'Nope', timestamp: ts, application: 'a' })).toEqual(["event.type: unknown 'Nope'"]);
  });
});
