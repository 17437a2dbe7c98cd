/**
 * One clock per corp (J-TZ-01) in the browser: a supervisor gives acme São Paulo's zone in the corp
 * form (its combobox); an admin of acme whose browser sits in Tokyo (twelve hours away) then sees the
 * times of active calls on São Paulo's clocks (B-ACT-07) and São Paulo's today as the reports'
 * default period. acme's zone is put back at the end.
 */
import { expect, test, type Page } from '@playwright/test';
import { localDay } from '../../domain/time-zone';
import { expectSnackbar, login } from './helpers';

const ZONE = 'America/Sao_Paulo';
const BROWSER_ZONE = 'Asia/Tokyo';

test.use({ timezoneId: BROWSER_ZONE, viewport: { width: 1440, height: 900 } });

/** The corp form's zone of acme, set through the dialog of the corp list (level 1). */
async function setAcmeZone(page: Page, zone: string): Promise<string> {
  await page.goto('/supervisor/en/configuration/corp');
  const row = page.getByTestId('data-table').locator('tr', { hasText: 'Acme' });
  await row.locator('[data-testid^="edit-"]').click();
  const field = page.getByTestId('field-timeZone');
  await expect(field).toBeVisible();
  const before = await field.inputValue();
  // a name the system does not know stays in the dialog with the translated reason
  await field.fill('Mars/Olympus');
  await page.getByTestId('dialog-submit').click();
  await expect(page.getByTestId('resource-dialog').getByText(/Not a time zone this system knows/)).toBeVisible();
  await field.fill(zone);
  await page.getByTestId('dialog-submit').click();
  await expectSnackbar(page, /Updated/);
  // the form opened again shows the saved zone (the list has no zone column)
  await row.locator('[data-testid^="edit-"]').click();
  await expect(page.getByTestId('field-timeZone')).toHaveValue(zone);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('resource-dialog')).toBeHidden();
  return before;
}

test("J-TZ-01 B-ACT-07 a corp set to São Paulo's zone: in a browser in Tokyo its active calls read São Paulo time and its reports open on São Paulo's today", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await login(page, 'supervisor', 'super');
  const before = await setAcmeZone(page, ZONE);
  // the server's zone until now: acme had none of its own
  expect(before).not.toBe('');
  try {
    const context = await browser.newContext({ timezoneId: BROWSER_ZONE });
    const admin = await context.newPage();
    await login(admin, 'acme', 'admin');
    expect(await admin.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);

    // the report's default period is São Paulo's today (the browser's may be another day)
    await admin.goto('/acme/en/statistics/cdrStats');
    await expect(admin.getByTestId('cdr-fromDate')).toHaveValue(localDay(Date.now(), ZONE));
    await expect(admin.getByTestId('cdr-toDate')).toHaveValue(localDay(Date.now(), ZONE));

    // a call's date and time: São Paulo's clocks, not Tokyo's
    await expect(admin.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
    await admin.goto('/acme/en/panel/activeCalls');
    await expect(admin.getByTestId('active-calls')).toBeVisible();
    const token = await admin.evaluate(() => localStorage.getItem('token'));
    // 237 and 238 are the demo's extensions outside the queues; a call an earlier test left them in ends first
    let started = Date.now();
    await expect
      .poll(
        async () => {
          started = Date.now();
          const response = await admin.request.post('/api/v1/originate', { data: { from: '237', to: '238' }, headers: { Authorization: `Bearer ${token}` } });
          return response.ok() ? 'calling' : await response.text();
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBe('calling');
    const ours = admin.getByTestId('active-calls').locator('tbody tr[data-testid^="row-"]').filter({ hasText: '237' }).filter({ hasText: '238' });
    await expect.poll(() => ours.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const shown = await ours.first().innerText();
    // the date and the hour of the call in a zone, as the screen's language (en) writes them
    const reading = (zone: string, at: number) => {
      const parts = new Intl.DateTimeFormat('en', { timeZone: zone, year: '2-digit', month: 'numeric', day: 'numeric', hour: 'numeric', hour12: true }).formatToParts(at);
      const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${get('month')}/${get('day')}/${get('year')} ${get('hour')} ${get('dayPeriod')}`;
    };
    const match = /(\d{1,2}\/\d{1,2}\/\d{2}),\s*(\d{1,2}):\d{2}:\d{2}\s*([AP]M)/.exec(shown);
    expect(match, shown).not.toBeNull();
    const seen = `${match![1]} ${match![2]} ${match![3]}`;
    // the call began between `started` and now: either reading holds across an hour's turn
    expect([reading(ZONE, started), reading(ZONE, Date.now())], shown).toContain(seen);
    expect([reading(BROWSER_ZONE, started), reading(BROWSER_ZONE, Date.now())], shown).not.toContain(seen);
    // the call is hung up, so the extensions are free for what comes next
    await ours.first().locator('[data-testid^="hangup-"]').click();
    await admin.getByTestId('confirm-ok').click();
    await expect.poll(() => ours.count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  } finally {
    await setAcmeZone(page, before);
  }
});
