/**
 * Click-to-call (issue 11, E-C2C): an administrator creates a key (its password shown once), the form
 * rings an extension with it (success snackbar, a row in the history), a wrong password says so
 * without signing out, and a revoked key is refused.
 */
import { expect, test } from '@playwright/test';
import { expectSnackbar, hangUpCallsOf, login, saveScreen } from './helpers';

test('E-C2C-01 E-C2C-02 E-C2C-03 E-C2C-04 E-C2C-05 E-C2C-08 a key shown once, the form calls with it, the history is real, revoking stops it', async ({ page }) => {
  await login(page, 'acme', 'admin');

  // the keys screen: create one, its password is shown this once
  await page.goto('/acme/en/configuration/clickToCall');
  await page.getByTestId('c2c-key-label').fill('E2E CRM');
  await page.getByTestId('c2c-key-create').click();
  const dialog = page.getByTestId('c2c-key-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('c2c-key-warning')).toContainText('will not be shown again');
  const keyId = await page.getByTestId('c2c-key-id').inputValue();
  const secret = await page.getByTestId('c2c-key-secret').inputValue();
  expect(keyId).toMatch(/^c2c_\d+$/);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await saveScreen(page, 'c2c-key-created');
  await page.getByTestId('c2c-key-close').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('c2c-keys').locator('tr', { hasText: keyId });
  await expect(row).toContainText('E2E CRM');
  await expect(row).toContainText('Active');
  // the list holds only the password's last characters
  expect(await page.content()).not.toContain(secret);
  await saveScreen(page, 'c2c-keys');

  // the form: every field required (E-C2C-04), then a call with the key (237 and 238: phones the busy demo floor leaves free)
  await page.goto('/acme/en/clickToCall');
  await page.getByTestId('c2c-call').click();
  await expectSnackbar(page, 'All fields are required for starting a call');
  await expect(page.getByTestId('error-c2c-from')).toHaveText('All fields are required for starting a call');
  await page.getByTestId('c2c-from').fill('23a');
  await page.getByTestId('c2c-to').fill('238');
  await page.getByTestId('c2c-id').fill(keyId);
  await page.getByTestId('c2c-password').fill(secret);
  await page.getByTestId('c2c-call').click();
  await expect(page.getByTestId('error-c2c-from')).toHaveText('Digits only');
  await page.getByTestId('c2c-from').fill('237');
  await page.getByTestId('c2c-call').click();
  await expectSnackbar(page, 'Calling: 237 rings, then 238 is dialled.');
  await saveScreen(page, 'c2c-form-calling');
  // the call is not needed any more: hung up, so the tests after this one find 237 and 238 free
  await hangUpCallsOf(page, '237');
  await page.goto('/acme/en/clickToCall');
  await page.getByTestId('c2c-from').fill('237');
  await page.getByTestId('c2c-id').fill(keyId);

  // a wrong password: the error, and the user stays signed in
  await page.getByTestId('c2c-to').fill('232');
  await page.getByTestId('c2c-password').fill('not-the-password');
  await page.getByTestId('c2c-call').click();
  await expectSnackbar(page, 'The click-to-call ID or password is not valid.');
  await expect(page).toHaveURL(/\/acme\/en\/clickToCall$/);

  // the history: the real requests, newest first
  await page.getByTestId('c2c-history-link').click();
  await expect(page).toHaveURL(/\/acme\/en\/configuration\/ClickToCallTable$/);
  const rows = page.getByTestId('c2c-history').locator('tbody tr');
  await expect(rows.first()).toContainText('Wrong key');
  await expect(rows.first()).toContainText('232');
  await expect(rows.nth(1)).toContainText('Calling');
  await expect(rows.nth(1)).toContainText('237');
  await expect(rows.nth(1)).toContainText(`admin · ${keyId} (E2E CRM)`);
  await expect(rows.nth(1)).toContainText('Form');
  // 10 a page by default; 25 and 50 on request (the API's sizes)
  const sized = page.waitForRequest((r) => r.url().includes('/api/v1/clicktocall/history?page=0&size=25'));
  await page.getByTestId('c2c-history-page-size').selectOption('25');
  await sized;
  await expect(rows).toHaveCount(2);
  await saveScreen(page, 'c2c-history');

  // revoke, with a confirmation; the key is refused from then on
  await page.goto('/acme/en/configuration/clickToCall');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(keyId);
  await saveScreen(page, 'c2c-revoke-confirm');
  await page.getByTestId('confirm-ok').click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  await page.goto('/acme/en/clickToCall');
  await page.getByTestId('c2c-from').fill('233');
  await page.getByTestId('c2c-to').fill('234');
  await page.getByTestId('c2c-id').fill(keyId);
  await page.getByTestId('c2c-password').fill(secret);
  await page.getByTestId('c2c-call').click();
  await expectSnackbar(page, 'This click-to-call key was revoked.');
});

test('A-MENU-08 the keys and the history are in level 3’s configuration menu', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/clickToCall');
  await expect(page.getByTestId('c2c-form')).toBeVisible();
  await saveScreen(page, 'c2c-form');
  const menu = page.getByTestId('side-menu');
  const config = page.getByTestId('menu-group-config');
  if ((await config.getAttribute('aria-expanded')) !== 'true') await config.click();
  await menu.getByRole('link', { name: 'Click-to-call keys' }).click();
  await expect(page).toHaveURL(/\/acme\/en\/configuration\/clickToCall$/);
  await menu.getByRole('link', { name: 'Click To Call table' }).click();
  await expect(page).toHaveURL(/\/acme\/en\/configuration\/ClickToCallTable$/);
});
