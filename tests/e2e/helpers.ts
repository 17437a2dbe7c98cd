import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const PASSWORD = 'callboard';
const screensDir = path.join('test-results', 'screens');

/** Signs in through the login page of `corp` and waits for the landing page. */
export async function login(page: Page, corp: string, nick: string, pass = PASSWORD): Promise<void> {
  await page.goto(`/login/${corp}`);
  await page.getByTestId('login-nick').fill(nick);
  await page.getByTestId('login-pass').fill(pass);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Screenshots are kept as artifacts (test-results/screens) so a person can look at them. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

export async function expectSnackbar(page: Page, text: RegExp | string): Promise<void> {
  await expect(page.getByTestId('snackbar-message').filter({ hasText: text })).toBeVisible();
}

/** The landing path for a corp and language, e.g. /acme/en/home. */
export function landing(corp: string, lang: string, screen: string): RegExp {
  return new RegExp(`/${corp}/${lang}/${screen}$`);
}

/** Opens the user menu unless it is already open (it stays open after a language switch). */
export async function openUserMenu(page: Page): Promise<void> {
  if (!(await page.getByTestId('user-menu-signout').isVisible())) await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-signout')).toBeVisible();
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** A local day as YYYY-MM-DD (the browser and the test run in the same time zone: local days on both sides). */
export const localDayKey = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
/** A local month as YYYY-MM. */
export const localMonthKey = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}`;

/**
 * Ends every call of `number` from Active calls, so the next test finds its phones free (the tests
 * share one server, and a call goes on talking for minutes).
 */
export async function hangUpCallsOf(page: Page, number: string): Promise<void> {
  // in the app from the panel: Active calls reads the list the panel already holds
  await page.goto('/acme/en/panel');
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await page.getByRole('link', { name: 'Active calls' }).click();
  const rows = page.getByTestId('data-table').locator('tr', { hasText: number }).filter({ has: page.locator('[data-testid^="hangup-"]') });
  const any = await rows
    .first()
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  for (let left = 5; any && left > 0 && (await rows.count()) > 0; left--) {
    // bounded: a row that went meanwhile (the call ended by itself) must not hold the test to its own limit
    // (a G-REC-01 clean-up waited 7.5 min here on a click with no time-out of its own)
    const clicked = await rows
      .first()
      .locator('[data-testid^="hangup-"]')
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!clicked) continue;
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('confirm-ok')).toBeHidden();
    await page.waitForTimeout(500);
  }
}

/**
 * Deletes a kiosk screen a test made once its TV page is closed: left behind, its TV goes dark a
 * minute later and the corp's admins get a 15 s dark-TV alert (H-FLEET-02) that queues the next test's
 * snackbars behind it (A-SNK-03).
 */
export async function retireScreen(request: APIRequestContext, token: string, id: number): Promise<void> {
  const res = await request.delete(`/api/v1/kiosk/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A name a test gives what it makes, different on CI's retry: a first attempt that failed before its
 * clean-up leaves its kiosk screen behind, and a retry that made one of the same name met the 406
 * duplicate instead of the failure it was retried to show.
 */
export function attemptName(name: string): string {
  const { retry } = test.info();
  return retry === 0 ? name : `${name} (retry ${retry})`;
}
