/**
 * Snapshots: the state rebuilt from adapter.snapshot() after a (re)connect equals the PBX's, fresh
 * All* and ActiveCalls go to every corp, events that arrive while the snapshot loads are applied once;
 * a failing snapshot leaves the service running; a directory reload brings new extensions and queues.
 */
import { describe, expect, it } from 'vitest';
import { statusFromDeviceState } from '../../../domain';
import type { PbxSnapshot } from '../../../server/pbx';
import type { RealtimeService } from '../../../server/realtime';
import { busyCorp } from '../pbx/helpers';
import { directoryOf, extensions, harness, type Harness } from './helpers';

/** The service's state against the simulator's own snapshot, for the given corps. */
async function sameAsPbx(h: Harness, corps: number[]): Promise<string[]> {
  const problems: string[] = [];
  const snapshot = await h.sim.snapshot();
  const sim = h.sim.stats();
  const mine = h.service.stats().sizes;
  if (mine.calls !== sim.calls) problems.push(`calls ${mine.calls} vs ${sim.calls}`);
  if (mine.channels !== sim.channels) problems.push(`channels ${mine.channels} vs ${sim.channels}`);
  if (mine.bridges !== sim.bridges) problems.push(`bridges ${mine.bridges} vs ${sim.bridges}`);
  if (mine.queueCallers !== sim.waiting) problems.push(`waiting ${mine.queueCallers} vs ${sim.waiting}`);
  for (const corpId of corps) {
    const ids = (s: PbxSnapshot) => s.channels.filter((c) => c.accountcode === String(corpId)).map((c) => c.id).sort();
    const live = h.service.getChannels(corpId);
    if (JSON.stringify(live.map((c) => c.id).sort()) !== JSON.stringify(ids(snapshot))) problems.push(`corp ${corpId}: channel ids differ`);
    for (const c of live) {
      const s = snapshot.channels.find((x) => x.id === c.id);
      if (s && (s.state !== c.state || s.name !== c.name)) problems.push(`channel ${c.id}: ${c.state} vs ${s.state}`);
    }
    for (const e of h.service.getExtensions(corpId)) {
      const device = snapshot.deviceStates.find((d) => d.name === `PJSIP/${corpId}_${e.number}`);
      const want = device ? statusFromDeviceState(device.state) : 0;
      if (e.status !== want) problems.push(`${corpId}_${e.number}: ${e.status} vs ${want}`);
    }
  }
  return problems;
}

function snapshotsAfter(h: Harness, index: number, corpId: number): string[] {
  return h.collector.pushes
    .slice(index)
    .filter((p) => p.corpId === corpId && ['AllExtensions', 'AllChannels', 'AllContacts', 'AllQueues', 'ActiveCalls'].includes(p.push))
    .map((p) => p.push);
}

