/**
 * The densest Agents floor (issue 13, the wallboard at 2,000 tiles): a corp with 1,900 extensions
 * fills a 1920×1080 TV only with number-only tiles, which are drawn on one canvas
 * (kiosk/boards/tile-canvas.ts). A call between two of its extensions shows on their tiles in the
 * state colours, each the spec's own (B-PNL-13: 0 grey, 1 light blue, 2 purple, 3 green, 4 red, 5 amber,
 * told by tests/src/ui/colour-names.ts from what chromium paints). The corp is made by the supervisor with
 * a bulk import (C-EXT-32, C-EXT-34) and disabled at the end, so no other test meets its phones.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { colourName, parseRgb, type SpecColour } from '../src/ui/colour-names';
import { PASSWORD, attemptName } from './helpers';

const FLOOR = 1900;
const numbers = Array.from({ length: FLOOR }, (_, i) => String(1000 + i));

async function token(request: APIRequestContext, nick: string, corpoName: string): Promise<string> {
  const response = await request.post('/api/v1/login', { data: { nick, pass: PASSWORD, corpoName } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A tile's fill, read from the canvas's own pixels: the commonest colour of the tile's bottom line (the
 * number is drawn in its middle), as rgb. The tile's box comes from the canvas's data attributes. The
 * floor's worker draws on the canvas (kiosk/boards/floor-surface.ts), which then has no context of its
 * own to read: its last frame is copied onto a scratch canvas and read there.
 */
