import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from './app';
import { PRODUCTION_HASH } from './auth/passwords';
import { loadJwtSecret, readEnvironment, readLiveEnvironment } from './config';
import { openDatabase } from './db/database';
import { DEMO_PASSWORD, isEmpty, seedDemo, seedProduction } from './db/seed';
import { CLIENT_DIR } from './paths';

async function main(): Promise<void> {
  const env = readEnvironment();
  const liveEnv = readLiveEnvironment();
  mkdirSync(env.dataDir, { recursive: true });
  const jwtSecret = loadJwtSecret(env.dataDir, process.env.JWT_SECRET);

  const database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  await database.migrate();

  // seeded before the app is built: the live state reads its directory (extensions, queues) then
  const notes: string[] = [];
  const banner: string[] = [];
  if (await isEmpty(database.orm)) {
    if (env.demo) {
      await seedDemo(database.orm, PRODUCTION_HASH);
      notes.push('empty database: demo tenants seeded (supervisor, acme, globex)');
    } else {
      const admin = await seedProduction(database.orm, PRODUCTION_HASH, env.adminPassword);
      notes.push('empty database: system corp and supervisor created');
      banner.push(
        admin.generated
          ? `  Supervisor: super / ${admin.password}   (generated now and shown only once: change it in the profile)`
          : '  Supervisor: super / the password in CALLBOARD_ADMIN_PASSWORD',
      );
    }
  }
  if (env.demo) {
    banner.push(`  Demo users (password "${DEMO_PASSWORD}"): super (supervisor), owner, admin, agent, wall (acme), admin (globex)`);
  }

  const app = await buildApp({
    db: database,
    config: { dataDir: env.dataDir, jwtSecret, hash: PRODUCTION_HASH, clientDir: CLIENT_DIR, trustProxy: env.trustProxy },
    logger: { level: env.logLevel },
    live: liveEnv,
  });
  const log = app.log;
  log.info({ database: database.kind, dataDir: env.dataDir }, 'database ready');
  for (const note of notes) log.info(note);

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
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: env.port, host: env.host });
  const base = `http://localhost:${env.port}`;
  log.info({ url: base }, 'listening');
  console.log(['', 'Callboard is running', `  Admin login: ${base}/login/supervisor`, `  API:         ${base}/api/v1 (OpenAPI at ${base}/api/v1/openapi.json)`, ...banner, ''].join('\n'));
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
  console.error('Callboard failed to start:', error);
  process.exit(1);
});
