/**
 * Conformance of our hub with the OFFICIAL @microsoft/signalr client (Node, WebSockets transport,
 * negotiate on), plus raw-WebSocket checks of what the client does not expose (framing, Close, Ping).
 */
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HubPushes } from '../../../domain';
import { client, rawClient, RS, startServer, waitFor, type TestServer } from './helpers';

let srv: TestServer;
const open: HubConnection[] = [];

function track(conn: HubConnection): HubConnection {
  open.push(conn);
  return conn;
}

beforeAll(async () => {
  srv = await startServer();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop().catch(() => undefined)));
});
afterAll(async () => {
  await srv.close();
});

describe('official client', () => {
  it('connects through negotiate and invokes a method with a result', async () => {
    const conn = track(client(srv.url, 'tok-acme-admin'));
    await conn.start();
    expect(conn.state).toBe(HubConnectionState.Connected);
    expect(conn.connectionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await conn.invoke('Echo', { a: [1, 'x'] })).toEqual({ a: [1, 'x'] });
    expect(await conn.invoke('Add', 2, 40)).toBe(42);
    expect(await conn.invoke('add', 1, 1)).toBe(2); // hub method names are case-insensitive, as in ASP.NET
    expect(await conn.invoke('Void')).toBeUndefined(); // a void Completion (no result)
  });

  it('rejects with the error completion text', async () => {
    const conn = track(client(srv.url, 'tok-acme-admin'));
    await conn.start();
    await expect(conn.invoke('Fail')).rejects.toThrow('boom');
    await expect(conn.invoke('NoSuchThing')).rejects.toThrow(/Unknown method 'NoSuchThing'/);
    const crash = conn.invoke('Crash');
    await expect(crash).rejects.toThrow("An unexpected error occurred invoking 'Crash' on the server.");
    await expect(crash).rejects.not.toThrow(/secret/);
    // the connection survives method errors
    expect(await conn.invoke('Echo', 1)).toBe(1);
  });

  it('GetAllExtensions answers with the AllExtensions push, then completes', async () => {
    const conn = track(client(srv.url, 'tok-acme-admin'));
    const got: HubPushes['AllExtensions'][] = [];
    conn.on('AllExtensions', (p: HubPushes['AllExtensions']) => got.push(p));
    await conn.start();
    await conn.invoke('GetAllExtensions', 2);
    expect(got).toHaveLength(1); // the push precedes the completion on the wire
    expect(got[0].corpId).toBe(2);
    expect(got[0].extensions.map((e) => e.number)).toEqual(['1001', '1002']);
    expect(typeof got[0].ts).toBe('number');
    await conn.invoke('GetAllExtensions'); // no corpId: own corp
    expect(got[1].corpId).toBe(2);
  });

  it('receives pushes for its corp (target matched case-insensitively)', async () => {
    const conn = track(client(srv.url, 'tok-acme-admin'));
    const got: unknown[] = [];
    conn.on('ringing', (p: unknown) => got.push(p));
    await conn.start();
    await waitFor(() => srv.hub.connectionCount(2) > 0);
    srv.hub.broadcast(2, 'Ringing', { corpId: 2, callId: '1.1', caller: '1001', receiver: '1002', ts: 1 });
    await waitFor(() => got.length === 1, 3000, 'Ringing push');
    expect(got[0]).toEqual({ corpId: 2, callId: '1.1', caller: '1001', receiver: '1002', ts: 1 });
  });

  it('answers 401 at negotiate without a token, and start() fails', async () => {
    const res = await fetch(`${srv.url}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(res.status).toBe(401);
    const conn = client(srv.url, null);
    await expect(conn.start()).rejects.toThrow(/401/);
    expect(conn.state).toBe(HubConnectionState.Disconnected);
  });

  it('refuses a bad token at negotiate and at the WebSocket upgrade', async () => {
    const conn = client(srv.url, 'forged');
    await expect(conn.start()).rejects.toThrow(/401/);
    // upgrade with a valid negotiation but a bad token, and without any token
    for (const headers of [{ authorization: 'Bearer forged' }, {}]) {
      const ws = new WebSocket(`${srv.url.replace('http', 'ws')}`, { headers });
      const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
      expect(status).toBe(401);
    }
    // the browser way (access_token in the query) is accepted
    const ok = new WebSocket(`${srv.url.replace('http', 'ws')}?access_token=tok-acme-admin`);
    await new Promise<void>((resolve, reject) => {
      ok.once('open', () => resolve());
      ok.once('error', reject);
    });
    ok.close();
  });

  it("refuses another corp's id for level 3, allows it for level 1 (who then receives that corp's pushes)", async () => {
    const admin = track(client(srv.url, 'tok-acme-admin'));
    await admin.start();
    await expect(admin.invoke('GetAllExtensions', 3)).rejects.toThrow('forbidden');
    await expect(admin.invoke('GetAllChannels', '3')).rejects.toThrow('forbidden');
    await expect(admin.invoke('GetAllQueues', 'x')).rejects.toThrow('Invalid corpId.');

    const sup = track(client(srv.url, 'tok-super'));
    const snap: HubPushes['AllExtensions'][] = [];
    const ringing: unknown[] = [];
    sup.on('AllExtensions', (p: HubPushes['AllExtensions']) => snap.push(p));
    sup.on('Ringing', (p: unknown) => ringing.push(p));
    await sup.start();
    await sup.invoke('GetAllExtensions', 3);
    expect(snap[0].corpId).toBe(3);
    srv.hub.broadcast(3, 'Ringing', { corpId: 3, callId: '9.9', caller: '1', receiver: '2', ts: 2 });
    await waitFor(() => ringing.length === 1, 3000, 'watched corp push');
    // switching to another corp stops the first one's pushes
    await sup.invoke('GetAllExtensions', 2);
    srv.hub.broadcast(3, 'Ringing', { corpId: 3, callId: '9.10', caller: '1', receiver: '2', ts: 3 });
    srv.hub.broadcast(2, 'Ringing', { corpId: 2, callId: '9.11', caller: '1', receiver: '2', ts: 4 });
    await waitFor(() => ringing.length === 2, 3000, 'second watched corp push');
    expect((ringing[1] as { corpId: number }).corpId).toBe(2);
  });

  it('HangUp: monitors are refused, administrators reach the live source', async () => {
    const wall = track(client(srv.url, 'tok-acme-wall'));
    await wall.start();
    await expect(wall.invoke('HangUp', '1001', '1002')).rejects.toThrow('forbidden');
    const admin = track(client(srv.url, 'tok-acme-admin'));
    await admin.start();
    expect(await admin.invoke('HangUp', '1001', '1002')).toBe(true);
    expect(await admin.invoke('HangUp', '1005', '1002')).toBe(false);
    await expect(admin.invoke('HangUp', '', '1002')).rejects.toThrow('Invalid caller.');
    expect(srv.live.hangups).toEqual(['2:1001->1002', '2:1005->1002']);
  });

  it('B-LOG-05 LogMon reaches only the connections whose log monitor is open, for the corp they may watch', async () => {
    const logmon = (ts: number, corpId = 2) => ({ corpId, type: 'Dial' as const, timestamp: '', device: 'PJSIP/2_1001', state: 'Ring', event: { type: 'Dial' }, ts });
    const watcher = track(client(srv.url, 'tok-acme-admin'));
    const panel = track(client(srv.url, 'tok-acme-admin'));
    const globex = track(client(srv.url, 'tok-globex-admin'));
    const got: Record<string, number[]> = { watcher: [], panel: [], globex: [] };
    watcher.on('LogMon', (p: { ts: number }) => got.watcher.push(p.ts));
    panel.on('LogMon', (p: { ts: number }) => got.panel.push(p.ts));
    globex.on('LogMon', (p: { ts: number }) => got.globex.push(p.ts));
    await Promise.all([watcher.start(), panel.start(), globex.start()]);
    await watcher.invoke('StartLogMonitor');
    // another corp's feed is refused below level 1
    await expect(globex.invoke('StartLogMonitor', 2)).rejects.toThrow('forbidden');
    srv.hub.broadcast(2, 'LogMon', logmon(1));
    srv.hub.broadcast(2, 'Ringing', { corpId: 2, callId: '1.1', caller: '1001', receiver: '1002', ts: 2 });
    await waitFor(() => got.watcher.length === 1, 3000, 'LogMon to the watcher');
    await watcher.invoke('StopLogMonitor');
    srv.hub.broadcast(2, 'LogMon', logmon(3));
    await watcher.invoke('Echo', 'flush');
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual({ watcher: [1], panel: [], globex: [] });
    // the corp's groups are still only the corps (the log group is not a corp)
    expect(srv.hub.corpsConnected().every((c) => c >= 0)).toBe(true);
  });

  it('B-LOG-05 a level 1 watcher follows the log feed of the corp it watches', async () => {
    const sup = track(client(srv.url, 'tok-super'));
    const got: number[] = [];
    sup.on('LogMon', (p: { corpId: number }) => got.push(p.corpId));
    await sup.start();
    await sup.invoke('StartLogMonitor', 3);
    srv.hub.broadcast(2, 'LogMon', { corpId: 2, type: 'Dial', timestamp: '', device: '', state: '', event: null, ts: 1 });
    srv.hub.broadcast(3, 'LogMon', { corpId: 3, type: 'Dial', timestamp: '', device: '', state: '', event: null, ts: 2 });
    await waitFor(() => got.length === 1, 3000, 'globex LogMon');
    await sup.invoke('StartLogMonitor', 2);
    srv.hub.broadcast(3, 'LogMon', { corpId: 3, type: 'Dial', timestamp: '', device: '', state: '', event: null, ts: 3 });
    srv.hub.broadcast(2, 'LogMon', { corpId: 2, type: 'Dial', timestamp: '', device: '', state: '', event: null, ts: 4 });
    await waitFor(() => got.length === 2, 3000, 'acme LogMon');
    expect(got).toEqual([3, 2]);
  });

  it('issue 13 a kiosk screen gets the pushes its boards read, not the call and contact lists only panels read; panels and a level 1 watcher get them all', async () => {
    const kiosk = track(client(srv.url, 'tok-acme-kiosk'));
    const panel = track(client(srv.url, 'tok-acme-admin'));
    const sup = track(client(srv.url, 'tok-super'));
    const names = ['ActiveCalls', 'AllContacts', 'AllChannels', 'DeviceStateChanged', 'AllQueues', 'Ringing'];
    const got: Record<string, string[]> = { kiosk: [], panel: [], sup: [] };
    for (const name of names) {
      kiosk.on(name, () => got.kiosk.push(name));
      panel.on(name, () => got.panel.push(name));
      sup.on(name, () => got.sup.push(name));
    }
    await Promise.all([kiosk.start(), panel.start(), sup.start()]);
    // the supervisor watches acme (its working corp)
    await sup.invoke('GetAllQueues', 2);
    got.sup.length = 0;
    srv.hub.broadcast(2, 'ActiveCalls', { corpId: 2, calls: [], ts: 1 });
    srv.hub.broadcast(2, 'AllContacts', { corpId: 2, contacts: [], ts: 2 });
    srv.hub.broadcast(2, 'AllChannels', { corpId: 2, channels: [], ts: 3 });
    srv.hub.broadcast(2, 'DeviceStateChanged', { corpId: 2, number: '1001', status: 2, ts: 4 });
    srv.hub.broadcast(2, 'AllQueues', { corpId: 2, queues: [], ts: 5 });
    srv.hub.broadcast(2, 'Ringing', { corpId: 2, callId: '1.1', caller: '1001', receiver: '1002', ts: 6 });
    await waitFor(() => got.kiosk.length === 3 && got.panel.length === 6 && got.sup.length === 6, 3000, 'the pushes');
    expect(got.kiosk).toEqual(['DeviceStateChanged', 'AllQueues', 'Ringing']);
    expect(got.panel).toEqual(names);
    expect(got.sup).toEqual(names);
    // a kiosk still gets a list it asks for
    const contacts: unknown[] = [];
    kiosk.on('AllContacts', (p: unknown) => contacts.push(p));
    await kiosk.invoke('GetAllContacts');
    await waitFor(() => contacts.length === 1, 3000, 'AllContacts asked for');
  });

  it('never delivers another corp’s event', async () => {
    const acme = track(client(srv.url, 'tok-acme-admin'));
    const globex = track(client(srv.url, 'tok-globex-admin'));
    const seen: Record<string, number[]> = { acme: [], globex: [] };
    for (const name of ['Ringing', 'Hangup', 'DeviceStateChanged', 'CallConnected']) {
      acme.on(name, (p: { corpId: number }) => seen.acme.push(p.corpId));
      globex.on(name, (p: { corpId: number }) => seen.globex.push(p.corpId));
    }
    await Promise.all([acme.start(), globex.start()]);
    await waitFor(() => srv.hub.connectionCount(2) > 0 && srv.hub.connectionCount(3) > 0);
    for (let i = 0; i < 50; i++) {
      const corpId = i % 3 === 0 ? 2 : 3;
      srv.hub.broadcast(corpId, 'DeviceStateChanged', { corpId, number: '1001', status: 2, ts: i });
      srv.hub.broadcast(corpId, 'Hangup', { corpId, callId: `${i}.1`, caller: '1', receiver: '2', cause: 16, duration: 3, ts: i });
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 2));
    }
    srv.hub.broadcast(7, 'Ringing', { corpId: 7, callId: 'x', caller: '1', receiver: '2', ts: 0 }); // nobody listens
    await waitFor(() => seen.acme.length === 34 && seen.globex.length === 66, 5000, 'all pushes');
    expect(new Set(seen.acme)).toEqual(new Set([2]));
    expect(new Set(seen.globex)).toEqual(new Set([3]));
  });

  it('reconnects after a server restart on the same port and refetches the snapshot', async () => {
    const first = await startServer();
    const port = first.port;
    const conn = track(client(first.url, 'tok-acme-admin', true));
    const snapshots: HubPushes['AllExtensions'][] = [];
    const reconnecting: (Error | undefined)[] = [];
    conn.on('AllExtensions', (p: HubPushes['AllExtensions']) => snapshots.push(p));
    conn.onreconnecting((e) => reconnecting.push(e));
    const reconnected = new Promise<string | undefined>((resolve) =>
      conn.onreconnected((id) => {
        void conn.invoke('GetAllExtensions').then(() => resolve(id));
      }),
    );
    await conn.start();
    const firstId = conn.connectionId;
    await conn.invoke('GetAllExtensions');
    expect(snapshots).toHaveLength(1);

    await first.close(); // Close {allowReconnect:true} to every client
    await waitFor(() => reconnecting.length === 1, 3000, 'reconnecting');
    expect(String(reconnecting[0])).toContain('Server returned an error on close: Server is restarting');
    await new Promise((r) => setTimeout(r, 600)); // a few failed attempts while nothing listens
    const second = await startServer({}, port);
    try {
      const newId = await reconnected;
      expect(conn.state).toBe(HubConnectionState.Connected);
      expect(newId).not.toBe(firstId);
      expect(snapshots).toHaveLength(2);
      second.hub.broadcast(2, 'AllExtensions', { corpId: 2, extensions: [], ts: 5 });
      await waitFor(() => snapshots.length === 3, 3000, 'push after reconnect');
    } finally {
      await conn.stop();
      await second.close();
    }
  }, 20_000);
});

describe('raw WebSocket', () => {
  it('coalesces the broadcasts of one tick into one frame, records separated by 0x1e', async () => {
    const raw = await rawClient(srv.url, 'tok-acme-admin');
    await waitFor(() => srv.hub.connectionCount(2) > 0);
    raw.frames.length = 0;
    for (let i = 0; i < 5; i++) srv.hub.broadcast(2, 'DeviceStateChanged', { corpId: 2, number: `100${i}`, status: 3, ts: i });
    await waitFor(() => raw.frames.length > 0, 3000, 'frame');
    await new Promise((r) => setTimeout(r, 50));
    expect(raw.frames).toHaveLength(1);
    const records = raw.frames[0].split(RS);
    expect(records.pop()).toBe(''); // the frame ends with the separator
    expect(records.map((r) => JSON.parse(r) as { arguments: { number: string }[] }).map((r) => r.arguments[0].number)).toEqual([
      '1000',
      '1001',
      '1002',
      '1003',
      '1004',
    ]);
    expect(JSON.parse(records[0])).toMatchObject({ type: 1, target: 'DeviceStateChanged' });
    expect(JSON.parse(records[0])).not.toHaveProperty('invocationId');
    raw.ws.close();
  });

  it('answers the handshake with {} and refuses other protocols', async () => {
    const ok = await rawClient(srv.url, 'tok-acme-admin');
    expect(ok.frames[0]).toBe(`{}${RS}`);
    ok.ws.close();
    const mp = await rawClient(srv.url, 'tok-acme-admin', '{"protocol":"messagepack","version":1}');
    expect(mp.records()[0]).toEqual({ error: "Requested protocol 'messagepack' is not available." });
    expect((await mp.closed).code).toBe(1000);
    const v9 = await rawClient(srv.url, 'tok-acme-admin', '{"protocol":"json","version":9}');
    expect(String(v9.records()[0].error)).toContain('version 9');
    const junk = await rawClient(srv.url, 'tok-acme-admin', 'hello');
    expect(junk.records()[0]).toHaveProperty('error');
    await junk.closed;
  });

  it('takes several records per frame; answers invocations with and without id correctly', async () => {
    const raw = await rawClient(srv.url, 'tok-acme-admin');
    raw.send(
      { type: 1, invocationId: '7', target: 'Add', arguments: [1, 2] },
      { type: 1, target: 'Echo', arguments: ['no answer expected'] },
      { type: 1, invocationId: '8', target: 'Nope', arguments: [] },
      { type: 4, invocationId: '9', target: 'Echo', arguments: [] },
      { type: 5, invocationId: '9' },
      { type: 1, invocationId: '10', target: 'Echo', arguments: [], streamIds: ['s1'] },
      { type: 6 },
    );
    await waitFor(() => raw.records().filter((r) => r.type === 3).length === 5, 3000, 'completions');
    const completions = raw.records().filter((r) => r.type === 3);
    expect(completions).toContainEqual({ type: 3, invocationId: '7', result: 3 });
    expect(completions.find((c) => c.invocationId === '8')?.error).toMatch(/Unknown method/);
    expect(completions.find((c) => c.invocationId === '9' && String(c.error).includes('not supported'))).toBeTruthy();
    expect(completions.filter((c) => c.invocationId === '9')).toHaveLength(2);
    expect(completions.find((c) => c.invocationId === '10')?.error).toMatch(/streaming is not supported/);
    expect(completions.some((c) => c.invocationId === undefined)).toBe(false);
    raw.ws.close();
  });

  it('closes cleanly with an error on a malformed frame, without harming others', async () => {
    const other = await rawClient(srv.url, 'tok-acme-admin');
    for (const bad of ['{not json', '{"type":1,"target":"Echo"}', '{"type":99}', '[1,2]', '{"type":3,"invocationId":"1","result":1,"error":"x"}', '']) {
      const raw = await rawClient(srv.url, 'tok-acme-admin');
      raw.sendText(bad + RS);
      const { code } = await raw.closed;
      expect(code).toBe(1000);
      const close = raw.records().find((r) => r.type === 7);
      expect(close?.error, `for ${JSON.stringify(bad)}`).toMatch(/^Connection closed with an error\./);
      expect(close?.allowReconnect).toBeUndefined();
    }
    const binary = await rawClient(srv.url, 'tok-acme-admin');
    binary.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await binary.closed;
    expect(binary.records().find((r) => r.type === 7)?.error).toMatch(/Binary/);
    other.send({ type: 1, invocationId: '1', target: 'Echo', arguments: ['still here'] });
    await waitFor(() => other.records().some((r) => r.result === 'still here'), 3000, 'other connection alive');
    other.ws.close();
  });

  it('a record split across frames is reassembled', async () => {
    const raw = await rawClient(srv.url, 'tok-acme-admin');
    const text = JSON.stringify({ type: 1, invocationId: '1', target: 'Echo', arguments: ['split'] }) + RS;
    raw.sendText(text.slice(0, 10));
    raw.sendText(text.slice(10));
    await waitFor(() => raw.records().some((r) => r.result === 'split'), 3000, 'reassembled');
    raw.ws.close();
  });

  it('negotiate answers version 1 with WebSockets/Text only; an unknown id is 404 and a used one 409', async () => {
    const res = await fetch(`${srv.url}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: 'Bearer tok-acme-admin' } });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ negotiateVersion: 1, availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }] });
    expect(body.connectionToken).not.toBe(body.connectionId);
    const statusOf = (id: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${srv.url.replace('http', 'ws')}?id=${id}`, { headers: { authorization: 'Bearer tok-acme-admin' } });
        ws.on('unexpected-response', (_req, r) => resolve(r.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
    expect(await statusOf('nope')).toBe(404);
    expect(await statusOf(String(body.connectionToken))).toBe(101);
    expect(await statusOf(String(body.connectionToken))).toBe(409);
    const v0 = (await (await fetch(`${srv.url}/negotiate`, { method: 'POST', headers: { authorization: 'Bearer tok-acme-admin' } })).json()) as Record<string, unknown>;
    expect(v0.negotiateVersion).toBe(0);
    expect(v0).not.toHaveProperty('connectionToken');
  });
});

describe('keep-alive and shutdown', () => {
  it('pings an idle client and closes a silent one', async () => {
    const fast = await startServer({ pingIntervalMs: 100, clientTimeoutMs: 400 });
    try {
      const raw = await rawClient(fast.url, 'tok-acme-admin');
      await waitFor(() => raw.records().some((r) => r.type === 6), 2000, 'ping');
      const chatty = await rawClient(fast.url, 'tok-acme-admin');
      const keepAlive = setInterval(() => chatty.send({ type: 6 }), 100);
      const { code } = await raw.closed; // silent: closed after 400 ms
      expect(code).toBe(1000);
      expect(raw.records().find((r) => r.type === 7)).toMatchObject({ error: expect.stringContaining('timeout') });
      expect(chatty.ws.readyState).toBe(WebSocket.OPEN);
      clearInterval(keepAlive);
      chatty.ws.close();
    } finally {
      await fast.close();
    }
  });

  it('closes a connection that never completes the handshake; closeUser kicks for good', async () => {
    const s = await startServer({ handshakeTimeoutMs: 150 });
    try {
      const mute = await rawClient(s.url, 'tok-acme-admin', null);
      const { code } = await mute.closed;
      expect(code).toBe(1000);
      expect(mute.frames).toEqual([]);
      const conn = client(s.url, 'tok-acme-admin');
      const closed = new Promise<Error | undefined>((resolve) => conn.onclose((e) => resolve(e)));
      await conn.start();
      expect(s.hub.closeUser(3, 'Session revoked')).toBe(1);
      expect(String(await closed)).toContain('Server returned an error on close: Session revoked');
      expect(conn.state).toBe(HubConnectionState.Disconnected);
    } finally {
      await s.close();
    }
  });

  it('shutdown() sends Close with allowReconnect to everyone and refuses new connections', async () => {
    const s = await startServer();
    const a = await rawClient(s.url, 'tok-acme-admin');
    const b = await rawClient(s.url, 'tok-globex-admin');
    s.hub.broadcast(2, 'Ringing', { corpId: 2, callId: 'last', caller: '1', receiver: '2', ts: 0 });
    await s.hub.shutdown('Server is restarting');
    for (const raw of [a, b]) {
      await raw.closed;
      expect(raw.records().find((r) => r.type === 7)).toEqual({ type: 7, error: 'Server is restarting', allowReconnect: true });
    }
    expect(a.records().some((r) => r.target === 'Ringing')).toBe(true); // queued pushes go out before the Close
    expect((await s.hub.handleNegotiate({ method: 'POST', url: '/hub/negotiate', headers: { authorization: 'Bearer tok-acme-admin' } })).status).toBe(503);
    s.server.closeAllConnections();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  });

  it('closes a client that does not read (backpressure), counting a slow consumer', async () => {
    const s = await startServer({ highWaterBytes: 16 * 1024, maxQueuedBytes: 256 * 1024 });
    try {
      const raw = await rawClient(s.url, 'tok-acme-admin');
      const reader = await rawClient(s.url, 'tok-acme-admin');
      await waitFor(() => s.hub.connectionCount(2) === 2);
      (raw.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const big = 'x'.repeat(64 * 1024);
      let sent = 0;
      for (let i = 0; i < 400 && s.hub.counters.slowConsumers === 0; i++) {
        s.hub.broadcast(2, 'ActiveCalls', { corpId: 2, calls: [{ corpId: 2, callId: `c${i}`, time: i, profile: 'internal', caller: big, destination: '', dialed: '', receiver: '', trunk: null }], ts: i });
        sent++;
        // a turn of the event loop and a little time: the hub paces each connection's frames (16 ms)
        await new Promise((r) => setTimeout(r, 2));
      }
      expect(s.hub.counters.slowConsumers).toBe(1);
      expect(s.hub.counters.deferred).toBeGreaterThan(0);
      expect(s.hub.connectionCount(2)).toBe(1);
      // the reader is not held back by the slow one: every push reaches it
      await waitFor(() => reader.records().filter((r) => r.target === 'ActiveCalls').length === sent, 5000, 'reader keeps receiving');
      reader.ws.close();
      raw.ws.terminate();
    } finally {
      await s.close();
    }
  });
});
