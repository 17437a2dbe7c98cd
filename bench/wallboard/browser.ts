/**
 * The browser side: Debian's chromium through Playwright (@playwright/test's chromium), headless, one page on the kiosk
 * route with `&bench=1`. Before the page's own scripts, an init script counts animation frames and
 * observes long tasks; the page's bench contract (`window.__kioskBench`: ready, tiles, drain()) gives
 * the latencies. The JS heap is read over CDP after a forced garbage collection.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Response } from '@playwright/test';
import type { TileContentReading } from './report';

/** Runs in the page before any of its scripts (a string, so no bundler or TS helper gets in). */
const INIT_SCRIPT = `(() => {
  const m = { since: performance.now(), frames: 0, maxFrameGapMs: 0, last: 0, longTasks: 0, longTaskMaxMs: 0, longTaskTotalMs: 0, observer: 'none' };
  const tick = (t) => {
    if (m.last) m.maxFrameGapMs = Math.max(m.maxFrameGapMs, t - m.last);
    m.last = t;
    m.frames++;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // entries are delivered late: one that started before the reset belongs to the warm-up
        if (e.startTime < m.since) continue;
        m.longTasks++;
        m.longTaskTotalMs += e.duration;
        if (e.duration > m.longTaskMaxMs) m.longTaskMaxMs = e.duration;
      }
    }).observe({ type: 'longtask', buffered: true });
    m.observer = 'longtask';
  } catch (e) {
    m.observer = 'unsupported: ' + e;
  }
  // what the page's hub connection receives, counted by a listener of its own on every WebSocket
  // (cheaper than relaying every frame over CDP); SignalR records end with 0x1e
  m.wsFrames = 0; m.wsRecords = 0; m.wsChars = 0;
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string') return;
        m.wsFrames++;
        m.wsChars += e.data.length;
        for (let i = e.data.indexOf('\x1e'); i >= 0; i = e.data.indexOf('\x1e', i + 1)) m.wsRecords++;
      });
    }
  };
  m.reset = () => {
    m.since = performance.now(); m.frames = 0; m.maxFrameGapMs = 0; m.last = 0; m.longTasks = 0; m.longTaskMaxMs = 0; m.longTaskTotalMs = 0;
  };
  Object.defineProperty(window, '__wallboardBench', { value: m });
})();`;

interface PageCounters {
  /** ms since the last reset, by the page's own clock */
  elapsedMs: number;
  frames: number;
  maxFrameGapMs: number;
  longTasks: number;
  longTaskMaxMs: number;
  longTaskTotalMs: number;
  observer: string;
}

export interface ScriptChunk {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** content-encoding the server sent (the gzip figure is always our own level-9 gzip of the body) */
  encoding: string | null;
  afterReady: boolean;
  /** 0 for the first load of the page, 1 after its first reload, ... */
  load: number;
}

export interface KioskPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** marks the chunks loaded from now on as loaded after the board was ready */
  markReady(): void;
  /** every JS chunk under /assets/ the page loaded, once each per load */
  chunks(): Promise<ScriptChunk[]>;
  /** main-frame navigations since the page was opened (the first is the opening) */
  navigations: { at: number; url: string }[];
  consoleErrors: string[];
  /** WebSocket messages, SignalR records and characters the page received (cumulative, counted in the page) */
  received(): Promise<{ frames: number; records: number; bytes: number }>;
  close(): Promise<void>;
}

