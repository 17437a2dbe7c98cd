/** The wallboard benchmark's flags (bench/wallboard-bench.ts), read with the benches' shared parser. */
import path from 'node:path';
import { parseFlags } from '../bench-common';
import { isPresetName, PRESET_NAMES, PRESETS, type PresetName } from './presets';

export interface WallboardConfig {
  quick: boolean;
  /** the spec run this is (`--preset`), null for none */
  preset: PresetName | null;
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
  /** the page's CPU slowed this many times (CDP Emulation.setCPUThrottlingRate); 1 is none */
  cpuThrottle: number;
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
  /** where a canvas floor is drawn: in its worker (the product) or on the page's main thread (the A/B) */
  floor: 'worker' | 'main';
}

const SWITCHES = ['quick', 'no-browser', 'profile', 'trace', '4k'];
const KNOWN = [...SWITCHES, 'preset', 'extensions', 'rate', 'duration', 'warmup', 'width', 'height', 'viewport', 'cpu-throttle', 'ready-timeout', 'out', 'seed', 'heap-every', 'floor'];
/** Emulation.setCPUThrottlingRate takes a rate ≥ 1; 20× is far below any TV stick */
export const MAX_CPU_THROTTLE = 20;
const UHD = { width: 3840, height: 2160 };

export const USAGE = `npm run bench:wallboard [-- options]
  --preset NAME      one of the spec's runs (NAME: ${PRESET_NAMES.join(', ')}); flags given beside it win:
                       cheap-500   H-PERF-01: 500 extensions, 200 changes/s, 1920x1080, CPU throttled 4x
                       cheap-2000  H-PERF-01: 2000 extensions, 500 changes/s, 1920x1080, CPU throttled 4x
                       4k          H-PERF-02: 2000 extensions, 500 changes/s, 3840x2160, unthrottled
  --extensions N     extensions on the Agents board (default 2000, quick 200)
  --rate R           target extension state changes per second (default 500, quick 100)
  --duration S       measured seconds (default 60, quick 15); the issue's heap figure is over 10 minutes: --duration 600
  --warmup S         seconds between the board being ready and the measurement (default 5)
  --quick            smoke run: 200 extensions, 100/s, 15 s (not with --preset)
  --cpu-throttle N   slow the page's CPU N times (CDP Emulation.setCPUThrottlingRate, 1 to ${MAX_CPU_THROTTLE}; default 1, none)
  --viewport WxH     the browser's viewport, e.g. 3840x2160 (default 1920x1080)
  --4k               the same as --viewport 3840x2160
  --width W --height H   the viewport's sides one by one (not with --viewport or --4k)
  --no-browser       server and load only: prints the achieved state-change rate
  --ready-timeout S  how long to wait for the kiosk page to be ready (default 60)
  --seed N           the simulator's seed (default 1)
  --profile          record a CPU profile of the page over the window (test-results/bench/wallboard.cpuprofile, open
                     it in Chrome DevTools) and print the functions with the most self time
  --heap-every S     read the JS heap (after a forced GC) every S seconds and print the series (default off; the
                     forced GCs run on the page's main thread, so long-task figures of such a run include them)
  --trace            trace the page's main thread over the window and print its time by event (style, layout, paint, ...)
  --floor WHERE      where a canvas floor is drawn: worker (default, as a TV draws it) or main (the page's main
                     thread, as before the worker: the A/B). With --cpu-throttle the worker slows itself as many
                     times, since DevTools throttles the page's main thread only
  --out FILE         JSON result (default test-results/bench/wallboard.json)`;

/** `--help` or `-h` anywhere: print USAGE instead of running */
export const wantsHelp = (argv: string[]): boolean => argv.includes('--help') || argv.includes('-h');

/** `3840x2160` (or with ×) as width and height */
export function parseViewport(raw: string): { width: number; height: number } {
  const match = /^(\d+)\s*[x×]\s*(\d+)$/.exec(raw.trim());
  if (!match) throw new Error(`--viewport takes WIDTHxHEIGHT, e.g. 3840x2160, got ${raw}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

function readFlags(argv: string[]): Map<string, string> {
  try {
    return parseFlags(argv, KNOWN, SWITCHES);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

/** The viewport from --viewport, --4k or --width/--height, one way at a time; null when none is given. */
function viewportOf(flags: Map<string, string>): { width: number; height: number } | null {
  const ways = [flags.has('viewport'), flags.has('4k'), flags.has('width') || flags.has('height')].filter(Boolean).length;
  if (ways > 1) throw new Error('give the viewport one way: --viewport WxH, --4k, or --width and --height');
  if (flags.has('viewport')) return parseViewport(flags.get('viewport')!);
  if (flags.has('4k')) return UHD;
  return null;
}

function floorOf(raw: string | undefined): 'worker' | 'main' {
  if (raw === undefined || raw === 'worker' || raw === 'main') return raw ?? 'worker';
  throw new Error(`--floor takes worker or main, got ${raw}`);
}

export function parseArgs(argv: string[], cwd = process.cwd()): WallboardConfig {
  const flags = readFlags(argv);
  const quick = flags.has('quick');
  const presetName = flags.get('preset');
  if (presetName !== undefined && !isPresetName(presetName)) throw new Error(`unknown preset ${presetName} (known: ${PRESET_NAMES.join(', ')})`);
  if (presetName !== undefined && quick) throw new Error('--quick and --preset do not go together: shorten a preset with --duration S');
  const preset = presetName === undefined ? null : PRESETS[presetName];
  const viewport = viewportOf(flags);
  const num = (flag: string, dflt: number, min: number, max: number, raw = flags.get(flag)): number => {
    if (raw === undefined || raw === '') return dflt;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${flag} must be a number in [${min}, ${max}], got ${raw}`);
    return value;
  };
  return {
    quick,
    preset: preset?.name ?? null,
    profile: flags.has('profile'),
    trace: flags.has('trace'),
    heapEveryS: num('heap-every', 0, 0, 3600),
    extensions: Math.round(num('extensions', preset?.extensions ?? (quick ? 200 : 2000), 20, 8000)),
    rate: num('rate', preset?.rate ?? (quick ? 100 : 500), 1, 5000),
    durationS: num('duration', quick ? 15 : 60, 3, 3600),
    warmupS: num('warmup', 5, 0, 600),
    width: Math.round(num(viewport ? 'viewport' : 'width', preset?.width ?? 1920, 320, 7680, viewport ? String(viewport.width) : flags.get('width'))),
    height: Math.round(num(viewport ? 'viewport' : 'height', preset?.height ?? 1080, 240, 4320, viewport ? String(viewport.height) : flags.get('height'))),
    cpuThrottle: num('cpu-throttle', preset?.cpuThrottle ?? 1, 1, MAX_CPU_THROTTLE),
    noBrowser: flags.has('no-browser'),
    readyTimeoutS: num('ready-timeout', 60, 5, 600),
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    out: path.resolve(cwd, flags.get('out') ?? path.join('test-results', 'bench', 'wallboard.json')),
    seed: Math.round(num('seed', 1, 0, 2 ** 31)),
    floor: floorOf(flags.get('floor')),
  };
}
