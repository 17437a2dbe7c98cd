/**
 * The kiosk's hub connection: SignalR's JSON hub protocol over one WebSocket, written for the TV
 * (reference/protocols.md §1.3-1.8), behind the same HubConnectionLike as SignalR's client.
 *
 * Why not @microsoft/signalr here: a TV needs one transport of the three the library carries, and no
 * negotiate; the library is 16 kB of the 120 kB the kiosk route may download (bench/README.md "Kiosk
 * JavaScript"). Its receive path also costs on the firehose (a timer re-armed per frame, a promise and
 * an array copy per push); here a frame is split and parsed once and each push goes straight to its
 * handlers. The admin app keeps SignalR's client; tests/src/hub/hub-live.test.ts runs the hub client
 * with both against the real hub server.
 *
 * What it does, as SignalR's client does:
 * - start(): the WebSocket on the hub URL with `access_token` (no negotiate: the server takes a
 *   connection without id, §1.3), the handshake `{"protocol":"json","version":1}`, then a Ping; start()
 *   resolves on the server's `{}` and rejects on its error, on a failed socket, or on no answer.
 * - pushes (type 1 without id) to the handlers of their target, matched case-insensitively; completions
 *   (type 3) settle invoke(); a Close (type 7), a socket closed or a server silent for
 *   `serverTimeoutMs` end the connection with an error (onclose).
 * - a Ping when nothing was sent for `keepAliveMs`, checked on every frame received (the server pings
 *   every 15 s, so this runs even where timers are throttled) and by one interval.
 * - records handled in tasks of at most `sliceMs` (see drain()).
 * What it does not: reconnect by itself. Every loss goes to onclose and the hub client's start loop
 * connects again with its backoff (hub-client.ts), so onreconnecting/onreconnected never fire.
 */
import { HUB } from '../../domain/realtime';
import type { ConnectionState, HubClientLogger, HubConnectionFactory, HubConnectionLike } from './hub-connection';

const RS = '\x1e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const PING = `{"type":6}${RS}`;
const CLOSE = `{"type":7}${RS}`;

/** how long one task handles received records (the rest in the next task) */
const DEFAULT_SLICE_MS = 8;

/** SignalR's message types (reference/protocols.md §1.6) */
const INVOCATION = 1;
const COMPLETION = 3;
const CLOSE_TYPE = 7;

export interface WsHubConnectionOptions {
  /** the WebSocket class (default the browser's; tests pass the `ws` package's) */
  WebSocket?: typeof WebSocket;
  /** the connection ends when the server sent nothing for this long (default HUB.clientTimeoutMs, 30 s, as SignalR's client) */
  serverTimeoutMs?: number;
  /** a Ping goes out when nothing was sent for this long (default HUB.pingIntervalMs, 15 s) */
  keepAliveMs?: number;
  /** records are handled for at most this long per task, the rest in the next (default 8 ms) */
  sliceMs?: number;
}

/** a record as JSON.parse gives it: the fields of the message types we handle */
interface Message {
  type?: number;
  target?: string;
  arguments?: unknown[];
  invocationId?: string;
  result?: unknown;
  error?: string;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** ws(s):// URL of the hub with the token (a browser WebSocket cannot send an Authorization header) */
export function hubSocketUrl(url: string, token: string, base: string = globalThis.location?.href ?? 'http://localhost/'): string {
  const target = new URL(url, base);
  target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) target.searchParams.set('access_token', token);
  return target.toString();
}

class WsHubConnection implements HubConnectionLike {
  state: ConnectionState = 'Disconnected';
  private socket: WebSocket | null = null;
  private handshaken = false;
  private lastReceived = 0;
  private lastSent = 0;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private nextInvocationId = 0;
  private readonly pending = new Map<string, Pending>();
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  private readonly closeCallbacks: ((error?: Error) => void)[] = [];
  private starting: Pending | null = null;
  /** records received and not yet handled (from inboxHead on) */
  private inbox: string[] = [];
  private inboxHead = 0;
  private drainScheduled = false;
  /** wakes drain() in a task of its own; open while a connection is (a port with a listener keeps Node running) */
  private wakeDrain: MessageChannel | null = null;

