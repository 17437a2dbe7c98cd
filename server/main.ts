import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { PRODUCTION_HASH } from './auth/passwords';
import { loadJwtSecret, readEnvironment, readLiveEnvironment } from './config';
import { openDatabase } from './db/database';
import { DEMO_PASSWORD, isEmpty, seedDemo, seedProduction } from './db/seed';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
    config: { dataDir: env.dataDir, jwtSecret, hash: PRODUCTION_HASH, clientDir: path.join(ROOT, 'dist', 'client'), trustProxy: env.trustProxy },
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
}

main().catch((error: unknown) => {
  console.error('Callboard failed to start:', error);
  process.exit(1);
});
