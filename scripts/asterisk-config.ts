/**
 * `npm run asterisk:config [DIR]`: writes the static configuration of an Asterisk serving this Callboard
 * deployment into DIR (default /etc/asterisk): realtime over Callboard's PostgreSQL, CDR and queue_log
 * into its tables, PJSIP transports, ARI, and the dialplan generated from its data (server/asterisk).
 *
 * Environment:
 *   DATABASE_URL           Callboard's PostgreSQL (required: Asterisk cannot read PGlite); the migrations run first
 *   ARI_URL                where Callboard reaches ARI (default http://127.0.0.1:8088): http.conf binds its host and port
 *   ARI_USER, ARI_PASSWORD the ARI user written to ari.conf (default callboard / a generated password, printed)
 *   ASTERISK_SIP_BIND      the PJSIP UDP transport (default 127.0.0.1:5060: loopback only, I-SEC-01; phones on
 *                          other machines need the address of their network, e.g. 192.168.1.10:5060, or 0.0.0.0:5060)
 *   ASTERISK_TLS_CERT, ASTERISK_TLS_KEY, ASTERISK_TLS_BIND  a TLS transport (default bind: ASTERISK_SIP_BIND's address, port 5061)
 *   ASTERISK_DB_URL        the database as Asterisk reaches it, when not the same URL (another host name, a role of its own)
 *   DATA_DIR               Callboard's data folder (default ./data): IVRs play their sounds from DATA_DIR/sounds
 *
 * Time conditions, extension schedules and reminders are read in each corp's own zone (the corp's time
 * zone, J-TZ-01), given to GotoIfTime per condition.
 *
 * extensions.conf includes extensions_callboard.conf, the corps' contexts; a server started with
 * PBX=ari and ASTERISK_DIALPLAN_FILE={DIR}/extensions_callboard.conf rewrites that file and reloads the
 * dialplan through ARI after every configuration change (server/asterisk/dialplan-sync.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asteriskConfigFiles, parseDatabaseUrl, sipBindsFromEnv } from '../server/asterisk/config';
import { dialplanMainFile, generateDialplanContexts, generateMohClasses, loadDialplanData } from '../server/asterisk/dialplan';
import { openDatabase } from '../server/db/database';

/** files with a password: readable by their owner and group only (chown them to Asterisk's user when it is not root) */
const SECRET_FILES = new Set(['res_pgsql.conf', 'cdr_pgsql.conf', 'ari.conf', 'manager.conf']);

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? '/etc/asterisk');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: Asterisk reads Callboard\'s configuration from PostgreSQL (PGlite cannot serve it)');
  // checked before anything is written: a wrong address would leave Asterisk without phones
  const binds = sipBindsFromEnv(process.env);
  const ariUrl = new URL(process.env.ARI_URL ?? 'http://127.0.0.1:8088');
  const ariUser = process.env.ARI_USER || 'callboard';
  let ariPassword = process.env.ARI_PASSWORD ?? '';
  if (!ariPassword) {
    ariPassword = randomBytes(18).toString('base64url');
    console.log(`ARI_PASSWORD was not set: ari.conf has user ${ariUser} with password ${ariPassword} (give the server the same ARI_PASSWORD)`);
  }
  const database = await openDatabase({ dataDir: ':memory:', databaseUrl });
  try {
    // under the start lock: the server started just before may be migrating the same database
    await database.exclusive(() => database.migrate());
    const data = await loadDialplanData(database.orm);
    const generated = { soundsRoot: path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'sounds') };
    const files = asteriskConfigFiles({
      database: parseDatabaseUrl(process.env.ASTERISK_DB_URL || databaseUrl),
      ari: { user: ariUser, password: ariPassword, bindAddr: ariUrl.hostname, port: Number(ariUrl.port || 8088) },
      amiPort: process.env.AMI_PORT ? Number(process.env.AMI_PORT) : undefined,
      sipBind: binds.sipBind,
      tls:
        process.env.ASTERISK_TLS_CERT && process.env.ASTERISK_TLS_KEY
          ? { certFile: process.env.ASTERISK_TLS_CERT, keyFile: process.env.ASTERISK_TLS_KEY, bind: binds.tlsBind }
          : null,
      dialplan: dialplanMainFile(),
      dialplanContexts: generateDialplanContexts(data, generated),
      mohClasses: generateMohClasses(data, generated),
      directories: { astetcdir: dir },
    });
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text, { mode: SECRET_FILES.has(name) ? 0o640 : 0o644 });
    console.log(`Asterisk configuration written to ${dir}: ${Object.keys(files).join(', ')}`);
    console.log(
      binds.sipBind.startsWith('127.') || binds.sipBind.startsWith('[::1]')
        ? `SIP listens on ${binds.sipBind} only (phones on this machine); ASTERISK_SIP_BIND=<address>:5060 opens it to a network, once the extensions' passwords are strong`
        : `SIP listens on ${binds.sipBind}: keep the extensions' passwords strong and the port behind a firewall`,
    );
    console.log(`dialplan: ${data.corps.length} corps, ${data.corps.reduce((n, c) => n + c.extensions.length, 0)} extensions, ${data.corps.reduce((n, c) => n + c.queues.length, 0)} queues`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
