/**
 * The orchestrator's side of the benchmarks' forked processes (bench/hub-bench.ts, bench/cluster-bench.ts):
 * typed request/answer messages over IPC with a deadline on every wait, and the clock offset of a child.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clock, type ClockReply } from './bench-common';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export type Tagged = { t: string };

/** A forked process with typed request/answer messages; every wait has a deadline. */
export class Child<In extends Tagged, Out extends Tagged> {
  readonly proc: ChildProcess;
  private inbox: Out[] = [];
  private waiters: { t: string; resolve: (m: Out) => void }[] = [];
  private exited: Promise<number | null>;

  constructor(
    readonly name: string,
    script: string,
    args: string[],
    extraExecArgv: string[] = [],
  ) {
    // process.execArgv carries tsx's loader, so the .ts children run the same way
    this.proc = fork(path.join(HERE, script), args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...process.execArgv, ...extraExecArgv],
    });
    this.proc.on('message', (m: Out) => {
      const i = this.waiters.findIndex((w) => w.t === m.t);
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(m);
      else this.inbox.push(m);
    });
    this.exited = new Promise((resolve) => this.proc.once('exit', (code) => resolve(code)));
  }

  send(message: In): void {
    this.proc.send(message);
  }

  next<T extends Out>(t: T['t'], timeoutMs: number): Promise<T> {
    const i = this.inbox.findIndex((m) => m.t === t);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as T);
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        t,
        resolve: (m: Out) => {
          clearTimeout(timer);
          resolve(m as T);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`${this.name}: no '${t}' within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.waiters.push(waiter);
      void this.exited.then((code) => {
        if (this.waiters.includes(waiter)) {
          clearTimeout(timer);
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new Error(`${this.name} exited (code ${code}) while waiting for '${t}'`));
        }
      });
    });
  }

  async request<T extends Out>(message: In, answer: T['t'], timeoutMs: number): Promise<T> {
    const promise = this.next<T>(answer, timeoutMs);
    this.send(message);
    return promise;
  }

  /** asks nicely with `stop`, then kills this child (by its own pid) after `graceMs` */
  async stop(stopMessage: In, graceMs: number): Promise<void> {
    if (this.proc.exitCode === null && this.proc.connected) this.send(stopMessage);
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}

/**
 * NTP-style offset of a child's clock() against ours over IPC: the sample with the smallest round
 * trip, offset = remote − midpoint. Typical round trips are ~0.1 ms, so the offset is known to
 * about ±0.05 ms — far below the latencies measured.
 */
export async function clockOffset(ask: (id: number) => Promise<ClockReply>): Promise<{ offsetMs: number; rttMs: number }> {
  let best = { offsetMs: 0, rttMs: Infinity };
  for (let id = 0; id < 25; id++) {
    const t0 = clock();
    const reply = await ask(id);
    const t1 = clock();
    if (t1 - t0 < best.rttMs) best = { offsetMs: reply.now - (t0 + t1) / 2, rttMs: t1 - t0 };
  }
  return best;
}
