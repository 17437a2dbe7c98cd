import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * `npm start` runs the server esbuild bundled ahead of time (scripts/build-server.mjs), in plain node
 * with NODE_ENV=production (issue 13): the bundle must find what it reads from the project's folder
 * at run time (the migrations, the built client) and initialise a new PGlite directory.
 */
describe('the built server (npm start)', () => {
  const outdir = path.join(ROOT, 'dist', `server-test-${process.pid}`);
  let dataDir: string;
  let child: ChildProcess | null = null;
  let port = 0;
  let output = '';

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', path.relative(ROOT, outdir)], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-built-'));
    port = await freePort();
    // started from another folder than the project's: nothing may depend on the working directory
    child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: tmpdir(),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PBX: 'none', CALLBOARD_ADMIN_PASSWORD: 'built-server-test-1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const until = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the built server exited: ${output}`);
      if (Date.now() > until) throw new Error(`the built server did not answer: ${output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(outdir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('answers on the embedded database it initialised and migrated, as the production first start', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    // production: no demo tenants, the supervisor from CALLBOARD_ADMIN_PASSWORD (the migrations ran, the seed wrote)
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ corpoName: 'supervisor', nick: 'super', pass: 'built-server-test-1' }),
    });
    expect(login.status).toBe(200);
    const demo = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ corpoName: 'acme', nick: 'admin', pass: 'callboard' }),
    });
    expect(demo.status).not.toBe(200);
  });

  it('serves the built client from the project folder when there is one', async ({ skip }) => {
    const index = path.join(ROOT, 'dist', 'client', 'index.html');
    if (!existsSync(index)) skip('no dist/client: `npm run build` first');
    const res = await fetch(`http://127.0.0.1:${port}/login/supervisor`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(readFileSync(index, 'utf8').match(/<title>[^<]*<\/title>/)?.[0] ?? '<title>');
  });

  it('runs without a TypeScript loader', () => {
    const cmdline = readFileSync(`/proc/${child?.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // plain node and the bundle: no --import tsx, no loader process in front of it
    expect(cmdline.slice(1)).toEqual([path.join(outdir, 'main.js')]);
  });
});
