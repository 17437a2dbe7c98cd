/**
 * The connection the hub client drives (hub-client.ts): the part of @microsoft/signalr's HubConnection
 * it uses. Who makes it is the screen's choice: SignalR's own client in the admin app
 * (signalr-connection.ts), our WebSocket connection on the kiosk route (ws-hub-connection.ts), a fake
 * in tests.
 */
import type { NeverGiveUpPolicy } from './retry-policy';

/** @microsoft/signalr's HubConnectionState values (the enum's strings) */
export type ConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

export interface HubConnectionLike {
  readonly state: ConnectionState;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** a push handler; names match case-insensitively, as in SignalR */
  on(name: string, handler: (...args: unknown[]) => void): void;
  invoke(name: string, ...args: unknown[]): Promise<unknown>;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

export interface HubClientLogger {
  warn(message: string, data?: Record<string, unknown>): void;
  info?(message: string, data?: Record<string, unknown>): void;
}

export interface HubConnectionSettings {
  /** the hub's URL: a path of this origin ('/hub') or an absolute http(s) URL */
  url: string;
  /** the current token, read at every (re)connect ('' when there is none) */
  accessToken: () => string;
  /** for a connection that reconnects by itself (SignalR's automatic reconnect) */
  retryPolicy: NeverGiveUpPolicy;
  log: HubClientLogger;
}

export type HubConnectionFactory = (settings: HubConnectionSettings) => HubConnectionLike;
