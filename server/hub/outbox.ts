/**
 * The hub's sending side: records queued per connection and flushed as one WebSocket frame per
 * connection per tick (or `coalesceMs`), paced: a connection that had a frame less than
 * `minFrameIntervalMs` ago keeps queueing until that much time has passed. A broadcast is serialised
 * once and shared by every member of the group as one batch (a batch of several members is
 * concatenated once per flush); a socket over the high-water mark waits, one whose queue grows beyond
 * `maxQueuedBytes` is closed as a slow consumer.
 */
import { WebSocket } from 'ws';
import { isBatch, type Batch, type Connection, type ConnectionTable, type CounterHolder, type Group, type Part } from './connections';
import { pushRecordFromJson } from './protocol';

export interface OutboxOptions {
  coalesceMs: number;
  /** pacing: a connection's next frame of records waits until this long after its last one */
  minFrameIntervalMs: number;
  highWaterBytes: number;
  maxQueuedBytes: number;
  /** closes a connection that cannot keep up (Close with allowReconnect) */
  closeSlow(conn: Connection): void;
}

export class Outbox {
  private dirty = new Set<Connection>();
  private flushScheduled = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private paceTimer: NodeJS.Timeout | null = null;
  private paceDue = Infinity;
  private nextBatchId = 1;

  constructor(
    private readonly table: ConnectionTable,
    private readonly stats: CounterHolder,
    private readonly o: OutboxOptions,
  ) {}