async function tileColour(page: Page, index: number): Promise<string> {
  return page.getByTestId('kiosk-floor-canvas').evaluate((canvas: HTMLCanvasElement, i) => {
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const [columns, w, h, gap] = ['columns', 'tileWidth', 'tileHeight', 'gap'].map((k) => Number(canvas.dataset[k]));
    const x = (i % columns) * (w + gap) * ratio;
    const y = (Math.floor(i / columns) * (h + gap) + h) * ratio - 2;
    const scratch = Object.assign(document.createElement('canvas'), { width: canvas.width, height: canvas.height }).getContext('2d')!;
    scratch.drawImage(canvas, 0, 0);
    const line = scratch.getImageData(Math.round(x), Math.round(y), Math.max(1, Math.floor(w * ratio)), 1).data;
    const counts = new Map<string, number>();
    for (let p = 0; p < line.length; p += 4) {
      const rgb = `${line[p]},${line[p + 1]},${line[p + 2]}`;
      counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
  }, index);
}

test('kiosk: 1,900 extensions fill a 1920×1080 TV as one canvas of number-only tiles; a call shows on its tiles in the state colours, each the spec’s own, drawn in a worker, or on the page when the worker cannot load (B-PNL-13 H-PERF-01)', async ({ page, request }) => {
  test.setTimeout(240_000);
  const supervisor = { Authorization: `Bearer ${await token(request, 'super', 'supervisor')}` };
  const floorCorp = { url: 'floor', name: 'Floor 1900', extLen: 4, extMax: FLOOR, queMax: 1, maxContacts: 1 };
  const created = await request.post('/api/v1/corp', { headers: supervisor, data: floorCorp });
  expect(created.ok(), await created.text()).toBe(true);
  const corpId = ((await created.json()) as { id: number }).id;
  const inCorp = { ...supervisor, 'x-working-corp': String(corpId) };
  try {
    const rows = numbers.map((n) => ({ Number: n, Pass: `pw-${n}-floor`, Description: `Seat ${n}` }));
    const bulk = await request.post('/api/v1/extension/bulk', { headers: inCorp, data: rows, timeout: 120_000 });
    expect(bulk.ok(), (await bulk.text()).slice(0, 500)).toBe(true);
    expect(await bulk.json()).toEqual({ created: FLOOR });

    const kiosk = await request.post('/api/v1/kiosk', { headers: inCorp, data: { name: attemptName('Floor wall'), boards: ['agents'], secondsPerBoard: 3600, hideOffline: false, privacy: false } });
    expect(kiosk.ok(), await kiosk.text()).toBe(true);
    const screen = (await kiosk.json()) as { id: number; key: string };

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/kiosk/floor/${screen.id}?key=${encodeURIComponent(screen.key)}&lang=en`);
    await expect(page.getByTestId('kiosk-health')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    const canvas = page.getByTestId('kiosk-floor-canvas');
    await expect(canvas).toHaveAttribute('data-tiles', String(FLOOR), { timeout: 15_000 });
    // drawn off the page's main thread (H-PERF-01): chromium has OffscreenCanvas in workers
    await expect(canvas).toHaveAttribute('data-drawn-in', 'worker');
    await expect(page.getByTestId('kiosk-tile')).toHaveCount(0);
    await expect(canvas).toHaveAccessibleName(`${FLOOR} extensions, each a tile in the colour of its state`);
    await expect(page.getByTestId('kiosk-totals')).toContainText(`Total ${FLOOR}`);
    // the whole floor on one screen, drawn in device pixels
    const box = await canvas.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(1080);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1920);
    // the worker sizes the canvas; the page's element learns its size with the worker's first frame
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBe(Math.round(box!.width));
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);

    // B-PNL-13 each state's own colour, as painted: the totals line shows every state on its colour
    const states: [string, SpecColour][] = [['offline', 'grey'], ['ringing', 'light blue'], ['inUse', 'purple'], ['online', 'green'], ['hangup', 'red'], ['onHold', 'amber']];
    for (const [tone, colour] of states) {
      // chromium computes the token as oklch(): a 1-pixel canvas turns it into the sRGB it paints
      const painted = await page.getByTestId(`kiosk-total-${tone}`).evaluate((el) => {
        const context = Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d')!;
        context.fillStyle = getComputedStyle(el).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)].join(',');
      });
      expect(colourName(parseRgb(painted)), `${tone}: ${painted}`).toBe(colour);
    }
    const tileName = async (index: number) => colourName(parseRgb(await tileColour(page, index)));

    // the new phones register within seconds of the import (the simulator): offline (0, grey) → online (3, green)
    expect(['grey', 'green']).toContain(await tileName(FLOOR - 1));
    await expect.poll(() => tileName(0), { timeout: 40_000 }).toBe('green');
    await expect.poll(() => tileName(1), { timeout: 40_000 }).toBe('green');

    // 1000 calls 1001: 1000 rings for 2 s, answers (in use, purple) and 1001 rings (light blue) until it answers (purple too)
    const originate = await request.post('/api/v1/originate', { headers: inCorp, data: { from: '1000', to: '1001' } });
    expect(originate.ok(), await originate.text()).toBe(true);
    await expect.poll(() => tileName(0), { timeout: 20_000 }).toBe('purple');
    await expect.poll(async () => ['light blue', 'purple'].includes(await tileName(1)), { timeout: 5_000 }).toBe(true);
    // a phone outside the call keeps its colour
    expect(['grey', 'green']).toContain(await tileName(2));
    await page.screenshot({ path: 'test-results/screens/kiosk-floor-1900.png' });

    // a worker that cannot load (its chunk gone after a deploy, a policy) must not leave the wall blank:
    // the same floor is drawn on the page's main thread, and the console says why
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/assets/floor-worker-*', (route) => route.abort());
    await page.reload();
    await expect(canvas).toHaveAttribute('data-drawn-in', 'main', { timeout: 30_000 });
    await expect(canvas).toHaveAttribute('data-tiles', String(FLOOR));
    // 1000 is registered (its call over or not): a state colour, not the black of a canvas left blank (read as grey)
    await expect.poll(() => tileName(0), { timeout: 20_000 }).toMatch(/^(green|purple|light blue|red)$/);
    expect(errors.some((text) => text.includes("the floor's worker failed")), errors.join('\n')).toBe(true);
  } finally {
    // the floor leaves the live directory (a disabled corp has no telephony), so the simulator and the hub
    // drop its 1,900 phones; its rows stay (deleting them one by one took 77 s here, 5 s against a server
    // started by hand: not understood yet, see the issue note)
    const disabled = await request.put(`/api/v1/corp/${corpId}`, { headers: supervisor, data: { ...floorCorp, enabled: false } });
    expect(disabled.ok(), await disabled.text()).toBe(true);
  }
});
