/**
 * Agents' states in the live state (server/realtime/agents.ts) over the simulator, on a virtual clock:
 * wrap-up from the queue call's end for the queue's wrap-up time, pauses from the PBX's member events,
 * and both read back from the PBX after a reconnect or a new service (a product restart).
 */
import { describe, expect, it } from 'vitest';
import { AGENT_STATUS, EXT_STATUS, NO_AGENT_STATE, shownStatus, type HubPushes } from '../../../domain';
import { createRealtimeService } from '../../../server/realtime';
import { busyCorp } from '../pbx/helpers';
import { Collector, directoryOf, harness, VirtualTimers } from './helpers';

const SEC = 1000;

describe('agent states in the live state', () => {
  it('G-AGS-01 wrap-up starts when the agent\'s queue call ends, lasts the queue\'s wrap-up time, then ends by itself', async () => {
    const corp = busyCorp(2);
    const h = await harness({ seed: 7, corps: [corp], traffic: { offlineAtStart: 0, unregisterPerHour: 0, answerProbability: 1 } });
    const support = new Set(corp.queues[1].members);
    const pushes = () => h.collector.of('AgentState', 2);
    h.advanceUntil(() => pushes().some((p) => p.agent.wrapUp !== null && support.has(p.number)), 500, 3_600_000);
    const start = pushes().find((p) => p.agent.wrapUp !== null && support.has(p.number))!;
    const { since, until } = start.agent.wrapUp!;
    expect(until - since).toBe(10 * SEC);
    // it began when the agent's call ended: the COMPLETE row of that agent in Support (whole seconds)
    const complete = h.sink.queueLog.filter((r) => r.queuename === '2_2' && r.agent === start.number && r.event.startsWith('COMPLETE'));
    expect(complete.some((r) => Math.abs(r.time.getTime() - since) < SEC)).toBe(true);
    expect(shownStatus(EXT_STATUS.online, start.agent, since + 5 * SEC)).toBe(AGENT_STATUS.wrapUp);
    expect(shownStatus(EXT_STATUS.online, start.agent, until)).toBe(EXT_STATUS.online);
    // the PBX does not offer it a Support call before the wrap-up ends
    h.advance(10 * SEC + 200, 100);
    const connects = h.sink.queueLog.filter((r) => r.agent === start.number && r.event === 'CONNECT' && r.time.getTime() > since && r.time.getTime() < until);
    expect(connects).toHaveLength(0);
    const end = pushes().find((p) => p.number === start.number && p.ts >= until && p.agent.wrapUp === null);
    expect(end, 'the push that ends the wrap-up').toBeDefined();
    // the harness runs the timers every 100 ms of simulated time
    expect(end!.ts - until).toBeGreaterThanOrEqual(0);
    expect(end!.ts - until).toBeLessThanOrEqual(100);
  });

  it('G-AGS-02 G-AGS-04 a pause shows with its reason and start, and after a reconnect and a restart the same start, not the restart\'s', async () => {
    const corp = busyCorp(3);
    const h = await harness({ seed: 3, corps: [corp], traffic: { offlineAtStart: 0, unregisterPerHour: 0 } }, { directory: directoryOf([corp]).map((c) => ({ ...c, pauseReasons: [{ code: 'LUNCH', name: 'Lunch', maxMinutes: 30 }] })) });
    h.advance(60 * SEC);
    const pausedAt = h.sim.now();
    await h.sim.pauseMember({ corpId: 3, number: '1002', queueId: null, paused: true, reason: 'LUNCH' });
    const state = () => h.service.getExtensions(3).find((e) => e.number === '1002')!.agent!;
    expect(state().pause).toEqual({ queues: [1], reason: 'LUNCH', label: 'Lunch', since: pausedAt, warnAfterMs: 30 * 60 * SEC });
    expect(h.collector.of('AgentState', 3).at(-1)).toMatchObject({ number: '1002', agent: { pause: { since: pausedAt } } });
    h.advance(20 * 60 * SEC, 1000);
    // a reconnect reads the members again (AMI QueueStatus on Asterisk)
    h.adapter.disconnect();
    h.advance(5 * SEC);
    h.adapter.reconnect();
    await h.service.whenSynced();
    expect(state().pause?.since).toBe(pausedAt);
    // a new service on the same PBX (the product restarted): the same
    const collector = new Collector();
    const timers = new VirtualTimers(() => h.sim.now());
    const fresh = createRealtimeService({ adapter: h.adapter, publish: collector.publish, directory: { corps: () => h.directory.list }, now: () => h.sim.now(), timers, timeZone: 'UTC' });
    await fresh.start();
    await fresh.whenSynced();
    const again = fresh.getExtensions(3).find((e) => e.number === '1002')!.agent!;
    expect(again.pause).toEqual(state().pause);
    expect(collector.of('AllExtensions', 3).at(-1)!.extensions.find((e) => e.number === '1002')!.agent).toEqual(again);
    await fresh.stop();
    await h.sim.pauseMember({ corpId: 3, number: '1002', queueId: null, paused: false, reason: '' });
    expect(state()).toEqual(NO_AGENT_STATE);
  });

  it('G-AGS-04 a wrap-up in progress at a restart keeps its end (the member\'s last call and the queue\'s wrap-up)', async () => {
    const corp = busyCorp(4);
    const h = await harness({ seed: 11, corps: [corp], traffic: { offlineAtStart: 0, unregisterPerHour: 0, answerProbability: 1 } });
    const support = new Set(corp.queues[1].members);
    h.advanceUntil(() => h.collector.of('AgentState', 4).some((p) => p.agent.wrapUp !== null && support.has(p.number)), 500, 3_600_000);
    const start = h.collector.of('AgentState', 4).find((p) => p.agent.wrapUp !== null && support.has(p.number))!;
    h.advance(3 * SEC, 1000);
    const collector = new Collector();
    const timers = new VirtualTimers(() => h.sim.now());
    const fresh = createRealtimeService({ adapter: h.adapter, publish: collector.publish, directory: { corps: () => h.directory.list }, now: () => h.sim.now(), timers, timeZone: 'UTC' });
    await fresh.start();
    await fresh.whenSynced();
    const restored = fresh.getExtensions(4).find((e) => e.number === start.number)!.agent!.wrapUp;
    // the simulator keeps whole milliseconds of its last call; the queue's 10 s follow from it
    expect(restored).toEqual(start.agent.wrapUp);
    timers.run(start.agent.wrapUp!.until);
    const ended: HubPushes['AgentState'] | undefined = collector.of('AgentState', 4).find((p) => p.number === start.number && p.agent.wrapUp === null);
    expect(ended).toBeDefined();
    await fresh.stop();
  });
});
