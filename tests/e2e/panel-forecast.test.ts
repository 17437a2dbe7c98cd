/**
 * H-FCST-01 on the supervisor's Panel: the queue cards carry the service-level forecast. The demo floor
 * breaks its service level a few times in two hours, never on demand, so the first test plays the hub
 * itself (Playwright's routeWebSocket answers the SignalR JSON protocol in place of the server) with a
 * floor whose forecast is known (the one of tests/src/features/panel/queue-forecast-line.test.ts): the
 * same calls on two queues, one with 105 s of wrap-up (its card says the SLA breaks), one without (its
 * card says nothing). The second test reads the real floor: the cards render with the forecast wired,
 * and no forecast is shown before the model has two minutes of evidence.
 */
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { login } from './helpers';

const RS = '\x1e';
const S = 1000;

interface QueueRow {
  id: number;
  name: string;
  corpId?: number;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** the pushes of a floor that breaks only with its wrap-up counted, as of `now` (ms, this machine's clock: the browser's too) */
function floorPushes(corpId: number, queues: { queueId: number; name: string; wrapupSec: number; members: string[] }[], now: number): string {
  const frames: unknown[] = [];
  const push = (target: string, payload: Record<string, unknown>) => frames.push({ type: 1, target, arguments: [{ corpId, ...payload }] });
  const start = now - 10 * 60 * S - 30 * S;
  const extensions = queues.flatMap((q) => q.members).map((number) => ({ corpId, number, userName: `Agent ${number}`, status: 2, since: now - 60 * S, callStart: now - 60 * S, peer: '5550000' }));
  const liveQueue = (q: (typeof queues)[number], answered: number, answeredWithinSl: number) => ({
    corpId,
    queueId: q.queueId,
    name: q.name,
    strategy: 'ringall',
    members: q.members,
    answered,
    abandoned: 0,
    answeredWithinSl,
    serviceLevelSec: 60,
    wrapupSec: q.wrapupSec,
    callers: [],
  });
  // the queues first: the forecast's window starts with the first event it sees (the extensions' `ts` is now: it sets the page's clock)
  push('AllQueues', { queues: queues.map((q) => liveQueue(q, 100, 90)), ts: start });
  push('AllExtensions', { extensions, ts: now });
  // 4 calls a minute for 10 minutes on each queue, answered at once, 45 s of talk; the agents' own calls stay up
  for (let i = 0; i < 40; i++) {
    const at = start + i * 15 * S;
    for (const q of queues) {
      const callId = `f${q.queueId}-${i}`;
      push('CallerInQueue', { queueId: q.queueId, callId, caller: '5551000', trunkNumber: '4000', position: 1, since: at, ts: at });
      push('deleteCaller', { queueId: q.queueId, callId, reason: 'answered', waitedMs: 2 * S, ts: at + 2 * S });
      push('Hangup', { callId, caller: '5551000', receiver: '299', cause: 16, duration: 45, ts: at + 47 * S });
    }
  }
  // the day so far: 113 of 140 in time (80.7 %, above the 80 % warning)
  push('AllQueues', { queues: queues.map((q) => liveQueue(q, 140, 113)), ts: now });
  return frames.map((f) => JSON.stringify(f) + RS).join('');
}

test('H-FCST-01 a queue card says when its SLA breaks when its calls and wrap-up outrun its agents, and nothing for the same calls without wrap-up', async ({ page }) => {
  const errors = collectErrors(page);
  let hub: WebSocketRoute | null = null;
  // the hub is this test: the handshake, pings and invocations answered, pushes only when the test sends them
  await page.routeWebSocket(/\/hub(\?|$)/, (ws) => {
    hub = ws;
    ws.onMessage((message) => {
      for (const frame of String(message).split(RS).filter(Boolean)) {
        const m = JSON.parse(frame) as { protocol?: string; type?: number; invocationId?: string };
        if (m.protocol) ws.send(`{}${RS}`);
        else if (m.type === 6) ws.send(`{"type":6}${RS}`);
        else if (m.type === 1 && m.invocationId) ws.send(JSON.stringify({ type: 3, invocationId: m.invocationId, result: null }) + RS);
      }
    });
  });
  await login(page, 'acme', 'admin');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const rows = (await (await page.request.get('/api/v1/queue', { headers: { Authorization: `Bearer ${token}` } })).json()) as QueueRow[];
  expect(rows.length).toBeGreaterThanOrEqual(2);
  const [busy, calm] = rows;
  const corpId = busy.corpId ?? 0;
  expect(corpId).toBeGreaterThan(0);

  await page.goto('/acme/en/panel');
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  const busyCard = page.locator(`[data-testid="queue-card"][data-queue="${busy.name}"]`);
  const calmCard = page.locator(`[data-testid="queue-card"][data-queue="${calm.name}"]`);
  await expect(busyCard).toBeVisible({ timeout: 15_000 });
  await expect(calmCard).toBeVisible();
  await expect(page.getByTestId('queue-forecast')).toHaveCount(0);

  const queues = [
    { queueId: busy.id, name: busy.name, wrapupSec: 105, members: ['8101', '8102', '8103', '8104', '8105'] },
    { queueId: calm.id, name: calm.name, wrapupSec: 0, members: ['8201', '8202', '8203', '8204', '8205'] },
  ];
  expect(hub).not.toBeNull();
  hub!.send(floorPushes(corpId, queues, Date.now()));

  // the model runs every 5 s of the page's clock
  const forecast = busyCard.getByTestId('queue-forecast');
  await expect(forecast).toBeVisible({ timeout: 15_000 });
  await expect(forecast).toContainText(/SLA breaks within ~\d+ min/);
  expect(Number(await forecast.getAttribute('data-breach-sec'))).toBeLessThanOrEqual(600);
  await expect(calmCard.getByTestId('queue-forecast')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('H-FCST-01 on the live demo floor the queue cards render with the forecast wired, none before the model has its evidence, no console error', async ({ page }) => {
  const errors = collectErrors(page);
  await login(page, 'acme', 'admin');
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await page.goto('/acme/en/panel');
  const cards = page.getByTestId('queue-card');
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // the panel's forecast starts with the page: under FORECAST.minObservedSec (120 s) of events it says nothing
  await page.waitForTimeout(6 * S);
  await expect(page.getByTestId('queue-forecast')).toHaveCount(0);
  await page.goto('/acme/en/panel/list');
  await expect.poll(() => page.getByTestId('queue-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('queue-forecast')).toHaveCount(0);
  expect(errors).toEqual([]);
});