export async function openKiosk(opts: { chromiumPath: string; url: string; width: number; height: number; cpuThrottle: number }): Promise<KioskPage> {
  const browser = await chromium.launch({
    executablePath: opts.chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const context = await browser.newContext({ viewport: { width: opts.width, height: opts.height } });
  const page = await context.newPage();
  await page.addInitScript(INIT_SCRIPT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  // a slower CPU (a cheap TV stick, H-PERF-01) from before the first script, as the device would be: the
  // page's main thread runs 1/rate of the time; the server and the other processes are not throttled
  if (opts.cpuThrottle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuThrottle });
  const pending: Promise<ScriptChunk | null>[] = [];
  let ready = false;
  // a reload (the kiosk reloads itself when a new build is deployed) starts a new load
  let load = -1;
  const navigations: { at: number; url: string }[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    load++;
    navigations.push({ at: Date.now(), url: frame.url() });
  });
  const onResponse = (res: Response) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/assets/') || !/\.m?js$/.test(url.pathname)) return;
    const afterReady = ready;
    const loadIndex = Math.max(0, load);
    pending.push(
      res.body().then(
        (body) => ({ url: url.pathname, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, encoding: res.headers()['content-encoding'] ?? null, afterReady, load: loadIndex }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && consoleErrors.length < 20) consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => {
    if (consoleErrors.length < 20) consoleErrors.push(String(error));
  });
  await page.goto(opts.url, { waitUntil: 'load', timeout: 60_000 });
  return {
    browser,
    context,
    page,
    cdp,
    consoleErrors,
    navigations,
    received: () => page.evaluate(() => {
      const m = (window as unknown as { __wallboardBench: { wsFrames: number; wsRecords: number; wsChars: number } }).__wallboardBench;
      return { frames: m.wsFrames, records: m.wsRecords, bytes: m.wsChars };
    }),
    markReady: () => {
      ready = true;
    },
    chunks: async () => {
      const all = (await Promise.all(pending)).filter((c): c is ScriptChunk => c !== null);
      // the same chunk fetched twice is loaded once
      const seen = new Map<string, ScriptChunk>();
      for (const c of all) if (!seen.has(`${c.load} ${c.url}`)) seen.set(`${c.load} ${c.url}`, c);
      return [...seen.values()];
    },
    close: async () => {
      page.off('response', onResponse);
      await browser.close().catch(() => undefined);
    },
  };
}

export async function waitReady(kiosk: KioskPage, timeoutMs: number, url: string): Promise<{ tiles: number; ms: number }> {
  const started = Date.now();
  try {
    await kiosk.page.waitForFunction(() => (window as unknown as { __kioskBench?: { ready?: boolean } }).__kioskBench?.ready === true, null, { timeout: timeoutMs, polling: 250 });
  } catch {
    const state = await kiosk.page
      .evaluate(() => ({ href: location.href, title: document.title, hasBench: '__kioskBench' in window, text: document.body?.innerText.slice(0, 200) ?? '' }))
      .catch(() => null);
    throw new Error(
      `the kiosk page was not ready within ${Math.round(timeoutMs / 1000)} s: window.__kioskBench.ready never turned true.\n` +
        `  Is the kiosk page built (npx vite build) and does it implement the &bench=1 contract?\n` +
        `  opened ${url}\n` +
        (state ? `  now at ${state.href}, title "${state.title}", __kioskBench ${state.hasBench ? 'defined' : 'not defined'}, text: ${JSON.stringify(state.text)}\n` : '') +
        (kiosk.consoleErrors.length ? `  console errors: ${kiosk.consoleErrors.join(' | ')}\n` : ''),
    );
  }
  const tiles = await tilesOf(kiosk.page);
  return { tiles, ms: Date.now() - started };
}

export const tilesOf = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __kioskBench: { tiles: number } }).__kioskBench.tiles);

/** the latencies since the last drain (to the frame, and to the page handling the push), and the tiles on the board now (one round trip) */
export const drain = (page: Page): Promise<{ latencies: number[]; handled: number[]; tiles: number }> =>
  page.evaluate(() => {
    const b = (window as unknown as { __kioskBench: { drain(): number[]; drainHandled(): number[]; tiles: number } }).__kioskBench;
    return { latencies: b.drain(), handled: b.drainHandled(), tiles: b.tiles };
  });

export const resetCounters = (page: Page): Promise<void> => page.evaluate(() => (window as unknown as { __wallboardBench: { reset(): void } }).__wallboardBench.reset());

export const readCounters = (page: Page): Promise<PageCounters> =>
  page.evaluate(() => {
    const m = (window as unknown as { __wallboardBench: PageCounters & { since: number } }).__wallboardBench;
    return { elapsedMs: performance.now() - m.since, frames: m.frames, maxFrameGapMs: m.maxFrameGapMs, longTasks: m.longTasks, longTaskMaxMs: m.longTaskMaxMs, longTaskTotalMs: m.longTaskTotalMs, observer: m.observer };
  });

/** JS heap used (bytes) after a forced full garbage collection */
export async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  return usage.usedSize;
}

/**
 * What the board's tiles have room for, read from its DOM (the elements agent-tile.tsx and
 * canvas-floor.tsx render with their data-testids): no hook in the page is needed.
 */
export const readTileContent = (page: Page): Promise<TileContentReading> =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="kiosk-floor-canvas"]');
    if (canvas) {
      return { drawing: 'canvas', tiles: Number(canvas.dataset.tiles ?? 0), nameLines: 0, namesFilled: 0, timerLines: 0, canvasDetail: canvas.dataset.detail ?? null, canvasShows: canvas.dataset.shows ?? null, canvasDrawnIn: canvas.dataset.drawnIn ?? null } as const;
    }
    const tiles = document.querySelectorAll('[data-testid="kiosk-tile"]').length;
    const names = [...document.querySelectorAll('[data-testid="kiosk-tile"] [data-testid="kiosk-user"]')];
    return {
      drawing: tiles > 0 ? 'dom' : 'none',
      tiles,
      nameLines: names.length,
      namesFilled: names.filter((n) => (n.textContent ?? '').trim() !== '').length,
      timerLines: document.querySelectorAll('[data-testid="kiosk-tile"] [data-testid="kiosk-timer"]').length,
      canvasDetail: null,
    } as const;
  });