  /** sends at once, outside the queue (handshake answers, Close) */
  sendNow(conn: Connection, text: string): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    const buf = Buffer.from(text, 'utf8');
    conn.ws.send(buf, { binary: false });
    conn.lastSent = Date.now();
    this.stats.c.frames++;
    this.stats.c.records++;
    this.stats.c.bytes += buf.length;
  }

  enqueuePrivate(conn: Connection, text: string, count: number): void {
    if (conn.closed) return;
    // keep order: group records arriving later in this tick must come after this one
    for (const corpId of conn.groups) {
      const group = this.table.groups.get(corpId);
      if (group?.open && conn.parts.includes(group.open)) group.open = null;
    }
    const last = conn.parts[conn.parts.length - 1];
    if (last && !isBatch(last)) {
      last.text += text;
      last.count += count;
      if (conn.sizedParts === conn.parts.length) conn.sizedBytes += text.length; // `last` was already sized
    } else conn.parts.push({ text, count });
    this.markDirty(conn);
  }

  /** a push to one connection */
  sendPush(conn: Connection, push: string, payloadJson: string): void {
    this.enqueuePrivate(conn, pushRecordFromJson(push, payloadJson), 1);
  }

  broadcastRecord(group: Group, rec: string): void {
    if (group.open) {
      group.open.records.push(rec);
      group.open.buffer = null;
      return;
    }
    const batch: Batch = { id: this.nextBatchId++, records: [rec], buffer: null };
    group.open = batch;
    for (const conn of group.members) {
      conn.parts.push(batch);
      this.markDirty(conn);
    }
  }

  /**
   * What waits to be sent (/metrics): the connections with records queued (between ticks, those over
   * the high-water mark) and their bytes. Sizes only what was queued since the last look (queuedBytes).
   */
  backlog(): { connections: number; bytes: number } {
    let bytes = 0;
    for (const conn of this.dirty) bytes += this.queuedBytes(conn);
    return { connections: this.dirty.size, bytes };
  }

  /** forgets what was queued for a connection that is gone */
  drop(conn: Connection): void {
    this.dirty.delete(conn);
    this.takeParts(conn);
  }

  /** Sends one frame with everything queued for the connection. False when it must wait. */
  flushConnection(conn: Connection, force: boolean, cache?: Map<string, Buffer>): boolean {
    if (conn.parts.length === 0) return true;
    if (conn.ws.readyState !== WebSocket.OPEN) {
      this.takeParts(conn);
      return true;
    }
    if (!force && conn.ws.bufferedAmount > this.o.highWaterBytes) {
      this.stats.c.deferred++;
      if (this.queuedBytes(conn) > this.o.maxQueuedBytes) {
        this.stats.c.slowConsumers++;
        this.takeParts(conn);
        this.o.closeSlow(conn);
        return true;
      }
      return false;
    }
    const parts = this.takeParts(conn);
    let buf: Buffer;
    let count = 0;
    for (const part of parts) count += isBatch(part) ? part.records.length : part.count;
    if (parts.length === 1) buf = partBuffer(parts[0]);
    else if (cache && parts.every(isBatch)) {
      const key = (parts as Batch[]).map((b) => b.id).join(',');
      let cached = cache.get(key);
      if (!cached) {
        cached = Buffer.concat(parts.map(partBuffer));
        cache.set(key, cached);
      }
      buf = cached;
    } else buf = Buffer.concat(parts.map(partBuffer));
    conn.ws.send(buf, { binary: false });
    conn.lastSent = Date.now();
    conn.lastFrameAt = performance.now();
    this.stats.c.frames++;
    this.stats.c.records += count;
    this.stats.c.bytes += buf.length;
    return true;
  }

  stop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.paceTimer) clearTimeout(this.paceTimer);
    this.paceTimer = null;
  }

  private markDirty(conn: Connection): void {
    this.dirty.add(conn);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    if (this.o.coalesceMs > 0) setTimeout(() => this.flush(), this.o.coalesceMs);
    else setImmediate(() => this.flush());
  }

  /** a flush when the first paced connection's interval is over (one timer, moved earlier if need be) */
  private schedulePaced(due: number, now: number): void {
    if (this.paceTimer && this.paceDue <= due) return;
    if (this.paceTimer) clearTimeout(this.paceTimer);
    this.paceDue = due;
    this.paceTimer = setTimeout(() => {
      this.paceTimer = null;
      this.paceDue = Infinity;
      this.flush();
    }, due - now);
  }

  private flush(): void {
    this.flushScheduled = false;
    for (const group of this.table.groups.values()) group.open = null;
    const current = this.dirty;
    this.dirty = new Set();
    const waiting = new Set<Connection>();
    const cache = new Map<string, Buffer>();
    // the monotonic clock: a wall clock set back would hold a connection's frames until it caught up
    const now = performance.now();
    let paceDue = Infinity;
    for (const conn of current) {
      if (conn.closed) continue;
      const due = conn.lastFrameAt + this.o.minFrameIntervalMs;
      if (due > now && conn.parts.length > 0) {
        // paced: it keeps its queue (later records join it) and goes when its interval is over
        this.dirty.add(conn);
        paceDue = Math.min(paceDue, due);
        continue;
      }
      if (!this.flushConnection(conn, false, cache)) waiting.add(conn);
    }
    if (paceDue < Infinity) this.schedulePaced(paceDue, now);
    if (waiting.size > 0) {
      for (const conn of waiting) this.dirty.add(conn);
      if (!this.retryTimer) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.scheduleFlush();
        }, 20);
      }
    }
  }

  /** Bytes queued for a connection; sizes only the parts added since the previous call. */
  private queuedBytes(conn: Connection): number {
    for (; conn.sizedParts < conn.parts.length; conn.sizedParts++) {
      const part = conn.parts[conn.sizedParts];
      conn.sizedBytes += isBatch(part) ? batchBuffer(part).length : part.text.length;
    }
    return conn.sizedBytes;
  }

  /** Empties a connection's queue (and its size accounting), returning what was queued. */
  private takeParts(conn: Connection): Part[] {
    const parts = conn.parts;
    conn.parts = [];
    conn.sizedParts = 0;
    conn.sizedBytes = 0;
    return parts;
  }
}

function batchBuffer(batch: Batch): Buffer {
  if (!batch.buffer) batch.buffer = Buffer.from(batch.records.length === 1 ? batch.records[0] : batch.records.join(''), 'utf8');
  return batch.buffer;
}

function partBuffer(part: Part): Buffer {
  return isBatch(part) ? batchBuffer(part) : Buffer.from(part.text, 'utf8');
}
