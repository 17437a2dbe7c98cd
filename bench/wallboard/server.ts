/**
 * The real server for the wallboard benchmark: `server/main.ts` in its own process (as
 * scripts/e2e-server.mjs starts it) on a free 127.0.0.1 port, with a temporary DATA_DIR (PGlite),
 * LOG_LEVEL=warn, the demo seed on and the simulator's traffic settings from the environment. Its
 * output goes to a log file; the last lines are shown when it fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, readdirSync, type WriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface ServerHandle {
  proc: ChildProcess;
  pid: number;
  port: number;
  base: string;
  /** warn or error lines the server logged */
  warnings(): number;
  tail(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(opts: { root: string; dataDir: string; env: Record<string, string>; logFile: string; readyTimeoutMs: number }): Promise<ServerHandle> {
  const port = await freePort();
  const log: WriteStream = createWriteStream(opts.logFile);
  const lines: string[] = [];
  let warnings = 0;
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      if (/"level":(40|50|60)/.test(line)) warnings++;
      lines.push(line);
      if (lines.length > 40) lines.shift();
    }
  };
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: opts.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      CALLBOARD_DEMO: '1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PBX: 'simulator',
      // the board under live load only: a first start's day-behind backfill (SIM_HISTORY, on by default
      // since 2026-11-25) writes a day of every corp's records in the background and took the server's
      // whole core in the first minutes, which the figures then measured
      SIM_HISTORY: '0',
      ...opts.env,
    },
  });
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const handle: ServerHandle = {
    proc,
    pid: proc.pid ?? -1,
    port,
    base,
    warnings: () => warnings,
    tail: () => lines.join('\n'),
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(timer);
      }
      await new Promise<void>((resolve) => log.end(resolve));
    },
  };

  const deadline = Date.now() + opts.readyTimeoutMs;
  let dead: number | null | undefined;
  void exited.then((code) => (dead = code));
  for (;;) {
    if (dead !== undefined) throw new Error(`the server exited (code ${dead}) before it answered; its last output:\n${handle.tail()}`);
    try {
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return handle;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await handle.stop();
      throw new Error(`the server did not answer /api/v1/health within ${Math.round(opts.readyTimeoutMs / 1000)} s; its last output:\n${handle.tail()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ------------------------------------------------------------------ CPU of a process tree (Linux /proc)

const TICKS_PER_SECOND = 100;

function statOf(pid: number): { ppid: number; ticks: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command may hold spaces and parentheses: the fields start after the last ')'
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * User + system CPU seconds of `root` and all its descendants now alive (null off Linux); without
 * `root` itself when `withRoot` is false, and without the subtrees of `skip`.
 */
export function treeCpuSeconds(root: number, withRoot = true, skip: number[] = []): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const e of entries) {
    const pid = Number(e);
    const s = statOf(pid);
    if (!s) continue;
    ticks.set(pid, s.ticks);
    const list = children.get(s.ppid) ?? [];
    list.push(pid);
    children.set(s.ppid, list);
  }
  if (!ticks.has(root)) return null;
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    if (skip.includes(pid)) continue;
    if (pid !== root || withRoot) total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / TICKS_PER_SECOND;
}

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
