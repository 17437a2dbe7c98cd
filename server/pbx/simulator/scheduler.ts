/** A virtual clock with a timer heap: the simulator runs on it, fast in tests or paced in real time. */

export interface Timer {
  cancel(): void;
}

interface Entry {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class Scheduler {
  private heap: Entry[] = [];
  private seq = 0;
  private current: number;

  constructor(start: number) {
    this.current = start;
  }

  /** virtual now (ms since epoch) */
  now(): number {
    return this.current;
  }

  get pending(): number {
    return this.heap.length;
  }

  /** time of the next timer, or null */
  nextAt(): number | null {
    this.dropCancelled();
    return this.heap.length > 0 ? this.heap[0].at : null;
  }

  at(time: number, fn: () => void): Timer {
    const entry: Entry = { at: Math.max(Math.round(time), this.current), seq: this.seq++, fn, cancelled: false };
    this.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  after(ms: number, fn: () => void): Timer {
    return this.at(this.current + ms, fn);
  }

  /** runs every timer due up to `time` (in order; ties by creation) and leaves the clock at `time` */
  runUntil(time: number): number {
    let ran = 0;
    for (;;) {
      this.dropCancelled();
      const top = this.heap[0];
      if (!top || top.at > time) break;
      this.pop();
      this.current = top.at;
      top.fn();
      ran++;
    }
    if (time > this.current) this.current = time;
    return ran;
  }

  clear(): void {
    this.heap = [];
  }

  private dropCancelled(): void {
    while (this.heap.length > 0 && this.heap[0].cancelled) this.pop();
  }

  private less(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(entry: Entry): void {
    const h = this.heap;
    h.push(entry);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  private pop(): Entry | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l], h[m])) m = l;
        if (r < h.length && this.less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}
