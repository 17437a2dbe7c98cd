/**
 * At most one publish per interval per corp: the first change after a quiet interval goes out at
 * once (after the event that caused it is fully applied), later ones are folded into one trailing
 * publish of the then current state.
 */
import type { TimerHandle, Timers } from './types';

export class Coalescer {
  private readonly dirty = new Set<number>();
  private readonly last = new Map<number, number>();
  private readonly pending = new Map<number, TimerHandle>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number,
    private readonly timers: Timers,
    private readonly fire: (corpId: number) => void,
  ) {}

  mark(corpId: number): void {
    this.dirty.add(corpId);
  }

  /** call after each applied event: publishes what may go now, schedules the rest */
  settle(): void {
    if (this.dirty.size === 0) return;
    for (const corpId of [...this.dirty]) {
      if (this.pending.has(corpId)) continue;
      const wait = (this.last.get(corpId) ?? Number.NEGATIVE_INFINITY) + this.intervalMs - this.now();
      if (wait <= 0) this.publish(corpId);
      else
        this.pending.set(
          corpId,
          this.timers.setTimeout(() => {
            this.pending.delete(corpId);
            if (this.dirty.has(corpId)) this.publish(corpId);
          }, wait),
        );
    }
  }

  /** publishes everything pending now */
  flush(): void {
    for (const corpId of [...this.dirty]) {
      const handle = this.pending.get(corpId);
      if (handle !== undefined) this.timers.clearTimeout(handle);
      this.pending.delete(corpId);
      this.publish(corpId);
    }
  }

  /** a corp left the directory */
  forget(corpId: number): void {
    const handle = this.pending.get(corpId);
    if (handle !== undefined) this.timers.clearTimeout(handle);
    this.pending.delete(corpId);
    this.dirty.delete(corpId);
    this.last.delete(corpId);
  }

  /** after a full snapshot was published: nothing is pending, the interval restarts */
  published(corpId: number): void {
    this.forget(corpId);
    this.last.set(corpId, this.now());
  }

  clear(): void {
    for (const handle of this.pending.values()) this.timers.clearTimeout(handle);
    this.pending.clear();
    this.dirty.clear();
    this.last.clear();
  }

  get size(): number {
    return this.dirty.size + this.pending.size + this.last.size;
  }

  private publish(corpId: number): void {
    this.dirty.delete(corpId);
    this.last.set(corpId, this.now());
    this.fire(corpId);
  }
}
