/**
 * What a connection sends the hub (reference/protocols.md §1.4-1.6): the handshake, then invocations
 * of the hub methods answered with a Completion (a HubError's message is shown, any other error is
 * hidden), Pings (noted), Close; streaming and anything malformed close the connection with an error.
 * Also how a connection ends: flushed, a Close message, the socket closed, out of the table.
 */
import type { WebSocket } from 'ws';
import type { Connection, ConnectionTable, CounterHolder } from './connections';
import { HubError, type HubLogger, type HubMethodHandler, type HubMethods } from './hub-types';
import type { Outbox } from './outbox';
import { MESSAGE_TYPE, ProtocolError, parseHandshake, parseMessage, record, splitRecords, type InvocationMessage } from './protocol';

const UNEXPECTED = (target: string) => `An unexpected error occurred invoking '${target}' on the server.`;

export class Inbound {
  private readonly methods = new Map<string, { name: string; handler: HubMethodHandler }>();

  constructor(
    private readonly table: ConnectionTable,
    private readonly outbox: Outbox,
    private readonly stats: CounterHolder,
    methods: HubMethods,
    private readonly maxMessageBytes: number,
    private readonly log: HubLogger,
  ) {
    for (const [name, handler] of Object.entries(methods)) this.methods.set(name.toLowerCase(), { name, handler });
  }

  onMessage(conn: Connection, data: WebSocket.RawData, isBinary: boolean): void {
    if (conn.closed) return;
    conn.lastReceived = Date.now();
    if (isBinary) return this.protocolError(conn, 'Binary messages are not supported; use the JSON protocol.');
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const text = conn.inbuf + chunk.toString('utf8');
    const { records, rest } = splitRecords(text);
    if (rest.length > this.maxMessageBytes) return this.protocolError(conn, 'Message is too large.');
    conn.inbuf = rest;
    for (const rec of records) {
      if (conn.closed) return;
      if (!conn.handshaken) {
        if (!this.handshake(conn, rec)) return;
        continue;
      }
      try {
        this.dispatch(conn, parseMessage(rec));
      } catch (error) {
        if (error instanceof ProtocolError) return this.protocolError(conn, error.message);
        throw error;
      }
    }
  }

  /** Flushes what is queued, sends a Close message and closes the socket. */
  close(conn: Connection, error: string | undefined, allowReconnect: boolean): void {
    if (conn.closed) return;
    if (conn.handshaken) {
      this.outbox.flushConnection(conn, true);
      const close: Record<string, unknown> = { type: MESSAGE_TYPE.close };
      if (error !== undefined) close.error = error;
      if (allowReconnect) close.allowReconnect = true;
      this.outbox.sendNow(conn, record(close));
    }
    conn.ws.close(1000);
    this.dispose(conn);
  }

  /** the connection is gone (closed by either side) */
  dispose(conn: Connection): void {
    if (this.table.remove(conn)) this.outbox.drop(conn);
  }

  private handshake(conn: Connection, text: string): boolean {
    let protocol: string;
    let version: number;
    try {
      ({ protocol, version } = parseHandshake(text));
    } catch (error) {
      this.stats.c.protocolErrors++;
      this.outbox.sendNow(conn, record({ error: error instanceof Error ? error.message : 'Invalid handshake.' }));
      conn.ws.close(1000);
      return false;
    }
    if (protocol !== 'json' || version < 1 || version > 2) {
      const error =
        protocol !== 'json' ? `Requested protocol '${protocol}' is not available.` : `The server does not support version ${version} of the 'json' protocol.`;
      this.outbox.sendNow(conn, record({ error }));
      conn.ws.close(1000);
      return false;
    }
    conn.handshaken = true;
    this.stats.c.connections++;
    this.outbox.enqueuePrivate(conn, record({}), 0);
    this.table.joinCorp(conn, conn.principal.corpId);
    return true;
  }

  private dispatch(conn: Connection, message: ReturnType<typeof parseMessage>): void {
    switch (message.type) {
      case MESSAGE_TYPE.invocation:
        void this.invoke(conn, message);
        return;
      case MESSAGE_TYPE.streamInvocation:
        this.completion(conn, message.invocationId, undefined, 'Streaming hub methods are not supported by this server.');
        return;
      case MESSAGE_TYPE.cancelInvocation:
        this.completion(conn, message.invocationId, undefined, 'Streaming hub methods are not supported by this server; nothing to cancel.');
        return;
      case MESSAGE_TYPE.streamItem:
        this.protocolError(conn, 'Client-to-server streaming is not supported.');
        return;
      case MESSAGE_TYPE.close:
        conn.ws.close(1000);
        return;
      // Ping: the receive time is already noted. Completion: we never ask for client results.
      // Ack / Sequence: stateful reconnect is not advertised, so they carry nothing for us.
      default:
        return;
    }
  }

  private async invoke(conn: Connection, message: InvocationMessage): Promise<void> {
    this.stats.c.invocations++;
    const id = message.invocationId;
    if (message.streamIds && message.streamIds.length > 0) {
      if (id !== undefined) this.completion(conn, id, undefined, 'Client-to-server streaming is not supported by this server.');
      return;
    }
    const method = this.methods.get(message.target.toLowerCase());
    if (!method) {
      if (id !== undefined) this.completion(conn, id, undefined, `Unknown method '${message.target}'.`);
      return;
    }
    try {
      const result = await method.handler(conn.ctx, ...message.arguments);
      if (id !== undefined) this.completion(conn, id, result);
    } catch (error) {
      if (!(error instanceof HubError)) {
        this.log.warn('hub: method failed', { method: method.name, connectionId: conn.id, error: String(error) });
      }
      if (id !== undefined) this.completion(conn, id, undefined, error instanceof HubError ? error.message : UNEXPECTED(method.name));
    }
  }

  private completion(conn: Connection, invocationId: string, result: unknown, error?: string): void {
    if (conn.closed) return;
    let text: string;
    if (error !== undefined) text = record({ type: MESSAGE_TYPE.completion, invocationId, error });
    else {
      try {
        text = result === undefined ? record({ type: MESSAGE_TYPE.completion, invocationId }) : record({ type: MESSAGE_TYPE.completion, invocationId, result });
      } catch {
        text = record({ type: MESSAGE_TYPE.completion, invocationId, error: 'The result could not be serialised.' });
      }
    }
    this.outbox.enqueuePrivate(conn, text, 1);
  }

  private protocolError(conn: Connection, error: string): void {
    this.stats.c.protocolErrors++;
    this.close(conn, `Connection closed with an error. ${error}`, false);
  }
}
