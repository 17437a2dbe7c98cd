/**
 * C-DIA campaign calls on the live boards: the realtime service attributes a campaign's trunk channel
 * to its corp (accountcode and context; `trunk_{number}` names no corp), shows an answered queue
 * campaign call as a caller in the queue with the number dialled, counts it when an agent takes it,
 * and tells no other corp.
 */
import { describe, expect, it } from 'vitest';
import type { SimCorp } from '../../../server/pbx';
import { extensions, harness } from './helpers';

const corp = (corpId: number): SimCorp => {
  const exts = extensions(3);
  return { corpId, extensions: exts, queues: [{ id: 4, name: 'Sales', strategy: 'ringall', members: exts.map((e) => e.number), callsPerHour: 0, ivrSec: 0 }] };
};

describe('C-DIA campaign calls in the realtime service', () => {
  it('an answered queue campaign call is a CallerInQueue of its corp with the number dialled, then answered by an agent; the other corp hears nothing', async () => {
    const h = await harness({ seed: 3, corps: [corp(2), corp(3)], traffic: { offlineAtStart: 0, unregisterPerHour: 0, campaignAnswerProbability: 1, answerProbability: 1 } });
    const done = h.sim.dialOut({ corpId: 2, campaignId: 7, trunkNumber: '551130001000', number: '5511988887777', timeoutSec: 30, then: { kind: 'queue', queueId: 4 } });
    h.advanceUntil(() => h.collector.of('CallerInQueue', 2).length > 0, 100, 60_000);
    const { channelId } = await done;
    const caller = h.collector.of('CallerInQueue', 2)[0];
    expect(caller).toMatchObject({ queueId: 4, callId: channelId });
    expect(JSON.stringify(caller)).toContain('5511988887777');
    h.advanceUntil(() => h.collector.of('deleteCaller', 2).length > 0, 100, 120_000);
    expect(h.collector.of('deleteCaller', 2)[0]).toMatchObject({ queueId: 4, callId: channelId, reason: 'answered' });
    expect(h.service.getQueues(2)[0].answered).toBe(1);
    expect(h.collector.of('CallerInQueue', 3)).toEqual([]);
    expect(h.service.stats().dropped).toMatchObject({ unattributed: 0, conflict: 0 });
  });
});
