/** Bounded waits for the ARI adapter tests (every wait has a deadline; no test hangs). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AriAdapter, AriEvent, AriLogger } from '../../../../server/pbx';

export async function waitFor(what: string, done: () => boolean, timeoutMs = 5000, stepMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** records what an adapter emits */
export function watch(adapter: AriAdapter) {
  const events: AriEvent[] = [];
  const connected: boolean[] = [];
  const subs = [adapter.events$.subscribe((e) => events.push(e)), adapter.connected$.subscribe((c) => connected.push(c))];
  return {
    events,
    connected,
    /** the current connected$ value */
    get now(): boolean {
      return connected[connected.length - 1] ?? false;
    },
    unsubscribe: () => subs.forEach((s) => s.unsubscribe()),
  };
}

export function memoryLog() {
  const lines: { level: 'warn' | 'info'; msg: string; data?: Record<string, unknown> }[] = [];
  const log: AriLogger = {
    warn: (msg, data) => void lines.push({ level: 'warn', msg, data }),
    info: (msg, data) => void lines.push({ level: 'info', msg, data }),
  };
  return { log, lines };
}

export interface Fixture {
  description: string;
  events: AriEvent[];
}

export function fixture(name: 'inbound-queue-call' | 'originate-hangup'): Fixture {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/${name}.json`, import.meta.url)), 'utf8')) as Fixture;
}

/** quick reconnects for tests */
export const FAST = { initialMs: 40, maxMs: 160, factor: 2, jitter: 0.25 };
