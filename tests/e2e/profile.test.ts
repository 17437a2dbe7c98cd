import { expect, test } from '@playwright/test';
import { expectSnackbar, login, openUserMenu, PASSWORD } from './helpers';

test('A-LOG-03 opening the login page while signed in goes home', async ({ page }) => {
  await login(page, 'acme', 'owner');
  await page.goto('/login/acme');
  await expect(page).toHaveURL(/\/acme\/en\/home$/);
});

test('A-PRF-01..05 A-PRF-08 A-PRF-09 the profile changes the own password and email, then goes home', async ({ page }) => {
  await login(page, 'acme', 'owner');
  await openUserMenu(page);
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/acme\/en\/user\/userProfile$/);
  await expect(page.locator('#profile-name-field')).toBeDisabled();

  await page.getByTestId('profile-mail').fill('olivia@acme.example');
  await page.getByTestId('profile-pass').fill('abc');
  await page.getByTestId('profile-passConfirm').fill('abd');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText(/at least 4/i)).toBeVisible();
  await expect(page.getByText(/do not match/i)).toBeVisible();

  // issue 13: the current password is asked, and a wrong one is refused
  await page.getByTestId('profile-pass').fill('new-secret');
  await page.getByTestId('profile-passConfirm').fill('new-secret');
  await page.getByTestId('profile-save').click();
  await expect(page.locator('#profile-currentPass')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('profile-currentPass').fill(PASSWORD);
  await page.getByTestId('profile-save').click();
  await expectSnackbar(page, /Created/);
  await expect(page).toHaveURL(/\/acme\/en\/home$/, { timeout: 5000 });

  // the new password signs in, the old one no longer does; then put the demo password back
  await openUserMenu(page);
  await page.getByTestId('user-menu-signout').click();
  await login(page, 'acme', 'owner', 'new-secret');
  await page.goto('/acme/en/user/userProfile');
  await page.getByTestId('profile-currentPass').fill('new-secret');
  await page.getByTestId('profile-pass').fill(PASSWORD);
  await page.getByTestId('profile-passConfirm').fill(PASSWORD);
  await page.getByTestId('profile-save').click();
  await expectSnackbar(page, /Created/);
  const relogin = await page.request.post('/api/v1/login', { data: { nick: 'owner', pass: 'new-secret', corpoName: 'acme' } });
  expect(relogin.status()).toBe(401);
});
