/**
 * The server's log never holds its event loop, whatever reads its stdout (server/logging.ts stdoutLog):
 * with pino's own destination a reader that stopped draining (a paused pager, a stalled log driver) or
 * went away (`npm start | head -1`) froze the whole server, health unanswered and SIGTERM ignored.
 * server/main.ts runs in a process of its own here, its stdout a pipe this test stops reading.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Server = ChildProcessByStdio<null, Readable, Readable>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('I-OPS-01 the log and stdout', () => {
  const dirs: string[] = [];
  const children: Server[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * main.ts on a free port, LOG_LEVEL=debug (a line per request); resolves with its address once it
   * listens, or with `headOne` at once, its stdout closed after its first line
   */
  async function start(options: { port?: number; headOne?: boolean } = {}): Promise<{ child: Server; base: string; output: () => string }> {
    const dir = mkdtempSync(path.join(tmpdir(), 'callboard-stdout-'));
    dirs.push(dir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(options.port ?? 0), NODE_ENV: 'test', LOG_LEVEL: 'debug', SIM_HISTORY: '0', DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    if (options.headOne) {
      await new Promise<void>((resolve) =>
        child.stdout.once('data', () => {
          child.stdout.destroy();
          resolve();
        }),
      );
      return { child, base: '', output: () => output };
    }
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`main.ts did not listen: ${output}${errors}`)), 90_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        // Fastify's own line names the port PORT=0 got
        const listening = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(output);
        if (!listening) return;
        clearTimeout(timer);
        child.stdout.off('data', read);
        resolve(`http://127.0.0.1:${listening[1]}`);
      };
      child.stdout.on('data', read);
      child.once('exit', (code) => reject(new Error(`main.ts exited (${code}): ${output}${errors}`)));
    });
    return { child, base, output: () => output };
  }

  const exited = (child: Server, withinMs: number) =>
    new Promise<boolean>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
      const timer = setTimeout(() => resolve(false), withinMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  /** `requests` health requests each answered within 5 s, then SIGTERM ends the process within 10 s */
  async function answersThenStops(child: Server, base: string, requests: number): Promise<void> {
    for (let i = 0; i < requests; i++) {
      const res = await fetch(`${base}/api/v1/health?n=${i}`, { signal: AbortSignal.timeout(5000) });
      expect(res.status, `request ${i}`).toBe(200);
    }
    child.kill('SIGTERM');
    expect(await exited(child, 10_000), 'stopped within 10 s').toBe(true);
  }

  it('I-OPS-01 a reader that stops reading: the server answers on (more log than the pipe holds), and stops on SIGTERM', async () => {
    const { child, base } = await start();
    // nothing reads stdout from here on: the pipe (64 kB) fills with the requests' debug lines
    child.stdout.pause();
    await answersThenStops(child, base, 600);
  }, 180_000);

  it('I-OPS-01 a reader gone after the first line (npm start | head -1): the server starts, answers and stops on SIGTERM', async () => {
    // as `head -1`: the first line read, then stdout closed, before the start's banner (console.log)
    const port = await freePort();
    const { child } = await start({ port, headOne: true });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (!(await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false))) {
      expect(child.exitCode, 'main.ts ended').toBeNull();
      expect(Date.now() < deadline, 'listening within 90 s').toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await answersThenStops(child, base, 200);
  }, 180_000);

  it('I-OPS-01 a stop writes its last lines before the process ends', async () => {
    const { child, output } = await start();
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => (rest += chunk.toString('utf8')));
    child.kill('SIGTERM');
    expect(await exited(child, 15_000)).toBe(true);
    expect(output() + rest).toMatch(/"msg":"stopped cleanly"/);
  }, 180_000);
});
