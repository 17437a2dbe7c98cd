/**
 * Issue 13, "what a new user hit" (navigation): the level 5 monitor's panel and its strip of links,
 * the extension monitor in the Statistics menu, the supervisor's Logmon item without the PBX host,
 * the supervisor's panel that asks for a working corp and then shows that corp only, and the
 * misc/queues path name. Screenshots are kept in test-results/screens.
 */
import { expect, test, type Page } from '@playwright/test';
import { landing, login, saveScreen } from './helpers';

/** The supervisor picks a working corp on the corporations list (A-SES-07), as the other tests do. */
async function pickWorkingCorp(page: Page, url: string): Promise<void> {
  await page.goto('/supervisor/en/configuration/corp');
  await page.getByTestId('data-table').locator('tr', { hasText: url }).locator('[data-testid^="select-corp-"]').click();
  await expect(page.getByTestId('menu-group-workingCorp')).toBeVisible();
}

/** Numbers of the extension cards on the panel's current page. */
async function extensionNumbers(page: Page): Promise<string[]> {
  return page.getByTestId('ext-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-number') ?? ''));
}

test('A-LOG-16 B-PNL-08 B-PNL-04 B-PNL-28 F-PERM-01 the level 5 monitor lands on a working, read-only panel with its corp\'s queues and extensions', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await login(page, 'acme', 'wall');
  await expect(page).toHaveURL(landing('acme', 'en', 'panel'));
  await expect(page.getByTestId('panel-page')).toBeVisible();

  // acme's three queues, with strategy, timeout and failover, and their members
  const queues = page.getByTestId('queue-card');
  await expect(queues).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByText('No queues.')).toHaveCount(0);
  for (const name of ['Sales', 'Support', 'Billing']) await expect(page.locator(`[data-testid="queue-card"][data-queue="${name}"]`)).toBeVisible();
  const sales = page.locator('[data-testid="queue-card"][data-queue="Sales"]');
  await expect(sales).toContainText('Strategy');
  await expect(sales).toContainText('Timeout');
  await expect(sales).toContainText('Failover');
  await expect(sales.getByTestId('member-count')).toHaveText('12');

  // acme's extensions, each with its info tooltip
  await expect.poll(() => page.getByTestId('ext-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const numbers = await extensionNumbers(page);
  expect(numbers).toContain('201');
  for (const n of numbers) expect(n, 'an acme extension').toMatch(/^2\d\d$/);
  await page.getByTestId('ext-info-201').click();
  await expect(page.getByTestId('ext-info')).toContainText('Ana Agent');
  await page.keyboard.press('Escape');

  // read-only: no member add or remove controls
  await expect(page.locator('[data-testid^="member-remove-"], [data-testid^="member-add-"], [data-testid^="member-choice-"]')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  expect(errors.filter((e) => e.includes('The Panel will not work'))).toEqual([]);
  await saveScreen(page, 'nav-level5-panel');
  // the page scrolls inside the shell: bring the queues into the picture too
  await page.locator('[data-testid="queue-card"][data-queue="Billing"]').scrollIntoViewIfNeeded();
  await saveScreen(page, 'nav-level5-panel-queues');
});

test('A-MENU-01 A-LOG-16 the level 5 monitor has no side menu but links from its panel to the kiosk boards it may open, and back', async ({ page }) => {
  await login(page, 'acme', 'wall');
  await expect(page).toHaveURL(landing('acme', 'en', 'panel'));
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  const strip = page.getByTestId('monitor-links');
  await expect(strip).toBeVisible();
  await expect(strip.getByTestId('monitor-link-panel')).toHaveText('Panel');
  await expect(strip.getByTestId('monitor-link-kioskScreens')).toHaveText('Kiosk screens');
  await expect(strip.locator('a')).toHaveCount(2);
  await expect(strip.getByTestId('monitor-link-panel')).toHaveAttribute('aria-current', 'page');
  await saveScreen(page, 'nav-level5-links-panel');

  await strip.getByTestId('monitor-link-kioskScreens').click();
  await expect(page).toHaveURL(/\/acme\/en\/panel\/kiosk$/);
  await expect(page.getByTestId('list-kioskScreen')).toBeVisible();
  await expect(page.getByTestId('create-button')).toHaveCount(0);
  await expect(page.getByTestId('monitor-link-kioskScreens')).toHaveAttribute('aria-current', 'page');
  await saveScreen(page, 'nav-level5-links-kiosk');

  await page.getByTestId('monitor-link-panel').click();
  await expect(page).toHaveURL(landing('acme', 'en', 'panel'));
  await expect(page.getByTestId('panel-page')).toBeVisible();
});

test('B-EXM-01 A-RTE-08 the extension monitor is in the Statistics menu of levels 3 and 4', async ({ browser }) => {
  for (const nick of ['admin', 'agent']) {
    // a fresh session for each user
    const page = await browser.newPage();
    await login(page, 'acme', nick);
    // the monitor's strip of links is for level 5 only
    await expect(page.getByTestId('monitor-links')).toHaveCount(0);
    const group = page.getByTestId('side-menu').locator('li').filter({ has: page.getByTestId('menu-group-statistics') });
    await page.getByTestId('menu-group-statistics').click();
    const item = group.getByTestId('menu-monitorQuality');
    await expect(item, nick).toBeVisible();
    await expect(item).toHaveText('Extension monitor');
    await saveScreen(page, `nav-statistics-menu-${nick}`);
    await item.click();
    await expect(page).toHaveURL(/\/acme\/en\/statistics\/monitorQuality$/);
    await expect(page.getByTestId('page-title')).toHaveText('Extension monitor');
    await expect(page.getByTestId('extension-monitor')).toBeVisible();
    await saveScreen(page, `nav-extension-monitor-${nick}`);
    await page.close();
  }
});

test('A-MENU-06 B-LOG-01 F-PERM-02 the supervisor\'s Logmon item is there without the PBX host and opens the log monitor, which asks for a working corp', async ({ page }) => {
  await login(page, 'supervisor', 'super');
  // the demo has no PBX host (parameter webrtcserver): the item opens our own screen, in this tab
  const item = page.getByTestId('side-menu').getByTestId('menu-logmon');
  await expect(item).toBeVisible();
  await expect(item).toHaveText('Logmon');
  await expect(item).not.toHaveAttribute('target', '_blank');
  await item.click();
  await expect(page).toHaveURL(/\/supervisor\/en\/logmon$/);
  await expect(page.getByTestId('working-corp-required')).toContainText('Choose a working corporation to see its live data.');
  await expect(page.getByTestId('log-monitor')).toHaveCount(0);
  await saveScreen(page, 'nav-logmon-no-corp');

  // with a working corp, the same item opens the log monitor itself
  await page.getByTestId('working-corp-required-link').click();
  await expect(page).toHaveURL(/\/supervisor\/en\/configuration\/corp$/);
  await page.getByTestId('data-table').locator('tr', { hasText: 'globex' }).locator('[data-testid^="select-corp-"]').click();
  await expect(page.getByTestId('menu-group-workingCorp')).toBeVisible();
  await page.getByTestId('side-menu').getByTestId('menu-logmon').click();
  await expect(page).toHaveURL(/\/supervisor\/en\/logmon$/);
  await expect(page.getByTestId('log-monitor')).toBeVisible();
  await expect(page.getByTestId('working-corp-required')).toHaveCount(0);
  await saveScreen(page, 'nav-logmon-globex');
});

test('F-PERM-02 B-PNL-25 B-PNL-08 the supervisor\'s panel asks for a working corp, then shows that corp only (no acme extension offered to globex\'s Helpdesk)', async ({ page }) => {
  await login(page, 'supervisor', 'super');
  await page.goto('/supervisor/en/panel');
  const required = page.getByTestId('working-corp-required');
  await expect(required).toContainText('Choose a working corporation to see its live data.');
  await expect(page.getByTestId('panel-page')).toHaveCount(0);
  await expect(page.getByText('Loading…')).toHaveCount(0);
  const link = page.getByTestId('working-corp-required-link');
  await expect(link).toHaveAttribute('href', '/supervisor/en/configuration/corp');
  await saveScreen(page, 'nav-panel-no-corp');

  await link.click();
  await expect(page).toHaveURL(/\/supervisor\/en\/configuration\/corp$/);
  await pickWorkingCorp(page, 'globex');
  await page.goto('/supervisor/en/panel');
  await expect(page.getByTestId('panel-page')).toBeVisible();

  // globex's queue only
  const queues = page.getByTestId('queue-card');
  await expect(queues).toHaveCount(1, { timeout: 15_000 });
  const helpdesk = page.locator('[data-testid="queue-card"][data-queue="Helpdesk"]');
  await expect(helpdesk).toBeVisible();
  await expect(helpdesk.getByTestId('member-count')).toHaveText('8');
  for (const name of ['Sales', 'Support', 'Billing']) await expect(page.locator(`[data-testid="queue-card"][data-queue="${name}"]`)).toHaveCount(0);

  // globex's extensions only
  await expect.poll(() => page.getByTestId('ext-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  for (const n of await extensionNumbers(page)) expect(n, 'a globex extension').toMatch(/^10\d\d$/);

  // the add-member choice offers globex's free extensions, never acme's
  const choice = helpdesk.locator('select[data-testid^="member-choice-"]');
  await expect(choice).toBeVisible();
  const options = await choice.locator('option').evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
  expect(options).not.toContain('201');
  expect(options).toEqual(['1009', '1010', '1011', '1012']);
  await saveScreen(page, 'nav-panel-globex');
  await choice.scrollIntoViewIfNeeded();
  await saveScreen(page, 'nav-panel-globex-queues');
});

test('A-RTE-07 /misc/queues opens the queue list', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/misc/queues');
  await expect(page).toHaveURL(/\/acme\/en\/configuration\/queues$/);
  await expect(page.getByTestId('not-found-page')).toHaveCount(0);
  const list = page.getByTestId('list-queue');
  await expect(list).toBeVisible();
  for (const name of ['Sales', 'Support', 'Billing']) await expect(list.getByTestId('data-table').locator('tr', { hasText: name })).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Queues');
  await saveScreen(page, 'nav-misc-queues');
});
