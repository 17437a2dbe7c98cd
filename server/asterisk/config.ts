/**
 * The static configuration of an Asterisk that serves Callboard (ARCHITECTURE "Asterisk integration"):
 * everything Asterisk needs besides what it reads from Callboard's PostgreSQL at run time.
 *
 *   - res_pgsql.conf, extconfig.conf, sorcery.conf: PJSIP endpoints, auths, aors, trunk identifies and
 *     registrations, queues and queue members come from the realtime views of migration
 *     0008_asterisk_realtime (ps_endpoints, ps_auths, ps_aors, ps_endpoint_id_ips, ps_registrations,
 *     queues, queue_members), looked up when needed: a new extension or queue member works at once;
 *   - cdr.conf + cdr_pgsql.conf: call records into `cdr` through the view `asterisk_cdr`; logger.conf +
 *     extconfig `queue_log`: queue history into `queue_log` through `asterisk_queue_log` (the views'
 *     triggers set the corp from the accountcode / the `{corpId}_` of the name);
 *   - pjsip.conf (transports only), http.conf + ari.conf (the ARI user Callboard connects with),
 *     queues.conf (general options: the queues themselves are realtime), confbridge.conf (the MeetMe
 *     feature's rooms), modules.conf, asterisk.conf;
 *   - extensions.conf: the dialplan generated from Callboard's data (dialplan.ts).
 *
 *   - extensions_callboard.conf: the corps' contexts, included by extensions.conf, which the server
 *     rewrites and reloads after every change (dialplan-sync.ts).
 *
 * Pure: the caller (scripts/asterisk-config.ts, the tests) reads the environment and the database.
 */
import { DND_FAMILY } from './features';
import { INTEGRATION_FAMILY, INTEGRATION_VIEW } from './integration-dialplan';
import { VOICEMAIL_MESSAGE_FAMILY, VOICEMAIL_MESSAGE_VIEW, VOICEMAIL_POLL_SECONDS } from './voicemail';

/** The file Asterisk's extensions.conf includes: the corps' contexts, rewritten by the server after every change. */
export const DIALPLAN_INCLUDE_FILE = 'extensions_callboard.conf';
/** The hold music classes (server/asterisk/dialplan.ts generateMohClasses), which musiconhold.conf includes. */
export const MOH_INCLUDE_FILE = 'musiconhold_callboard.conf';

/** A PostgreSQL connection as Asterisk's pgsql modules take it. */
export interface PgConnection {
  host: string;
  port: number;
  dbname: string;
  user: string;
  password: string;
  /** a Unix socket folder instead of a TCP host */
  socket?: string;
}

/** `postgres://user:pass@host:port/db` (also `?host=/var/run/postgresql` for a socket). */
export function parseDatabaseUrl(url: string): PgConnection {
  const u = new URL(url);
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new Error(`DATABASE_URL must be a postgres:// URL (got ${u.protocol})`);
  const socket = u.searchParams.get('host') ?? (u.hostname === '' ? '/var/run/postgresql' : undefined);
  return {
    host: u.hostname || 'localhost',
    port: u.port ? Number(u.port) : 5432,
    dbname: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
    user: decodeURIComponent(u.username) || 'postgres',
    password: decodeURIComponent(u.password),
    ...(socket && socket.startsWith('/') ? { socket } : {}),
  };
}

/** Where Asterisk keeps its files (asterisk.conf [directories]). */
export interface AsteriskDirectories {
  astetcdir: string;
  astmoddir: string;
  astvarlibdir: string;
  astdbdir: string;
  astkeydir: string;
  astdatadir: string;
  astagidir: string;
  astspooldir: string;
  astrundir: string;
  astlogdir: string;
  astsbindir: string;
}

export const STOCK_DIRECTORIES: AsteriskDirectories = {
  astetcdir: '/etc/asterisk',
  astmoddir: '/usr/lib/asterisk/modules',
  astvarlibdir: '/var/lib/asterisk',
  astdbdir: '/var/lib/asterisk',
  astkeydir: '/var/lib/asterisk',
  astdatadir: '/var/lib/asterisk',
  astagidir: '/var/lib/asterisk/agi-bin',
  astspooldir: '/var/spool/asterisk',
  astrundir: '/var/run/asterisk',
  astlogdir: '/var/log/asterisk',
  astsbindir: '/usr/sbin',
};

