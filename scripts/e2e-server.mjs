// Starts the real server for Playwright on a fresh temporary DATA_DIR (demo data seeded),
// serving the client built in dist/client. Removes the directory when stopped.
//
// A control port (the server's port + 1, on 127.0.0.1 only) lets a test stop and start the server
// like an operator would, keeping its data: `POST /restart?downMs=3000` stops the server (SIGTERM,
// graceful), waits downMs, starts it again and answers once it is healthy. The kiosk e2e test uses it
// to watch a TV go RECONNECTING and back to LIVE without a reload. `--no-control` (after the port)
// leaves it out: playwright.config.ts runs three servers on four ports, and only the floor's is restarted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = process.argv[2] ?? '8181';
const controlPort = Number(port) + 1;
const withControl = !process.argv.includes('--no-control');
const dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-e2e-'));
let child = null;
let stopping = false;

function start() {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, DATA_DIR: dataDir, CALLBOARD_DEMO: '1', SIM_HISTORY: '0', SIM_TRAFFIC: 'quiet', NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  const current = child;
  current.on('exit', (code) => {
    if (current !== child) return; // a restart replaced it
    if (withControl) control.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(stopping ? 0 : (code ?? 0));
  });
}

async function healthy(timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function restart(downMs) {
  const old = child;
  child = null; // its exit must not end this script
  await new Promise((resolve) => {
    old.once('exit', resolve);
    old.kill('SIGTERM');
  });
  await new Promise((r) => setTimeout(r, downMs));
  start();
  return healthy(60_000);
}

const control = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${controlPort}`);
  if (request.method !== 'POST' || url.pathname !== '/restart' || child === null) {
    response.writeHead(404).end();
    return;
  }
  const downMs = Math.min(60_000, Math.max(0, Number(url.searchParams.get('downMs') ?? 0) || 0));
  restart(downMs).then(
    (ok) => response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ ok })),
    (error) => response.writeHead(500).end(String(error)),
  );
});
if (withControl) control.listen(controlPort, '127.0.0.1');

start();
const stop = () => {
  stopping = true;
  child?.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
