/**
 * A real Asterisk configured by Callboard itself (server/asterisk: the files `npm run asterisk:config`
 * writes) on a throwaway PostgreSQL database of the server fixture: realtime PJSIP and queues from the
 * views of migration 0008, CDR and queue_log into Callboard's tables. Its own folders and ports (HTTP,
 * SIP, RTP), so it runs beside the ARI suites' Asterisks. sipp plays the phones: one answering sipp on
 * `phonePort`, where every registered phone's contact points.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asteriskConfigFiles, parseDatabaseUrl, STOCK_DIRECTORIES } from '../../../../server/asterisk/config';
import { wav } from '../../fixtures/sounds';
import { freeTcpPort, freeUdpPort, KIT_SIPP } from '../ari/real-asterisk';

const ASTERISK = '/usr/sbin/asterisk';

export interface CallboardAsterisk {
  dir: string;
  sipPort: number;
  /** ARI of this Asterisk (user callboard, password callboard) */
  ariUrl: string;
  /** its manager interface (AMI, 127.0.0.1, the same user) */
  amiPort: number;
  /** the included dialplan file (extensions_callboard.conf) when started with one */
  includeFile: string;
  /** where the phones' answering sipp listens (their registered contact) */
  phonePort: number;
  rx(command: string): string;
  /** REGISTERs `{corpId}_{number}` with its password from the phones' port (no phone sipp may run yet); resolves with sipp's exit code */
  register(endpoint: string, password: string): Promise<number>;
  /** starts the answering phones (uas.xml) on phonePort */
  startPhones(): void;
  /**
   * `endpoint` calls `target`, talks `talkMs` after the 200 OK, hangs up; resolves with sipp's exit code.
   * `audio`: a file of raw G.711 µ-law (PCMU) bytes sipp streams as RTP while it talks (the phones send none otherwise)
   */
  call(endpoint: string, password: string, target: string, talkMs: number, audio?: string): Promise<number>;
  /**
   * a carrier behind a trunk (sipp from 127.0.0.2, no auth) calls `did` as `caller`, stays `talkMs` after the 200 OK; sipp's exit code.
   * `dtmf`: keys sent as SIP INFO (application/dtmf-relay) 800 ms after the answer, one by one;
   * `audio`: raw µ-law bytes streamed as the caller's voice, as for `call`.
   */
  carrierCall(did: string, caller: string, talkMs: number, dtmf?: string, audio?: string): Promise<number>;
  /** a carrier (sipp uas.xml on 127.0.0.2:`port`) that answers `calls` calls from Asterisk, then exits; its exit code */
  carrierAnswers(port: number, calls: number): { done: Promise<number>; stop(): void };
  /** writes a new extensions.conf and reloads the dialplan */
  reloadDialplan(text: string): void;
  /** the last lines of Asterisk's messages.log (40, or KEEP_ASTERISK_LOG_LINES when debugging) */
  log(): string;
  stop(): Promise<void>;
}

/**
 * The prompts VoiceMail() plays before it records (the kit has no sounds, and a prompt that cannot be
 * played ends the call): short tones under this Asterisk's own sounds folder.
 */
const PROMPTS = ['beep', 'vm-intro', 'vm-theperson', 'vm-isunavail', 'vm-isonphone', ...Array.from({ length: 10 }, (_, d) => `digits/${d}`)];

/** A data folder of this Asterisk: the stock one's entries linked, and a sounds folder of its own with PROMPTS. */
function dataFolder(dir: string): string {
  const data = path.join(dir, 'data');
  mkdirSync(data, { recursive: true });
  for (const entry of readdirSync(STOCK_DIRECTORIES.astdatadir)) if (entry !== 'sounds') symlinkSync(path.join(STOCK_DIRECTORIES.astdatadir, entry), path.join(data, entry));
  for (const prompt of PROMPTS) {
    const file = path.join(data, 'sounds', 'en', `${prompt}.wav`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, wav({ seconds: 0.2, tone: true }));
  }
  return data;
}

