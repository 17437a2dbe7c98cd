import { expect, test } from '@playwright/test';
import { login, saveScreen } from './helpers';

/**
 * G-RPT-01 and G-RPT-02 in chromium, on the e2e server's demo data: an acme admin opens the agent
 * report and the service level by hour from the Statistics menu and reads rows. The demo's queues
 * have static members (logged in all day in the agent report's reading); queue calls are the
 * simulator's quiet traffic, so the service level waits for the first call of the day.
 */
test.describe.configure({ timeout: 180_000 });

test('G-RPT-01 G-RPT-02 an acme admin opens the agent report and the service level by hour from the menu and sees rows', async ({ page }) => {
  await login(page, 'acme', 'admin');
  const group = page.getByTestId('side-menu').locator('li').filter({ has: page.getByTestId('menu-group-statistics') });
  await page.getByTestId('menu-group-statistics').click();

  // G-RPT-01: today, every queue
  await group.getByTestId('menu-agentReport').click();
  await expect(page).toHaveURL(/\/acme\/en\/statistics\/agentReport$/);
  await expect(page.getByTestId('page-title')).toHaveText('Agent report');
  await expect(page.getByTestId('agents-select')).toContainText('Sales');
  await page.getByTestId('agents-search').click();
  const table = page.getByTestId('agents-table');
  await expect(table.locator('thead').first()).toContainText(/Agent.*Name.*Answered.*Talk time.*Hold time.*Wrap-up.*Logged in.*Paused.*Occupancy.*First log-in.*Last log-out/);
  // Sales' first member, Ana Agent at 201, is logged in since the day began
  const first = table.locator('tbody tr[data-testid="row-201"]');
  await expect(first).toBeVisible();
  await expect(first).toContainText('Ana Agent');
  await expect(first).toContainText('Before the period');
  await expect(table.getByTestId('agents-table-csv')).toBeEnabled();
  await saveScreen(page, 'reports-agent-report');

  // G-RPT-02: the 24 hours, then the simulator's calls of the day
  await group.getByTestId('menu-queueSla').click();
  await expect(page).toHaveURL(/\/acme\/en\/statistics\/queueSla$/);
  await expect(page.getByTestId('page-title')).toHaveText('Service level by hour');
  const hours = page.getByTestId('sla-hours-table').locator('tbody tr[data-testid^="row-"]');
  await expect
    .poll(
      async () => {
        await page.getByTestId('sla-search').click();
        await page.waitForTimeout(1_000);
        return (await page.getByTestId('sla-total').textContent()) ?? '';
      },
      { timeout: 150_000, intervals: [3_000] },
    )
    .toMatch(/^Calls offered: [1-9]/);
  await expect(hours).toHaveCount(24);
  await expect(hours.first()).toContainText('00:00');
  await expect(page.getByTestId('sla-hours-table').locator('thead').first()).toContainText(/Hour.*Offered.*Answered.*Answered in time.*Abandoned.*Service level/);
  await expect(page.getByTestId('sla-chart').locator('svg rect').first()).toBeAttached();
  await expect(page.getByTestId('sla-abandon-table').locator('tbody tr[data-testid^="row-"]')).toHaveCount(6);
  await expect(page.getByTestId('sla-abandon-summary')).toContainText('Abandoned calls: ');
  await saveScreen(page, 'reports-queue-sla');
});
