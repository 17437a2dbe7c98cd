/**
 * The kiosk TV journey (issue 4): a screen created through the API, its URL opened in chromium at TV
 * sizes, a call watched on a tile, hung up from Active calls, a server restart survived without a
 * reload, and the key revoked. Screenshots of every board at 1920×1080 and 3840×2160 are kept in
 * test-results/screens.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, PASSWORD, saveScreen, attemptName } from './helpers';

const controlUrl = (path: string) => {
  const port = Number(process.env.E2E_PORT ?? 8181) + 1;
  return `http://127.0.0.1:${port}${path}`;
};

async function apiToken(request: APIRequestContext, nick = 'admin', corp = 'acme'): Promise<string> {
  const response = await request.post('/api/v1/login', { data: { nick, pass: PASSWORD, corpoName: corp } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function createScreen(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<{ id: number; key: string }> {
  const response = await request.post('/api/v1/kiosk', { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const screen = (await response.json()) as { id: number; key: string };
  expect(screen.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return screen;
}

/** Enabled acme extensions, as the admin API lists them (the board must show exactly these). */
async function enabledExtensions(request: APIRequestContext, token: string): Promise<string[]> {
  const response = await request.get('/api/v1/extension', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as unknown;
  const rows = (Array.isArray(body) ? body : ((body as { rows?: unknown[]; items?: unknown[] }).rows ?? (body as { items?: unknown[] }).items ?? [])) as Record<string, unknown>[];
  return rows.filter((r) => !r.disabled && r.enabled !== false && r.active !== false && r.status !== 0).map((r) => String(r.number ?? r.exten ?? r.extension));
}

const tile = (page: Page, number: string) => page.locator(`[data-testid="kiosk-tile"][data-number="${number}"]`);

test.describe.configure({ mode: 'serial' });

test('kiosk: one tile per acme extension; a call rings then runs its timer; hung up from Active calls it goes back online', async ({ page, browser, request }) => {
  const token = await apiToken(request);
  const screen = await createScreen(request, token, { name: attemptName('E2E floor'), boards: ['agents', 'queues'], secondsPerBoard: 3600, hideOffline: false, privacy: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/kiosk/acme/${screen.id}?key=${encodeURIComponent(screen.key)}&lang=en`);
  await expect(page.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(page.getByTestId('kiosk-screen')).toHaveAttribute('data-board', 'agents');

  const expected = await enabledExtensions(request, token);
  expect(expected.length).toBeGreaterThan(10);
  const tiles = page.getByTestId('kiosk-tile');
  await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(expected.length);
  const shown = await tiles.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-number')));
  expect(new Set(shown)).toEqual(new Set(expected));
  // no scrolling: the whole board fits the screen
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);

  // the kiosk route loaded no admin code
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
  expect(scripts.some((s) => /admin-main|resource-list|login-page/.test(s))).toBe(false);

  // originate 237 → 238: 237 rings, then is in use with a running timer
  await expect(tile(page, '237')).toHaveAttribute('data-status', '3', { timeout: 15_000 });
  // the state icon beside the number (never colour alone) is drawn: it was not, from a ref read too early
  await expect.poll(() => tile(page, '237').getByTestId('kiosk-state-icon').evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("data:image\/svg\+xml/);
  const originate = await request.post('/api/v1/originate', { data: { from: '237', to: '238' }, headers: { Authorization: `Bearer ${token}` } });
  expect(originate.ok(), await originate.text()).toBe(true);
  await expect(tile(page, '237')).toHaveAttribute('data-status', '1', { timeout: 15_000 });
  await expect(tile(page, '237')).toHaveAttribute('data-status', '2', { timeout: 15_000 });
  const timer = tile(page, '237').getByTestId('kiosk-timer');
  await expect(timer).toHaveText(/^00:0[1-9]$/, { timeout: 5_000 });
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3_000 });
  await saveScreen(page, 'kiosk-call-1920x1080');

  // hang it up from Active calls, in an admin session
  const admin = await browser.newPage();
  await login(admin, 'acme', 'admin');
  await admin.goto('/acme/en/panel/activeCalls');
  const ours = admin.getByTestId('active-calls').locator('tbody tr[data-testid^="row-"]').filter({ hasText: '237' }).filter({ hasText: '238' });
  await expect.poll(() => ours.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await ours.first().locator('[data-testid^="hangup-"]').click();
  await admin.getByTestId('confirm-ok').click();
  await expect(tile(page, '237')).toHaveAttribute('data-status', '3', { timeout: 15_000 });
  await expect(timer).toHaveText('');
  await admin.close();
});

test('kiosk: each board at 1920×1080 and 3840×2160 (screenshots)', async ({ page, request }) => {
  const token = await apiToken(request);
  const screen = await createScreen(request, token, { name: attemptName('E2E boards'), boards: ['agents', 'queues', 'callers', 'trend'], secondsPerBoard: 3600 });
  for (const [width, height] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const board of ['agents', 'queues', 'callers', 'trend'] as const) {
      await page.goto(`/kiosk/acme/${screen.id}?key=${encodeURIComponent(screen.key)}&pin=${board}&lang=en`);
      await expect(page.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
      await expect(page.getByTestId(`kiosk-board-${board}`)).toBeVisible();
      if (board === 'agents') await expect.poll(() => page.getByTestId('kiosk-tile').count()).toBeGreaterThan(10);
      if (board === 'queues') await expect(page.getByTestId('kiosk-queue').first()).toBeVisible();
      if (board === 'trend') await expect(page.getByTestId('kiosk-trend-totals')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `${board} at ${width}×${height} scrolls`).toBe(false);
      await saveScreen(page, `kiosk-${board}-${width}x${height}`);
    }
  }
});

test('kiosk: a server restart shows RECONNECTING, then LIVE with fresh data and no page reload; a revoked key shows "screen revoked"', async ({ page, request }) => {
  const token = await apiToken(request);
  const screen = await createScreen(request, token, { name: attemptName('E2E restart'), boards: ['agents'], secondsPerBoard: 60 });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/kiosk/acme/${screen.id}?key=${encodeURIComponent(screen.key)}&lang=en`);
  await expect(page.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await page.evaluate(() => {
    (window as unknown as { kioskMarker: string }).kioskMarker = 'same page';
  });

  const restart = fetch(controlUrl('/restart?downMs=4000'), { method: 'POST' });
  await expect(page.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'reconnecting', { timeout: 10_000 });
  await expect(page.getByTestId('kiosk-board')).toHaveAttribute('data-stale', 'true');
  await saveScreen(page, 'kiosk-reconnecting');
  expect((await restart).ok).toBe(true);
  await expect(page.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await expect(page.getByTestId('kiosk-board')).toHaveAttribute('data-stale', 'false', { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { kioskMarker?: string }).kioskMarker)).toBe('same page');
  await expect.poll(() => page.getByTestId('kiosk-tile').count()).toBeGreaterThan(10);

  // revoke: the server closes the screen's connection and the TV says so (well within 60 s)
  const fresh = await apiToken(request);
  const revoked = await request.post(`/api/v1/kiosk/${screen.id}/revoke`, { headers: { Authorization: `Bearer ${fresh}` } });
  expect(revoked.ok(), await revoked.text()).toBe(true);
  await expect(page.getByTestId('kiosk-revoked')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('kiosk-revoked')).toContainText('Screen revoked');
  await saveScreen(page, 'kiosk-revoked');
});

test('kiosk: a wrong key says the URL is not valid; a level 5 user who logs in normally reaches the same boards', async ({ page, context, request }) => {
  await page.goto('/kiosk/acme/1?key=not-the-key&lang=en');
  await expect(page.getByTestId('kiosk-invalid')).toBeVisible({ timeout: 15_000 });

  const token = await apiToken(request);
  const screen = await createScreen(request, token, { name: attemptName('E2E monitor'), boards: ['queues', 'agents'], secondsPerBoard: 3600 });
  await login(page, 'acme', 'wall');
  await page.goto('/acme/en/panel/kiosk');
  const open = page.getByTestId(`open-${screen.id}`);
  await expect(open).toBeVisible({ timeout: 15_000 });
  const [board] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await board.setViewportSize({ width: 1920, height: 1080 });
  await expect(board).toHaveURL(new RegExp(`/kiosk/acme/${screen.id}$`));
  await expect(board.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(board.getByTestId('kiosk-queue').first()).toBeVisible();
  await board.getByTestId('kiosk-pick-agents').click();
  await expect.poll(() => board.getByTestId('kiosk-tile').count(), { timeout: 15_000 }).toBeGreaterThan(10);
  await saveScreen(board, 'kiosk-level5-agents');
});
