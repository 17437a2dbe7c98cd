/**
 * The supervisor's hands on live calls in the browser (issue 21), on the simulator: listen from a phone
 * of the supervisor's choice (the card's menu, by keyboard), the listening leg in Active calls, and a
 * recording started and stopped from Active calls. The demo's 202 has its Spy option on.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectSnackbar, login, saveScreen } from './helpers';

async function signIn(page: Page, nick: string): Promise<string> {
  await login(page, 'acme', nick);
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

async function card(page: Page, number: string) {
  await page.getByTestId('ext-search').fill(number);
  const found = page.locator(`[data-testid="ext-card"][data-number="${number}"]`);
  await expect(found).toBeVisible({ timeout: 15_000 });
  return found;
}

/**
 * `from` calls `to` until the call is answered (the simulator's callee answers 8 times in 10, after
 * 3-12 s): both cards in use. An unanswered try ends by itself (30 s); a new one starts after it.
 */
async function answeredCall(page: Page, token: string, from: string, to: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const c = await card(page, from);
    await expect(c).toHaveAttribute('data-status', '3', { timeout: 40_000 });
    const response = await page.request.post('/api/v1/originate', { data: { from, to }, headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok(), await response.text()).toBe(true);
    await expect(c).toHaveAttribute('data-status', /^[25]$/, { timeout: 15_000 });
    // the callee's card in use (or on hold) too means it answered
    const answered = await expect(await card(page, to))
      .toHaveAttribute('data-status', /^[25]$/, { timeout: 16_000 })
      .then(() => true)
      .catch(() => false);
    if (answered) return;
  }
  throw new Error(`${to} never answered ${from}`);
}

test('G-SPY-01 G-SPY-02 G-SPY-05 G-PRM-01 a supervisor listens to 202\'s call from the card\'s menu by keyboard: the chosen phone rings and the leg shows in Active calls as listening to 202', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, 'admin');
  await page.goto('/acme/en/panel');
  const phone = '236';
  await expect(await card(page, phone)).toHaveAttribute('data-status', '3', { timeout: 40_000 });
  await answeredCall(page, token, '202', '235');

  // the menu of 202's card offers the call's actions
  await card(page, '202');
  await page.getByTestId('agent-menu-202').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('call-spy').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('spy-dialog');
  await expect(dialog).toBeVisible();
  // no phone chosen (admin's own 202 is the one listened to): the field says so, nothing is sent
  await page.getByTestId('spy-phone').selectOption('');
  await page.getByTestId('spy-submit').click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await page.getByTestId('spy-mode-whisper').check();
  await page.getByTestId('spy-phone').selectOption(phone);
  await saveScreen(page, 'panel-spy-dialog');
  const spied = page.waitForResponse((r) => r.url().endsWith('/api/v1/call/spy'));
  await page.getByTestId('spy-submit').click();
  expect((await spied).status()).toBe(200);
  await expectSnackbar(page, 'Your phone is ringing.');
  // the supervisor's phone rings, then (answered by the simulator) listens
  await expect(await card(page, phone)).toHaveAttribute('data-status', /^[12]$/, { timeout: 10_000 });

  await page.goto('/acme/en/panel/activeCalls');
  const leg = page.getByTestId('call-spy-leg');
  await expect(leg).toContainText('Whispering to 202', { timeout: 15_000 });
  await saveScreen(page, 'active-calls-spy-leg');
});

test('G-REC-01 a recording of 202\'s call starts from the card\'s menu and stops from Active calls; the row says REC while it runs', async ({ page }) => {
  test.setTimeout(300_000);
  const token = await signIn(page, 'admin');
  // a simulated call may end by itself within seconds (its talk time is random): then the steps run
  // again on a new call; a failure while the call is still there, or three in a row, fails the test
  for (let attempt = 1; ; attempt++) {
    await page.goto('/acme/en/panel');
    await answeredCall(page, token, '202', '234');
    try {
      await card(page, '202');
      await page.getByTestId('agent-menu-202').click({ timeout: 10_000 });
      const started = page.waitForResponse((r) => r.url().endsWith('/api/v1/call/record'));
      await page.getByTestId('call-record').click({ timeout: 10_000 });
      expect((await started).status()).toBe(200);
      await expectSnackbar(page, 'Recording started.');
      // in the app (no reload): Active calls reads the list the panel already holds
      await page.getByRole('link', { name: 'Active calls' }).click();
      const row = page.getByTestId('data-table').locator('tr', { hasText: '234' }).filter({ hasText: '202' }).first();
      await expect(row.getByTestId('call-recording')).toBeVisible({ timeout: 10_000 });
      const record = row.locator('[data-testid^="record-"]');
      await expect(record).toHaveAttribute('aria-pressed', 'true');
      await saveScreen(page, 'active-calls-recording');
      await record.click({ timeout: 10_000 });
      await expectSnackbar(page, 'Recording stopped.');
      await expect(row.getByTestId('call-recording')).toBeHidden({ timeout: 10_000 });
      await expect(record).toHaveAttribute('aria-pressed', 'false');
      return;
    } catch (error) {
      const stillTalking = await page
        .getByTestId('data-table')
        .locator('tr', { hasText: '234' })
        .filter({ hasText: '202' })
        .count()
        .catch(() => 0);
      console.log(`call-actions: attempt ${attempt} failed with the call ${stillTalking > 0 ? 'still there' : 'gone'}: ${String(error).slice(0, 200)}`);
      if (attempt >= 3 || stillTalking > 0) throw error;
    }
  }
});
