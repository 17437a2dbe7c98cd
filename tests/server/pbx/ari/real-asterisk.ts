/**
 * A real Asterisk for the ARI tests (../shared/asterisk: `bash install.sh` once), started in its own
 * folders and ports so it never meets another Asterisk on the machine, with sipp playing the carrier
 * behind a trunk endpoint. `asteriskSkipReason` says why these tests cannot run here (printed by the
 * suite), null when they can.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trunkEndpointName } from '../../../../domain';

const ASTERISK = '/usr/sbin/asterisk';
const MODULES = '/usr/lib/asterisk/modules';
export const KIT_SIPP = path.resolve(fileURLToPath(new URL('../../../../../shared/asterisk/sipp', import.meta.url)));
export const OUR_SIPP = fileURLToPath(new URL('./sipp', import.meta.url));

function which(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

export const asteriskSkipReason: string | null = !existsSync(ASTERISK)
  ? `no Asterisk at ${ASTERISK} (bash ../shared/asterisk/install.sh installs it)`
  : !which('sipp')
    ? 'no sipp (sip-tester) on this machine'
    : !existsSync(path.join(KIT_SIPP, 'uas.xml'))
      ? `the kit's sipp scenarios are not at ${KIT_SIPP}`
      : null;

async function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
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
  dir: string;
  /** cdr_csv's rows so far (Master.csv) */
  cdrRows(): string[][];
  /** the queue_log file's lines so far */
  queueLog(): string[];
  /** runs sipp with a scenario as the carrier for one call; resolves with its exit code */
  carrier(scenario: string): { done: Promise<number>; stop(): void };
  stop(): Promise<void>;
}

/** A trunk `trunk_{number}` whose carrier is sipp on 127.0.0.1:{carrierPort}; accountcode the corp. */
export async function startAsterisk(trunkNumber: string, corpId: number): Promise<RealAsterisk> {
  const dir = mkdtempSync(path.join(tmpdir(), 'callboard-asterisk-'));
  const etc = path.join(dir, 'etc');
  for (const d of ['etc', 'run', 'log', 'log/cdr-csv', 'spool', 'db', 'sounds']) mkdirSync(path.join(dir, d), { recursive: true });
  const [httpPort, sipPort, carrierPort] = [await freeTcpPort(), await freeUdpPort(), await freeUdpPort()];
  const files: Record<string, string> = {
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
    // what these tests need, not more (an autoload would want the configuration of everything)
    'modules.conf': `[modules]
autoload = no
${[
  'res_sorcery_config', 'res_sorcery_memory', 'res_sorcery_astdb', 'res_pjproject', 'res_pjsip', 'res_pjsip_session', 'chan_pjsip', 'res_pjsip_sdp_rtp', 'res_pjsip_caller_id',
  'res_pjsip_endpoint_identifier_ip', 'res_pjsip_pubsub', 'res_pjsip_authenticator_digest', 'res_pjsip_outbound_authenticator_digest', 'res_pjsip_nat', 'res_pjsip_rfc3326',
  'res_rtp_asterisk', 'res_timing_timerfd', 'res_http_websocket', 'res_websocket_client', 'res_ari', 'res_ari_model', 'res_ari_channels', 'res_ari_events', 'res_ari_playbacks', 'res_ari_applications', 'res_ari_asterisk', 'res_ari_bridges',
  'res_ari_endpoints', 'res_ari_device_states', 'res_stasis', 'res_stasis_answer', 'res_stasis_playback', 'res_stasis_device_state', 'res_stasis_recording', 'res_stasis_snoop',
  'res_musiconhold', 'bridge_simple', 'bridge_native_rtp', 'bridge_softmix', 'bridge_holding', 'pbx_config', 'app_playback', 'app_queue', 'app_dial', 'app_stasis', 'format_wav',
  'format_pcm', 'codec_ulaw', 'codec_alaw', 'func_callerid', 'func_cdr', 'func_channel', 'cdr_csv', 'res_format_attr_opus',
]
  .map((m) => `load => ${m}.so`)
  .join('\n')}
`,
    'logger.conf': '[general]\nqueue_log = yes\nqueue_log_name = queue_log\n[logfiles]\nmessages.log => notice,warning,error\n',
    'http.conf': `[general]\nenabled = yes\nbindaddr = 127.0.0.1\nbindport = ${httpPort}\n`,
    'ari.conf': '[general]\nenabled = yes\npretty = no\n[callboard]\ntype = user\nread_only = no\npassword = callboard\npassword_format = plain\n',
    'cdr.conf': '[general]\nenable = yes\nunanswered = yes\n[csv]\nusegmtime = yes\nloguniqueid = yes\nloguserfield = yes\naccountlogs = no\n',
    'rtp.conf': '[general]\nrtpstart = 30000\nrtpend = 30999\n',
    'musiconhold.conf': '[general]\n',
    'queues.conf': '[general]\npersistentmembers = no\n[2_1]\nstrategy = ringall\njoinempty = yes\nleavewhenempty = no\n',
    'pjsip.conf': `[global]
type = global
endpoint_identifier_order = ip
[transport-udp]
type = transport
protocol = udp
bind = 127.0.0.1:${sipPort}
[${trunkEndpointName(trunkNumber)}]
type = endpoint
transport = transport-udp
context = c${corpId}-inbound
disallow = all
allow = ulaw
direct_media = no
accountcode = ${corpId}
aors = ${trunkEndpointName(trunkNumber)}
[${trunkEndpointName(trunkNumber)}]
type = aor
contact = sip:127.0.0.1:${carrierPort}
`,
    'extensions.conf': `[general]
static = yes
[c${corpId}-inbound]
[c${corpId}-queues]
exten => 1,1,Answer()
 same => n,Queue(${corpId}_1,t,,,120)
 same => n,Hangup()
`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(etc, name), text);
  const conf = path.join(etc, 'asterisk.conf');
  const child: ChildProcess = spawn(ASTERISK, ['-C', conf, '-f', '-n'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const ariUrl = `http://127.0.0.1:${httpPort}`;
  const auth = `Basic ${Buffer.from('callboard:callboard').toString('base64')}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) throw new Error(`Asterisk exited at start: ${output}`);
    const ok = await fetch(`${ariUrl}/ari/asterisk/ping`, { headers: { authorization: auth } })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Asterisk did not answer ARI within 20 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  return {
    ariUrl,
    user: 'callboard',
    password: 'callboard',
    carrierPort,
    dir,
    cdrRows: () =>
      read(path.join(dir, 'log', 'cdr-csv', 'Master.csv'))
        .split('\n')
        .filter(Boolean)
        .map(csvLine),
    queueLog: () => read(path.join(dir, 'log', 'queue_log')).split('\n').filter(Boolean),
    carrier(scenario: string) {
      const sipp = spawn('sipp', ['-sf', scenario, '-i', '127.0.0.1', '-p', String(carrierPort), '-m', '1', '-nostdin'], { cwd: dir, stdio: 'ignore' });
      const done = new Promise<number>((resolve) => sipp.once('exit', (code) => resolve(code ?? -1)));
      return { done, stop: () => void sipp.kill('SIGTERM') };
    },
    async stop() {
      if (!exited) {
        spawnSync(ASTERISK, ['-C', conf, '-rx', 'core stop now'], { timeout: 5000 });
        const gone = await Promise.race([new Promise((r) => child.once('exit', r)).then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
        if (!gone) child.kill('SIGKILL');
      }
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
