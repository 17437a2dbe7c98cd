/**
 * Bounded memory: over a simulated day of two busy corps the service's maps hold only what is in
 * progress (the same calls, channels, bridges and waiting callers as the PBX), the configuration, and
 * a capped list of recently destroyed channel ids; pending timers stay a handful.
 */
import { describe, expect, it } from 'vitest';
import { busyCorp } from '../pbx/helpers';
import { harness } from './helpers';

const DAY = 86_400_000;

describe('memory', () => {
  it('the internal maps stay bounded over a simulated day (and the day rolls over at midnight)', async () => {
    const h = await harness({ seed: 37, corps: [busyCorp(2), busyCorp(3)] }, { keep: (p) => p === 'AllQueues' });
    const max = { channels: 0, calls: 0, bridges: 0, queueCallers: 0, recent: 0, timers: 0 };
    const configured = h.directory.list.reduce((n, c) => n + c.extensions.length, 0);
    for (let t = 0; t < DAY; t += 10 * 60_000) {
      h.advance(10 * 60_000, 1000);
      const sim = h.sim.stats();
      const { sizes } = h.service.stats();
      expect({ calls: sizes.calls, channels: sizes.channels, bridges: sizes.bridges, waiting: sizes.queueCallers }).toEqual({
        calls: sim.calls,
        channels: sim.channels,
        bridges: sim.bridges,
        waiting: sim.waiting,
      });
      expect(sizes.extensions).toBe(configured);
      expect(sizes.contacts).toBeLessThanOrEqual(configured);
      expect(sizes.devices).toBeLessThanOrEqual(configured);
      expect(sizes.buffered).toBe(0);
      max.channels = Math.max(max.channels, sizes.channels);
      max.calls = Math.max(max.calls, sizes.calls);
      max.bridges = Math.max(max.bridges, sizes.bridges);
      max.queueCallers = Math.max(max.queueCallers, sizes.queueCallers);
      max.recent = Math.max(max.recent, sizes.recent);
      max.timers = Math.max(max.timers, h.timers.size);
    }
    const { events, published, dropped } = h.service.stats();
    expect(h.sim.stats().callsFinished).toBeGreaterThan(5000);
    expect(events).toBeGreaterThan(200_000);
    expect(published).toBeGreaterThan(events / 2);
    expect(Object.values(dropped).every((n) => n === 0)).toBe(true);
    expect(max.channels).toBeLessThan(80);
    expect(max.calls).toBeLessThan(50);
    expect(max.bridges).toBeLessThan(40);
    expect(max.queueCallers).toBeLessThan(40);
    expect(max.recent).toBeLessThanOrEqual(1024);
    // two coalescers per corp and the midnight timer at most
    expect(max.timers).toBeLessThanOrEqual(5);
    // one AllQueues each at start and at midnight
    for (const corpId of [2, 3]) expect(h.collector.of('AllQueues', corpId)).toHaveLength(2);
    expect(h.collector.leaks).toEqual([]);
  });
});