/** Runs sipp (or another tool) to its end; when it fails, what it said is printed, as a test only sees the exit code. */
function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    // stderr only: sipp's screen of counters on stdout says nothing of why
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString('utf8')).slice(-3000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) console.warn(`[callboard-asterisk] ${cmd} ${args.join(' ')} exited ${code}:\n${said.trim().slice(-1500)}`);
      resolve(code ?? -1);
    });
  });
}

/** The INFO requests of `dtmf` (one per key) and the BYE's CSeq after them, for the kit's uac-trunk scenario. */
function dtmfSteps(dtmf: string): { steps: string; byeCseq: number } {
  const steps = [...dtmf]
    .map(
      (key, i) => `  <pause milliseconds="${i === 0 ? 800 : 400}"/>
  <send retrans="500">
    <![CDATA[
      INFO sip:[field0]@127.0.0.1:5060 SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: "Customer [field1]" <sip:[field1]@[local_ip]>;tag=[pid]SIPpTag07[call_number]
      [last_To:]
      Call-ID: [call_id]
      CSeq: ${i + 2} INFO
      Contact: <sip:[field1]@[local_ip]:[local_port]>
      Max-Forwards: 70
      Content-Type: application/dtmf-relay
      Content-Length: [len]

      Signal=${key}
      Duration=160

    ]]>
  </send>
  <recv response="200"/>
`,
    )
    .join('');
  return { steps, byeCseq: dtmf.length + 2 };
}

