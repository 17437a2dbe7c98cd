/**
 * Wallboard benchmark: `npm run bench:wallboard [-- options]`. Prints figures, asserts no time.
 *
 * Starts the real server (server/main.ts, temporary PGlite DATA_DIR, demo seed on) with a benchmark
 * corp of N extensions in teams of 20 queues, and its call-centre simulator tuned (calls per hour
 * per queue, time factor) so that about R extension state changes per second happen, all from
 * simulated calls. A hub client (@microsoft/signalr) in the corp counts the DeviceStateChanged
 * pushes: the achieved rate. Debian's chromium (headless, Playwright) opens the kiosk route
 * on the Agents board with `&bench=1`; after a warm-up it measures for the duration: frames per
 * second (requestAnimationFrame), p50/p99 latency from the event's server timestamp to the frame
 * that shows it (the page's `__kioskBench.drain()`), the longest main-thread task (longtask
 * observer), JS heap used at start and end (CDP, after a forced GC), and the gzipped size of every
 * JS chunk the kiosk route loaded, and what the tiles have room for (number, name, timer). Prints a
 * table against the targets (a preset's spec, H-PERF-01 / H-PERF-02, or issue 4's) and writes
 * test-results/bench/wallboard.json. `--cpu-throttle N` slows the page's CPU over CDP; `--preset`
 * names the spec's runs. Exit 0 whether or not a target is met; 1 on a harness failure.
 *
 * Options: see bench/wallboard/options.ts (USAGE) or bench/README.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineCpu } from './bench-common';
import { startProfile, startTrace, stopProfile, stopTrace } from './wallboard/profile';
import { drain, heapUsed, openKiosk, readCounters, readTileContent, resetCounters, waitReady, type KioskPage, type ScriptChunk } from './wallboard/browser';
import { HubCounter, planTraffic, STATE_CHANGES_PER_CALL } from './wallboard/load';
import { parseArgs, USAGE, wantsHelp, type WallboardConfig } from './wallboard/options';
import { PRESETS, targetsFor } from './wallboard/presets';
import { f, loadAverage, resultRows, summarise, table, type TileContentReading } from './wallboard/report';
import { BENCH_CORP, BENCH_PASSWORD, BENCH_USER, seedBenchCorp } from './wallboard/seed';
import { ROOT, startServer, treeCpuSeconds, type ServerHandle } from './wallboard/server';

const STATUS_NAMES: Record<string, string> = { '0': 'offline', '1': 'ringing', '2': 'in use', '3': 'online', '4': 'hangup', '5': 'on hold' };
/** the rest of the machine above this (% of one core) makes a contended run */
const CONTENDED_PCT = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(base: string, method: string, route: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api/v1${route} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface BrowserFigures {
  url: string;
  readyMs: number;
  tilesAtReady: number;
  tilesAtEnd: number;
  tilesMin: number;
  tilesMax: number;
  seconds: number;
  frames: number;
  fps: number;
  maxFrameGapMs: number;
  longTasks: number;
  longTaskMaxMs: number;
  longTaskTotalMs: number;
  longTaskObserver: string;
  latency: ReturnType<typeof summarise>;
  /** event ts → the page handled the push (parsed, stepped), before drawing */
  handledLatency: ReturnType<typeof summarise>;
  heapStartBytes: number;
  heapEndBytes: number;
  heapGrowthPct: number;
  /** heap after GC during the window (`--heap-every`) */
  heapSeries: { s: number; mb: number }[];
  chunks: ScriptChunk[];
  jsGzipBytes: number;
  jsBytes: number;
  cpuPct: number | null;
  /** what the page's hub connection received per second over the window */
  hubRecordsPerSec: number;
  hubFramesPerSec: number;
  hubKBPerSec: number;
  consoleErrors: string[];
  /** the page navigated (reloaded) this many times during the window */
  reloadsInWindow: number;
  chunksOfLaterLoads: ScriptChunk[];
  /** what the tiles had room for at the end of the window */
  tileContent: TileContentReading;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(USAGE);
    return 0;
  }
  const cfg = parseArgs(argv);
  const targets = targetsFor(cfg);
  const plan = planTraffic(cfg.extensions, cfg.rate);
  const budgetS = cfg.readyTimeoutS + cfg.warmupS + cfg.durationS + 240;
  const watchdog = setTimeout(() => {
    console.error(`wallboard-bench: over its ${budgetS} s budget, stopping`);
    void cleanup().finally(() => process.exit(1));
  }, budgetS * 1000);
  watchdog.unref();

  const cpus = os.cpus();
  const loadavgStart = os.loadavg();
  console.log(
    `wallboard-bench: ${cfg.preset ? `preset ${cfg.preset} (${PRESETS[cfg.preset].spec}), ` : ''}${cfg.extensions} extensions, target ${cfg.rate} state changes/s, ` +
      `warm-up ${cfg.warmupS} s + ${cfg.durationS} s measured${cfg.quick ? ' (quick)' : ''}, viewport ${cfg.width}×${cfg.height}, ` +
      `${cfg.cpuThrottle === 1 ? 'CPU unthrottled' : `page CPU throttled ${cfg.cpuThrottle}× (Emulation.setCPUThrottlingRate; a canvas floor's worker slows itself as much)`}, a canvas floor drawn ${cfg.floor === 'main' ? 'on the main thread' : 'in its worker'}${cfg.noBrowser ? ', no browser' : ''}`,
  );
  console.log(`targets: ${targets.source}`);
  if (cfg.preset && targets !== PRESETS[cfg.preset].targets) {
    console.log(`note: the flags change preset ${cfg.preset}'s floor, load, viewport or CPU throttle, so its ${PRESETS[cfg.preset].spec} targets do not apply`);
  }
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, node ${process.version}, load average at start ${loadAverage(loadavgStart)} (1, 5, 15 min)`);
  console.log(
    `simulator: ${plan.queues} queues of 20, SIM_CALLS_PER_HOUR=${plan.callsPerHour} per queue, SIM_TIME_FACTOR=${plan.timeFactor} ` +
      `(≈ ${f(plan.callsPerSecond, 0)} calls/s × ${STATE_CHANGES_PER_CALL} state changes per call)`,
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-wallboard-'));
  const outDir = path.dirname(cfg.out);
  mkdirSync(outDir, { recursive: true });
  let server: ServerHandle | null = null;
  let counter: HubCounter | null = null;
  let kiosk: KioskPage | null = null;
  const cleanup = async () => {
    await kiosk?.close().catch(() => undefined);
    kiosk = null;
    await counter?.stop().catch(() => undefined);
    counter = null;
    await server?.stop().catch(() => undefined);
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const seeded = await seedBenchCorp(dataDir, cfg.extensions);
    console.log(`seeded corp '${BENCH_CORP}' (id ${seeded.corpId}): ${seeded.extensions.length} extensions, ${seeded.queues.length} queues, in ${f(seeded.ms / 1000, 1)} s`);
    const logFile = path.join(outDir, 'wallboard-server.log');
    const srv = await startServer({
      root: ROOT,
      dataDir,
      logFile,
      readyTimeoutMs: 90_000,
      env: { SIM_CALLS_PER_HOUR: String(plan.callsPerHour), SIM_TIME_FACTOR: String(plan.timeFactor), SIM_SEED: String(cfg.seed) },
    });
    server = srv;
    console.log(`server: pid ${srv.pid} on ${srv.base}, DATA_DIR ${dataDir}, log ${path.relative(process.cwd(), logFile)}`);

    const { token } = await api<{ token: string }>(srv.base, 'POST', '/login', { nick: BENCH_USER, pass: BENCH_PASSWORD, corpoName: BENCH_CORP });
    const screen = await api<{ id: number; key: string }>(
      srv.base,
      'POST',
      '/kiosk',
      { name: 'Bench wall', boards: ['agents'], secondsPerBoard: 3600, hideOffline: false, privacy: false },
      token,
    );
    const hub = new HubCounter(srv.base, token, seeded.corpId);
    counter = hub;
    await hub.start();
    await sleep(1000);
    console.log(`hub client connected; the hub's snapshot of '${BENCH_CORP}' holds ${hub.extensionsKnown} extensions; state changes now ${f(hub.recentRate(1), 0)}/s`);
    if (hub.extensionsKnown !== cfg.extensions) console.log(`note: expected ${cfg.extensions} extensions in the snapshot`);

    const url = `${srv.base}/kiosk/${BENCH_CORP}/${screen.id}?key=${encodeURIComponent(screen.key)}&bench=1&bench-slowdown=${cfg.cpuThrottle}${cfg.floor === 'main' ? '&bench-floor=main' : ''}`;
    let browserError: string | null = null;
    let ready: { tiles: number; ms: number } | null = null;
    // chromium runs as children of this process, beside the server
    const browserCpu = () => (kiosk ? treeCpuSeconds(process.pid, false, [srv.pid]) : null);
    if (!cfg.noBrowser) {
      console.log(`browser: ${cfg.chromiumPath} headless, ${url.replace(screen.key, '<key>')}`);
      const page = await openKiosk({ chromiumPath: cfg.chromiumPath, url, width: cfg.width, height: cfg.height, cpuThrottle: cfg.cpuThrottle });
      kiosk = page;
      try {
        ready = await waitReady(page, cfg.readyTimeoutS * 1000, url.replace(screen.key, '<key>'));
        page.markReady();
        console.log(`kiosk ready after ${f(ready.ms / 1000, 1)} s with ${ready.tiles} tiles`);
      } catch (error) {
        browserError = error instanceof Error ? error.message : String(error);
        const shot = path.join(outDir, 'wallboard-not-ready.png');
        if (await page.page.screenshot({ path: shot }).then(() => true, () => false)) browserError += `  screenshot: ${path.relative(process.cwd(), shot)}\n`;
        console.error(browserError);
        console.log('going on without the browser: the load figures below are measured, the browser figures are not');
      }
    }

    // warm-up, then the measured window
    await sleep(cfg.warmupS * 1000);
    const live = kiosk !== null && ready !== null ? (kiosk as KioskPage) : null;
    let heapStart = NaN;
    if (live) {
      await drain(live.page); // the warm-up's latencies are not counted
      heapStart = await heapUsed(live.cdp);
      await resetCounters(live.page);
    }
    if (live && cfg.profile) await startProfile(live.cdp);
    if (live && cfg.trace) await startTrace(live.cdp);
    hub.openWindow();
    const t0 = Date.now();
    const ws0 = live ? await live.received() : null;
    const machine0 = machineCpu(os.cpus());
    const self0 = process.cpuUsage();
    const serverCpu0 = treeCpuSeconds(srv.pid);
    const browserCpu0 = browserCpu();
    const latencies: number[] = [];
    const handled: number[] = [];
    // the board may page its tiles (auto-fit): the tile counts seen, once a second
    const tilesSeen = { min: Infinity, max: 0 };
    const collect = async (page: KioskPage['page']) => {
      const got = await drain(page);
      latencies.push(...got.latencies);
      handled.push(...got.handled);
      tilesSeen.min = Math.min(tilesSeen.min, got.tiles);
      tilesSeen.max = Math.max(tilesSeen.max, got.tiles);
      return got.tiles;
    };
    let lastPrint = t0;
    // the heap after a forced GC, every heapEveryS (a curve tells a plateau from a leak)
    const heapSeries: { s: number; mb: number }[] = [];
    let lastHeap = t0;
    while (Date.now() - t0 < cfg.durationS * 1000) {
      await sleep(Math.min(1000, cfg.durationS * 1000 - (Date.now() - t0)));
      const tiles = live ? await collect(live.page) : 0;
      if (live && cfg.heapEveryS > 0 && Date.now() - lastHeap >= cfg.heapEveryS * 1000) {
        lastHeap = Date.now();
        const mb = (await heapUsed(live.cdp)) / 1e6;
        heapSeries.push({ s: Math.round((Date.now() - t0) / 1000), mb });
        console.log(`  ${f((Date.now() - t0) / 1000, 0)} s: JS heap after GC ${f(mb, 2)} MB`);
      }
      if (Date.now() - lastPrint >= 10_000) {
        lastPrint = Date.now();
        console.log(`  ${f((Date.now() - t0) / 1000, 0)} s: ${f(hub.recentRate(5), 0)} state changes/s (last 5 s)` + (live ? `, ${latencies.length} latencies, ${tiles} tiles` : ''));
      }
    }
    let counters = null;
    let heapEnd = NaN;
    let tilesAtEnd = NaN;
    let tileContent: TileContentReading | null = null;
    if (live) {
      tilesAtEnd = await collect(live.page);
      counters = await readCounters(live.page);
      tileContent = await readTileContent(live.page);
      // what the board looked like at the window's end, to see what "every tile shows" counted (taken after the window)
      const shot = path.join(path.dirname(cfg.out), 'wallboard-end.png');
      if (await live.page.screenshot({ path: shot }).then(() => true, () => false)) console.log(`the board at the end of the window: ${path.relative(process.cwd(), shot)}`);
      if (cfg.trace) {
        const traceFile = path.join(path.dirname(cfg.out), 'wallboard-trace.json');
        const { top, longTasks, threads } = await stopTrace(live.cdp, traceFile);
        console.log(`trace written to ${traceFile} (for Chrome DevTools' Performance panel)`);
        console.log('main thread by trace event (ms over the window, nested events overlap; CPU: the thread had a core):');
        for (const t of top) console.log(`  ${f(t.ms, 0).padStart(7)} ms  ${t.cpuMs === null ? '' : `CPU ${f(t.cpuMs, 0).padStart(6)} ms  `}${t.name}`);
        console.log('threads by CPU in their traced tasks (ms over the window):');
        for (const t of threads.slice(0, 10)) console.log(`  CPU ${f(t.cpuMs, 0).padStart(6)} ms of ${f(t.ms, 0).padStart(6)} ms busy  ${t.name}`);
        console.log(`tasks of 50 ms or more in the trace: ${longTasks.length}`);
        for (const t of longTasks) console.log(`  at ${f(t.at / 1000, 1)} s: ${f(t.ms, 0)} ms${t.cpuMs === null ? '' : ` (CPU ${f(t.cpuMs, 0)} ms)`} = ${t.children.map((c) => `${c.name} ${f(c.ms, 0)}`).join(', ')}`);
      }
      if (cfg.profile) {
        const file = path.join(path.dirname(cfg.out), 'wallboard.cpuprofile');
        const top = await stopProfile(live.cdp, file);
        console.log(`CPU profile of the page written to ${file}; most self time:`);
        for (const t of top) console.log(`  ${f(t.ms, 0).padStart(7)} ms ${f(t.pct, 1).padStart(5)} %  ${t.name}`);
      }
    }
    const seconds = (Date.now() - t0) / 1000;
    const ws1 = live ? await live.received() : null;
    const load = hub.closeWindow();
    const serverCpu1 = treeCpuSeconds(srv.pid);
    const machine1 = machineCpu(os.cpus());
    const self1 = process.cpuUsage(self0);
    const selfCpuPct = ((self1.user + self1.system) / 1e6 / seconds) * 100;
    const browserCpu1 = browserCpu();
    if (live) {
      heapEnd = await heapUsed(live.cdp);
      await live.page.screenshot({ path: path.join(outDir, 'wallboard.png') }).catch(() => undefined);
    }
    const allChunks = kiosk ? await (kiosk as KioskPage).chunks() : [];
    // the route's JS is what one load of it fetched: the first load (a reload may fetch a new build)
    const chunks = allChunks.filter((c) => c.load === 0);
    const reloads = live ? live.navigations.filter((n) => n.at >= t0).length : 0;
    const serverCpuPct = serverCpu0 !== null && serverCpu1 !== null ? ((serverCpu1 - serverCpu0) / seconds) * 100 : null;
    const browserCpuPct = browserCpu0 !== null && browserCpu1 !== null ? ((browserCpu1 - browserCpu0) / seconds) * 100 : null;
    // the rest of the machine: busy time of all cores minus the server, chromium and this process
    const machineBusyPct = machine1.total > machine0.total ? ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * cpus.length * 100 : NaN;
    const otherCpuPct = Math.max(0, machineBusyPct - (serverCpuPct ?? 0) - (browserCpuPct ?? 0) - selfCpuPct);

    let browser: BrowserFigures | null = null;
    if (live && counters && tileContent) {
      browser = {
        url: url.replace(screen.key, '<key>'),
        readyMs: ready!.ms,
        tilesAtReady: ready!.tiles,
        tilesAtEnd,
        tilesMin: tilesSeen.min,
        tilesMax: tilesSeen.max,
        seconds,
        frames: counters.frames,
        fps: counters.frames / (counters.elapsedMs / 1000),
        maxFrameGapMs: counters.maxFrameGapMs,
        longTasks: counters.longTasks,
        longTaskMaxMs: counters.longTaskMaxMs,
        longTaskTotalMs: counters.longTaskTotalMs,
        longTaskObserver: counters.observer,
        latency: summarise(latencies),
        handledLatency: summarise(handled),
        heapStartBytes: heapStart,
        heapEndBytes: heapEnd,
        heapGrowthPct: ((heapEnd - heapStart) / heapStart) * 100,
        heapSeries,
        chunks,
        jsBytes: chunks.reduce((a, c) => a + c.bytes, 0),
        jsGzipBytes: chunks.reduce((a, c) => a + c.gzipBytes, 0),
        cpuPct: browserCpuPct,
        hubRecordsPerSec: ws0 && ws1 ? (ws1.records - ws0.records) / seconds : NaN,
        hubFramesPerSec: ws0 && ws1 ? (ws1.frames - ws0.frames) / seconds : NaN,
        hubKBPerSec: ws0 && ws1 ? (ws1.bytes - ws0.bytes) / 1000 / seconds : NaN,
        consoleErrors: (kiosk as KioskPage | null)?.consoleErrors ?? [],
        reloadsInWindow: reloads,
        chunksOfLaterLoads: allChunks.filter((c) => c.load > 0),
        tileContent,
      };
    }
    const hubLatency = summarise(load.latencies);

    // ---------------------------------------------------------------- report
    const rows = resultRows(targets, {
      rate: cfg.rate,
      load,
      browser: browser ? { ...browser, chunks: browser.chunks.length, tiles: browser.tileContent } : null,
    });
    console.log('');
    console.log(table(rows));
    console.log('');
    const statuses = Object.entries(load.byStatus)
      .map(([k, v]) => `${STATUS_NAMES[k] ?? k} ${v}`)
      .join(', ');
    const pushes = Object.entries(load.calls)
      .map(([k, v]) => `${k} ${f(v / load.seconds, 0)}/s`)
      .join(', ');
    console.log(`load: ${load.deviceStates} state changes in ${f(load.seconds, 1)} s (${statuses}); other pushes to the corp: ${pushes || 'none'}`);
    console.log(
      `hub → Node client latency (same pushes, no rendering): p50 ${f(hubLatency.p50, 1)} ms, p99 ${f(hubLatency.p99, 1)} ms, max ${f(hubLatency.max, 0)} ms`,
    );
    if (browser) {
      const b = browser;
      console.log(
        `browser: ${b.tilesAtReady} tiles at ready, ${b.tilesMin}–${b.tilesMax} during the window (${cfg.extensions} extensions` +
          `${b.tilesMax < cfg.extensions ? '; the board pages them' : ''}); ${b.latency.n} latency samples ` +
          `(${f(b.latency.n / seconds, 0)}/s, ${b.latency.negative} negative), max ${f(b.latency.max, 0)} ms; longest frame gap ${f(b.maxFrameGapMs, 0)} ms; ` +
          `long tasks ${b.longTasks} totalling ${f(b.longTaskTotalMs, 0)} ms`,
      );
      console.log(
        `the page handled the state changes (event ts → parsed and stepped, before drawing): p50 ${f(b.handledLatency.p50, 1)} ms, p90 ${f(b.handledLatency.p90, 1)} ms, ` +
          `p99 ${f(b.handledLatency.p99, 1)} ms, max ${f(b.handledLatency.max, 0)} ms (${b.handledLatency.n} samples); to the frame p90 ${f(b.latency.p90, 1)} ms`,
      );
      console.log(`the page's hub connection received ${f(b.hubRecordsPerSec, 0)} records/s in ${f(b.hubFramesPerSec, 0)} frames/s, ${f(b.hubKBPerSec, 0)} kB/s`);
      console.log(`kiosk JS this page loaded (${f(b.jsBytes / 1000, 1)} kB raw, ${f(b.jsGzipBytes / 1000, 1)} kB gzip -9; the route alone: tests/kiosk/kiosk-bundle-budget.test.ts):`);
      for (const c of [...chunks].sort((a, z) => z.gzipBytes - a.gzipBytes)) {
        console.log(`  ${c.url.padEnd(48)} ${f(c.bytes / 1000, 1).padStart(8)} kB  ${f(c.gzipBytes / 1000, 1).padStart(7)} kB gzip${c.afterReady ? '  (after ready)' : ''}${c.encoding ? `  (sent ${c.encoding})` : ''}`);
      }
      if (b.consoleErrors.length) console.log(`page console errors: ${b.consoleErrors.join(' | ')}`);
      if (b.reloadsInWindow > 0) {
        console.log(
          `WARNING: the page reloaded ${b.reloadsInWindow} time(s) during the window (the kiosk reloads itself when a new build is deployed: ` +
            `did something run vite build meanwhile?). The figures mix two page loads; run again. The JS size counts the first load only.`,
        );
      }
    }
    console.log(
      `CPU over the window (% of one core, ${cpus.length} cores): server ${f(serverCpuPct, 0)}%` +
        (browserCpuPct !== null ? `, chromium ${f(browserCpuPct, 0)}%` : '') +
        `, this process ${f(selfCpuPct, 0)}%, other processes ${f(otherCpuPct, 0)}%` +
        `; server warnings logged: ${srv.warnings()}`,
    );
    const loadavgEnd = os.loadavg();
    console.log(`load average at start ${loadAverage(loadavgStart)}, at end ${loadAverage(loadavgEnd)} (1, 5, 15 min; above ${cpus.length}, the number of cores, processes waited for a core)`);
    if (otherCpuPct > CONTENDED_PCT) {
      console.log(
        `note: other processes used ${f(otherCpuPct, 0)}% of a core during the window (of ${cpus.length * 100}%): ` +
          'the server and chromium competed with them for CPU, so these figures are worse than on an idle machine',
      );
    }
    if (browserError) console.log(`browser figures missing: ${browserError.split('\n')[0]}`);

    const report = {
      generatedAt: new Date().toISOString(),
      config: cfg satisfies WallboardConfig,
      plan,
      machine: { cpus: cpus.length, model: cpus[0]?.model ?? null, node: process.version, loadavgStart, loadavgEnd },
      targets,
      load: { ...load, latencies: undefined, hubLatency },
      browser: browser ? { ...browser } : null,
      browserError,
      cpu: { serverPct: serverCpuPct, browserPct: browserCpuPct, benchPct: selfCpuPct, otherPct: otherCpuPct, machineBusyPct },
      table: rows,
    };
    writeFileSync(cfg.out, JSON.stringify(report, null, 2) + '\n');
    console.log(`written ${path.relative(process.cwd(), cfg.out)}${browser ? ` and the board at the end, ${path.relative(process.cwd(), path.join(outDir, 'wallboard.png'))}` : ''}`);
    return browserError ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('wallboard-bench failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
