import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from './app';
import { PRODUCTION_HASH } from './auth/passwords';
import { checkSettings, loadJwtSecret, readEnvironment, readLiveEnvironment, SettingsError } from './config';
import { weakSipPasswords } from './asterisk/sip-passwords';
import { openDatabase } from './db/database';
import { DEMO_PASSWORD } from './db/seed';
import { prepareDatabase } from './db/startup';
import { checkSharedDataFolder } from './files/shared-folder';
import { stdoutLog } from './logging';
import { CLIENT_DIR } from './paths';

async function main(): Promise<void> {
  const env = readEnvironment();
  const liveEnv = readLiveEnvironment();
  // before anything opens: a wrong combination would start an instance that silently works alone
  checkSettings(env, liveEnv);
  const ari = liveEnv.pbx === 'ari';
  mkdirSync(env.dataDir, { recursive: true });
  const jwtSecret = loadJwtSecret(env.dataDir, env.jwtSecret);

  const database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  // seeded before the app is built: the live state reads its directory (extensions, queues) then;
  // under the start lock, so instances started at once on one PostgreSQL migrate and seed once
  const prepared = await prepareDatabase(database, { demo: env.demo, strongSecrets: ari, adminPassword: env.adminPassword, hash: PRODUCTION_HASH });
  // several instances: DATA_DIR must be the one folder they all mount (sounds, recordings, voicemail)
  const sharedFolder = liveEnv.redisUrl ? await checkSharedDataFolder(database, env.dataDir) : null;

  const notes: string[] = [];
  const banner: string[] = [];
  if (sharedFolder) notes.push(`several instances: DATA_DIR is the shared data folder ${sharedFolder.id}${sharedFolder.registered === 'now' ? ' (registered now)' : ''}`);
  if (prepared.seeded === 'demo') notes.push(`empty database: demo tenants seeded (supervisor, acme, globex)${ari ? ' with random SIP passwords' : ''}`);
  if (prepared.seeded === 'production') {
    notes.push('empty database: system corp and supervisor created');
    banner.push(
      prepared.generated
        ? `  Supervisor: super / ${prepared.password}   (generated now and shown only once: change it in the profile)`
        : '  Supervisor: super / the password in CALLBOARD_ADMIN_PASSWORD',
    );
  }
  if (env.demo) {
    banner.push(`  Demo users (password "${DEMO_PASSWORD}"): super (supervisor), owner, admin, agent, wall (acme), admin (globex)`);
  }
  const warnings: string[] = [];
  if (env.demo && ari) {
    // I-SEC-01: asked for with CALLBOARD_DEMO=1; said where nobody can miss it
    warnings.push(
      'CALLBOARD_DEMO=1 with PBX=ari: the demo tenants are on a real Asterisk. Their web users all have the password "' +
        DEMO_PASSWORD +
        '"; their SIP passwords are random (read them in the extension screens). Do not leave this on a network: start without CALLBOARD_DEMO on a fresh database for a real deployment.',
    );
  }
  if (ari) {
    // passwords stored before (a demo of an older version, a simulator database moved to Asterisk): counted, never printed
    const weak = await weakSipPasswords(database.orm);
    if (weak.count > 0) {
      const where = Object.entries(weak.byCorp)
        .map(([corp, n]) => `${corp} ${n}`)
        .join(', ');
      warnings.push(
        `${weak.count} extension${weak.count === 1 ? ' has a' : 's have'} weak SIP password${weak.count === 1 ? '' : 's'} (${where}) that Asterisk answers with: short, number-like or holding the extension's number. Change them in the extension screens (new ones must be strong).`,
      );
    }
  }

  // the log never holds the event loop, whatever reads stdout (logging.ts stdoutLog); console's lines
  // (the banner) to a reader that went away must not end the server either: only EPIPE is let go
  const logOutput = stdoutLog();
  for (const out of [process.stdout, process.stderr]) {
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  const app = await buildApp({
    db: database,
    config: { dataDir: env.dataDir, jwtSecret, hash: PRODUCTION_HASH, clientDir: CLIENT_DIR, trustProxy: env.trustProxy, metricsToken: env.metricsToken },
    logger: { level: env.logLevel, stream: logOutput.stream },
    live: liveEnv,
  });
  const log = app.log;
  log.info({ database: database.kind, dataDir: env.dataDir }, 'database ready');
  for (const note of notes) log.info(note);
  for (const warning of warnings) log.warn(`SECURITY: ${warning}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      log.info('stopped cleanly');
      await logOutput.flush(1000);
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      await logOutput.flush(1000);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: env.port, host: env.host });
  const base = `http://localhost:${env.port}`;
  log.info({ url: base }, 'listening');
  console.log(['', 'Callboard is running', `  Admin login: ${base}/login/supervisor`, `  API:         ${base}/api/v1 (OpenAPI at ${base}/api/v1/openapi.json)`, ...banner, ''].join('\n'));
  for (const warning of warnings) console.warn(['!'.repeat(78), `! SECURITY: ${warning}`, '!'.repeat(78), ''].join('\n'));
  if (app.live) console.log(app.live.summary);

  // what the start left behind (migrations, the seed, the day behind of a first demo start) is
  // garbage: V8 would keep the heap it grew for it for a long time, so collect it when that work is
  // done, and once more when what follows it (the live side catching up) has settled
  // (bench/README.md "Footprint": some 100 MB less at idle after a first start)
  const collect = () => {
    collectOnce();
    setTimeout(collectOnce, 10_000).unref();
  };
  void (app.live?.historyFilled() ?? Promise.resolve()).then(collect, collect);
}

/** One full garbage collection (V8's gc exposed to a new context only: the process keeps no `gc` global). */
function collectOnce(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // the memory is returned later by V8 itself
  }
}

main().catch((error: unknown) => {
  // a setting to fix is told as it is; anything else with its stack
  if (error instanceof SettingsError) console.error(`Callboard cannot start with these settings:\n${error.message}`);
  else console.error('Callboard failed to start:', error);
  process.exit(1);
});