export async function startCallboardAsterisk(databaseUrl: string, dialplan: string, dialplanContexts?: string): Promise<CallboardAsterisk> {
  const dir = mkdtempSync(path.join(tmpdir(), 'callboard-asterisk-rt-'));
  for (const d of ['etc', 'run', 'log', 'spool', 'db', 'sipp']) mkdirSync(path.join(dir, d), { recursive: true });
  const data = dataFolder(dir);
  const httpPort = await freeTcpPort();
  const amiPort = await freeTcpPort();
  const sipPort = await freeUdpPort();
  const phonePort = await freeUdpPort();
  // RTP: a range of its own (the ARI suites use 30000-30999)
  const rtpStart = 32000 + 2 * (process.pid % 900);
  const files = asteriskConfigFiles({
    database: parseDatabaseUrl(databaseUrl),
    ari: { user: 'callboard', password: 'callboard', bindAddr: '127.0.0.1', port: httpPort },
    amiPort,
    sipBind: `127.0.0.1:${sipPort}`,
    dialplan,
    dialplanContexts,
    rtp: { start: rtpStart, end: rtpStart + 99 },
    directories: {
      astetcdir: path.join(dir, 'etc'),
      astdbdir: path.join(dir, 'db'),
      astkeydir: path.join(dir, 'db'),
      astspooldir: path.join(dir, 'spool'),
      astdatadir: data,
      astrundir: path.join(dir, 'run'),
      astlogdir: path.join(dir, 'log'),
    },
  });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'etc', name), text);
  // the kit's phone scenarios, with a short talk time
  const uac = readFileSync(path.join(KIT_SIPP, 'uac-ext.xml'), 'utf8').replace(/<pause distribution="uniform"[^>]*\/>/, '<pause milliseconds="TALK_MS"/>');
  writeFileSync(path.join(dir, 'sipp', 'uac.xml'), uac);
  const uacTrunk = readFileSync(path.join(KIT_SIPP, 'uac-trunk.xml'), 'utf8').replace(/<pause distribution="uniform"[^>]*\/>/, '<pause milliseconds="TALK_MS"/>');
  const conf = path.join(dir, 'etc', 'asterisk.conf');
  const rx = (command: string) => spawnSync(ASTERISK, ['-C', conf, '-rx', command], { timeout: 5000, encoding: 'utf8' }).stdout ?? '';

  const child: ChildProcess = spawn(ASTERISK, ['-C', conf, '-f', '-n'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) throw new Error(`Asterisk exited at start: ${output}`);
    if (rx('core show version').includes('Asterisk') && rx('module show like res_pjsip.so').includes('Running')) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Asterisk did not start within 20 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  let phones: ChildProcess | null = null;
  return {
    dir,
    sipPort,
    ariUrl: `http://127.0.0.1:${httpPort}`,
    amiPort,
    includeFile: path.join(dir, 'etc', 'extensions_callboard.conf'),
    phonePort,
    rx,
    register: (endpoint, password) =>
      run(
        'sipp',
        [`127.0.0.1:${sipPort}`, '-sf', path.join(KIT_SIPP, 'register.xml'), '-i', '127.0.0.1', '-p', String(phonePort), '-s', endpoint, '-au', endpoint, '-ap', password, '-m', '1', '-nostdin', '-timeout', '10s'],
        path.join(dir, 'sipp'),
        15_000,
      ),
    startPhones() {
      phones = spawn('sipp', ['-sf', path.join(KIT_SIPP, 'uas.xml'), '-i', '127.0.0.1', '-p', String(phonePort), '-aa', '-nostdin'], { cwd: path.join(dir, 'sipp'), stdio: 'ignore' });
    },
    call(endpoint, password, target, talkMs, audio) {
      const scenario = path.join(dir, 'sipp', `uac-${talkMs}${audio ? '-audio' : ''}.xml`);
      const talk = `<pause milliseconds="${talkMs}"/>`;
      const stream = audio ? `<nop><action><exec rtp_stream="${audio},-1,0"/></action></nop>` : '';
      writeFileSync(scenario, readFileSync(path.join(dir, 'sipp', 'uac.xml'), 'utf8').replace('<pause milliseconds="TALK_MS"/>', `${stream}${talk}`));
      const csv = path.join(dir, 'sipp', `target-${target.replace(/\W/g, '_')}.csv`);
      writeFileSync(csv, `SEQUENTIAL\n${target}\n`);
      return run(
        'sipp',
        [`127.0.0.1:${sipPort}`, '-sf', scenario, '-inf', csv, '-i', '127.0.0.1', '-p', '0', '-s', endpoint, '-au', endpoint, '-ap', password, '-m', '1', '-nostdin', '-timeout', '40s'],
        path.join(dir, 'sipp'),
        45_000,
      );
    },
    carrierCall(did, caller, talkMs, dtmf = '', audio) {
      const scenario = path.join(dir, 'sipp', `uac-trunk-${talkMs}-${dtmf.replace(/\W/g, '_')}${audio ? '-audio' : ''}.xml`);
      const { steps, byeCseq } = dtmfSteps(dtmf);
      const stream = audio ? `<nop><action><exec rtp_stream="${audio},-1,0"/></action></nop>` : '';
      writeFileSync(scenario, uacTrunk.replace('<pause milliseconds="TALK_MS"/>', `${stream}${steps}<pause milliseconds="${talkMs}"/>`).replace('CSeq: 2 BYE', `CSeq: ${byeCseq} BYE`));
      const csv = path.join(dir, 'sipp', `trunk-${did}.csv`);
      writeFileSync(csv, `SEQUENTIAL\n${did};${caller}\n`);
      return run('sipp', [`127.0.0.1:${sipPort}`, '-sf', scenario, '-inf', csv, '-i', '127.0.0.2', '-p', '0', '-m', '1', '-nostdin', '-timeout', '40s'], path.join(dir, 'sipp'), 45_000);
    },
    carrierAnswers(port, calls) {
      const child = spawn('sipp', ['-sf', path.join(KIT_SIPP, 'uas.xml'), '-i', '127.0.0.2', '-p', String(port), '-m', String(calls), '-nostdin', '-timeout', '60s'], { cwd: path.join(dir, 'sipp'), stdio: 'ignore' });
      const done = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
      return { done, stop: () => child.kill('SIGTERM') };
    },
    reloadDialplan(text) {
      writeFileSync(path.join(dir, 'etc', 'extensions.conf'), text);
      rx('dialplan reload');
    },
    log: () => {
      try {
        return readFileSync(path.join(dir, 'log', 'messages.log'), 'utf8').split('\n').slice(-Number(process.env.KEEP_ASTERISK_LOG_LINES ?? 40)).join('\n');
      } catch {
        return '';
      }
    },
    async stop() {
      phones?.kill('SIGTERM');
      if (!exited) {
        spawnSync(ASTERISK, ['-C', conf, '-rx', 'core stop now'], { timeout: 5000 });
        const stopped = await Promise.race([gone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
        if (!stopped) {
          child.kill('SIGKILL');
          await gone;
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