  constructor(
    private readonly url: string,
    private readonly accessToken: () => string,
    private readonly log: HubClientLogger,
    private readonly options: Required<WsHubConnectionOptions>,
  ) {}

  start(): Promise<void> {
    if (this.state !== 'Disconnected') return Promise.reject(new Error(`Cannot start a connection that is ${this.state}.`));
    this.state = 'Connecting';
    this.handshaken = false;
    return new Promise<void>((resolve, reject) => {
      this.starting = { resolve: () => resolve(), reject };
      this.wakeDrain = new MessageChannel();
      this.wakeDrain.port1.onmessage = () => {
        if (this.drainScheduled) this.drain();
      };
      // the server timeout covers the whole start too: a socket that never opens or a handshake never answered
      this.lastReceived = Date.now();
      this.watchdog = setInterval(() => this.checkTimers(Date.now()), Math.min(1000, this.options.keepAliveMs, this.options.serverTimeoutMs));
      let socket: WebSocket;
      try {
        socket = new this.options.WebSocket(hubSocketUrl(this.url, this.accessToken()));
      } catch (error) {
        this.end(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      this.socket = socket;
      socket.onopen = () => this.send(HANDSHAKE);
      socket.onmessage = (event: MessageEvent) => this.receive(event.data);
      socket.onerror = () => undefined; // the close event that follows says how it ended
      socket.onclose = (event: CloseEvent) => {
        this.end(new Error(`WebSocket closed with status code: ${event.code} (${event.reason || 'no reason given'}).`));
      };
    });
  }

  async stop(): Promise<void> {
    if (this.state === 'Disconnected') return;
    if (this.socket?.readyState === 1 /* OPEN */) this.send(CLOSE);
    this.socket?.close(1000);
    this.end(undefined, new Error('The connection was stopped.'));
  }

  on(name: string, handler: (...args: unknown[]) => void): void {
    const key = name.toLowerCase();
    this.handlers.set(key, [...(this.handlers.get(key) ?? []), handler]);
  }

  invoke(name: string, ...args: unknown[]): Promise<unknown> {
    if (this.state !== 'Connected') return Promise.reject(new Error("Cannot send data if the connection is not in the 'Connected' State."));
    const invocationId = String(this.nextInvocationId++);
    return new Promise((resolve, reject) => {
      this.pending.set(invocationId, { resolve, reject });
      this.send(JSON.stringify({ type: INVOCATION, invocationId, target: name, arguments: args }) + RS);
    });
  }

  onclose(callback: (error?: Error) => void): void {
    this.closeCallbacks.push(callback);
  }

  // never called: every loss goes to onclose (see the header)
  onreconnecting(): void {}
  onreconnected(): void {}

  private send(text: string): void {
    this.lastSent = Date.now();
    this.socket?.send(text);
  }

  private checkTimers(now: number): void {
    if (now - this.lastReceived >= this.options.serverTimeoutMs) {
      this.socket?.close(1000);
      this.end(new Error('Server timeout elapsed without receiving a message from the server.'));
      return;
    }
    if (this.handshaken && now - this.lastSent >= this.options.keepAliveMs) this.send(PING);
  }

  private receive(data: unknown): void {
    const now = Date.now();
    this.lastReceived = now;
    if (typeof data !== 'string' || !data.endsWith(RS)) {
      this.fail(new Error('The server sent a frame that is not complete JSON records.'));
      return;
    }
    const records = data.split(RS);
    records.pop(); // the empty string after the final separator
    if (this.inbox.length === 0) this.inbox = records;
    else for (const record of records) this.inbox.push(record);
    if (!this.drainScheduled) this.drain();
    this.checkTimers(now);
  }

  /**
   * Handles the records received, in order, for at most `sliceMs` per task; the rest waits for the next
   * task (a MessageChannel message, which lets the browser paint in between). A frame the server filled
   * while this page was busy can hold a thousand records: handled in one go they made tasks of 80-150 ms
   * (bench:wallboard --trace), with the renders they cause.
   */
  private drain(): void {
    this.drainScheduled = false;
    const started = performance.now();
    while (this.inboxHead < this.inbox.length && this.socket) {
      const text = this.inbox[this.inboxHead++];
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        this.fail(new Error('The server sent a record that is not JSON.'));
        return;
      }
      if (this.handshaken) this.dispatch(message);
      else this.handshake(message);
      if (this.inboxHead < this.inbox.length && performance.now() - started >= this.options.sliceMs) {
        this.drainScheduled = true;
        this.wakeDrain?.port2.postMessage(null);
        return;
      }
    }
    this.inbox = [];
    this.inboxHead = 0;
  }

  private handshake(response: { error?: string }): void {
    if (response.error) {
      this.fail(new Error(`Server returned handshake error: ${response.error}`));
      return;
    }
    this.handshaken = true;
    this.state = 'Connected';
    this.send(PING);
    const starting = this.starting;
    this.starting = null;
    starting?.resolve(undefined);
  }

  private dispatch(message: Message): void {
    switch (message.type) {
      case INVOCATION: {
        const handlers = this.handlers.get(String(message.target).toLowerCase());
        if (!handlers) {
          this.log.warn(`hub: no handler for '${String(message.target)}'`);
          return;
        }
        const args = Array.isArray(message.arguments) ? message.arguments : [];
        for (const handler of handlers) {
          try {
            handler(...args);
          } catch (error) {
            this.log.warn(`hub: the handler of '${String(message.target)}' threw`, { error: error instanceof Error ? error.message : String(error) });
          }
        }
        // a "client result" asked of us: we give none (our server never asks, SignalR's client answers the same)
        if (message.invocationId !== undefined) this.send(JSON.stringify({ type: COMPLETION, invocationId: message.invocationId, error: "Client didn't provide a result." }) + RS);
        return;
      }
      case COMPLETION: {
        const id = String(message.invocationId);
        const pending = this.pending.get(id);
        if (!pending) return;
        this.pending.delete(id);
        if (message.error) pending.reject(new Error(message.error));
        else pending.resolve(message.result);
        return;
      }
      case CLOSE_TYPE:
        this.socket?.close(1000);
        this.end(message.error ? new Error(`Server returned an error on close: ${message.error}`) : undefined);
        return;
      default:
        // pings reset the server timeout (done for every frame); stream and stateful-reconnect messages are not used
        return;
    }
  }

  private fail(error: Error): void {
    this.log.warn('hub: protocol error', { error: error.message });
    this.socket?.close(1000);
    this.end(error);
  }

  /**
   * The one way out: timers and socket handlers cleared, invocations rejected, then start() rejects
   * (never connected) or onclose fires. Runs once per connection; later calls do nothing.
   */
  private end(error: Error | undefined, invocationError?: Error): void {
    if (this.state === 'Disconnected') return;
    const wasConnected = this.state === 'Connected';
    this.state = 'Disconnected';
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.inbox = [];
    this.inboxHead = 0;
    this.drainScheduled = false;
    this.wakeDrain?.port1.close();
    this.wakeDrain = null;
    if (this.socket) {
      this.socket.onopen = this.socket.onmessage = this.socket.onerror = this.socket.onclose = null;
      this.socket = null;
    }
    const reason = invocationError ?? error ?? new Error('Invocation canceled due to the underlying connection being closed.');
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
    const starting = this.starting;
    this.starting = null;
    if (starting) {
      starting.reject(error ?? reason);
      return;
    }
    if (wasConnected) for (const callback of this.closeCallbacks) callback(error);
  }
}

export function wsHubConnection(options: WsHubConnectionOptions = {}): HubConnectionFactory {
  const settings: Required<WsHubConnectionOptions> = {
    WebSocket: options.WebSocket ?? globalThis.WebSocket,
    serverTimeoutMs: options.serverTimeoutMs ?? HUB.clientTimeoutMs,
    keepAliveMs: options.keepAliveMs ?? HUB.pingIntervalMs,
    sliceMs: options.sliceMs ?? DEFAULT_SLICE_MS,
  };
  return ({ url, accessToken, log }) => new WsHubConnection(url, accessToken, log, settings);
}