describe('snapshot rebuild', () => {
  it('B-PNL-18: the state follows the PBX while connected, and is rebuilt after a reconnect that lost events', async () => {
    const h = await harness({ seed: 23, corps: [busyCorp(2), busyCorp(3)] });
    // right after start: the first snapshot went to every corp
    for (const corpId of [2, 3]) expect(snapshotsAfter(h, 0, corpId)).toEqual(['AllExtensions', 'AllChannels', 'AllContacts', 'AllQueues', 'ActiveCalls']);
    for (let i = 0; i < 30; i++) {
      h.advance(60_000, 1000);
      expect(await sameAsPbx(h, [2, 3])).toEqual([]);
    }
    const counters = h.service.getQueues(2).map((q) => q.answered);
    h.adapter.disconnect();
    h.advance(10 * 60_000, 1000);
    expect(h.service.stats().connected).toBe(false);
    expect((await sameAsPbx(h, [2, 3])).length).toBeGreaterThan(0); // events were lost
    const mark = h.collector.pushes.length;
    h.adapter.reconnect();
    await h.service.whenSynced();
    expect(h.service.stats()).toMatchObject({ connected: true, rebuilds: 2 });
    for (const corpId of [2, 3]) expect(snapshotsAfter(h, mark, corpId)).toEqual(['AllExtensions', 'AllChannels', 'AllContacts', 'AllQueues', 'ActiveCalls']);
    const published = h.collector.pushes.slice(mark);
    expect(published.find((p) => p.push === 'AllChannels' && p.corpId === 2)!.payload).toMatchObject({ channels: h.service.getChannels(2) });
    expect(published.find((p) => p.push === 'ActiveCalls' && p.corpId === 3)!.payload).toMatchObject({ calls: h.service.getActiveCalls(3) });
    expect(await sameAsPbx(h, [2, 3])).toEqual([]);
    // the counters of the day are kept (the calls of the gap are not in them)
    expect(h.service.getQueues(2).map((q) => q.answered)).toEqual(counters);
    // calls that were in progress at the reconnect end cleanly: no state left behind
    for (let i = 0; i < 30; i++) {
      h.advance(60_000, 1000);
      expect(await sameAsPbx(h, [2, 3])).toEqual([]);
    }
    expect(h.collector.leaks).toEqual([]);
  });

  it('events that arrive while the snapshot loads are applied after it, in order, also those older than the snapshot', async () => {
    const h = await harness({ seed: 29, corps: [busyCorp(2)] });
    h.advance(20 * 60_000, 1000);
    h.adapter.disconnect();
    h.advance(5 * 60_000, 1000);
    // a slow PBX: the events flow again at once; the snapshot is read a minute later and arrives a
    // minute after that, so the buffer holds events from before and after it
    let release: () => void = () => undefined;
    let taken: Promise<PbxSnapshot> | null = null;
    const gate = new Promise<void>((resolve) => (release = resolve));
    h.adapter.snapshot = async () => {
      await gate;
      return taken!;
    };
    h.adapter.reconnect();
    h.advance(60_000, 1000);
    taken = h.sim.snapshot();
    h.advance(60_000, 1000);
    expect(h.service.stats().sizes.buffered).toBeGreaterThan(50);
    release();
    await h.service.whenSynced();
    expect(h.service.stats().sizes.buffered).toBe(0);
    expect(await sameAsPbx(h, [2])).toEqual([]);
    h.advance(20 * 60_000, 1000);
    expect(await sameAsPbx(h, [2])).toEqual([]);
    // nothing counted twice: each caller leaves its queue once
    const left = h.collector.of('deleteCaller', 2).map((d) => d.callId);
    expect(new Set(left).size).toBe(left.length);
  });

  it('a failing snapshot is logged and the service goes on from the events', async () => {
    const warnings: string[] = [];
    const h = await harness({ seed: 29, corps: [busyCorp(2)] }, { service: { log: { warn: (msg) => warnings.push(msg) } } });
    h.advance(5 * 60_000, 1000);
    h.adapter.disconnect();
    h.adapter.snapshot = () => Promise.reject(new Error('PBX busy'));
    h.adapter.reconnect();
    await h.service.whenSynced();
    expect(warnings).toEqual([expect.stringMatching(/snapshot failed/)]);
    expect(h.service.stats().rebuilds).toBe(1);
    const before = h.collector.of('Ringing', 2).length;
    h.advance(10 * 60_000, 1000);
    expect(h.collector.of('Ringing', 2).length).toBeGreaterThan(before);
  });
});

describe('directory reload', () => {
  it('new extensions and queues appear (AllExtensions, AllQueues) with their wrap-up (H-FCST-01), removed ones go; counters of kept queues stay', async () => {
    const corp = busyCorp(2);
    const h = await harness({ seed: 19, corps: [corp], traffic: { offlineAtStart: 0, unregisterPerHour: 0 } });
    h.advance(30 * 60_000, 1000);
    const kept = h.service.getQueues(2).find((q) => q.queueId === 1)!;
    const changed = {
      ...corp,
      extensions: [...extensions(11), { number: '1050', userName: 'New Agent' }],
      queues: [...corp.queues.filter((q) => q.id !== 3), { id: 4, name: 'VIP', strategy: 'linear' as const, members: ['1050'], callsPerHour: 20, serviceLevelSec: 20, wrapupSec: 30 }],
    };
    h.sim.setCorp(changed);
    h.directory.list = directoryOf([changed]);
    const mark = h.collector.pushes.length;
    await h.service.reload();
    expect(h.collector.pushes.slice(mark).map((p) => p.push)).toEqual(['AllExtensions', 'AllQueues']);
    const service: RealtimeService = h.service;
    expect(service.getExtensions(2).map((e) => e.number)).toContain('1050');
    expect(service.getExtensions(2).map((e) => e.number)).not.toContain('1012');
    const queues = service.getQueues(2);
    expect(queues.map((q) => q.queueId)).toEqual([1, 2, 4]);
    expect(queues.find((q) => q.queueId === 1)!.answered).toBe(kept.answered);
    expect(queues.find((q) => q.queueId === 4)).toMatchObject({ name: 'VIP', members: ['1050'], serviceLevelSec: 20, answered: 0 });
    // H-FCST-01: the queue's wrap-up rides on the live record (the forecast's handle time is talk + wrap-up)
    expect(queues.find((q) => q.queueId === 4)!.wrapupSec).toBe(30);
    expect(queues.find((q) => q.queueId === 1)!.wrapupSec).toBe(corp.queues.find((q) => q.id === 1)!.wrapupSec ?? 0);
    // the new phone registers and takes VIP calls
    h.advanceUntil(() => h.collector.of('CallConnected', 2).some((c) => c.receiver === '1050'), 1000, 4 * 3_600_000);
    h.advanceUntil(() => (service.getQueues(2).find((q) => q.queueId === 4)?.answered ?? 0) > 0, 1000, 3_600_000);
    expect(h.collector.leaks).toEqual([]);
  });
});
