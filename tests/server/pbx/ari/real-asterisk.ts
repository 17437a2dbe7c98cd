/**
 * A real Asterisk for the ARI tests (../shared/asterisk: `bash install.sh` once), started in its own
 * folders and ports so it never meets another Asterisk on the machine, with sipp playing the carrier
 * behind a trunk endpoint and, for the live-state suites, the phones of a corp (REGISTERed to one
 * answering sipp). `asteriskSkipReason` says why these tests cannot run here (printed by the suite),
 * null when they can. A skip is for machines without the kit: where it is installed, .ci/run sets
 * CALLBOARD_REQUIRE_ASTERISK=1 and `npm test` counts every skipped test of a file with "asterisk" in
 * its path as failed (scripts/test-report.mjs), whichever reason made it skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sipRouteDialPattern, translationExpression, TRUNK_INBOUND_CONTEXT, trunkEndpointName } from '../../../../domain';
import { createAriAdapter, type AriAdapter, type AriEvent } from '../../../../server/pbx';
import { waitFor } from './wait';

const ASTERISK = '/usr/sbin/asterisk';
const MODULES = '/usr/lib/asterisk/modules';
/** The Asterisk kit: ASTERISK_KIT (set by .ci/run), else ../shared/asterisk beside the project, else the team's /work/shared. */
const KIT = [process.env.ASTERISK_KIT, fileURLToPath(new URL('../../../../../shared/asterisk', import.meta.url)), '/work/shared/asterisk']
  .filter((dir): dir is string => !!dir)
  .map((dir) => path.resolve(dir))
  .find((dir) => existsSync(path.join(dir, 'sipp'))) ?? path.resolve(fileURLToPath(new URL('../../../../../shared/asterisk', import.meta.url)));
export const KIT_SIPP = path.join(KIT, 'sipp');
export const OUR_SIPP = fileURLToPath(new URL('./sipp', import.meta.url));

