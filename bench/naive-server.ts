/**
 * The baseline for bench/hub-bench.ts: a plain `ws` server that does only what the benchmark client
 * needs (negotiate, the handshake answer) and sends every push the naive way: for each event, for
 * each client of the corp, one JSON.stringify and one WebSocket frame. No serialise-once, no
 * coalescing, no back-pressure handling.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { RS } from './bench-common';

export interface NaiveServerOptions {
  server: Server;
  path: string;
  /** token → corpId, null when refused */
  authenticate(token: string): number | null;
}

export interface NaiveCounters {
  frames: number;
  bytes: number;
}

export interface NaiveServer {
  readonly counters: Readonly<NaiveCounters>;
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  broadcast(corpId: number, push: string, payload: unknown): void;
  connectionCount(): number;
  close(): Promise<void>;
}

function bearer(req: IncomingMessage, url: URL): string | null {
  const q = url.searchParams.get('access_token');
  if (q) return q;
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m ? m[1].trim() : null;
}

export function createNaiveServer(options: NaiveServerOptions): NaiveServer {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const pending = new Set<string>();
  const corps = new Map<number, Set<WebSocket>>();
  const counters: NaiveCounters = { frames: 0, bytes: 0 };

  function handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://naive.invalid');
    if (url.pathname !== `${options.path}/negotiate`) return false;
    const token = bearer(req, url);
    if (!token || options.authenticate(token) === null) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
      return true;
    }
    const connectionToken = randomUUID();
    pending.add(connectionToken);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        connectionId: randomUUID(),
        connectionToken,
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      }),
    );
    return true;
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://naive.invalid');
    const token = bearer(req, url);
    const corpId = token ? options.authenticate(token) : null;
    const id = url.searchParams.get('id');
    if (url.pathname !== options.path || corpId === null || (id !== null && !pending.delete(id))) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('message', () => {
        // the first message is the handshake; anything after it (pings) is ignored
        ws.send(`{}${RS}`);
        let members = corps.get(corpId);
        if (!members) corps.set(corpId, (members = new Set()));
        members.add(ws);
        ws.once('close', () => members.delete(ws));
      });
      ws.on('error', () => undefined);
    });
  }
  options.server.on('upgrade', onUpgrade);

  function broadcast(corpId: number, push: string, payload: unknown): void {
    const members = corps.get(corpId);
    if (!members) return;
    for (const ws of members) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const text = JSON.stringify({ type: 1, target: push, arguments: [payload] }) + RS;
      ws.send(text);
      counters.frames++;
      counters.bytes += text.length; // ASCII only
    }
  }

  async function close(): Promise<void> {
    options.server.off('upgrade', onUpgrade);
    for (const members of corps.values()) for (const ws of members) ws.terminate();
    corps.clear();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  return {
    counters,
    handleRequest,
    broadcast,
    connectionCount: () => [...corps.values()].reduce((n, s) => n + s.size, 0),
    close,
  };
}
