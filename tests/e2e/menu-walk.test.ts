import { expect, test, type Page } from '@playwright/test';
import { login, openUserMenu } from './helpers';

/**
 * J-UX-02: every menu entry of each level opens a screen that works for that level: no placeholder
 * ("planned"), no forbidden or not-found page, no error banner, and no API call of the screen refused
 * (4xx/5xx). The supervisor also reaches the system and mail parameters from the menu, and About is a
 * real page from the user menu of every level.
 */
const BROKEN = ['planned-page', 'forbidden-page', 'not-found-page', 'rooms-error', 'calendar-error', 'tariff-error'];

async function checkScreen(page: Page, label: string, failed: string[]): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (const id of BROKEN) {
    if ((await page.getByTestId(id).count()) > 0) failed.push(`${label}: shows ${id}`);
  }
  const body = (await page.locator('main').innerText().catch(() => '')) || (await page.locator('body').innerText());
  if (/\berrors\.[a-zA-Z]+|validation\.[a-zA-Z]+|Error, something happened/.test(body)) failed.push(`${label}: an error text (${body.slice(0, 120).replace(/\s+/g, ' ')})`);
}

/** Every link of the side menu (groups opened), as its test id and path. */
async function menuLinks(page: Page): Promise<{ id: string; href: string }[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu.locator('[data-testid^="menu-"]').first()).toBeVisible();
  for (const group of await menu.locator('[data-testid^="menu-group-"]').all()) {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }
  return menu.locator('a[data-testid^="menu-"]:not([target="_blank"])').evaluateAll((links) => links.map((a) => ({ id: a.getAttribute('data-testid') ?? '', href: a.getAttribute('href') ?? '' })));
}

const LEVELS = [
  { corp: 'supervisor', nick: 'super' },
  { corp: 'acme', nick: 'admin' },
  { corp: 'acme', nick: 'agent' },
] as const;

for (const who of LEVELS) {
  test(`J-UX-02 every side-menu entry of ${who.nick}@${who.corp} opens a working screen`, async ({ page }) => {
    test.setTimeout(180_000);
    const refused: string[] = [];
    let current = '';
    page.on('response', (response) => {
      const url = new URL(response.url());
      // a screen's own API calls; the login and the hub's negotiation are not a screen's data
      if (url.pathname.startsWith('/api/v1/') && response.status() >= 400 && !url.pathname.endsWith('/login')) refused.push(`${current}: ${response.request().method()} ${url.pathname} → ${response.status()}`);
    });
    await login(page, who.corp, who.nick);
    const links = await menuLinks(page);
    expect(links.length).toBeGreaterThan(2);
    const failed: string[] = [];
    for (const link of links) {
      current = link.id;
      await page.goto(link.href);
      await checkScreen(page, link.id, failed);
    }
    expect([...failed, ...refused]).toEqual([]);
  });
}

test('J-UX-02 the supervisor reaches the system and mail parameters from the menu', async ({ page }) => {
  await login(page, 'supervisor', 'super');
  const links = (await menuLinks(page)).map((l) => l.id);
  expect(links).toEqual(expect.arrayContaining(['menu-paramsvoip', 'menu-paramsMail']));
  await page.getByTestId('menu-paramsvoip').click();
  await expect(page).toHaveURL(/\/paramsvoip$/);
  await page.getByTestId('menu-paramsMail').click();
  await expect(page).toHaveURL(/\/paramsMail$/);
});

test('J-UX-02 About is a real page (version, build, links, licence) from the user menu of each level', async ({ page }) => {
  for (const who of [...LEVELS, { corp: 'acme', nick: 'owner' }, { corp: 'acme', nick: 'wall' }]) {
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await login(page, who.corp, who.nick);
    await openUserMenu(page);
    await page.getByTestId('user-menu-about').click();
    await expect(page.getByTestId('about-page')).toBeVisible();
    await expect(page.getByTestId('planned-page')).toHaveCount(0);
    await expect(page.getByTestId('about-version')).toHaveText(/^\d+\.\d+\.\d+$/);
    await expect(page.getByTestId('about-build')).not.toBeEmpty();
    await expect(page.getByTestId('about-licence')).toContainText('Licence');
    const api = await page.getByTestId('about-link-api').getAttribute('href');
    expect((await page.request.get(api!)).status()).toBe(200);
  }
});

test("J-UX-02 the wall's dashboard address leads to a screen that works for it", async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/') && response.status() >= 400) refused.push(`${url.pathname} → ${response.status()}`);
  });
  await login(page, 'acme', 'wall');
  await page.goto('/acme/en/panel/dashboard');
  // the figures of the dashboard are not a monitor's: the address leads to its panel
  await expect(page).toHaveURL(/\/acme\/en\/panel$/);
  const failed: string[] = [];
  await checkScreen(page, 'wall dashboard', failed);
  expect([...failed, ...refused]).toEqual([]);
});
