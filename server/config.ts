import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { isTrafficPreset, TRAFFIC_PRESET_NAMES, TRAFFIC_PRESETS, type TrafficOptions, type TrafficPreset } from './pbx/simulator/config';

export interface Environment {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  /**
   * CALLBOARD_DEMO: seed the demo tenants into an empty database. Default on, except with
   * NODE_ENV=production and with PBX=ari (I-SEC-01: a real Asterisk would answer the demo's phones)
   */
  demo: boolean;
  adminPassword: string | undefined;
  trustProxy: TrustProxy;
  logLevel: string;
  /** JWT_SECRET (unset: generated once into DATA_DIR, see loadJwtSecret) */
  jwtSecret: string | undefined;
  /** METRICS_TOKEN (unset: /metrics answers loopback requests only, server/metrics.ts) */
  metricsToken: string | undefined;
}

/** A setting that cannot work as given: main.ts prints the message alone (no stack) and exits. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** The shortest JWT_SECRET taken: HS256 wants a key of at least 256 bits. */
export const JWT_SECRET_MIN = 32;
/** The shortest METRICS_TOKEN taken (a bearer token sent by Prometheus). */
export const METRICS_TOKEN_MIN = 16;

/**
 * Which proxies' `X-Forwarded-For` is believed (Fastify's `trustProxy`): false (none, the default), a
 * number of hops in front of the server, or the proxies' addresses.
 */
export type TrustProxy = false | number | string[];

/** The most proxies in a row TRUST_PROXY takes as a number (a CDN, a balancer, an ingress, ...). */
const TRUST_PROXY_MAX_HOPS = 10;

/**
 * TRUST_PROXY: unset, '0' or 'false' trusts no proxy; '1' or 'true' the one balancer in front (the
 * README's setting); a number N that many proxies in a row; otherwise a comma list of the proxies'
 * addresses or CIDR ranges. Never every hop: a balancer appends the address it saw to the header, so
 * trusting all of it would let a client name its own address by sending the header itself, and
 * slip past the login and click-to-call limits counted per address (found by the README's balancer
 * test, tests/server/balancer-examples.test.ts). Anything else is refused at start.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= TRUST_PROXY_MAX_HOPS) return hops;
  } else {
    const proxies = v.split(',').map((part) => part.trim());
    const proxy = (part: string) => {
      const [address, bits, ...rest] = part.split('/');
      const family = isIP(address);
      if (family === 0 || rest.length > 0) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    };
    if (proxies.every(proxy)) return proxies;
  }
  throw new SettingsError(
    `TRUST_PROXY must be 0, 1 (one balancer in front), the number of proxies in a row (up to ${TRUST_PROXY_MAX_HOPS}) or the proxies' addresses, e.g. 10.0.0.5,10.0.1.0/24 (got "${value}")`,
  );
}

/**
 * A number setting: unset or '' gives the fallback; anything else must be a number in its range (a whole
 * one where asked), or the start is refused naming the setting: a typo must not quietly run the default.
 */
function numberSetting(name: string, value: string | undefined, fallback: number, range: { min: number; max?: number; above?: boolean; whole?: boolean }): number {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  const n = Number(text);
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  if (Number.isFinite(n) && (range.above ? n > range.min : n >= range.min) && n <= max && (!range.whole || Number.isInteger(n))) return n;
  const kind = range.whole ? 'a whole number' : 'a number';
  const bounds = range.above ? `above ${range.min}` : range.max !== undefined ? `from ${range.min} to ${range.max}` : `of ${range.min} or more`;
  throw new SettingsError(`${name} must be ${kind} ${bounds} (got "${value}")`);
}

/** pino's levels: LOG_LEVEL names one */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function logLevel(value: string | undefined): string {
  const level = (value ?? '').trim().toLowerCase();
  if (level === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level;
  throw new SettingsError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
}

/** '1'/'true' → true, '0'/'false' → false, unset or '' → undefined; anything else is refused. */
function flag(name: string, value: string | undefined): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return undefined;
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new SettingsError(`${name} must be 1 or 0 (got "${value}")`);
}