/**
 * Where Asterisk's SIP transports listen unless ASTERISK_SIP_BIND says otherwise (I-SEC-01): loopback
 * only. Phones on other machines are a decision to take (strong SIP passwords, a firewall, the
 * address of the network the phones are on), not what a first `asterisk:config` does: 0.0.0.0:5060
 * with guessable passwords is the classic toll-fraud door.
 */
export const DEFAULT_SIP_BIND = '127.0.0.1:5060';
const SIP_PORT = 5060;
const TLS_PORT = 5061;

/** `host:port` of an IPv4 address, a bracketed IPv6 one, or the address alone (the standard port). */
function bindAddress(name: string, raw: string, defaultPort: number): { host: string; port: number } {
  const match = /^(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?$/.exec(raw.trim());
  const port = match?.[2] === undefined ? defaultPort : Number(match[2]);
  const octets = match && !match[1].startsWith('[') ? match[1].split('.').map(Number) : [];
  if (!match || octets.some((o) => o > 255) || port < 1 || port > 65535) {
    throw new Error(`${name} must be an IP address and port, e.g. 127.0.0.1:5060, 192.168.1.10:5060 or [::1]:5060 (got "${raw}")`);
  }
  return { host: match[1], port };
}

/**
 * The UDP and TLS transports' bind addresses from the environment: ASTERISK_SIP_BIND (default
 * DEFAULT_SIP_BIND) and ASTERISK_TLS_BIND (default the SIP address's host on port 5061, so TLS is no
 * wider than UDP). Throws a message naming the setting when one is not an address.
 */
export function sipBindsFromEnv(env: Record<string, string | undefined>): { sipBind: string; tlsBind: string } {
  const sip = bindAddress('ASTERISK_SIP_BIND', env.ASTERISK_SIP_BIND?.trim() || DEFAULT_SIP_BIND, SIP_PORT);
  const tls = env.ASTERISK_TLS_BIND?.trim() ? bindAddress('ASTERISK_TLS_BIND', env.ASTERISK_TLS_BIND, TLS_PORT) : { host: sip.host, port: TLS_PORT };
  return { sipBind: `${sip.host}:${sip.port}`, tlsBind: `${tls.host}:${tls.port}` };
}

export interface AsteriskConfigOptions {
  database: PgConnection;
  /** the ARI user Callboard connects with (ARI_USER / ARI_PASSWORD) and the HTTP server it answers on (from ARI_URL) */
  ari: { user: string; password: string; bindAddr: string; port: number };
  /**
   * the manager interface (AMI) beside ARI, for queue members' pauses and status (G-PAU, G-AGS): same
   * user and password, on ARI's address, port 5038 unless given (AMI_PORT)
   */
  amiPort?: number;
  /** the PJSIP UDP transport's bind address, `host:port` (sipBindsFromEnv: 127.0.0.1:5060 unless ASTERISK_SIP_BIND) */
  sipBind: string;
  /** a TLS transport for extensions of port type TLS: the certificate and key files (none: no TLS transport) */
  tls?: { certFile: string; keyFile: string; bind: string } | null;
  /** the generated dialplan (extensions.conf): whole, or dialplanMainFile() that includes dialplanContexts */
  dialplan: string;
  /** the corps' contexts, written to extensions_callboard.conf (DIALPLAN_INCLUDE_FILE) for extensions.conf to include */
  dialplanContexts?: string;
  /** the hold music classes, written to musiconhold_callboard.conf (MOH_INCLUDE_FILE) for musiconhold.conf to include */
  mohClasses?: string;
  directories?: Partial<AsteriskDirectories>;
  /** the RTP port range (default 10000-20000) */
  rtp?: { start: number; end: number };
  /** extra modules to load */
  extraModules?: string[];
}

/** The modules a Callboard PBX uses, not more: autoload would want the configuration of everything. */
export const ASTERISK_MODULES = [
  // realtime and records
  'res_config_pgsql', 'cdr_pgsql', 'func_cdr',
  // PJSIP
  'res_sorcery_config', 'res_sorcery_memory', 'res_sorcery_astdb', 'res_sorcery_realtime', 'res_pjproject', 'res_pjsip', 'res_pjsip_session', 'chan_pjsip',
  'res_pjsip_sdp_rtp', 'res_pjsip_caller_id', 'res_pjsip_endpoint_identifier_ip', 'res_pjsip_endpoint_identifier_user', 'res_pjsip_registrar',
  'res_pjsip_pubsub', 'res_pjsip_authenticator_digest', 'res_pjsip_outbound_authenticator_digest', 'res_pjsip_outbound_registration', 'res_pjsip_nat',
  'res_pjsip_rfc3326', 'res_pjsip_dtmf_info', 'res_pjsip_transport_websocket', 'res_pjsip_exten_state', 'res_pjsip_outbound_publish', 'res_pjsip_mwi', 'res_pjsip_mwi_body_generator', 'res_pjsip_dialog_info_body_generator',
  'res_pjsip_pidf_body_generator', 'res_pjsip_xpidf_body_generator', 'res_pjsip_dlg_options', 'res_pjsip_refer', 'res_pjsip_logger',
  'res_rtp_asterisk', 'res_srtp', 'res_timing_timerfd',
  // ARI (the console's live side)
  'res_http_websocket', 'res_websocket_client', 'res_ari', 'res_ari_model', 'res_ari_channels', 'res_ari_events', 'res_ari_playbacks', 'res_ari_applications',
  'res_ari_asterisk', 'res_ari_bridges', 'res_ari_endpoints', 'res_ari_device_states', 'res_ari_recordings', 'res_ari_sounds', 'res_stasis', 'res_stasis_answer',
  'res_stasis_playback', 'res_stasis_device_state', 'res_stasis_recording', 'res_stasis_snoop',
  // calls
  'res_musiconhold', 'bridge_simple', 'bridge_native_rtp', 'bridge_softmix', 'bridge_holding', 'pbx_config', 'app_dial', 'app_queue', 'app_playback',
  'app_stasis', 'app_mixmonitor', 'app_voicemail', 'res_adsi', 'res_smdi', 'app_echo', 'app_verbose', 'func_callerid', 'func_channel', 'func_strings', 'func_logic', 'func_global',
  // the generated dialplan: IVRs (TIMEOUT), speed dials (CUT); restrictions (Gosub, LOCAL, DIALPLAN_EXISTS, Authenticate)
  'func_timeout', 'func_cut', 'func_realtime', 'app_stack', 'func_dialplan', 'app_authenticate',
  // integrations (integration-dialplan.ts): the caller's digits (Read), the question over HTTP (CURL), its JSON answer
  'app_read', 'res_curl', 'func_curl', 'func_json',
  // the speed-dial features (features.ts): MeetMe, Pickup, ChanSpy / Whisper, Forward (AstDB), Reminder (call files)
  'app_confbridge', 'app_directed_pickup', 'app_chanspy', 'func_db', 'app_system', 'pbx_spool',
  'format_wav', 'format_pcm', 'format_gsm', 'codec_ulaw', 'codec_alaw', 'codec_gsm', 'res_format_attr_opus',
];

/** A configuration value on one line: `;` starts a comment in Asterisk's files. */
function value(text: string): string {
  if (/[\r\n]/.test(text)) throw new Error('a configuration value cannot span lines');
  return text.replace(/;/g, '\\;');
}

function pgsqlConnectionLines(db: PgConnection, keys: { host: string; port: string; dbname: string; user: string; password: string; socket?: string }): string {
  const lines = [
    `${keys.host} = ${value(db.host)}`,
    `${keys.port} = ${db.port}`,
    `${keys.dbname} = ${value(db.dbname)}`,
    `${keys.user} = ${value(db.user)}`,
    `${keys.password} = ${value(db.password)}`,
  ];
  if (db.socket && keys.socket) lines.push(`${keys.socket} = ${value(db.socket)}`);
  return lines.join('\n');
}

/** Realtime families and the views that serve them (migration 0008_asterisk_realtime). */
export const REALTIME_FAMILIES: Record<string, string> = {
  ps_endpoints: 'ps_endpoints',
  ps_auths: 'ps_auths',
  ps_aors: 'ps_aors',
  ps_endpoint_id_ips: 'ps_endpoint_id_ips',
  ps_registrations: 'ps_registrations',
  queues: 'queues',
  queue_members: 'queue_members',
  queue_log: 'asterisk_queue_log',
  voicemail: 'asterisk_voicemail',
  // messages left (the hangup handler after VoiceMail(), voicemail.ts): rows of Callboard's voicemail
  [VOICEMAIL_MESSAGE_FAMILY]: VOICEMAIL_MESSAGE_VIEW,
  // IVR choices (REALTIME_STORE in the generated IVRs), straight into Callboard's table
  ivr_log: 'ivr_log',
  // do-not-disturb per endpoint (features.ts DND, the extensions' check before they ring; migration 0018)
  [DND_FAMILY]: 'cb_dnd',
  // an integration's user:password, read by the call when it asks the host (integration-dialplan.ts)
  [INTEGRATION_FAMILY]: INTEGRATION_VIEW,
};

/** The files, by name. */
export function asteriskConfigFiles(options: AsteriskConfigOptions): Record<string, string> {
  const dirs = { ...STOCK_DIRECTORIES, ...options.directories };
  const db = options.database;
  const rtp = options.rtp ?? { start: 10000, end: 20000 };
  const header = (what: string) => `; ${what}\n; Written by \`npm run asterisk:config\` (Callboard, server/asterisk/config.ts): regenerate rather than edit.\n`;
  const modules = [...ASTERISK_MODULES, ...(options.extraModules ?? [])];
  const tls = options.tls
    ? `
[transport-tls]
type = transport
protocol = tls
bind = ${value(options.tls.bind)}
cert_file = ${value(options.tls.certFile)}
priv_key_file = ${value(options.tls.keyFile)}
method = tlsv1_2
`
    : `
; no transport-tls: extensions of port type TLS need ASTERISK_TLS_CERT and ASTERISK_TLS_KEY when this is written
`;
  return {
    'asterisk.conf': `${header('Asterisk directories and options')}[directories]
${Object.entries(dirs)
  .map(([k, v]) => `${k} => ${v}`)
  .join('\n')}

[options]
verbose = 1
`,
    'modules.conf': `${header('the modules Callboard uses')}[modules]
autoload = no
${modules.map((m) => `load => ${m}.so`).join('\n')}
`,
    'res_pgsql.conf': `${header('the PostgreSQL connection of realtime (Callboard\'s database)')}[general]
${pgsqlConnectionLines(db, { host: 'dbhost', port: 'dbport', dbname: 'dbname', user: 'dbuser', password: 'dbpass', socket: 'dbsock' })}
dbappname = asterisk
requirements = warn
`,
    'extconfig.conf': `${header('realtime families: Callboard\'s views (migration 0008_asterisk_realtime)')}[settings]
${Object.entries(REALTIME_FAMILIES)
  .map(([family, view]) => `${family} => pgsql,${value(db.dbname)}${view === family ? '' : `,${view}`}`)
  .join('\n')}
`,
    'sorcery.conf': `${header('PJSIP objects from realtime (transports stay in pjsip.conf)')}[res_pjsip]
endpoint = realtime,ps_endpoints
auth = realtime,ps_auths
aor = realtime,ps_aors

[res_pjsip_endpoint_identifier_ip]
identify = realtime,ps_endpoint_id_ips

[res_pjsip_outbound_registration]
registration = realtime,ps_registrations
`,
    'pjsip.conf': `${header('PJSIP transports; endpoints, auths, aors, identifies and registrations are realtime (sorcery.conf)')}[global]
type = global
user_agent = Callboard PBX
; extensions first (From user = endpoint name), then trunks by source address
endpoint_identifier_order = username,ip

[transport-udp]
type = transport
protocol = udp
bind = ${value(options.sipBind)}

; WebRTC phones (extensions of port type WSS) over the HTTP server of http.conf
[transport-wss]
type = transport
protocol = wss
bind = 0.0.0.0
${tls}`,
    'http.conf': `${header('the HTTP server of ARI (and SIP over WebSocket)')}[general]
enabled = yes
bindaddr = ${value(options.ari.bindAddr)}
bindport = ${options.ari.port}
`,
    'manager.conf': `${header('the manager interface (AMI) Callboard uses beside ARI: queue members\' pauses and status; ARI\'s user and address')}[general]
enabled = yes
bindaddr = ${value(options.ari.bindAddr)}
port = ${options.amiPort ?? 5038}
; queue member events without channel variables: Callboard reads only their fields
displayconnects = no

[${value(options.ari.user)}]
secret = ${value(options.ari.password)}
; the events and actions of queue members (agent), calls (call: redirects, transfers), ChanSpy (originate)
read = agent,call,system
write = agent,call,system,originate
`,
    'ari.conf': `${header('the ARI user Callboard connects with (ARI_USER / ARI_PASSWORD)')}[general]
enabled = yes
pretty = no

[${value(options.ari.user)}]
type = user
read_only = no
password = ${value(options.ari.password)}
password_format = plain
`,
    'queues.conf': `${header('queue options; the queues and their members are realtime (views queues, queue_members)')}[general]
persistentmembers = no
shared_lastcall = yes
; queue_log's agent is the member name (the extension number), as the simulator writes it
log_membername_as_agent = yes
`,
    'cdr.conf': `${header('call records')}[general]
enable = yes
; campaign attempts that were not answered keep a record (domain/campaign.ts)
unanswered = yes
`,
    'cdr_pgsql.conf': `${header('call records into Callboard\'s cdr (through the view asterisk_cdr, which sets the corp)')}[global]
${pgsqlConnectionLines(db, { host: 'hostname', port: 'port', dbname: 'dbname', user: 'user', password: 'password' })}
appname = asterisk-cdr
encoding = UTF8
table = asterisk_cdr
timezone = UTC
`,
    'logger.conf': `${header('logs; queue_log goes to Callboard\'s queue_log through realtime (extconfig.conf)')}[general]
queue_log = yes
queue_log_to_file = no
queue_log_realtime_use_gmt = yes

[logfiles]
messages.log => notice,warning,error
`,
    'rtp.conf': `${header('RTP ports')}[general]
rtpstart = ${rtp.start}
rtpend = ${rtp.end}
`,
    'voicemail.conf': `${header('voicemail: the boxes are realtime (view asterisk_voicemail, `{number}@c{corpId}-vm`)')}[general]
format = wav
maxsecs = 90
minsecs = 1
attach = no
searchcontexts = no
; a message marked listened (or new again) in Callboard is moved between INBOX and Old in this spool by
; Callboard (voicemail-folders.ts): app_voicemail counts the folders again every pollfreq seconds and
; tells the phones (MWI), as voicemail.conf says for storage changed outside app_voicemail
pollmailboxes = yes
pollfreq = ${VOICEMAIL_POLL_SECONDS}
`,
    // app_confbridge declines to load without its file; Asterisk's built-in default profiles are what MeetMe needs
    'confbridge.conf': `${header('conference rooms (the MeetMe feature, features.ts): Asterisk\'s default bridge and user profiles')}[general]

[default_bridge]
type = bridge

[default_user]
type = user
`,
    'musiconhold.conf': `${header('hold music')}[general]

[default]
mode = files
directory = moh

; the corps' and queues' classes (corp_{id}, queue_{id}), rewritten by the server with the dialplan
#tryinclude ${MOH_INCLUDE_FILE}
`,
    'extensions.conf': options.dialplan,
    ...(options.dialplanContexts !== undefined ? { [DIALPLAN_INCLUDE_FILE]: options.dialplanContexts } : {}),
    ...(options.mohClasses !== undefined ? { [MOH_INCLUDE_FILE]: options.mohClasses } : {}),
  };
}
