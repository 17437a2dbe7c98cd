/**
 * The web phone against a REAL Asterisk (B-WP-03, B-WP-04), as a person would use it: chromium with
 * fake media devices loads the pop-up, JsSIP registers the WSS extension over SIP-over-WebSocket, dials
 * an extension answered by sipp, sees the call up with its timer running, and hangs up.
 *
 * The setup, the simplest honest one: the e2e server of playwright.config runs the simulator, which
 * speaks no SIP, so this file brings its own stack, as a deployment would have it:
 *   1. a throwaway PostgreSQL database (Asterisk reads realtime from PostgreSQL, not PGlite), migrated
 *      and seeded with the demo tenants in this process;
 *   2. an Asterisk configured by Callboard's own generator on that database
 *      (tests/server/pbx/asterisk/callboard-asterisk.ts: realtime PJSIP, the generated dialplan, the
 *      transport-wss on Asterisk's HTTP server): plain ws:// on 127.0.0.1 is enough for a browser on the
 *      same machine (a secure context either way), so no TLS certificate is made;
 *   3. a Callboard server process (server/main.ts) with PBX=ari pointed at that Asterisk, serving the
 *      built client (CALLBOARD_CLIENT_DIR, default dist/client), and the system parameter webrtcserver
 *      set to Asterisk's WebSocket URL;
 *   4. sipp registers acme's 201 and answers its calls (the kit's uas.xml); another sipp (uac) calls the
 *      browser's 205 from 201 for the incoming side.
 * The browser is the agent, whose WSS extension is 205. Skipped, with the reason printed, where Asterisk,
 * sipp or PostgreSQL is missing. About 30 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { generateDialplan, loadDialplanData } from '../../server/asterisk/dialplan';
import { TEST_HASH } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/database';
import { corp, parameter } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { asteriskSkipReason, freeTcpPort } from '../server/pbx/ari/real-asterisk';
import { startCallboardAsterisk, type CallboardAsterisk } from '../server/pbx/asterisk/callboard-asterisk';
import { PASSWORD, saveScreen } from './helpers';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReason(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${POSTGRES_URL} does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// the browser's microphone is chromium's fake device, and nobody has to click "allow"
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  viewport: { width: 550, height: 650 },
});

test.describe('web phone on a real Asterisk', () => {
  let skipReason: string | null = asteriskSkipReason;
  let pbx: CallboardAsterisk | null = null;
  let server: ChildProcess | null = null;
  let serverLog = '';
  let base = '';
  let acme = 0;
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    skipReason ??= await postgresReason();
    if (skipReason) {
      console.log(`[webphone e2e] real Asterisk test skipped: ${skipReason}`);
      return;
    }
    // 1. the database
    const name = `callboard_wp_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
    const database = await openDatabase({ dataDir: ':memory:', databaseUrl });
    try {
      await database.migrate();
      await seedDemo(database.orm, TEST_HASH);
      [{ id: acme }] = await database.orm.select({ id: corp.id }).from(corp).where(eq(corp.url, 'acme'));
      // 2. Asterisk, configured by Callboard
      pbx = await startCallboardAsterisk(databaseUrl, generateDialplan(await loadDialplanData(database.orm)));
      const socketUrl = `${pbx.ariUrl.replace(/^http/, 'ws')}/ws`;
      await database.orm.update(parameter).set({ value: socketUrl }).where(eq(parameter.key, 'webrtcserver'));
    } finally {
      await database.close();
    }

    // 3. Callboard with PBX=ari
    const port = await freeTcpPort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-wp-e2e-'));
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PBX: 'ari',
        ARI_URL: pbx.ariUrl,
        ARI_USER: 'callboard',
        ARI_PASSWORD: 'callboard',
        CALLBOARD_DEMO: '0',
        CALLBOARD_CLIENT_DIR: process.env.CALLBOARD_CLIENT_DIR ?? 'dist/client',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
    });
    const keep = (chunk: Buffer) => (serverLog = (serverLog + chunk.toString('utf8')).slice(-4000));
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    await waitFor(
      `Callboard on ${base} with the PBX up`,
      async () => {
        try {
          const health = (await (await fetch(`${base}/api/v1/health`)).json()) as { pbx: { state: string } };
          return health.pbx.state === 'up';
        } catch {
          return false;
        }
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${serverLog}`);
    });

    // 4. the answering phone: acme's 201 registered from sipp
    expect(await pbx.register(`${acme}_201`, 'acme-201')).toBe(0);
    pbx.startPhones();
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    if (pbx && process.env.KEEP_ASTERISK_LOG) console.log(pbx.log());
    await pbx?.stop();
    await dropDatabase?.().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('B-WP-03 B-WP-04 the pop-up registers the WSS extension over WebSocket, calls an extension answered by sipp, shows the call and its timer, holds, mutes, hangs up; answers an incoming call', async ({ page }) => {
    test.skip(skipReason !== null, skipReason ?? '');
    test.setTimeout(90_000);
    page.on('console', (m) => {
      if (m.type() === 'error') console.log(`[browser] ${m.text()}`);
    });
    // sign in as the agent (the pop-up reads the session the main window leaves in storage)
    await page.goto(`${base}/login/acme`);
    await page.getByTestId('login-nick').fill('agent');
    await page.getByTestId('login-pass').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    await page.goto(`${base}/acme/en/webphone/phone?ext=205`);
    const registration = page.getByTestId('webphone-registration');
    await expect(registration).toHaveAttribute('data-state', 'registered', { timeout: 20_000 });
    const contacts = pbx!.rx('pjsip show contacts');
    console.log(`[webphone e2e] ${contacts.split('\n').filter((l) => /Contact:\s+\d+_/.test(l)).map((l) => l.trim()).join(' | ')}`);
    // the contact of a WebSocket registration (the CLI cuts the column: `;transport=W…`)
    expect(contacts).toMatch(new RegExp(`Contact:\\s+${acme}_205/sip:\\S+;transport=w`, 'i'));
    await saveScreen(page, 'webphone-asterisk-registered');

    // dial 201 on the pad and call
    for (const key of '201') await page.getByTestId(`webphone-key-${key}`).click();
    await expect(page.getByTestId('webphone-dialed')).toHaveValue('201');
    await page.getByTestId('webphone-call').click();
    const callState = page.getByTestId('webphone-call-state');
    await expect(callState).toHaveAttribute('data-state', 'inCall', { timeout: 20_000 });
    await expect(page.getByTestId('webphone-remote')).toHaveText('201');
    // Asterisk has the call bridged between the browser's endpoint and 201
    await waitFor('two channels in Asterisk', () => /2 active channels?/.test(pbx!.rx('core show channels')), 5_000);
    const channels = pbx!.rx('core show channels concise');
    expect(channels).toContain(`PJSIP/${acme}_205-`);
    expect(channels).toContain(`PJSIP/${acme}_201-`);
    // the timer runs
    await expect(page.getByTestId('webphone-timer')).toHaveText(/^0:0[2-9]$/, { timeout: 8_000 });
    // hold and mute are the machine's and JsSIP's: hold sends a re-INVITE Asterisk accepts
    await page.getByTestId('webphone-hold').click();
    await expect(callState).toHaveAttribute('data-state', 'held');
    await page.getByTestId('webphone-mute').click();
    await expect(page.getByTestId('webphone-mute')).toHaveAttribute('aria-pressed', 'true');
    await saveScreen(page, 'webphone-asterisk-in-call');
    await page.getByTestId('webphone-hold').click();
    await expect(callState).toHaveAttribute('data-state', 'inCall');

    await page.getByTestId('webphone-hangup').click();
    await expect(callState).toHaveAttribute('data-state', 'ended');
    await waitFor('no channels left in Asterisk', () => /\b0 active channels\b/.test(pbx!.rx('core show channels')), 5_000);
    await expect(callState).toHaveAttribute('data-state', 'idle', { timeout: 5_000 });

    // an incoming call: 201 (sipp) calls 205, the pop-up rings, the agent answers, 201 hangs up after 4 s
    const incoming = pbx!.call(`${acme}_201`, 'acme-201', '205', 4_000);
    await expect(callState).toHaveAttribute('data-state', 'ringing', { timeout: 15_000 });
    await expect(page.getByTestId('webphone-remote')).toHaveText('201');
    await saveScreen(page, 'webphone-asterisk-ringing');
    await page.getByTestId('webphone-answer').click();
    await expect(callState).toHaveAttribute('data-state', 'inCall', { timeout: 10_000 });
    await expect(callState).toHaveAttribute('data-state', 'ended', { timeout: 15_000 });
    await expect(callState).toContainText('the other side hung up');
    expect(await incoming, 'sipp completed its call').toBe(0);
  });
});
