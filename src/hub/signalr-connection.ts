/**
 * The hub connection of the admin app: @microsoft/signalr's HubConnection, JSON protocol over
 * WebSockets, with SignalR's automatic reconnect under our never-give-up policy.
 *
 * skipNegotiation (I-INST-04): the WebSocket is the only request of a (re)connect, so a round-robin
 * balancer without sticky sessions cannot send it to another instance than a negotiate (SignalR's
 * scale-out advice; the server's negotiate is stateless too, for clients that do negotiate).
 */
import {
  HttpTransportType,
  HubConnectionBuilder,
  JsonHubProtocol,
  LogLevel,
  type HubConnectionState,
  type IHttpConnectionOptions,
  type IHubProtocol,
  type ILogger,
  type IRetryPolicy,
} from '@microsoft/signalr';
import type { ConnectionState, HubClientLogger, HubConnectionFactory, HubConnectionLike } from './hub-connection';

/** The subset of @microsoft/signalr's HubConnection used here (a fake implements it in tests). */
export interface SignalRConnectionLike extends Omit<HubConnectionLike, 'state'> {
  readonly state: HubConnectionState;
}

/** The subset of @microsoft/signalr's HubConnectionBuilder used here. */
export interface HubBuilderLike {
  withUrl(url: string, options: IHttpConnectionOptions): HubBuilderLike;
  withHubProtocol(protocol: IHubProtocol): HubBuilderLike;
  withAutomaticReconnect(policy: IRetryPolicy): HubBuilderLike;
  configureLogging(logger: ILogger): HubBuilderLike;
  build(): SignalRConnectionLike;
}

/** SignalR's own log lines, warnings and worse, go to our logger. */
function signalrLogger(log: HubClientLogger): ILogger {
  return {
    log(level: LogLevel, message: string) {
      if (level >= LogLevel.Warning && level !== LogLevel.None) log.warn(`signalr: ${message}`);
    },
  };
}

/** `builder`: a fresh HubConnectionBuilder (tests inject a fake) */
export function signalrConnection(builder: () => HubBuilderLike = () => new HubConnectionBuilder()): HubConnectionFactory {
  return ({ url, accessToken, retryPolicy, log }) => {
    const connection = builder()
      .withUrl(url, { accessTokenFactory: accessToken, transport: HttpTransportType.WebSockets, skipNegotiation: true })
      .withHubProtocol(new JsonHubProtocol())
      .withAutomaticReconnect(retryPolicy)
      .configureLogging(signalrLogger(log))
      .build();
    return {
      // the enum's values are these strings
      get state() {
        return connection.state as ConnectionState;
      },
      start: () => connection.start(),
      stop: () => connection.stop(),
      on: (name, handler) => connection.on(name, handler),
      invoke: (name, ...args) => connection.invoke(name, ...args),
      onclose: (callback) => connection.onclose(callback),
      onreconnecting: (callback) => connection.onreconnecting(callback),
      onreconnected: (callback) => connection.onreconnected(callback),
    };
  };
}