function which(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/**
 * Whether the installed Asterisk runs on this machine's CPU: the kit is prebuilt, and a build for newer
 * instructions (AVX-512) dies at once with SIGILL where they are missing, while `asterisk -V` still
 * answers. It starts with no module in folders of its own for a second; only SIGILL skips. The answer is
 * kept in the temp folder per binary and CPU, so each suite does not pay that second again.
 */
function asteriskRunsHere(): string | null {
  const binary = statSync(ASTERISK);
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const cpu = cpuinfo.match(/^flags\s*:(.*)$/m)?.[1] ?? '';
  const model = cpuinfo.match(/^model name\s*:\s*(.*)$/m)?.[1] ?? 'unknown CPU';
  const key = createHash('sha1').update(`${binary.size}:${binary.mtimeMs}:${cpu}`).digest('hex').slice(0, 12);
  const cache = path.join(tmpdir(), `callboard-asterisk-runs-${key}.json`);
  if (existsSync(cache)) return (JSON.parse(readFileSync(cache, 'utf8')) as { reason: string | null }).reason;
  const dir = mkdtempSync(path.join(tmpdir(), 'callboard-asterisk-probe-'));
  try {
    for (const d of ['run', 'log', 'spool', 'db']) mkdirSync(path.join(dir, d));
    writeFileSync(
      path.join(dir, 'asterisk.conf'),
      `[directories]\nastetcdir => ${dir}\nastmoddir => ${MODULES}\nastvarlibdir => ${dir}\nastdbdir => ${dir}/db\nastkeydir => ${dir}/db\nastdatadir => ${dir}\nastagidir => ${dir}\nastspooldir => ${dir}/spool\nastrundir => ${dir}/run\nastlogdir => ${dir}/log\n`,
    );
    writeFileSync(path.join(dir, 'modules.conf'), '[modules]\nautoload = no\n');
    const r = spawnSync(ASTERISK, ['-C', path.join(dir, 'asterisk.conf'), '-f', '-n'], { timeout: 1000, killSignal: 'SIGKILL', stdio: 'ignore' });
    const reason =
      r.signal === 'SIGILL'
        ? `the installed Asterisk stops with SIGILL on this CPU (${model}): the kit was built for instructions it lacks (AVX-512: ${/\bavx512f\b/.test(cpu) ? 'present' : 'absent'}), so no real-Asterisk test can run on this machine`
        : null; // anything else is for the suites to find out and report, not a reason to skip them
    writeFileSync(cache, JSON.stringify({ reason }));
    return reason;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const asteriskSkipReason: string | null = !existsSync(ASTERISK)
  ? `no Asterisk at ${ASTERISK} (bash ../shared/asterisk/install.sh installs it)`
  : !which('sipp')
    ? 'no sipp (sip-tester) on this machine'
    : !existsSync(path.join(KIT_SIPP, 'uas.xml'))
      ? `the kit's sipp scenarios are not at ${KIT_SIPP}`
      : asteriskRunsHere();

export async function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function freeUdpPort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, host, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

export interface RealAsterisk {
  ariUrl: string;
  user: string;
  password: string;
  /** where the carrier (sipp) must listen */
  carrierPort: number;
  /** Asterisk's SIP port (UDP, 127.0.0.1) */
  sipPort: number;
  dir: string;
  /** cdr_csv's rows so far (Master.csv) */
  cdrRows(): string[][];
  /** the queue_log file's lines so far */
  queueLog(): string[];
  /** runs sipp with a scenario as the carrier for one call; resolves with its exit code */
  carrier(scenario: string): { done: Promise<number>; stop(): void };
  /** a CLI command (`asterisk -rx`), its output */
  rx(command: string): string;
  /** whether ARI answers now */
  ariUp(): Promise<boolean>;
  /** stops Asterisk (`core stop now`, SIGKILL after 5 s), keeping its folders (astdb: registrations) */
  halt(): Promise<void>;
  /** starts it again with the same folders and ports; resolves once ARI answers */
  boot(): Promise<void>;
  stop(): Promise<void>;
}

/** The phones and queues of one corp, as Callboard names them (domain/realtime.ts). */
export interface PbxCorp {
  corpId: number;
  /** extension numbers: endpoints `{corpId}_{number}`, auth user the same, password `secret-{number}` */
  extensions: string[];
  /** queues `{corpId}_{id}` with static members */
  queues: { id: number; strategy: string; members: string[]; timeoutSec?: number }[];
}

export interface PbxOptions {
  /** a trunk `trunk_{number}` whose carrier is sipp on 127.0.0.1:{carrierPort}; accountcode the corp */
  trunkNumber: string;
  corp: PbxCorp;
  /**
   * the live-state configuration: the corp's phones, `c{corp}-internal` (extension to extension, 6{q}
   * to a queue, 778 answers and waits), `c{corp}-inbound` from the carrier endpoint `{corp}_carrier`
   * (source address 127.0.0.2) into the queues. Without it: the trunk and queue 1 of the dial-out suite.
   */
  phones?: boolean;
  /**
   * with `phones`: SIP routes (C-SIP, domain/outbound.ts) out through the trunk, as dialplan.ts writes
   * them into c{corp}-internal; `0` + a number no route takes leaves by the trunk as dialled
   */
  routes?: { pattern: string; translation: string }[];
}

export const phonePassword = (number: string) => `secret-${number}`;

/** A trunk `trunk_{number}` whose carrier is sipp on 127.0.0.1:{carrierPort}; accountcode the corp. */
export async function startAsterisk(trunkNumber: string, corpId: number): Promise<RealAsterisk> {
  return startPbx({ trunkNumber, corp: { corpId, extensions: [], queues: [{ id: 1, strategy: 'ringall', members: [] }] } });
}

/** modules these tests need, not more (an autoload would want the configuration of everything) */
const MODULE_LIST = [
  'res_sorcery_config', 'res_sorcery_memory', 'res_sorcery_astdb', 'res_pjproject', 'res_pjsip', 'res_pjsip_session', 'chan_pjsip', 'res_pjsip_sdp_rtp', 'res_pjsip_caller_id',
  'res_pjsip_endpoint_identifier_ip', 'res_pjsip_endpoint_identifier_user', 'res_pjsip_registrar', 'res_pjsip_pubsub', 'res_pjsip_authenticator_digest',
  'res_pjsip_outbound_authenticator_digest', 'res_pjsip_nat', 'res_pjsip_rfc3326',
  'res_rtp_asterisk', 'res_timing_timerfd', 'res_http_websocket', 'res_websocket_client', 'res_ari', 'res_ari_model', 'res_ari_channels', 'res_ari_events', 'res_ari_playbacks', 'res_ari_applications', 'res_ari_asterisk', 'res_ari_bridges',
  'res_ari_endpoints', 'res_ari_device_states', 'res_stasis', 'res_stasis_answer', 'res_stasis_playback', 'res_stasis_device_state', 'res_stasis_recording', 'res_stasis_snoop',
  'res_musiconhold', 'bridge_simple', 'bridge_native_rtp', 'bridge_softmix', 'bridge_holding', 'pbx_config', 'app_playback', 'app_queue', 'app_dial', 'app_stasis', 'format_wav',
  'format_pcm', 'codec_ulaw', 'codec_alaw', 'func_callerid', 'func_cdr', 'func_channel', 'cdr_csv', 'res_format_attr_opus',
];

function configFiles(dir: string, options: PbxOptions, ports: { httpPort: number; sipPort: number; carrierPort: number }): Record<string, string> {
  const etc = path.join(dir, 'etc');
  const { corpId } = options.corp;
  const trunk = trunkEndpointName(options.trunkNumber);
  const phones = options.phones ? options.corp.extensions : [];
  const endpoint = (n: string) => `${corpId}_${n}`;
  const pjsipPhones = phones
    .map(
      (n) => `[${endpoint(n)}]
type = endpoint
transport = transport-udp
context = c${corpId}-internal
accountcode = ${corpId}
callerid = "Ext ${n}" <${n}>
disallow = all
allow = ulaw
direct_media = no
rtp_symmetric = yes
force_rport = yes
auth = ${endpoint(n)}
aors = ${endpoint(n)}
[${endpoint(n)}]
type = auth
auth_type = userpass
username = ${endpoint(n)}
password = ${phonePassword(n)}
[${endpoint(n)}]
type = aor
max_contacts = 1
remove_existing = yes
qualify_frequency = 0
default_expiration = 3600
`,
    )
    .join('');
  const carrier = options.phones
    ? `[${corpId}_carrier]
type = endpoint
transport = transport-udp
context = c${corpId}-inbound
accountcode = ${corpId}
disallow = all
allow = ulaw
direct_media = no
rtp_symmetric = yes
[${corpId}_carrier]
type = identify
endpoint = ${corpId}_carrier
match = 127.0.0.2
`
    : '';
  const queues = options.corp.queues
    .map(
      (q) =>
        `[${corpId}_${q.id}]\nstrategy = ${q.strategy}\njoinempty = yes\nleavewhenempty = no\nringinuse = no\nretry = 1\ntimeout = ${q.timeoutSec ?? 15}\nwrapuptime = 0\nservicelevel = 30\n` +
        (options.phones ? q.members.map((m) => `member => PJSIP/${endpoint(m)},0,Ext ${m},PJSIP/${endpoint(m)}\n`).join('') : ''),
    )
    .join('');
  const internal = options.phones
    ? `[c${corpId}-internal]
exten => _X.,1,Dial(PJSIP/${corpId}_${'${EXTEN}'},30)
 same => n,Hangup()
exten => _6X,1,Goto(c${corpId}-queues,${'${EXTEN:1}'},1)
exten => 778,1,Answer()
 same => n,Wait(20)
 same => n,Hangup()
${(options.routes ?? [])
  .map((r) => `exten => ${sipRouteDialPattern(r.pattern)},1,NoOp(SIP route ${r.pattern})\n same => n,Dial(PJSIP/${translationExpression(r.pattern, r.translation)}@${trunk},60)\n same => n,Hangup()\n`)
  .join('')}exten => _0X.,1,NoOp(out by the preferred trunk)
 same => n,Dial(PJSIP/${'${EXTEN}'}@${trunk},60)
 same => n,Hangup()
`
    : '';
  // where every trunk endpoint delivers since migration 0026, as server/asterisk/dialplan.ts
  // (trunkDispatchContext) generates it: the DID's owner as the accountcode, then its c{corp}-inbound
  const dispatch = `[${TRUNK_INBOUND_CONTEXT}]
exten => ${options.trunkNumber},1,Set(CHANNEL(accountcode)=${corpId})
 same => n,Goto(c${corpId}-inbound,${'${EXTEN}'},1)
exten => _[0-9+*#a-zA-Z].,1,Goto(c${'${CHANNEL(accountcode)}'}-inbound,${'${EXTEN}'},1)
`;
  const inbound = options.phones ? `exten => _X.,1,Goto(c${corpId}-queues,${'${EXTEN:-1}'},1)\n` : '';
  return {
    'asterisk.conf': `[directories]
astetcdir => ${etc}
astmoddir => ${MODULES}
astvarlibdir => /var/lib/asterisk
astdbdir => ${dir}/db
astkeydir => ${dir}/db
astdatadir => /var/lib/asterisk
astagidir => /var/lib/asterisk/agi-bin
astspooldir => ${dir}/spool
astrundir => ${dir}/run
astlogdir => ${dir}/log
astsbindir => /usr/sbin
[options]
verbose = 1
`,
    'modules.conf': `[modules]\nautoload = no\n${MODULE_LIST.map((m) => `load => ${m}.so`).join('\n')}\n`,
    'logger.conf': '[general]\nqueue_log = yes\nqueue_log_name = queue_log\n[logfiles]\nmessages.log => notice,warning,error\n',
    'http.conf': `[general]\nenabled = yes\nbindaddr = 127.0.0.1\nbindport = ${ports.httpPort}\n`,
    'ari.conf': '[general]\nenabled = yes\npretty = no\n[callboard]\ntype = user\nread_only = no\npassword = callboard\npassword_format = plain\n',
    'cdr.conf': '[general]\nenable = yes\nunanswered = yes\n[csv]\nusegmtime = yes\nloguniqueid = yes\nloguserfield = yes\naccountlogs = no\n',
    'rtp.conf': '[general]\nrtpstart = 30000\nrtpend = 30999\n',
    'musiconhold.conf': '[general]\n',
    'queues.conf': `[general]\npersistentmembers = no\nshared_lastcall = yes\n${queues}`,
    'pjsip.conf': `[global]
type = global
endpoint_identifier_order = ip,username
[transport-udp]
type = transport
protocol = udp
bind = 127.0.0.1:${ports.sipPort}
[${trunk}]
type = endpoint
transport = transport-udp
context = ${TRUNK_INBOUND_CONTEXT}
disallow = all
allow = ulaw
direct_media = no
accountcode = ${corpId}
aors = ${trunk}
[${trunk}]
type = aor
contact = sip:127.0.0.1:${ports.carrierPort}
${carrier}${pjsipPhones}`,
    'extensions.conf': `[general]
static = yes
${internal}${dispatch}[c${corpId}-inbound]
${inbound}[c${corpId}-queues]
exten => _X,1,Answer()
 same => n,Queue(${corpId}_${'${EXTEN}'},t,,,120)
 same => n,Hangup()
`,
  };
}

export async function startPbx(options: PbxOptions): Promise<RealAsterisk> {
  const dir = mkdtempSync(path.join(tmpdir(), 'callboard-asterisk-'));
  const etc = path.join(dir, 'etc');
  for (const d of ['etc', 'run', 'log', 'log/cdr-csv', 'spool', 'db', 'sounds']) mkdirSync(path.join(dir, d), { recursive: true });
  const ports = { httpPort: await freeTcpPort(), sipPort: await freeUdpPort(), carrierPort: await freeUdpPort() };
  for (const [name, text] of Object.entries(configFiles(dir, options, ports))) writeFileSync(path.join(etc, name), text);
  const conf = path.join(etc, 'asterisk.conf');
  const ariUrl = `http://127.0.0.1:${ports.httpPort}`;
  const auth = `Basic ${Buffer.from('callboard:callboard').toString('base64')}`;
  let child: ChildProcess | null = null;
  let exited = true;
  let output = '';

  const ariUp = () =>
    fetch(`${ariUrl}/ari/asterisk/ping`, { headers: { authorization: auth }, signal: AbortSignal.timeout(1000) })
      .then((r) => r.ok)
      .catch(() => false);

  async function boot(): Promise<void> {
    const started = spawn(ASTERISK, ['-C', conf, '-f', '-n'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    exited = false;
    output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    started.once('exit', () => {
      if (child === started) exited = true;
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (exited) throw new Error(`Asterisk exited at start: ${output}`);
      if (await ariUp()) break;
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`Asterisk did not answer ARI within 20 s: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function halt(): Promise<void> {
    const running = child;
    if (!running || exited) return;
    const gone = new Promise<boolean>((resolve) => running.once('exit', () => resolve(true)));
    spawnSync(ASTERISK, ['-C', conf, '-rx', 'core stop now'], { timeout: 5000 });
    const stopped = await Promise.race([gone, new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
    if (!stopped) {
      running.kill('SIGKILL');
      await gone;
    }
    exited = true;
  }

  await boot();
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  return {
    ariUrl,
    user: 'callboard',
    password: 'callboard',
    carrierPort: ports.carrierPort,
    sipPort: ports.sipPort,
    dir,
    cdrRows: () =>
      read(path.join(dir, 'log', 'cdr-csv', 'Master.csv'))
        .split('\n')
        .filter(Boolean)
        .map(csvLine),
    queueLog: () => read(path.join(dir, 'log', 'queue_log')).split('\n').filter(Boolean),
    carrier(scenario: string) {
      const sipp = spawn('sipp', ['-sf', scenario, '-i', '127.0.0.1', '-p', String(ports.carrierPort), '-m', '1', '-nostdin'], { cwd: dir, stdio: 'ignore' });
      const done = new Promise<number>((resolve) => sipp.once('exit', (code) => resolve(code ?? -1)));
      return { done, stop: () => void sipp.kill('SIGTERM') };
    },
    rx: (command: string) => spawnSync(ASTERISK, ['-C', conf, '-rx', command], { timeout: 5000, encoding: 'utf8' }).stdout ?? '',
    ariUp,
    halt,
    boot,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** one line of cdr_csv's Master.csv: quoted strings ("" for a quote) and bare numbers */
function csvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      out.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      out.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return out;
}

/** Callboard's ARI adapter on the kit's Asterisk as app `callboard`, every event pushed to `events`, once connected */
export async function connectAdapter(pbx: RealAsterisk, events: AriEvent[]): Promise<AriAdapter> {
  const adapter = createAriAdapter({ url: pbx.ariUrl, user: pbx.user, password: pbx.password, app: 'callboard' });
  adapter.events$.subscribe((e) => events.push(e));
  await adapter.start();
  await waitFor('the ARI event stream', () => adapter.stats().connected, 10_000);
  return adapter;
}
