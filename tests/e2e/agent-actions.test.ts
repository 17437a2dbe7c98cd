import { expect, test, type Page } from '@playwright/test';
import { login, saveScreen } from './helpers';

/** Signs in as `nick`@acme once the hub connection is live. */
async function signIn(page: Page, nick: string): Promise<void> {
  await login(page, 'acme', nick);
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
}

async function card(page: Page, number: string) {
  await page.getByTestId('ext-search').fill(number);
  const found = page.locator(`[data-testid="ext-card"][data-number="${number}"]`);
  await expect(found).toBeVisible({ timeout: 15_000 });
  return found;
}

// 237 belongs to no demo queue and nobody calls it on purpose: idle, so what shows is the agent's own state
test('G-AGS-03 G-PRM-01 a supervisor turns DND on from the card\'s menu, by keyboard: the card shows it with its own colour and icon; off again', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/acme/en/panel');
  const c237 = await card(page, '237');
  await expect(c237).toHaveAttribute('data-shown', '3', { timeout: 15_000 });
  await page.getByTestId('agent-menu-237').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('agent-menu')).toBeVisible();
  await page.getByTestId('agent-dnd').focus();
  await page.keyboard.press('Enter');
  await expect(c237).toHaveAttribute('data-shown', '8', { timeout: 10_000 });
  await expect(c237.getByTestId('ext-status-text')).toContainText('Do not disturb');
  await saveScreen(page, 'panel-dnd');
  await page.getByTestId('agent-menu-237').click();
  await page.getByTestId('agent-dnd').click();
  await expect(c237).toHaveAttribute('data-shown', '3', { timeout: 10_000 });
});

test('G-PAU-02 G-AGS-02 a supervisor pauses an agent with a reason (required, translated) from the card; the queue list shows the pause; unpaused from the queue list', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/acme/en/panel');
  await card(page, '204');
  await page.getByTestId('agent-menu-204').click();
  await page.getByTestId('agent-pause').click();
  const dialog = page.getByTestId('pause-dialog');
  await expect(dialog).toBeVisible();
  // no reason: refused with the reason's message, nothing sent
  await page.getByTestId('pause-submit').click();
  await expect(dialog.getByText('Choose a pause reason.')).toBeVisible();
  await page.getByTestId('pause-reason').selectOption('LUNCH');
  const paused = page.waitForResponse((r) => r.url().endsWith('/api/v1/agent/pause') && r.request().method() === 'POST');
  await page.getByTestId('pause-submit').click();
  expect((await paused).status()).toBe(200);
  await expect(dialog).toBeHidden();
  // the Sales queue's member chip says why
  const chip = page.locator('[data-testid="queue-card"][data-queue="Sales"] [data-testid="queue-member"][data-number="204"]');
  await expect(chip.getByTestId('member-paused')).toContainText('Lunch', { timeout: 10_000 });
  await saveScreen(page, 'panel-paused');
  // the card's menu now offers the unpause; the queue list unpauses it in Sales
  await page.getByTestId('agent-menu-204').click();
  await expect(page.getByTestId('agent-unpause')).toBeVisible();
  await page.keyboard.press('Escape');
  await chip.locator('[data-testid^="member-unpause-"]').click();
  await expect(chip.getByTestId('member-paused')).toBeHidden({ timeout: 10_000 });
});

test('G-PAU-03 G-QLI-02 an agent pauses itself with a reason and logs itself out of a queue and in again from its own screen', async ({ page }) => {
  await signIn(page, 'agent');
  await page.goto('/acme/en/agent');
  const mine = page.getByTestId('my-extension');
  await expect(mine).toHaveCount(2, { timeout: 15_000 });
  const ext205 = page.locator('[data-testid="my-extension"][data-number="205"]');
  await ext205.getByTestId('my-pause').click();
  await page.getByTestId('pause-reason').selectOption('BREAK');
  await page.getByTestId('pause-submit').click();
  await expect(ext205.getByTestId('my-unpause')).toBeVisible({ timeout: 10_000 });
  await expect(ext205.locator('[data-testid="my-queue"][data-queue="Sales"]')).toContainText('Paused');
  await saveScreen(page, 'my-agent-paused');
  await ext205.getByTestId('my-unpause').click();
  await expect(ext205.getByTestId('my-pause')).toBeVisible({ timeout: 10_000 });
  // out of Sales and back in
  const sales = ext205.locator('[data-testid="my-queue"][data-queue="Sales"]');
  await expect(sales).toHaveAttribute('data-member', 'true');
  await sales.locator('[data-testid^="my-queue-logout-"]').click();
  await expect(sales).toHaveAttribute('data-member', 'false', { timeout: 10_000 });
  await sales.locator('[data-testid^="my-queue-login-"]').click();
  await expect(sales).toHaveAttribute('data-member', 'true', { timeout: 10_000 });
});
