/**
 * J-UX-03: a server that drives no PBX (`PBX=none`) says so on the panel and on the kiosk, never LIVE.
 * The e2e server drives the simulator, so this file starts a server of its own beside it: the same
 * client build, the demo data on a throwaway PostgreSQL database (PGlite's first start is slower), a
 * free port. Skipped when PostgreSQL does not answer.
 */
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, POSTGRES_URL } from './cluster-helpers';
import { PASSWORD, attemptName } from './helpers';
import { throwawayDatabase } from '../server/fixtures/throwaway-database';

let server: { base: string; child: ChildProcess; stop: () => Promise<void> } | null = null;
let skipReason: string | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const database = await throwawayDatabase(POSTGRES_URL).catch((error: Error) => {
    skipReason = `PostgreSQL at ${POSTGRES_URL} does not answer (${error.message})`;
    return null;
  });
  if (!database) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-no-pbx-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: database.url, PBX: 'none', CALLBOARD_DEMO: '1', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  });
  const base = `http://127.0.0.1:${port}`;
  server = {
    base,
    child,
    stop: async () => {
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the PBX=none server exited with ${child.exitCode}`);
        return fetch(`${base}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeout: 90_000, intervals: [200] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await server?.stop();
});

test('J-UX-03 with PBX=none the panel and the kiosk say no PBX is connected, never LIVE', async ({ page }) => {
  test.skip(skipReason !== null, skipReason ?? '');
  const { base } = server!;
  const health = (await (await fetch(`${base}/api/v1/health`)).json()) as { pbx: { state: string } };
  expect(health.pbx.state).toBe('none');

  // the panel of acme's administrator
  await page.goto(`${base}/login/acme`);
  await page.getByTestId('login-nick').fill('admin');
  await page.getByTestId('login-pass').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${base}/acme/en/panel`);
  const panelHealth = page.getByTestId('panel-health');
  await expect(panelHealth).toHaveAttribute('data-state', 'noPbx', { timeout: 20_000 });
  await expect(panelHealth).toHaveText('No PBX connected');

  // a kiosk screen of acme, made by the same administrator
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const created = await page.request.post(`${base}/api/v1/kiosk`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: attemptName('No PBX wall'), boards: ['agents'], secondsPerBoard: 3600, hideOffline: false, privacy: false },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const screen = (await created.json()) as { id: number; key: string };
  await page.goto(`${base}/kiosk/acme/${screen.id}?key=${encodeURIComponent(screen.key)}&lang=en`);
  const kioskHealth = page.getByTestId('kiosk-health');
  await expect(kioskHealth).toHaveAttribute('data-state', 'noPbx', { timeout: 20_000 });
  await expect(kioskHealth).toContainText('NO PBX CONNECTED');
  await expect(kioskHealth).not.toContainText('LIVE');
});
