/**
 * A fake @microsoft/signalr HubConnection (the subset the client uses) and a builder that records
 * what it was configured with. The test drives the "server": it resolves or fails start(), pushes
 * records, drops the connection with or without SignalR's automatic reconnect.
 */
import { HubConnectionState, type IHttpConnectionOptions, type IHubProtocol, type ILogger, type IRetryPolicy } from '@microsoft/signalr';
import type { HubBuilderLike, SignalRConnectionLike } from '../../../src/hub';

type Handler = (...args: unknown[]) => void;

export interface Invocation {
  name: string;
  args: unknown[];
}

export class FakeConnection implements SignalRConnectionLike {
  state: HubConnectionState = HubConnectionState.Disconnected;
  readonly handlers = new Map<string, Handler[]>();
  readonly invocations: Invocation[] = [];
  startCalls = 0;
  stopCalls = 0;
  /** what invoke answers (default: undefined) */
  answer: (name: string, args: unknown[]) => Promise<unknown> = async () => undefined;
  private pending: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private readonly closeCallbacks: ((error?: Error) => void)[] = [];
  private readonly reconnectingCallbacks: ((error?: Error) => void)[] = [];
  private readonly reconnectedCallbacks: ((connectionId?: string) => void)[] = [];

  // ---------------------------------------------------------------- HubConnection API
  start(): Promise<void> {
    if (this.state !== HubConnectionState.Disconnected) {
      return Promise.reject(new Error("Cannot start a HubConnection that is not in the 'Disconnected' state."));
    }
    this.startCalls++;
    this.state = HubConnectionState.Connecting;
    return new Promise<void>((resolve, reject) => {
      this.pending = { resolve, reject };
    });
  }

  async stop(): Promise<void> {
    this.stopCalls++;
    const was = this.state;
    if (was === HubConnectionState.Disconnected) return;
    this.state = HubConnectionState.Disconnected;
    if (was === HubConnectionState.Connecting) {
      // like SignalR: start() rejects, and no onclose (the connection never started)
      this.takePending()?.reject(new Error('The connection was stopped during negotiation.'));
      return;
    }
    this.fire(this.closeCallbacks, undefined);
  }

  on(name: string, handler: Handler): void {
    const key = name.toLowerCase(); // SignalR matches targets case-insensitively
    this.handlers.set(key, [...(this.handlers.get(key) ?? []), handler]);
  }

  invoke(name: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ name, args });
    if (this.state !== HubConnectionState.Connected) {
      return Promise.reject(new Error("Cannot send data if the connection is not in the 'Connected' State."));
    }
    return this.answer(name, args);
  }

  onclose(callback: (error?: Error) => void): void {
    this.closeCallbacks.push(callback);
  }
  onreconnecting(callback: (error?: Error) => void): void {
    this.reconnectingCallbacks.push(callback);
  }
  onreconnected(callback: (connectionId?: string) => void): void {
    this.reconnectedCallbacks.push(callback);
  }

  // ---------------------------------------------------------------- the test's "server"
  get starting(): boolean {
    return this.pending !== null;
  }

  acceptStart(): void {
    const pending = this.takePending();
    if (!pending) throw new Error('no start() pending');
    this.state = HubConnectionState.Connected;
    pending.resolve();
  }

  failStart(error = new Error('Failed to complete negotiation with the server: Error: connect ECONNREFUSED')): void {
    const pending = this.takePending();
    if (!pending) throw new Error('no start() pending');
    this.state = HubConnectionState.Disconnected;
    pending.reject(error);
  }

  push(name: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(name.toLowerCase()) ?? []) handler(...args);
  }

  /** the transport dropped, SignalR's automatic reconnect takes over */
  drop(error = new Error('WebSocket closed with status code: 1006 ().')): void {
    this.state = HubConnectionState.Reconnecting;
    this.fire(this.reconnectingCallbacks, error);
  }

  /** SignalR's automatic reconnect succeeded */
  reconnect(connectionId = 'c2'): void {
    this.state = HubConnectionState.Connected;
    this.fire(this.reconnectedCallbacks, connectionId);
  }

  /** a Close without allowReconnect (or the automatic reconnect gave up): Disconnected + onclose */
  close(error: Error | undefined = new Error('Server returned an error on close: kicked')): void {
    this.state = HubConnectionState.Disconnected;
    this.fire(this.closeCallbacks, error);
  }

  invocationNames(): string[] {
    return this.invocations.map((i) => i.name);
  }

  private takePending() {
    const pending = this.pending;
    this.pending = null;
    return pending;
  }

  private fire<T>(callbacks: ((arg: T) => void)[], arg: T): void {
    for (const callback of callbacks) callback(arg);
  }
}

export class FakeBuilder implements HubBuilderLike {
  url: string | null = null;
  options: IHttpConnectionOptions | null = null;
  protocol: IHubProtocol | null = null;
  policy: IRetryPolicy | null = null;
  logger: ILogger | null = null;
  builds = 0;

  constructor(readonly connection = new FakeConnection()) {}

  withUrl(url: string, options: IHttpConnectionOptions): this {
    this.url = url;
    this.options = options;
    return this;
  }
  withHubProtocol(protocol: IHubProtocol): this {
    this.protocol = protocol;
    return this;
  }
  withAutomaticReconnect(policy: IRetryPolicy): this {
    this.policy = policy;
    return this;
  }
  configureLogging(logger: ILogger): this {
    this.logger = logger;
    return this;
  }
  build(): FakeConnection {
    this.builds++;
    return this.connection;
  }
}

export interface LogLine {
  level: 'warn' | 'info';
  message: string;
  data?: Record<string, unknown>;
}

export function memoryLog() {
  const lines: LogLine[] = [];
  return {
    lines,
    warn: (message: string, data?: Record<string, unknown>) => void lines.push({ level: 'warn', message, data }),
    info: (message: string, data?: Record<string, unknown>) => void lines.push({ level: 'info', message, data }),
  };
}
