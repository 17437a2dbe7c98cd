/**
 * The PbxAdapter over a real Asterisk: the ARI event WebSocket (`/ari/events?app=…&subscribeAll=true`,
 * subprotocol `ari`) feeds `events$`, REST calls serve snapshot, hangup and originate
 * (reference/protocols.md §3, §6).
 *
 * Connection: reconnects for ever until stop(), the first attempts fast (backoff from 100 ms, at most
 * 1 s apart, so the stream is back within about a second of Asterisk's return); a ping per
 * `pingIntervalMs` finds dead sockets (no pong by the next ping → dropped and reconnected).
 * `connected$` turns true on every (re)connect and the adapter does nothing else: the consumer takes a
 * new snapshot() then, as it would with the simulator.
 *
 * One app name per deployment and instance (issue 12, defect 1): ARI gives an application's events to
 * the last connection that registered its name; the connection before gets ApplicationReplaced and
 * then nothing, while its socket stays open. So the adapter registers `{app}-{instance}` (`app` names
 * the deployment, `instance` is random per adapter), and when ApplicationReplaced comes all the same (a
 * tool that copied the name) it takes a fresh instance name and subscribes again at once: connected$
 * goes false → true and the consumer resyncs, and the other connection keeps the old name.
 *
 * Snapshot: channels, endpoints (PJSIP only) and bridges as ARI lists them; device states and
 * contacts as far as ARI tells them (see picture.ts).
 *
 * Campaign calls (dialOut): originated to the trunk's endpoint for our application and followed from
 * their channel's events; see dial-out.ts for the calls made and the outcome rules.
 *
 * Queue members: ARI has no queue-member API. The console writes members to the realtime
 * `queue_members` table (reference/protocols.md §5) and app_queue reads it; pauses, the members' status
 * and their events come from the manager interface (AMI, ami.ts) beside ARI.
 */
import { randomUUID } from 'node:crypto';
import { BehaviorSubject, NEVER, Subject, filter, map, type Observable } from 'rxjs';
import WebSocket, { type RawData } from 'ws';
import { campaignAppArgs, campaignCdrUserfield, CHANSPY_OPTIONS, endpointName, SPY_LEG, trunkDialString } from '../../../domain';
import type { AriBridge, AriChannel, AriDeviceState, AriEndpoint, AriEvent } from '../ari';
import {
  PbxError,
  type DialOutcome,
  type DialOutRequest,
  type OriginateRequest,
  type PauseRequest,
  type PbxAdapter,
  type PbxMemberEvent,
  type PbxQueueMember,
  type PbxSnapshot,
  type CompleteTransferRequest,
  type ConsultRequest,
  type QueueMemberRequest,
  type RecordRequest,
  type RedirectRequest,
  type SpyRequest,
} from '../adapter';
import { AmiClient, type AmiMessage } from './ami';
import { backoffDelay, resolveBackoff, type BackoffOptions } from './backoff';
import { DialOutCall, type DialOutActions } from './dial-out';
import { parseAriMessage } from './messages';
import { endpointDeviceState, EventPicture } from './picture';
import { AriRestClient, type AriAuthMode } from './rest';

export interface AriLogger {
  warn(msg: string, data?: Record<string, unknown>): void;
  info?(msg: string, data?: Record<string, unknown>): void;
}

export interface AriAdapterOptions {
  /** Asterisk's HTTP server, e.g. `http://127.0.0.1:8088` (a trailing `/ari` is accepted) */
  url: string;
  user: string;
  password: string;
  /** the deployment's Stasis application name stem (default `callboard`): the adapter registers `{app}-{instance}` */
  app?: string;
  /** this instance's part of the name (default 8 random hex digits; a fresh one after an ApplicationReplaced) */
  instance?: string;
  /** credentials in an `Authorization: Basic` header (default) or the `api_key` query parameter */
  auth?: AriAuthMode;
  log?: AriLogger;
  backoff?: BackoffOptions;
  /** REST timeout (ms), default 5000 */
  requestTimeoutMs?: number;
  /** WebSocket handshake timeout (ms), default 10 000 */
  handshakeTimeoutMs?: number;
  /** ping period (ms), default 10 000; 0 = no pings */
  pingIntervalMs?: number;
  /**
   * Names of the queues' `_avail` devices (`Queue:{corpId}_{queueId}_avail`) to read with
   * `GET /deviceStates/{name}` in snapshot(). Without it the snapshot has the queue devices the event
   * stream has reported since start.
   */
  queueDevices?: () => Iterable<string> | Promise<Iterable<string>>;
  /**
   * The manager interface (AMI) beside ARI, for what ARI cannot do on channels the dialplan runs: queue
   * members' pauses and status (G-PAU, G-AGS). Default: ARI's host, port 5038, ARI's user and password
   * (`npm run asterisk:config` writes manager.conf so); null: none (those commands answer 'unavailable').
   */
  ami?: { host?: string; port?: number; user?: string; password?: string } | null;
}

