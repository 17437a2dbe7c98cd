import { expect, test, type Page } from '@playwright/test';
import { login, saveScreen } from './helpers';

/** Signs in as admin@acme and opens the panel once the hub connection is live. */
async function openPanel(page: Page): Promise<void> {
  await login(page, 'acme', 'admin');
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await page.goto('/acme/en/panel');
  await expect(page.getByTestId('panel-page')).toBeVisible();
}

test('B-PNL-01 B-PNL-02 B-PNL-03 B-PNL-04 B-PNL-05 B-PNL-16 extension cards: 20 on the first page, some online, search by number narrows to one', async ({ page }) => {
  await openPanel(page);
  const cards = page.getByTestId('ext-card');
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(20);
  await expect.poll(() => page.locator('[data-testid="ext-card"]:not([data-status="0"])').count(), { timeout: 15_000 }).toBeGreaterThan(0);

  await page.getByTestId('ext-filter-online').click();
  await expect.poll(() => page.locator('[data-testid="ext-card"][data-status="0"]').count()).toBe(0);
  await page.getByTestId('ext-filter-all').click();

  await page.getByTestId('ext-search').fill('201');
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
  await expect(cards.first()).toHaveAttribute('data-number', '201');
  // B-PNL-04 the info tooltip; B-PNL-05 an online extension's IP and port
  await page.getByTestId('ext-info-201').click();
  await expect(page.getByTestId('ext-info')).toContainText('Description');
  await page.keyboard.press('Escape');
  await page.getByTestId('ext-ip-201').click();
  await expect(page.getByTestId('ext-ip-dialog')).toContainText(/\d+\.\d+\.\d+\.\d+/, { timeout: 15_000 });
  await expect(page.getByTestId('ext-ip-dialog')).toContainText(/\b\d{2,5}\b/);
  await saveScreen(page, 'panel-cards');
});

// 237 and 238 belong to no demo queue, so the simulator's queue traffic does not keep them busy
test('B-PNL-20 B-PNL-21 an originated call rings 237 then shows it in use with a running timer', async ({ page }) => {
  await openPanel(page);
  await page.getByTestId('ext-search').fill('237');
  const card = page.locator('[data-testid="ext-card"][data-number="237"]');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toHaveAttribute('data-status', '3', { timeout: 15_000 });

  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const response = await page.request.post('/api/v1/originate', { data: { from: '237', to: '238' }, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);

  await expect(card).toHaveAttribute('data-status', '1', { timeout: 15_000 });
  await expect(card).toHaveAttribute('data-status', '2', { timeout: 15_000 });
  const timer = card.getByTestId('ext-timer');
  await expect(timer).toBeVisible();
  const first = await timer.textContent();
  await page.waitForTimeout(1100);
  await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
  expect(await timer.textContent()).toMatch(/^\d{2}:\d{2}$/);
});

test('B-PNL-08 B-PNL-09 B-PNL-10 a queue member is added and removed through the queue list', async ({ page }) => {
  await openPanel(page);
  const queue = page.getByTestId('queue-card').first();
  await expect(queue).toBeVisible({ timeout: 15_000 });
  const count = queue.getByTestId('member-count');
  const before = Number(await count.textContent());
  const choice = queue.locator('select[data-testid^="member-choice-"]');
  const number = await choice.inputValue();
  expect(number).toMatch(/^\d+$/);

  const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/astqueue') && r.method() === 'POST');
  await queue.locator('[data-testid^="member-add-"]').click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ membername: number, penalty: 1, paused: 0 });
  expect(String(body.queue_name)).toMatch(/^\d+_\d+$/);
  // the snackbar first: it lasts seconds, and on a loaded machine the count's update (a push) outlasted it
  await expect(page.getByText('Member added.')).toBeVisible();
  await expect.poll(async () => Number(await count.textContent()), { timeout: 15_000 }).toBe(before + 1);

  const deleted = page.waitForRequest((r) => /\/api\/v1\/astqueue\/\d+$/.test(r.url()) && r.method() === 'DELETE');
  await queue.locator(`[data-testid$="-${number}"][data-testid^="member-remove-"]`).click();
  await page.getByTestId('confirm-ok').click();
  await deleted;
  await expect.poll(async () => Number(await count.textContent()), { timeout: 15_000 }).toBe(before);
});

test('B-PNL-12 the list view has an extension table and a queue table that expands to members', async ({ page }) => {
  await openPanel(page);
  await page.goto('/acme/en/panel/list');
  await expect(page.getByTestId('panel-list-page')).toBeVisible();
  await expect.poll(() => page.getByTestId('ext-table').getByTestId('ext-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const row = page.getByTestId('queue-row').first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button').click();
  await expect(page.getByTestId('queue-table').locator('td').filter({ has: page.locator('[data-testid="member-table"], p') }).first()).toBeVisible();
});

test('B-PNL-28 when the panel cannot load its queues it logs that the panel will not work', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await login(page, 'acme', 'admin');
  // the queue list answers 503 (a 5xx is retried twice, then the query fails)
  await page.route(/\/api\/v1\/queue(\?|$)/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: 'errors.default' }) }));
  await page.goto('/acme/en/panel');
  await expect(page.getByTestId('panel-page')).toBeVisible();
  await expect.poll(() => errors.filter((e) => e.includes('The Panel will not work. Reload the page or contact support team.')).length, { timeout: 30_000 }).toBe(1);
});
