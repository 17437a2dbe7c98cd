/**
 * The fleet of wall TVs in a browser (issue 23): a TV's heartbeat makes it live in the admin's Kiosk
 * screens list (H-FLEET-01), and a message the admin pushes from that list shows on the TV as a
 * ticker band within a second, measured from the POST leaving the admin page to the band's text in
 * the TV's DOM (H-TICK-01). Both pages run on this machine, so one clock times both ends.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { TICKER_RULES } from '../../domain/kiosk-fleet';
import { login, PASSWORD, saveScreen, attemptName } from './helpers';

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/login', { data: { nick: 'admin', pass: PASSWORD, corpoName: 'acme' } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('H-FLEET-01 H-TICK-01 a TV reports live in the Kiosk screens list, and a message pushed from there shows on it as a ticker band within 1 s', async ({ page, browser, request }) => {
  const token = await apiToken(request);
  const created = await request.post('/api/v1/kiosk', { data: { name: attemptName('Fleet e2e wall'), boards: ['agents'], secondsPerBoard: 3600 }, headers: { Authorization: `Bearer ${token}` } });
  expect(created.ok(), await created.text()).toBe(true);
  const screen = (await created.json()) as { id: number; key: string };

  // the TV
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await tvContext.newPage();
  await tv.goto(`/kiosk/acme/${screen.id}?key=${encodeURIComponent(screen.key)}&lang=en`);
  await expect(tv.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(tv.getByTestId('kiosk-ticker')).toHaveCount(0);
  // the moment the band's text first appears, on this machine's clock
  await tv.evaluate(() => {
    const w = window as unknown as { __tickerShownAt?: number };
    new MutationObserver(() => {
      if (w.__tickerShownAt === undefined && document.querySelector('[data-testid="kiosk-ticker-text"]')?.textContent?.includes('Fire drill')) w.__tickerShownAt = Date.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  // the admin's list: the TV is live, with what its heartbeat said
  await login(page, 'acme', 'admin');
  await page.getByTestId('menu-kioskScreens').click();
  const cell = page.getByTestId(`fleet-${screen.id}`);
  await expect(cell).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(cell).toContainText('1920×1080');
  await expect(cell).toContainText('fps');
  await saveScreen(page, 'kiosk-fleet-list');

  // the message
  await page.getByTestId('ticker-open').click();
  await expect(page.getByTestId('ticker-dialog')).toBeVisible();
  await page.getByTestId('ticker-text').fill('Fire drill at 15:00, leave by the east stairs');
  await page.getByTestId('ticker-priority').selectOption('critical');
  await page.getByTestId('ticker-minutes').fill('5');
  await page.getByTestId(`ticker-screen-${screen.id}`).click();
  let sentAt = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/kiosk/ticker') && sentAt === 0) sentAt = Date.now();
  });
  await page.getByTestId('ticker-push').click();

  const band = tv.getByTestId('kiosk-ticker');
  await expect(band).toBeVisible({ timeout: 5000 });
  await expect(band).toHaveAttribute('data-priority', 'critical');
  await expect(tv.getByTestId('kiosk-ticker-text')).toContainText('Fire drill at 15:00');
  const shownAt = await tv.evaluate(() => (window as unknown as { __tickerShownAt?: number }).__tickerShownAt ?? 0);
  const deliveryMs = shownAt - sentAt;
  console.log(`[H-TICK-01] ticker band shown ${deliveryMs} ms after the POST left the admin page`);
  expect(sentAt).toBeGreaterThan(0);
  expect(shownAt).toBeGreaterThan(0);
  expect(deliveryMs).toBeLessThan(TICKER_RULES.deliveryMs);
  await saveScreen(tv, 'kiosk-ticker-1920');

  // taken off from the admin's dialog: the band goes
  await expect(page.getByTestId('ticker-running')).toContainText('Fire drill');
  await page.locator('[data-testid^="ticker-remove-"]').first().click();
  await expect(band).toHaveCount(0, { timeout: 5000 });
  await tvContext.close();
});

test('H-NOC-01 a NOC screen rotates across the corps it names, one corp’s floor a page', async ({ browser, request }) => {
  const login = await request.post('/api/v1/login', { data: { nick: 'super', pass: PASSWORD, corpoName: 'supervisor' } });
  const superToken = ((await login.json()) as { token: string }).token;
  const headers = { Authorization: `Bearer ${superToken}` };
  const corps = (await (await request.get('/api/v1/corp', { headers })).json()) as { id: number; url: string }[];
  const id = (url: string) => corps.find((c) => c.url === url)!.id;
  const created = await request.post('/api/v1/kiosk', {
    data: { name: attemptName('NOC wall'), boards: ['agents'], secondsPerBoard: 5, noc: true, nocCorps: [id('acme'), id('globex')], corpId: id('supervisor') },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const screen = (await created.json()) as { id: number; key: string };

  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await context.newPage();
  await tv.goto(`/kiosk/supervisor/${screen.id}?key=${encodeURIComponent(screen.key)}&lang=en`);
  const page = tv.getByTestId('kiosk-noc-page');
  await expect(page).toHaveAttribute('data-corp', 'acme', { timeout: 20_000 });
  await expect(tv.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(tv.locator('header')).toContainText(`${attemptName('NOC wall')} · Acme`);
  await expect(tv.locator('[data-testid="kiosk-tile"][data-number="201"]')).toBeVisible();
  await saveScreen(tv, 'kiosk-noc-acme');
  // the next page: globex's floor, over a connection of its own
  await expect(page).toHaveAttribute('data-corp', 'globex', { timeout: 10_000 });
  await expect(tv.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(tv.locator('header')).toContainText('Globex');
  await saveScreen(tv, 'kiosk-noc-globex');
  // and round again
  await expect(page).toHaveAttribute('data-corp', 'acme', { timeout: 10_000 });
  await context.close();
});
