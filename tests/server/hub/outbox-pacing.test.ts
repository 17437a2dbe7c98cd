/**
 * The outbox's pacing (H-PERF-01 H-PERF-02): a connection gets at most one frame of records per
 * minFrameIntervalMs, the first after a quiet spell at the next tick. Driven on a fake clock with fake
 * sockets, so the frame boundaries are exact: on a loaded machine real timers would blur them.
 */
import { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionTable, newConnection, type Connection, type CounterHolder, type Group } from '../../../server/hub/connections';
import { HUB_MIN_FRAME_INTERVAL_MS } from '../../../server/hub/hub-server';
import { emptyCounters } from '../../../server/hub/hub-types';
import { Outbox } from '../../../server/hub/outbox';

const RS = '\x1e';

interface Rig {
  outbox: Outbox;
  table: ConnectionTable;
  stats: CounterHolder;
  conn(id: string): { conn: Connection; frames: { at: number; records: string[] }[] };
}

function rig(minFrameIntervalMs: number): Rig {
  const stats: CounterHolder = { c: emptyCounters() };
  const table = new ConnectionTable(stats);
  const outbox = new Outbox(table, stats, { coalesceMs: 0, minFrameIntervalMs, highWaterBytes: 1 << 20, maxQueuedBytes: 8 << 20, closeSlow: () => undefined });
  return {
    outbox,
    table,
    stats,
    conn(id) {
      const frames: { at: number; records: string[] }[] = [];
      const ws = {
        readyState: WebSocket.OPEN,
        bufferedAmount: 0,
        send: (data: Buffer) => frames.push({ at: Date.now(), records: data.toString('utf8').split(RS).slice(0, -1) }),
      } as unknown as WebSocket;
      const conn = newConnection(ws, id, id, { userId: 1, nick: id, level: 3, corpId: 2 }, 0);
      table.add(conn);
      table.join(conn, 2);
      return { conn, frames };
    },
  };
}

/** `count` records, one every 2 ms (each a tick of its own) */
function broadcastEvery2Ms(r: Rig, group: Group, count: number): void {
  for (let i = 0; i < count; i++) {
    r.outbox.broadcastRecord(group, record(i));
    vi.advanceTimersByTime(2);
  }
}

const record = (n: number) => `{"type":1,"target":"DeviceStateChanged","arguments":[{"n":${n}}]}${RS}`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hub outbox pacing (H-PERF-01 H-PERF-02)', () => {
  it('sends the first record after a quiet spell at the next tick, without waiting for the interval', () => {
    const r = rig(HUB_MIN_FRAME_INTERVAL_MS);
    const { frames } = r.conn('a');
    r.outbox.broadcastRecord(r.table.groups.get(2)!, record(1));
    vi.advanceTimersByTime(0); // the tick (setImmediate)
    expect(frames).toHaveLength(1);
    expect(frames[0]).toEqual({ at: 1_000_000, records: [record(1).slice(0, -1)] });
  });

  it('holds a busy connection to one frame per interval, every record once and in order', () => {
    const r = rig(16);
    const { frames } = r.conn('a');
    const group = r.table.groups.get(2)!;
    broadcastEvery2Ms(r, group, 100); // 200 ms, 100 ticks
    vi.advanceTimersByTime(50); // the last paced frame
    const gaps = frames.slice(1).map((frame, i) => frame.at - frames[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(16);
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(200 / 16) + 1);
    expect(frames.flatMap((frame) => frame.records)).toEqual(Array.from({ length: 100 }, (_, i) => record(i).slice(0, -1)));
    expect(r.stats.c.frames).toBe(frames.length);
  });

  it('paces each connection on its own clock: a quiet one is not held back by a busy one', () => {
    const r = rig(16);
    const busy = r.conn('busy');
    const group = r.table.groups.get(2)!;
    r.outbox.broadcastRecord(group, record(0));
    vi.advanceTimersByTime(0);
    expect(busy.frames).toHaveLength(1);
    // a second connection joins 5 ms later; a record for both: the busy one waits, the new one gets it now
    vi.advanceTimersByTime(5);
    const fresh = r.conn('fresh');
    r.outbox.broadcastRecord(group, record(1));
    vi.advanceTimersByTime(0);
    expect(fresh.frames.map((f) => f.records.length)).toEqual([1]);
    expect(busy.frames).toHaveLength(1);
    vi.advanceTimersByTime(11); // 16 ms after the busy one's first frame
    expect(busy.frames.map((f) => f.at - 1_000_000)).toEqual([0, 16]);
    expect(busy.frames[1].records).toEqual([record(1).slice(0, -1)]);
  });

  it('sends every tick when pacing is off (minFrameIntervalMs 0)', () => {
    const r = rig(0);
    const { frames } = r.conn('a');
    const group = r.table.groups.get(2)!;
    broadcastEvery2Ms(r, group, 10);
    expect(frames).toHaveLength(10);
  });
});
