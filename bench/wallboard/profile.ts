/**
 * `--profile`: the page's CPU profile over the measured window (CDP Profiler), written as a
 * .cpuprofile for Chrome DevTools, and the functions with the most self time printed, so a slow board
 * says where its time goes.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
}

/** Stops, writes the profile and returns the top `count` functions by self time (ms and %). */
export async function stopProfile(cdp: CDPSession, file: string, count = 15): Promise<{ name: string; ms: number; pct: number }[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/assets\//, '')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms, pct: (100 * ms) / total }));
}

interface TraceEvent {
  name: string;
  ph: string;
  /** µs */
  ts: number;
  dur?: number;
  /** µs of the thread's CPU time within the event (Chromium writes it for complete events) */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number } };
}

/** `--trace`: the renderer main thread's time by trace event (style, layout, paint, script, ...). */
export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { categories: process.env.BENCH_TRACE_CATEGORIES ?? 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReturnAsStream' } as never);
}

/** One main-thread task of 50 ms or more in the trace, with the time of its direct children by name. */
export interface LongTaskBreakdown {
  /** ms from the first traced event */
  at: number;
  ms: number;
  /**
   * the main thread's CPU time in the task, when the trace has it: a task far longer than its CPU time
   * waited for a core (the page shares two with the server and the bench), it did not work that long
   */
  cpuMs: number | null;
  children: { name: string; ms: number }[];
}

export interface TraceSummary {
  /** the main thread's time by event name; CPU time where the trace has it (time waiting for a core is not in it) */
  top: { name: string; ms: number; cpuMs: number | null }[];
  longTasks: LongTaskBreakdown[];
  /** every traced thread's busy time (its outermost events) and CPU time in it, most CPU first */
  threads: { name: string; ms: number; cpuMs: number }[];
}

/** A long task is what Chromium's longtask observer reports: a RunTask of 50 ms or more. */
const LONG_TASK_MS = 50;

export async function stopTrace(cdp: CDPSession, file: string, count = 15): Promise<TraceSummary> {
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream ?? '')));
  await cdp.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = (await cdp.send('IO.read', { handle: stream } as never)) as unknown as { data: string; eof: boolean; base64Encoded?: boolean };
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream } as never);
  writeFileSync(file, text);
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.ph === 'X' && e.dur !== undefined && (!main || (e.pid === main.pid && e.tid === main.tid)));
  const byName = new Map<string, { ms: number; cpuMs: number | null }>();
  for (const e of onMain) {
    const sum = byName.get(e.name) ?? { ms: 0, cpuMs: 0 };
    sum.ms += (e.dur ?? 0) / 1000;
    sum.cpuMs = sum.cpuMs === null || e.tdur === undefined ? null : sum.cpuMs + e.tdur / 1000;
    byName.set(e.name, sum);
  }
  const top = [...byName.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, count)
    .map(([name, sum]) => ({ name, ...sum }));
  return { top, longTasks: longTasksOf(onMain), threads: threadsOf(events) };
}

/**
 * Each thread's outermost complete events summed: how long it was busy and how much CPU it had in
 * that time. Says which of chromium's threads (the page's main thread, its compositor, the raster
 * workers, the display compositor of the GPU process) take the cores the page competes for.
 */
function threadsOf(events: TraceEvent[]): { name: string; ms: number; cpuMs: number }[] {
  const process = new Map<number, string>();
  const thread = new Map<string, string>();
  for (const e of events) {
    if (e.name === 'process_name') process.set(e.pid, e.args?.name ?? String(e.pid));
    if (e.name === 'thread_name') thread.set(`${e.pid}:${e.tid}`, e.args?.name ?? String(e.tid));
  }
  const busy = new Map<string, { ms: number; cpuMs: number; end: number }>();
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  for (const e of complete) {
    const key = `${e.pid}:${e.tid}`;
    const sum = busy.get(key) ?? { ms: 0, cpuMs: 0, end: -Infinity };
    if (e.ts >= sum.end) {
      sum.ms += (e.dur ?? 0) / 1000;
      sum.cpuMs += (e.tdur ?? 0) / 1000;
      sum.end = e.ts + (e.dur ?? 0);
    }
    busy.set(key, sum);
  }
  return [...busy.entries()]
    .map(([key, sum]) => ({ name: `${process.get(Number(key.split(':')[0])) ?? '?'} / ${thread.get(key) ?? key}`, ms: sum.ms, cpuMs: sum.cpuMs }))
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

/**
 * The RunTasks of 50 ms or more and what filled them: each complete event nested directly in one
 * (depth 1, by time containment on the one thread), summed by name. Tells a paint-bound task from a
 * script- or GC-bound one.
 */
function longTasksOf(onMain: TraceEvent[]): LongTaskBreakdown[] {
  const sorted = [...onMain].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const origin = sorted[0]?.ts ?? 0;
  const result: LongTaskBreakdown[] = [];
  let task: { end: number; out: LongTaskBreakdown; byName: Map<string, number>; childEnd: number } | null = null;
  const close = () => {
    if (!task) return;
    task.out.children = [...task.byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, ms]) => ({ name, ms }));
    result.push(task.out);
    task = null;
  };
  for (const e of sorted) {
    const dur = e.dur ?? 0;
    if (task && e.ts >= task.end) close();
    if (!task) {
      if (e.name === 'RunTask' && dur >= LONG_TASK_MS * 1000) task = { end: e.ts + dur, out: { at: (e.ts - origin) / 1000, ms: dur / 1000, cpuMs: e.tdur === undefined ? null : e.tdur / 1000, children: [] }, byName: new Map(), childEnd: e.ts };
      continue;
    }
    // a direct child starts after the previous direct child ended
    if (e.ts >= task.childEnd) {
      const name = e.name === 'FunctionCall' && e.args?.data ? `FunctionCall ${functionOf(e.args.data)}` : e.name;
      task.byName.set(name, (task.byName.get(name) ?? 0) + dur / 1000);
      task.childEnd = e.ts + dur;
    }
  }
  close();
  return result;
}

/** A script call of the trace as `name (file:line)`; a build with CALLBOARD_NO_MINIFY=1 keeps the names. */
function functionOf(data: { functionName?: string; url?: string; lineNumber?: number }): string {
  const file = data.url ? data.url.slice(data.url.lastIndexOf('/') + 1) : '?';
  return `${data.functionName || '(anonymous)'} (${file}:${data.lineNumber ?? '?'})`;
}