export interface AriAdapterStats {
  connected: boolean;
  /** successful WebSocket opens */
  connects: number;
  /** attempts that failed or connections that were lost */
  failures: number;
  /** WebSocket messages received */
  received: number;
  /** events pushed to events$ */
  forwarded: number;
  /** messages dropped as unreadable */
  malformed: number;
  /** well-formed events of types outside the model, dropped */
  ignored: number;
  /** forwarded events the shape check found fault with */
  nonconforming: number;
  /** campaign calls followed now */
  dialOuts: number;
  /** ApplicationReplaced received (another connection took the app name; subscribed again under a new one) */
  replaced: number;
}

const MAX_LOGGED = 20;
/** a campaign call still ringing this long after its timeout lost its events: hung up, counted failed */
const DIAL_OUT_MARGIN_MS = 60_000;
/** an answered campaign call is followed (for its message's end) at most this long */
const DIAL_OUT_FOLLOW_MS = 4 * 3_600_000;

interface TrackedDialOut {
  call: DialOutCall;
  timer: NodeJS.Timeout;
  reject: (error: Error) => void;
}
const QUEUE_DEVICE_CONCURRENCY = 8;

type State = 'idle' | 'running' | 'stopped';

export class AriAdapter implements PbxAdapter {
  readonly events$: Observable<AriEvent>;
  readonly connected$: Observable<boolean>;
  readonly members$: Observable<PbxMemberEvent>;
  private readonly ami: AmiClient | null;
  private readonly subject = new Subject<AriEvent>();
  private readonly connectedSubject = new BehaviorSubject<boolean>(false);
  private readonly rest: AriRestClient;
  private readonly picture = new EventPicture();
  private readonly backoff: Required<BackoffOptions>;
  private readonly appStem: string;
  private instance: string;
  private readonly log: AriLogger;
  private readonly handshakeTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly queueDevices: AriAdapterOptions['queueDevices'];
  private state: State = 'idle';
  private socket: WebSocket | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  /** a message or pong arrived since the last ping */
  private alive = true;
  private firstAttempt: { promise: Promise<void>; resolve: () => void } | null = null;
  private logged = 0;
  private lastConnectError = '';
  private readonly ignoredTypes = new Set<string>();
  /** campaign calls by channel id, until their channel is destroyed */
  private readonly dialOuts = new Map<string, TrackedDialOut>();
  private readonly counters = { connects: 0, failures: 0, received: 0, forwarded: 0, malformed: 0, ignored: 0, nonconforming: 0, replaced: 0 };
  /** the next reconnect goes at once (the app was replaced: subscribe again under a new name) */
  private reconnectNow = false;

  constructor(options: AriAdapterOptions) {
    const baseUrl = normaliseBaseUrl(options.url);
    this.appStem = options.app ?? 'callboard';
    this.instance = options.instance ?? randomInstance();
    if (!/^[^\s,]+$/.test(this.app)) throw new Error(`ARI app name '${this.app}' is invalid`);
    this.log = options.log ?? { warn: () => undefined };
    this.backoff = resolveBackoff(options.backoff);
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    this.pingIntervalMs = options.pingIntervalMs ?? 10_000;
    this.queueDevices = options.queueDevices;
    this.rest = new AriRestClient({ baseUrl, user: options.user, password: options.password, auth: options.auth ?? 'basic', timeoutMs: options.requestTimeoutMs ?? 5000 });
    this.events$ = this.subject.asObservable();
    this.connected$ = this.connectedSubject.asObservable();
    this.ami = options.ami === null ? null : new AmiClient({ ...amiTarget(baseUrl, options), log: this.log, backoff: options.backoff });
    this.members$ = this.ami ? this.ami.events$.pipe(map(memberEvent), filter((e): e is PbxMemberEvent => e !== null)) : NEVER;
  }

  /** the Stasis application name this adapter registers now */
  get app(): string {
    return `${this.appStem}-${this.instance}`;
  }

  stats(): AriAdapterStats {
    return { connected: this.connectedSubject.value, ...this.counters, dialOuts: this.dialOuts.size };
  }

  // ================================================================ lifecycle

