/**
 * A small Asterisk Manager Interface client (reference/protocols.md §4.1): what ARI cannot do on
 * channels the dialplan runs (queue members' pauses and their status, redirects, attended transfers,
 * ChanSpy, MixMonitor), the way the panels our users know (FOP2, qpanel, iSymphony) do it.
 *
 * Written here rather than taken from npm: the AMI clients there (asterisk-manager, asterisk-ami-client)
 * are unmaintained since 2017-2020, untyped, and reconnect without backoff or drop actions in flight
 * silently; the protocol is a few lines of `Key: Value` text, and ours answers every action with a
 * promise that settles (a reply, an error reply, a timeout, or the connection's loss).
 *
 * Connection: TCP with a login (`Events: agent`, the class of the queue member events), reconnected for
 * ever with the ARI adapter's backoff; `connected$` says when actions can be sent. List actions
 * (QueueStatus) collect their events until the `EventList: Complete` one.
 */
import { Socket } from 'node:net';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { PbxError } from '../adapter';
import { backoffDelay, resolveBackoff, type BackoffOptions } from './backoff';

export type AmiMessage = Record<string, string>;

export interface AmiLogger {
  warn(msg: string, data?: Record<string, unknown>): void;
  info?(msg: string, data?: Record<string, unknown>): void;
}

export interface AmiOptions {
  host: string;
  port: number;
  user: string;
  password: string;
  /** AMI event classes to receive (the Login's `Events`), default `agent` */
  events?: string;
  backoff?: BackoffOptions;
  /** an action's answer must come within this (ms), default 5000 */
  actionTimeoutMs?: number;
  log?: AmiLogger;
}

interface Pending {
  resolve: (messages: AmiMessage[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  /** a list action: the events collected so far, until `EventList: Complete` */
  list: AmiMessage[] | null;
  what: string;
}

/** One message's text (lines `Key: Value`, no blank line) → its fields; a repeated key keeps the first. */
export function parseAmiMessage(text: string): AmiMessage {
  const out: AmiMessage = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    if (!(key in out)) out[key] = line.slice(colon + 1).trim();
  }
  return out;
}

/** An action as sent: its fields, each value on one line (CR and LF would start a new field). */
export function formatAmiAction(fields: Record<string, string | number | boolean>): string {
  let text = '';
  for (const [key, value] of Object.entries(fields)) text += `${key}: ${String(value).replace(/[\r\n]+/g, ' ')}\r\n`;
  return `${text}\r\n`;
}

export class AmiClient {
  readonly events$: Observable<AmiMessage>;
  readonly connected$: Observable<boolean>;
  private readonly eventSubject = new Subject<AmiMessage>();
  private readonly connectedSubject = new BehaviorSubject<boolean>(false);
  private readonly backoff: Required<BackoffOptions>;
  private readonly log: AmiLogger;
  private readonly actionTimeoutMs: number;
  private socket: Socket | null = null;
  private running = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private buffer = '';
  private bannerSeen = false;
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  private lastError = '';

  constructor(private readonly options: AmiOptions) {
    this.backoff = resolveBackoff(options.backoff);
    this.log = options.log ?? { warn: () => undefined };
    this.actionTimeoutMs = options.actionTimeoutMs ?? 5000;
    this.events$ = this.eventSubject.asObservable();
    this.connected$ = this.connectedSubject.asObservable();
  }

