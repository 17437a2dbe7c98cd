/**
 * H-HMAP-01: the Heatmap board on a TV with the demo floor's real data (the e2e server runs the
 * simulator and the demo's history): agents by acme's queues, calls of the last hour per cell, colour by
 * talk share with its legend, type read from 5 m (at least 3.5 % of the screen's height), no scrolling,
 * dark and light, at 1920×1080 and 3840×2160.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { KioskHeatmap } from '../../domain/kiosk-heatmap';
import { PASSWORD, retireScreen, saveScreen, attemptName } from './helpers';

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/login', { data: { nick: 'admin', pass: PASSWORD, corpoName: 'acme' } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('H-HMAP-01 kiosk heatmap: agents by queues with the last hour’s calls, legend, readable type, light and dark', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/kiosk', { data: { name: attemptName('E2E heatmap'), boards: ['heatmap', 'agents'], secondsPerBoard: 3600 }, headers });
  expect(created.ok(), await created.text()).toBe(true);
  const screen = (await created.json()) as { id: number; key: string; boards: string[] };
  expect(screen.boards).toEqual(['heatmap', 'agents']);

  // the floor's real data: some agent answered a queue call in the last hour
  let map: KioskHeatmap | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/v1/kiosk/heatmap', { headers });
        expect(response.ok()).toBe(true);
        map = (await response.json()) as KioskHeatmap;
        return map.cells.reduce((sum, c) => sum + c.calls, 0);
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
  const queues = map!.queues.map((q) => q.name);
  expect(queues.length).toBeGreaterThan(0);

  for (const theme of ['dark', 'light'] as const) {
    for (const [width, height] of [
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/kiosk/acme/${screen.id}?key=${encodeURIComponent(screen.key)}&pin=heatmap&lang=en${theme === 'light' ? '&theme=light' : ''}`);
      await expect(page.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
      await expect(page.getByTestId('kiosk-board-heatmap')).toBeVisible();
      await expect(page.getByTestId('kiosk-heatmap-grid')).toBeVisible();
      await expect(page.getByTestId('kiosk-heatmap-queue')).toHaveText(queues);
      await expect(page.getByTestId('kiosk-heatmap-legend')).toContainText('75–100 %');
      // cells: one per agent shown and queue, some with calls, coloured by their step
      const agents = await page.getByTestId('kiosk-heatmap-agent').count();
      expect(agents).toBeGreaterThan(3);
      await expect(page.getByTestId('kiosk-heatmap-cell')).toHaveCount(agents * queues.length);
      await expect.poll(() => page.locator('[data-testid="kiosk-heatmap-cell"]:not([data-calls="0"])').count()).toBeGreaterThan(0);
      const busy = page.locator('[data-testid="kiosk-heatmap-cell"]:not([data-level="0"])').first();
      await expect(busy).toBeVisible();
      const colours = await busy.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
      expect(colours[0]).not.toEqual(colours[1]);
      // readable from 5 m on a 55-inch TV: cell type at least 3.5 % of the screen's height
      const fontPx = await busy.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(fontPx).toBeGreaterThanOrEqual(0.035 * height - 0.5);
      // every row shown is whole inside the board (the rest are counted, not cut)
      const board = (await page.getByTestId('kiosk-board').boundingBox())!;
      const last = (await page.getByTestId('kiosk-heatmap-agent').last().boundingBox())!;
      expect(last.y + last.height).toBeLessThanOrEqual(board.y + board.height + 0.5);
      const overflow = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `heatmap at ${width}×${height} scrolls`).toBe(false);
      await saveScreen(page, `kiosk-heatmap-${theme}-${width}x${height}`);
    }
  }
  await page.goto('about:blank');
  await retireScreen(request, token, screen.id);
});