  /** Starts connecting; resolves once the first attempt has settled (connected or not). Never rejects for a down PBX. */
  async start(): Promise<void> {
    if (this.state === 'running') return this.firstAttempt?.promise;
    this.state = 'running';
    this.attempt = 0;
    this.ami?.start();
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.firstAttempt = { promise, resolve };
    this.connect();
    return promise;
  }

  /** Closes the socket and ends reconnecting; REST calls reject with PbxError 'stopped' until start() again. */
  async stop(): Promise<void> {
    if (this.state !== 'running') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    this.clearTimers();
    this.settleFirstAttempt();
    for (const tracked of [...this.dialOuts.values()]) {
      const settled = tracked.call.settled;
      tracked.call.abandon();
      if (!settled) tracked.reject(new PbxError('stopped', 'The ARI adapter stopped while the campaign call was ringing'));
    }
    const ws = this.socket;
    this.socket = null;
    this.setConnected(false);
    await this.ami?.stop();
    if (ws) await closeSocket(ws);
  }

  private connect(): void {
    if (this.state !== 'running') return;
    const url = this.rest.url('/events', { app: this.app, subscribeAll: 'true' });
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, ['ari'], { headers: this.rest.headers(), handshakeTimeout: this.handshakeTimeoutMs, perMessageDeflate: false });
    } catch (error) {
      this.log.warn('ari: cannot open the event WebSocket', { error: String(error) });
      this.counters.failures++;
      this.settleFirstAttempt();
      this.scheduleReconnect();
      return;
    }
    this.socket = ws;
    let opened = false;
    ws.on('open', () => {
      if (this.socket !== ws) return;
      opened = true;
      this.attempt = 0;
      this.logged = 0;
      this.lastConnectError = '';
      this.counters.connects++;
      this.startPing(ws);
      this.log.info?.('ari: event stream connected', { app: this.app });
      this.setConnected(true);
      this.settleFirstAttempt();
    });
    ws.on('message', (data: RawData) => {
      if (this.socket !== ws) return;
      this.alive = true;
      this.onMessage(rawText(data));
    });
    ws.on('pong', () => {
      if (this.socket === ws) this.alive = true;
    });
    ws.on('error', (error: Error) => {
      if (this.socket !== ws) return;
      if (opened) return this.log.warn('ari: event stream error', { error: error.message });
      // a PBX that stays down: the first failure, a changed error, then every 20th attempt
      if (error.message !== this.lastConnectError || this.attempt % 20 === 0) {
        this.log.warn('ari: cannot connect the event stream', { error: error.message, attempt: this.attempt });
      }
      this.lastConnectError = error.message;
    });
    ws.on('close', (code: number, reason: Buffer) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.counters.failures++;
      this.stopPing();
      if (opened) this.log.warn('ari: event stream lost', { code, reason: reason.toString('utf8') });
      this.setConnected(false);
      this.settleFirstAttempt();
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.state !== 'running' || this.retryTimer) return;
    const delay = this.reconnectNow ? 0 : backoffDelay(this.attempt++, this.backoff);
    this.reconnectNow = false;
    this.log.info?.('ari: reconnecting', { inMs: delay, attempt: this.attempt });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private startPing(ws: WebSocket): void {
    this.stopPing();
    if (!(this.pingIntervalMs > 0)) return;
    this.alive = true;
    this.pingTimer = setInterval(() => {
      if (this.socket !== ws) return;
      if (!this.alive) {
        this.log.warn('ari: no pong from Asterisk, dropping the event stream', { afterMs: this.pingIntervalMs });
        ws.terminate();
        return;
      }
      this.alive = false;
      try {
        ws.ping();
      } catch {
        // closing already; 'close' follows
      }
    }, this.pingIntervalMs);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopPing();
  }

  private setConnected(value: boolean): void {
    if (this.connectedSubject.value !== value) this.connectedSubject.next(value);
  }

  private settleFirstAttempt(): void {
    this.firstAttempt?.resolve();
  }

  private onMessage(text: string): void {
    this.counters.received++;
    const message = parseAriMessage(text);
    if (message.kind === 'malformed') {
      this.counters.malformed++;
      this.logLimited('ari: malformed message skipped', { reason: message.reason, sample: text.slice(0, 200) });
      return;
    }
    if (this.dialOuts.size > 0) this.toDialOuts(message.kind === 'ignored' ? message.type : message.event.type, message.kind === 'ignored' ? message.body : (message.event as unknown as Record<string, unknown>));
    if (message.kind === 'ignored') {
      this.counters.ignored++;
      if (message.type === 'ApplicationReplaced') return this.replaced();
      if (!this.ignoredTypes.has(message.type)) {
        this.ignoredTypes.add(message.type);
        this.log.info?.('ari: event type outside the model ignored', { type: message.type });
      }
      return;
    }
    if (message.problems.length > 0) {
      this.counters.nonconforming++;
      this.logLimited('ari: event does not match the model (forwarded)', { type: message.event.type, problems: message.problems.slice(0, 5) });
    }
    this.picture.apply(message.event);
    this.counters.forwarded++;
    // a subscriber that throws does not reach here: RxJS reports it asynchronously
    this.subject.next(message.event);
  }

  /**
   * Asterisk gave the app to a newer connection: this socket stays open but gets no more events. The
   * other connection keeps that name; this adapter subscribes again at once under a fresh one (the
   * socket's close sets connected$ false, the new connection true: the consumer resyncs).
   */
  private replaced(): void {
    const ws = this.socket;
    const old = this.app;
    this.counters.replaced++;
    this.instance = randomInstance();
    this.log.warn(`ari: another connection registered the ARI app '${old}' and now receives its events; subscribing again as '${this.app}' (give each server instance its own app name)`, {
      app: this.app,
    });
    this.reconnectNow = true;
    if (ws) ws.close(1000, 'application replaced');
  }

  private logLimited(msg: string, data: Record<string, unknown>): void {
    if (this.logged >= MAX_LOGGED) return;
    this.logged++;
    this.log.warn(this.logged === MAX_LOGGED ? `${msg} (further ones on this connection are only counted)` : msg, data);
  }

  // ================================================================ REST commands

  private ensureUsable(): void {
    if (this.state === 'stopped') throw new PbxError('stopped', 'The ARI adapter is stopped');
  }

  private requireAmi(): AmiClient {
    if (!this.ami) throw new PbxError('unavailable', 'No Asterisk manager interface (AMI) is configured: queue members cannot be paused or read');
    return this.ami;
  }

  async snapshot(): Promise<PbxSnapshot> {
    this.ensureUsable();
    const time = Date.now();
    const [channels, endpointList, bridges, queueStates] = await Promise.all([
      this.rest.getList<AriChannel>('/channels'),
      this.rest.getList<AriEndpoint>('/endpoints'),
      this.rest.getList<AriBridge>('/bridges'),
      this.readQueueDevices(),
    ]);
    const endpoints = endpointList.filter((e) => e.technology === 'PJSIP');
    const byId = new Map(channels.map((c) => [c.id, c]));
    this.picture.pruneHolds(new Set(byId.keys()));
    const deviceStates: AriDeviceState[] = endpoints.map((e) => ({
      name: `PJSIP/${e.resource}`,
      state: endpointDeviceState(e, byId, (id) => this.picture.isHeld(id)),
    }));
    deviceStates.push(...(queueStates ?? this.picture.queueDeviceStates()));
    return { time, channels, endpoints, contacts: this.picture.contactsFor(endpoints), deviceStates, bridges };
  }

  private async readQueueDevices(): Promise<AriDeviceState[] | null> {
    if (!this.queueDevices) return null;
    const names = [...(await this.queueDevices())];
    const out: AriDeviceState[] = new Array(names.length);
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const i = next++;
        const { body } = await this.rest.request('GET', `/deviceStates/${encodeURIComponent(names[i])}`, undefined, `GET /deviceStates/${names[i]}`);
        const state = typeof body === 'object' && body !== null && 'state' in body && typeof body.state === 'string' ? body.state : 'UNKNOWN';
        out[i] = { name: names[i], state: state as AriDeviceState['state'] };
      }
    };
    await Promise.all(Array.from({ length: Math.min(QUEUE_DEVICE_CONCURRENCY, names.length) }, worker));
    return out;
  }

  async hangup(channelId: string): Promise<void> {
    this.ensureUsable();
    if (typeof channelId !== 'string' || channelId === '') throw new PbxError('invalid', 'A channel id is required');
    await this.rest.request('DELETE', `/channels/${encodeURIComponent(channelId)}`, { reason_code: 16 }, `hangup of '${channelId}'`);
  }

  /** the campaign calls an event is about (a handful at a time: a linear look is enough) */
  private toDialOuts(type: string, event: Record<string, unknown>): void {
    for (const tracked of this.dialOuts.values()) if (tracked.call.onEvent(type, event)) return;
  }

  private readonly dialOutActions: DialOutActions = {
    play: (channelId, media, playbackId) => {
      this.rest.request('POST', `/channels/${encodeURIComponent(channelId)}/play`, { media, playbackId }, `playback on '${channelId}'`).catch((error: unknown) => {
        this.log.warn('ari: campaign message not played, hanging up', { channelId, error: String(error) });
        this.dialOutActions.hangup(channelId);
      });
    },
    continueInDialplan: (channelId, context, extension, callerNumber) => {
      const channel = `/channels/${encodeURIComponent(channelId)}`;
      this.rest
        .request('POST', `${channel}/variable`, { variable: 'CALLERID(num)', value: callerNumber }, `caller id of '${channelId}'`)
        .then(() => this.rest.request('POST', `${channel}/continue`, { context, extension, priority: 1 }, `continue of '${channelId}'`))
        .catch((error: unknown) => {
          this.log.warn('ari: campaign call not continued to its queue, hanging up', { channelId, context, extension, error: String(error) });
          this.dialOutActions.hangup(channelId);
        });
    },
    hangup: (channelId) => {
      this.rest.request('DELETE', `/channels/${encodeURIComponent(channelId)}`, { reason_code: 16 }, `hangup of '${channelId}'`).catch((error: unknown) => {
        if (!(error instanceof PbxError && error.code === 'not_found')) this.log.warn('ari: campaign call not hung up', { channelId, error: String(error) });
      });
    },
    done: (channelId) => {
      const tracked = this.dialOuts.get(channelId);
      if (!tracked) return;
      clearTimeout(tracked.timer);
      this.dialOuts.delete(channelId);
    },
  };

  /**
   * A campaign's call through the trunk (dial-out.ts): resolves when the ringing ends; PbxError
   * 'unavailable' / 'stopped' when Asterisk could not be asked or the adapter stopped meanwhile. A
   * call Asterisk refuses to create (no such endpoint, a bad dial string) is FAILED.
   */
  async dialOut(request: DialOutRequest): Promise<{ outcome: DialOutcome; channelId?: string }> {
    this.ensureUsable();
    const { corpId, campaignId, number, trunkNumber, timeoutSec } = request;
    if (!Number.isInteger(corpId) || corpId <= 0) throw new PbxError('invalid', `Invalid corp ${String(corpId)}`);
    if (!Number.isInteger(campaignId) || campaignId <= 0) throw new PbxError('invalid', `Invalid campaign ${String(campaignId)}`);
    if (!/^\+?[0-9]{2,32}$/.test(number)) throw new PbxError('invalid', `Invalid number '${number}'`);
    if (!/^[0-9A-Za-z]{1,32}$/.test(trunkNumber)) throw new PbxError('invalid', `Invalid trunk '${trunkNumber}'`);
    if (!Number.isInteger(timeoutSec) || timeoutSec <= 0) throw new PbxError('invalid', `Invalid timeout ${String(timeoutSec)}`);
    // without the event stream the call could not be followed: the campaign tries again later
    if (!this.connectedSubject.value) throw new PbxError('unavailable', 'The ARI event stream is not connected');
    // our own id: events that come before the POST's answer find their call
    const channelId = `dialout-${campaignId}-${randomUUID()}`;
    const result = new Promise<{ outcome: DialOutcome; channelId?: string }>((resolve, reject) => {
      const call = new DialOutCall(channelId, request, this.dialOutActions, (outcome) => resolve({ outcome, channelId }), () => randomUUID());
      const onExpiry = () => {
        const tracked = this.dialOuts.get(channelId);
        if (!tracked) return;
        if (!call.settled) return call.expire();
        // answered: followed a while longer for its message's end, then forgotten (bounded memory)
        tracked.timer = setTimeout(() => call.abandon(), DIAL_OUT_FOLLOW_MS);
        tracked.timer.unref();
      };
      const timer = setTimeout(onExpiry, timeoutSec * 1000 + DIAL_OUT_MARGIN_MS);
      timer.unref();
      this.dialOuts.set(channelId, { call, timer, reject });
    });
    // a stop while the originate is still on its way rejects this before it is returned below
    result.catch(() => undefined);
    try {
      await this.rest.request(
        'POST',
        '/channels',
        { endpoint: trunkDialString(number, trunkNumber), app: this.app, appArgs: campaignAppArgs(campaignId), callerId: trunkNumber, timeout: timeoutSec, channelId },
        `campaign ${campaignId} call to ${number}`,
        { variables: { 'CDR(userfield)': campaignCdrUserfield(campaignId, number), 'CHANNEL(accountcode)': String(corpId) } },
      );
    } catch (error) {
      const tracked = this.dialOuts.get(channelId);
      if (tracked && !tracked.call.settled) {
        tracked.call.abandon();
        // Asterisk could not create it (no such trunk endpoint, a dial string it refuses): that call failed
        if (error instanceof PbxError && (error.code === 'invalid' || error.code === 'not_found')) return { outcome: 'FAILED' };
        throw error;
      }
    }
    return result;
  }

  async originate(request: OriginateRequest): Promise<{ channelId: string }> {
    this.ensureUsable();
    const { corpId, from, to } = request;
    if (!Number.isInteger(corpId) || corpId <= 0) throw new PbxError('invalid', `Invalid corp ${String(corpId)}`);
    if (!/^[0-9A-Za-z]{1,40}$/.test(from)) throw new PbxError('invalid', `Invalid extension '${from}'`);
    if (!/^\+?[0-9A-Za-z*#]{1,40}$/.test(to)) throw new PbxError('invalid', `Invalid destination '${to}'`);
    const timeout = request.timeoutSec ?? 30;
    if (!Number.isInteger(timeout) || timeout <= 0) throw new PbxError('invalid', `Invalid timeout ${String(request.timeoutSec)}`);
    const { body } = await this.rest.request(
      'POST',
      '/channels',
      // the caller id shown on the first leg is the number it will call: Asterisk sets it as that channel's
      // connected line, so the agent's phone and the console show the callee while it rings (not itself)
      { endpoint: `PJSIP/${endpointName(corpId, from)}`, extension: to, context: `c${corpId}-internal`, priority: 1, callerId: to, timeout },
      `originate ${corpId}_${from} → ${to}`,
    );
    if (typeof body !== 'object' || body === null || !('id' in body) || typeof body.id !== 'string') {
      throw new PbxError('unavailable', 'ARI originate: the answer carries no channel id');
    }
    return { channelId: body.id };
  }

  /**
   * A member written to the realtime queue_members table (the console writes it; G-QLI): app_queue loads
   * the queue's realtime members now (AMI QueueStatus of the queue) and logs ADDMEMBER itself, instead of
   * at the next call. Without AMI, PbxError 'unavailable': the row is there, Asterisk loads it later.
   */
  async addQueueMember(request: QueueMemberRequest): Promise<void> {
    await this.loadRealtimeQueue(request.corpId, request.queueId);
  }

  /** the same for a member removed from the table (app_queue logs REMOVEMEMBER) */
  async removeQueueMember(request: Omit<QueueMemberRequest, 'penalty' | 'paused'>): Promise<void> {
    await this.loadRealtimeQueue(request.corpId, request.queueId);
  }

  /**
   * The supervisor's leg (G-SPY): AMI Originate of the supervisor's phone, once answered, into ChanSpy
   * on the spied channel (ARI's snoop needs the call in Stasis). It goes by the dialplan (SPY_LEG's
   * context, the channel and options as its variables) because Asterisk announces a dialplan
   * application with its data but not an originated one, and the live state reads the mode from it.
   * Its accountcode is the corp's, its channel id ours, to find it by.
   */
  async spy(request: SpyRequest): Promise<{ channelId: string }> {
    this.ensureUsable();
    const { corpId, from, channel, mode } = request;
    if (!Number.isInteger(corpId) || corpId <= 0) throw new PbxError('invalid', `Invalid corp ${String(corpId)}`);
    if (!/^[0-9A-Za-z]{1,40}$/.test(from)) throw new PbxError('invalid', `Invalid extension '${from}'`);
    if (!/^PJSIP\/[\w-]+$/.test(channel)) throw new PbxError('invalid', `Invalid channel '${channel}'`);
    const channelId = `spy-${randomUUID()}`;
    await this.requireAmi().action('Originate', {
      Channel: `PJSIP/${endpointName(corpId, from)}`,
      Context: SPY_LEG.context,
      Exten: 's',
      Priority: 1,
      Variable: `${SPY_LEG.channelVar}=${channel},${SPY_LEG.optionsVar}=${CHANSPY_OPTIONS[mode]}`,
      CallerID: `"${mode}" <${request.callerId.replace(/[^0-9A-Za-z*#+]/g, '')}>`,
      Account: String(corpId),
      Timeout: 30_000,
      Async: 'true',
      ChannelId: channelId,
    });
    return { channelId };
  }

  /**
   * Record on demand (G-REC): AMI MixMonitor on the channel into `file` (both directions, as the call is
   * heard), the cdr row's recordingfile set on it (cdr_pgsql writes that column), or StopMixMonitor.
   */
  async record(request: RecordRequest): Promise<void> {
    this.ensureUsable();
    const ami = this.requireAmi();
    const channel = await this.channelName(request.channelId);
    if (!request.on) {
      await ami.action('StopMixMonitor', { Channel: channel });
      return;
    }
    if (!request.file) throw new PbxError('unavailable', 'No recordings folder: the recording would have nowhere to go');
    await ami.action('MixMonitor', { Channel: channel, File: request.file, Options: 'b' });
    await ami.action('Setvar', { Channel: channel, Variable: 'CDR(recordingfile)', Value: request.name });
  }

  /** Blind transfer (G-XFR): AMI Redirect of the channel to `exten@c{corpId}-internal` (the dialplan routes it). */
  async redirect(request: RedirectRequest): Promise<void> {
    this.ensureUsable();
    const { corpId, exten } = request;
    if (!/^[0-9A-Za-z*#+]{1,40}$/.test(exten)) throw new PbxError('invalid', `Invalid destination '${exten}'`);
    const channel = await this.channelName(request.channelId);
    await this.requireAmi().action('Redirect', { Channel: channel, Context: `c${corpId}-internal`, Exten: exten, Priority: 1 });
  }

  /**
   * The consultation of an attended transfer (G-XFR-02; why not AMI Atxfer: simulator/transfers.ts): the
   * consulting phone originated into `exten` of the corp's internal context, as a click-to-call, with an
   * id of ours (its events name it before the POST answers) and no check that the phone is free (the
   * extension's own phone consults on a second line).
   */
  async consult(request: ConsultRequest): Promise<{ channelId: string }> {
    this.ensureUsable();
    const { corpId, from, exten } = request;
    if (!Number.isInteger(corpId) || corpId <= 0) throw new PbxError('invalid', `Invalid corp ${String(corpId)}`);
    if (!/^[0-9A-Za-z]{1,40}$/.test(from)) throw new PbxError('invalid', `Invalid extension '${from}'`);
    if (!/^\+?[0-9]{1,32}$/.test(exten)) throw new PbxError('invalid', `Invalid destination '${exten}'`);
    const timeout = request.timeoutSec ?? 30;
    if (!Number.isInteger(timeout) || timeout <= 0) throw new PbxError('invalid', `Invalid timeout ${String(request.timeoutSec)}`);
    const channelId = `consult-${randomUUID()}`;
    await this.rest.request(
      'POST',
      '/channels',
      // what the consulting phone shows while it rings: the party it will transfer
      { endpoint: `PJSIP/${endpointName(corpId, from)}`, extension: exten, context: `c${corpId}-internal`, priority: 1, callerId: request.callerId.replace(/[^0-9A-Za-z*#+]/g, '') || exten, timeout, channelId },
      `consultation ${corpId}_${from} → ${exten}`,
    );
    return { channelId };
  }

  /**
   * Completes an attended transfer: the party the consultation reached is its channel's BRIDGEPEER (AMI
   * Getvar); AMI Bridge puts the transferred channel with it, and Asterisk hangs up the consulting leg and
   * the transferred channel's old party (their bridges dissolve). Nobody reached yet: the consultation is
   * hung up (its target stops ringing) and the transferred channel redirected to `exten`.
   */
  async completeTransfer(request: CompleteTransferRequest): Promise<void> {
    this.ensureUsable();
    const ami = this.requireAmi();
    const [channel, consult] = await Promise.all([this.channelName(request.channelId), this.channelName(request.consultId)]);
    const peer = (await ami.action('Getvar', { Channel: consult, Variable: 'BRIDGEPEER' })).Value ?? '';
    if (peer !== '' && peer !== channel) {
      await ami.action('Bridge', { Channel1: channel, Channel2: peer, Tone: 'no' });
      return;
    }
    await this.hangup(request.consultId).catch((error: unknown) => {
      if (!(error instanceof PbxError && error.code === 'not_found')) throw error;
    });
    await this.redirect({ corpId: request.corpId, channelId: request.channelId, exten: request.exten });
  }

  /** a channel's name by its id (AMI names channels, ARI ids them); PbxError 'not_found' when it is gone */
  private async channelName(channelId: string): Promise<string> {
    const { body } = await this.rest.request('GET', `/channels/${encodeURIComponent(channelId)}`, {}, `channel ${channelId}`);
    if (typeof body !== 'object' || body === null || !('name' in body) || typeof body.name !== 'string') throw new PbxError('not_found', `Channel '${channelId}' not found`);
    return body.name;
  }

  private async loadRealtimeQueue(corpId: number, queueId: number): Promise<void> {
    this.ensureUsable();
    if (!Number.isInteger(corpId) || !Number.isInteger(queueId)) throw new PbxError('invalid', `Invalid queue ${String(corpId)}_${String(queueId)}`);
    await this.requireAmi().list('QueueStatus', { Queue: `${corpId}_${queueId}` });
  }

  /** every member of every queue (AMI QueueStatus); realtime queues not loaded yet are loaded by it */
  async queueMembers(): Promise<PbxQueueMember[]> {
    this.ensureUsable();
    const ami = this.requireAmi();
    const events = await ami.list('QueueStatus');
    return events.filter((e) => e.Event === 'QueueMember').flatMap((e) => amiMember(e) ?? []);
  }

  /**
   * QueuePause (G-PAU): app_queue pauses the member in the queue (or in all its queues), writes PAUSE or
   * UNPAUSE with the reason to queue_log and the realtime member back, and announces QueueMemberPause.
   * A realtime queue is in app_queue's memory only once something loaded it: QueueStatus of the queue
   * (or of all) loads it first, so a pause right after Asterisk started finds the member.
   */
  async pauseMember(request: PauseRequest): Promise<void> {
    this.ensureUsable();
    const { corpId, number, queueId } = request;
    if (!Number.isInteger(corpId) || corpId <= 0) throw new PbxError('invalid', `Invalid corp ${String(corpId)}`);
    if (!/^[0-9A-Za-z]{1,40}$/.test(number)) throw new PbxError('invalid', `Invalid extension '${number}'`);
    const ami = this.requireAmi();
    const queue = queueId === null ? null : `${corpId}_${queueId}`;
    await ami.list('QueueStatus', queue ? { Queue: queue } : {});
    const fields: Record<string, string> = { Interface: `PJSIP/${endpointName(corpId, number)}`, Paused: request.paused ? 'true' : 'false' };
    if (queue) fields.Queue = queue;
    if (request.reason) fields.Reason = request.reason;
    await ami.action('QueuePause', fields);
  }

}

/** AMI beside ARI: ARI's host, port 5038, ARI's credentials, unless told otherwise. */
function amiTarget(baseUrl: string, options: AriAdapterOptions): { host: string; port: number; user: string; password: string } {
  const given = options.ami ?? {};
  return { host: given.host ?? new URL(baseUrl).hostname, port: given.port ?? 5038, user: given.user ?? options.user, password: given.password ?? options.password };
}

/** epoch seconds as AMI writes them → ms (0 stays 0) */
const epochMs = (value: string | undefined) => (Number(value) > 0 ? Number(value) * 1000 : 0);

/** A member as AMI describes it: QueueMember (Name, Location) or a QueueMember* event (MemberName, Interface). */
export function amiMember(m: AmiMessage): PbxQueueMember | null {
  const queue = m.Queue;
  const iface = m.Interface ?? m.Location;
  if (!queue || !iface) return null;
  return {
    queue,
    interface: iface,
    membername: m.MemberName ?? m.Name ?? iface,
    paused: m.Paused === '1',
    reason: m.PausedReason ?? '',
    lastPause: epochMs(m.LastPause),
    lastCall: epochMs(m.LastCall),
  };
}

function memberEvent(m: AmiMessage): PbxMemberEvent | null {
  const type = m.Event;
  if (type !== 'QueueMemberPause' && type !== 'QueueMemberAdded' && type !== 'QueueMemberRemoved') return null;
  const member = amiMember(m);
  if (!member) return null;
  // a pause's own time; other events happen now (AMI events carry no timestamp unless timestampevents is set)
  const at = type === 'QueueMemberPause' && member.paused && member.lastPause > 0 ? member.lastPause : Date.now();
  return { type, member, at };
}

function randomInstance(): string {
  return randomUUID().replace(/-/g, '').slice(0, 8);
}

export function createAriAdapter(options: AriAdapterOptions): AriAdapter {
  return new AriAdapter(options);
}

/** `http://host:8088/`, `http://host:8088/ari` → `http://host:8088`; ws(s) accepted as http(s) */
function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`ARI url '${raw}' is not a URL`);
  }
  if (url.protocol === 'ws:') url.protocol = 'http:';
  if (url.protocol === 'wss:') url.protocol = 'https:';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`ARI url '${raw}' must be http(s)`);
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '').replace(/\/ari$/, '');
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function closeSocket(ws: WebSocket, graceMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve();
    const timer = setTimeout(() => {
      ws.terminate();
      resolve();
    }, graceMs);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.on('error', () => undefined);
    if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    else ws.close(1000, 'stopping');
  });
}
