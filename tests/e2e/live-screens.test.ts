import { expect, test, type Page } from '@playwright/test';
import { login, saveScreen } from './helpers';

/** Signs in as admin@acme and waits until the tab's hub connection is live. */
async function signIn(page: Page): Promise<void> {
  await login(page, 'acme', 'admin');
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
}

test('B-EXM-01 B-EXM-04 B-EXM-05 the extension monitor lists acme extensions with ip and port for registered ones', async ({ page }) => {
  await signIn(page);
  await page.goto('/acme/en/statistics/monitorQuality');
  const table = page.getByTestId('extension-monitor');
  const rows = table.locator('tbody tr[data-testid^="row-"]');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // a registered extension shows an address, a port and Online
  const online = rows.filter({ has: page.getByTestId('contact-status').filter({ hasText: 'Online' }) });
  await expect.poll(() => online.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(online.first()).toContainText(/\d+\.\d+\.\d+\.\d+/);
  await expect(online.first()).toContainText(/\b\d{2,5}\b/);
  // B-EXM-03 ten per page at most
  expect(await rows.count()).toBeLessThanOrEqual(10);
  // B-EXM-02 search and refresh
  await page.getByTestId('table-search').fill('201');
  await expect(rows.first()).toContainText('201');
  await page.getByTestId('monitor-refresh').click();
  await expect(rows.first()).toContainText('201');
  await saveScreen(page, 'live-extension-monitor');
});

test('B-ACT-01 B-ACT-04 an originated call shows in Active calls and is hung up from the screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/acme/en/panel/activeCalls');
  await expect(page.getByTestId('active-calls')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const response = await page.request.post('/api/v1/originate', { data: { from: '237', to: '238' }, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);

  const rows = page.getByTestId('active-calls').locator('tbody tr[data-testid^="row-"]');
  const ours = rows.filter({ hasText: '237' }).filter({ hasText: '238' });
  await expect.poll(() => ours.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('active-calls').locator('thead')).toContainText(/Destination type.*Date.*Origin.*Trunk.*Destination/);
  await saveScreen(page, 'live-active-calls');

  // leaving the screen and coming back (same tab, client-side) shows the call at once
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page.getByTestId('active-calls')).toHaveCount(0);
  await page.getByRole('link', { name: 'Active calls', exact: true }).first().click();
  await expect(ours.first()).toBeVisible({ timeout: 2_000 });

  await ours.first().locator('[data-testid^="hangup-"]').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('snackbar-message').filter({ hasText: /hung up/i })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => ours.count(), { timeout: 15_000 }).toBe(0);
});

test('B-LOG-02 B-LOG-03 B-LOG-04 B-LOG-05 the log monitor starts its feed and shows events; switching a type off removes its entries', async ({ page }) => {
  await signIn(page);
  await page.goto('/acme/en/panel/logmon');
  await expect(page.getByTestId('log-monitor')).toBeVisible();
  // make sure there is traffic
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.post('/api/v1/originate', { data: { from: '230', to: '231' }, headers: { Authorization: `Bearer ${token}` } });

  const entries = page.getByTestId('log-entry');
  await expect.poll(() => entries.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const type = await entries.first().getAttribute('data-type');
  expect(type).toBeTruthy();

  // the full JSON opens on demand
  await entries.first().getByRole('button').click();
  await expect(page.getByTestId('log-json').first()).toContainText('{');

  // pause the feed so the list is stable, then switch that type off and back on
  await page.getByTestId('log-pause').click();
  const ofType = page.locator(`[data-testid="log-entry"][data-type="${type}"]`);
  const before = await ofType.count();
  expect(before).toBeGreaterThan(0);
  await page.getByTestId(`log-toggle-${type}`).click();
  await expect(ofType).toHaveCount(0);
  await page.getByTestId(`log-toggle-${type}`).click();
  await expect(ofType).toHaveCount(before);
  await page.getByTestId('log-pause').click();
  await saveScreen(page, 'live-log-monitor');
});