/** Server settings from the environment (ARCHITECTURE "Contracts we keep stable"). */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const production = env.NODE_ENV === 'production';
  const ari = (env.PBX ?? '').trim().toLowerCase() === 'ari';
  return {
    // 0: any free port (the tests' servers)
    port: numberSetting('PORT', env.PORT, 8080, { min: 0, max: 65535, whole: true }),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    // with PBX=ari only when asked for (then main.ts warns): its phones would face a real network
    demo: flag('CALLBOARD_DEMO', env.CALLBOARD_DEMO) ?? (!production && !ari),
    adminPassword: env.CALLBOARD_ADMIN_PASSWORD || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: logLevel(env.LOG_LEVEL),
    jwtSecret: env.JWT_SECRET || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}

/**
 * The settings that must agree with each other, checked at start before anything opens (I-INST-01,
 * I-INST-02, ARCHITECTURE "Several instances"): REDIS_URL means several instances, which share one
 * PostgreSQL (DATABASE_URL; the embedded database belongs to one process) and one signing secret
 * (JWT_SECRET; a generated one is per data folder, so a token of one instance would be refused by the
 * others). Every problem is named in one SettingsError, each with what to set.
 */
export function checkSettings(env: Environment, live: Pick<LiveEnvironment, 'redisUrl'>): void {
  const problems: string[] = [];
  if (env.databaseUrl && !/^postgres(ql)?:\/\//i.test(env.databaseUrl)) problems.push('DATABASE_URL must be a postgres:// (or postgresql://) connection string');
  if (live.redisUrl && !/^rediss?:\/\//i.test(live.redisUrl)) problems.push('REDIS_URL must be a redis:// (or rediss://) URL');
  if (live.redisUrl && !env.databaseUrl) {
    problems.push(
      'REDIS_URL is set (several instances) but DATABASE_URL is not: the embedded database in DATA_DIR belongs to one process, so this instance would run on a database of its own. Give every instance the same DATABASE_URL=postgres://…, or unset REDIS_URL to run one instance.',
    );
  }
  if (live.redisUrl && !env.jwtSecret) {
    problems.push(
      `REDIS_URL is set (several instances) but JWT_SECRET is not: a generated secret is per data folder, so a session signed by one instance would be refused by the others. Give every instance the same JWT_SECRET (at least ${JWT_SECRET_MIN} characters, e.g. \`openssl rand -base64 48\`).`,
    );
  }
  if (env.jwtSecret && env.jwtSecret.length < JWT_SECRET_MIN) problems.push(`JWT_SECRET must be at least ${JWT_SECRET_MIN} characters (e.g. \`openssl rand -base64 48\`)`);
  if (env.metricsToken !== undefined && (env.metricsToken.length < METRICS_TOKEN_MIN || /\s/.test(env.metricsToken))) {
    problems.push(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters without spaces (Prometheus sends it as a bearer token)`);
  }
  if (problems.length > 0) throw new SettingsError(problems.join('\n'));
}

/** JWT_SECRET, or one generated once into DATA_DIR/jwt-secret (kept across restarts). */
export function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv && fromEnv.length > 0) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export type PbxKind = 'simulator' | 'ari' | 'none';

/** The real-time settings (ARCHITECTURE "Contracts"): the PBX, the simulator's traffic and Redis. */
export interface LiveEnvironment {
  pbx: PbxKind;
  /** SIM_SEED (1) */
  seed: number;
  /** SIM_TIME_FACTOR (1): simulated seconds per real second */
  timeFactor: number;
  /**
   * SIM_CALLS_PER_HOUR (30): inbound calls per hour per queue on the quiet floor (a fixed rate);
   * the busy floor sizes each queue from its members instead (unless this is set). A fifth of it
   * is the corp's internal calls per hour, a third its outbound calls.
   */
  callsPerHour: number;
  /**
   * SIM_TRAFFIC: 'busy' (default: a working floor, about 75-80 % of the agents busy) or 'quiet' (the
   * default when SIM_CALLS_PER_HOUR is set: a fixed rate per queue, agents mostly idle)
   */
  trafficPreset?: TrafficPreset;
  /** the simulator's traffic model over its defaults: the preset's (with SIM_CALLS_PER_HOUR, no sizing by members) */
  traffic?: Partial<TrafficOptions>;
  /**
   * ARI_URL, ARI_USER, ARI_PASSWORD; `ami`: the manager interface beside it (AMI_PORT, default 5038 on
   * ARI's host with ARI's user), for queue members' pauses and status
   */
  ari: { url: string; user: string; password: string; ami?: { port?: number } } | null;
  /** SIM_HISTORY (on; '0' turns it off): a first start with the simulator fills yesterday and today's records */
  history?: boolean;
  /** REDIS_URL (unset: in-process backplane, this instance drives the PBX) */
  redisUrl: string | undefined;
  /** REDIS_PREFIX (default 'callboard'): the Redis keys and channels of one deployment */
  redisPrefix?: string;
}

export function readLiveEnvironment(env: NodeJS.ProcessEnv = process.env): LiveEnvironment {
  const raw = (env.PBX ?? 'simulator').trim().toLowerCase();
  if (raw !== '' && raw !== 'simulator' && raw !== 'ari' && raw !== 'none') throw new SettingsError(`PBX must be simulator, ari or none (got "${env.PBX}")`);
  const pbx: PbxKind = raw === '' ? 'simulator' : raw;
  let ari: LiveEnvironment['ari'] = null;
  if (pbx === 'ari') {
    if (!env.ARI_URL) throw new SettingsError('PBX=ari needs ARI_URL (and ARI_USER, ARI_PASSWORD)');
    const amiPort = env.AMI_PORT?.trim() ? numberSetting('AMI_PORT', env.AMI_PORT, 0, { min: 1, max: 65535, whole: true }) : undefined;
    ari = { url: env.ARI_URL, user: env.ARI_USER ?? '', password: env.ARI_PASSWORD ?? '', ...(amiPort ? { ami: { port: amiPort } } : {}) };
  }
  const rateSet = env.SIM_CALLS_PER_HOUR !== undefined && env.SIM_CALLS_PER_HOUR.trim() !== '';
  const rawPreset = (env.SIM_TRAFFIC ?? '').trim().toLowerCase();
  if (rawPreset !== '' && !isTrafficPreset(rawPreset)) throw new SettingsError(`SIM_TRAFFIC must be ${TRAFFIC_PRESET_NAMES.join(' or ')} (got "${env.SIM_TRAFFIC}")`);
  // a rate of one's own keeps the fixed-rate floor it always gave, unless a preset is asked for too
  const trafficPreset: TrafficPreset = rawPreset !== '' ? (rawPreset as TrafficPreset) : rateSet ? 'quiet' : 'busy';
  const traffic: Partial<TrafficOptions> = { ...TRAFFIC_PRESETS[trafficPreset] };
  if (rateSet) delete traffic.memberLoad;
  return {
    pbx,
    seed: numberSetting('SIM_SEED', env.SIM_SEED, 1, { min: 0, whole: true }),
    timeFactor: numberSetting('SIM_TIME_FACTOR', env.SIM_TIME_FACTOR, 1, { min: 0, above: true }),
    callsPerHour: numberSetting('SIM_CALLS_PER_HOUR', env.SIM_CALLS_PER_HOUR, 30, { min: 0 }),
    trafficPreset,
    traffic,
    ari,
    history: pbx === 'simulator' && env.SIM_HISTORY?.trim() !== '0',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'callboard',
  };
}
