/**
 * A Callboard server driving a real Asterisk that Callboard configured (callboard-asterisk.ts), as an
 * administrator runs them: both on one throwaway PostgreSQL database of the server fixture; the server
 * with PBX=ari and a dialplan file (ASTERISK_DIALPLAN_FILE), so it rewrites the included
 * extensions_callboard.conf and reloads it through ARI after every API write. Acme's phones given to
 * `start` register and answer every call (after 3 s of ringing, uas.xml); a loopback carrier
 * (127.0.0.2) calls in through trunks made with `trunkTo`.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../../../server/app';
import { dialplanMainFile, generateDialplanContexts, loadDialplanData } from '../../../../server/asterisk/dialplan';
import { TEST_HASH } from '../../../../server/auth/passwords';
import { corp } from '../../../../server/db/schema';
import type { LiveOptions } from '../../../../server/live/live-runtime';
import { CALLERS, POSTGRES_URL, startTestApp, TEST_SECRET, TestApp } from '../../fixtures/test-app';
import { startCallboardAsterisk, type CallboardAsterisk } from './callboard-asterisk';

export async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** One line of `core show channels concise`: where a channel is and what it runs. */
export interface AsteriskChannel {
  name: string;
  context: string;
  exten: string;
  state: string;
  app: string;
  data: string;
  bridge: string;
  id: string;
}

/** Asterisk's channels now, as its console lists them. */
export function asteriskChannels(pbx: Pick<CallboardAsterisk, 'rx'>): AsteriskChannel[] {
  return pbx
    .rx('core show channels concise')
    .split('\n')
    .filter((l) => l.includes('!'))
    .map((l) => {
      const f = l.split('!');
      return { name: f[0], context: f[1], exten: f[2], state: f[4], app: f[5], data: f[6], bridge: f[12] ?? '', id: f[13] ?? '' };
    });
}

/**
 * The time from an API request to its change in Asterisk (G-AST-03): `measure` sends the request,
 * polls until `changed` and keeps the time; `summary` says each with the p95, for the test's output.
 */
export function latencyLog() {
  const kept: { action: string; ms: number }[] = [];
  return {
    async measure<T>(action: string, request: () => Promise<T>, changed: () => boolean, timeoutMs = 8000): Promise<T> {
      const start = performance.now();
      const result = await request();
      await waitFor(`${action} in Asterisk`, changed, timeoutMs, 5);
      kept.push({ action, ms: Math.round(performance.now() - start) });
      return result;
    },
    summary(): string | null {
      if (kept.length === 0) return null;
      const sorted = kept.map((l) => l.ms).sort((a, b) => a - b);
      const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
      return `request → Asterisk's change: ${kept.map((l) => `${l.action} ${l.ms} ms`).join(', ')}; p95 ${p95} ms over ${sorted.length} (target < 300 ms)`;
    },
  };
}

export interface CallboardOnAsterisk {
  /** the server fixture's app (its database, its seeded ids) */
  base: TestApp;
  /** the Callboard server driving `pbx` */
  t: TestApp;
  app: FastifyInstance;
  pbx: CallboardAsterisk;
  acme: number;
  /** the loopback carrier's server id (127.0.0.2:5080) */
  serverId: number;
  /** the live options `app` was built with: another instance driving the same Asterisk is built with them (I-FAIL-01) */
  liveOptions: LiveOptions;
  /** a trunk number not used yet */
  nextDid(): string;
  /** a new trunk of acme on the loopback carrier whose action is `action`; its number (the DID the carrier calls) */
  trunkTo(action: string): Promise<string>;
  /** the dialplan Asterisk runs now, for a context or exten@context */
  shown(what: string): string;
  stop(): Promise<void>;
}

/** `live`: over the defaults (Redis, for several instances) */
export async function startCallboardOnAsterisk(phones: string[], tag: string, live: Partial<LiveOptions> = {}): Promise<CallboardOnAsterisk> {
  const started = await startTestApp('postgres');
  const base = started.testApp;
  const acme = base.ids.corp.acme;
  let app: FastifyInstance | null = null;
  let pbx: CallboardAsterisk | null = null;
  const stop = async () => {
    if (pbx && process.env.KEEP_ASTERISK_LOG) console.log(pbx.log());
    await app?.close();
    await pbx?.stop();
    await started.stop();
  };
  try {
    const { rows } = (await base.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${rows[0].name}`;
    // the corps' days in UTC, as the dialplan's time conditions read them (J-TZ-01: each corp's zone)
    await base.db.update(corp).set({ timeZone: 'UTC' });
    // as `npm run asterisk:config` writes it: extensions.conf includes extensions_callboard.conf
    pbx = await startCallboardAsterisk(url.toString(), dialplanMainFile(), generateDialplanContexts(await loadDialplanData(base.db)));
    const liveOptions: LiveOptions = {
      pbx: 'ari',
      seed: 1,
      timeFactor: 1,
      callsPerHour: 30,
      ari: { url: pbx.ariUrl, user: 'callboard', password: 'callboard', ami: { port: pbx.amiPort } },
      redisUrl: undefined,
      redisPrefix: `${tag}-${process.pid}`,
      dialplanFile: pbx.includeFile,
      recordingsDir: path.join(pbx.dir, 'recordings'),
      ...live,
    };
    app = await buildApp({ db: base.database, config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH }, live: liveOptions });
    await app.ready();
    const t = new TestApp(app, base.database, 'postgres', base.ids);
    const server = await t.post('/api/v1/server', CALLERS.super, { Name: 'Loopback carrier', IP: '127.0.0.2', Port: 5080 });
    expect(server.statusCode, server.body).toBe(201);
    const serverId = (server.json() as { id: number }).id;
    for (const n of phones) expect(await pbx.register(`${acme}_${n}`, `acme-${n}`)).toBe(0);
    pbx.startPhones();
    const running = pbx;
    await waitFor(`the contacts of ${phones.join(', ')}`, () => phones.every((n) => running.rx('pjsip show contacts').includes(`${acme}_${n}/sip:`)), 5000);
    let didSeq = 0;
    const nextDid = () => `55502${String(process.pid % 100).padStart(2, '0')}${++didSeq}`;
    return {
      base,
      t,
      app,
      pbx: running,
      acme,
      serverId,
      liveOptions,
      nextDid,
      async trunkTo(action) {
        const number = nextDid();
        const res = await t.post('/api/v1/trunk', CALLERS.super, { number, serverId, corpId: acme, action });
        expect(res.statusCode, res.body).toBe(201);
        // the write answers before the dialplan is rewritten and reloaded: a call made at once would meet the old one
        await waitFor(`the DID ${number} in the dialplan`, () => running.rx(`dialplan show ${number}@c${acme}-inbound`).includes(`'${number}'`), 5000, 100);
        return number;
      },
      shown: (what) => running.rx(`dialplan show ${what}`),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
