/** The wallboard benchmark's flags (bench/wallboard-bench.ts). */
import path from 'node:path';

export interface WallboardConfig {
  quick: boolean;
  /** extensions in the benchmark corp, all on the Agents board */
  extensions: number;
  /** target extension state changes (DeviceStateChanged) per second, driven by the simulator */
  rate: number;
  /** seconds of measurement after the warm-up */
  durationS: number;
  /** seconds between the board being ready and the start of measurement */
  warmupS: number;
  width: number;
  height: number;
  /** run the server and the load only (no browser): calibrates and measures the achieved rate */
  noBrowser: boolean;
  /** how long to wait for the kiosk page's `__kioskBench.ready` */
  readyTimeoutS: number;
  chromiumPath: string;
  out: string;
  /** SIM_SEED of the server */
  seed: number;
  /** record the page's CPU profile over the window */
  profile: boolean;
  /** trace the page's main thread over the window */
  trace: boolean;
  /** seconds between heap readings during the window (0: start and end only) */
  heapEveryS: number;
}

const KNOWN = ['quick', 'extensions', 'rate', 'duration', 'warmup', 'width', 'height', 'no-browser', 'ready-timeout', 'out', 'seed', 'profile', 'trace', 'heap-every'];
const BOOLEAN = ['quick', 'no-browser', 'profile', 'trace'];

export const USAGE = `npm run bench:wallboard [-- options]
  --extensions N     extensions on the Agents board (default 2000, quick 200)
  --rate R           target extension state changes per second (default 500, quick 100)
  --duration S       measured seconds (default 60, quick 15); the issue's heap figure is over 10 minutes: --duration 600
  --warmup S         seconds between the board being ready and the measurement (default 5)
  --quick            smoke run: 200 extensions, 100/s, 15 s
  --width W --height H   the browser's viewport (default 1920 × 1080)
  --no-browser       server and load only: prints the achieved state-change rate
  --ready-timeout S  how long to wait for the kiosk page to be ready (default 60)
  --seed N           the simulator's seed (default 1)
  --profile          record a CPU profile of the page over the window (test-results/bench/wallboard.cpuprofile, open
                     it in Chrome DevTools) and print the functions with the most self time
  --heap-every S     read the JS heap (after a forced GC) every S seconds and print the series (default off; the
                     forced GCs run on the page's main thread, so long-task figures of such a run include them)
  --trace            trace the page's main thread over the window and print its time by event (style, layout, paint, ...)
  --out FILE         JSON result (default test-results/bench/wallboard.json)`;

export function parseArgs(argv: string[], cwd = process.cwd()): WallboardConfig {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}\n${USAGE}`);
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (BOOLEAN.includes(arg.slice(2))) flags.set(arg.slice(2), '1');
    else {
      const value = argv[i + 1];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      flags.set(arg.slice(2), value);
      i++;
    }
  }
  for (const key of flags.keys()) if (!KNOWN.includes(key)) throw new Error(`unknown option --${key}\n${USAGE}`);
  const quick = flags.has('quick');
  const num = (flag: string, dflt: number, min: number, max: number): number => {
    const raw = flags.get(flag);
    if (raw === undefined || raw === '') return dflt;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${flag} must be a number in [${min}, ${max}], got ${raw}`);
    return value;
  };
  return {
    quick,
    profile: flags.has('profile'),
    trace: flags.has('trace'),
    heapEveryS: num('heap-every', 0, 0, 3600),
    extensions: Math.round(num('extensions', quick ? 200 : 2000, 20, 8000)),
    rate: num('rate', quick ? 100 : 500, 1, 5000),
    durationS: num('duration', quick ? 15 : 60, 3, 3600),
    warmupS: num('warmup', 5, 0, 600),
    width: Math.round(num('width', 1920, 320, 7680)),
    height: Math.round(num('height', 1080, 240, 4320)),
    noBrowser: flags.has('no-browser'),
    readyTimeoutS: num('ready-timeout', 60, 5, 600),
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    out: path.resolve(cwd, flags.get('out') ?? path.join('test-results', 'bench', 'wallboard.json')),
    seed: Math.round(num('seed', 1, 0, 2 ** 31)),
  };
}