  get connected(): boolean {
    return this.connectedSubject.value;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.failPending(new PbxError('stopped', 'The AMI client stopped'));
    this.setConnected(false);
    if (socket) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.end(formatAmiAction({ Action: 'Logoff' }));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 500).unref();
      });
    }
  }

  /** Sends an action; resolves with its reply (`Response: Success`), rejects with PbxError otherwise. */
  async action(name: string, fields: Record<string, string | number | boolean> = {}): Promise<AmiMessage> {
    const [reply] = await this.send(name, fields, false);
    return reply;
  }

  /** A list action (QueueStatus ...): resolves with the events of the list, its closing event excluded. */
  async list(name: string, fields: Record<string, string | number | boolean> = {}): Promise<AmiMessage[]> {
    return this.send(name, fields, true);
  }

  private send(name: string, fields: Record<string, string | number | boolean>, list: boolean): Promise<AmiMessage[]> {
    const socket = this.socket;
    if (!socket || !this.connected) return Promise.reject(new PbxError('unavailable', `AMI is not connected (${this.options.host}:${this.options.port})`));
    const id = `cb-${this.nextId++}`;
    return new Promise<AmiMessage[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new PbxError('unavailable', `AMI ${name}: no answer within ${this.actionTimeoutMs} ms`));
      }, this.actionTimeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer, list: list ? [] : null, what: name });
      socket.write(formatAmiAction({ Action: name, ActionID: id, ...fields }));
    });
  }

  private connect(): void {
    if (!this.running) return;
    const socket = new Socket();
    this.socket = socket;
    this.buffer = '';
    this.bannerSeen = false;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.onData(socket, chunk.toString('utf8'));
    });
    socket.on('error', (error: Error) => {
      if (this.socket !== socket) return;
      if (error.message !== this.lastError || this.attempt % 20 === 0) this.log.warn('ami: connection error', { error: error.message, attempt: this.attempt });
      this.lastError = error.message;
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.connected) this.log.warn('ami: connection lost');
      this.setConnected(false);
      this.failPending(new PbxError('unavailable', 'The AMI connection was lost'));
      this.scheduleReconnect();
    });
    socket.connect(this.options.port, this.options.host);
  }

  private scheduleReconnect(): void {
    if (!this.running || this.retryTimer) return;
    const delay = backoffDelay(this.attempt++, this.backoff);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private onData(socket: Socket, text: string): void {
    this.buffer += text;
    if (!this.bannerSeen) {
      const eol = this.buffer.indexOf('\r\n');
      if (eol < 0) return;
      this.bannerSeen = true;
      this.buffer = this.buffer.slice(eol + 2);
      this.login(socket);
    }
    let end: number;
    while ((end = this.buffer.indexOf('\r\n\r\n')) >= 0) {
      const message = parseAmiMessage(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 4);
      this.onMessage(message);
    }
  }

  private login(socket: Socket): void {
    const id = 'cb-login';
    const timer = setTimeout(() => {
      this.pending.delete(id);
      socket.destroy();
    }, this.actionTimeoutMs);
    timer.unref();
    this.pending.set(id, {
      resolve: () => {
        this.attempt = 0;
        this.lastError = '';
        this.log.info?.('ami: connected', { host: this.options.host, port: this.options.port });
        this.setConnected(true);
      },
      reject: (error) => {
        this.log.warn('ami: login refused', { error: error.message, user: this.options.user });
        socket.destroy();
      },
      timer,
      list: null,
      what: 'Login',
    });
    socket.write(formatAmiAction({ Action: 'Login', ActionID: id, Username: this.options.user, Secret: this.options.password, Events: this.options.events ?? 'agent' }));
  }

  private onMessage(message: AmiMessage): void {
    const id = message.ActionID;
    const pending = id !== undefined ? this.pending.get(id) : undefined;
    if (pending) {
      if ('Response' in message) {
        if (message.Response !== 'Success' && message.Response !== 'Follows') return this.settle(id, pending, new PbxError(amiErrorCode(message.Message ?? ''), `AMI ${pending.what}: ${message.Message ?? message.Response}`));
        if (pending.list === null || message.EventList !== 'start') return this.settle(id, pending, [message]);
        return;
      }
      if (pending.list !== null && 'Event' in message) {
        if (message.EventList === 'Complete') return this.settle(id, pending, pending.list);
        pending.list.push(message);
        return;
      }
    }
    if ('Event' in message) this.eventSubject.next(message);
  }

  private settle(id: string, pending: Pending, result: AmiMessage[] | Error): void {
    clearTimeout(pending.timer);
    this.pending.delete(id);
    if (result instanceof Error) pending.reject(result);
    else pending.resolve(result);
  }

  private failPending(error: Error): void {
    for (const [id, pending] of [...this.pending]) this.settle(id, pending, error);
  }

  private setConnected(value: boolean): void {
    if (this.connectedSubject.value !== value) this.connectedSubject.next(value);
  }
}

/** What an AMI error reply means for the caller (404 not found, 400 invalid, else unavailable). */
function amiErrorCode(text: string): 'not_found' | 'invalid' | 'unavailable' {
  if (/not found|no such|does not exist|unknown/i.test(text)) return 'not_found';
  if (/invalid|missing|need|must|required/i.test(text)) return 'invalid';
  return 'unavailable';
}
