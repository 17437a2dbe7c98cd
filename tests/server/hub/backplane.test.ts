/**
 * Backplanes: in-process, and Redis pub/sub against the real Redis at 127.0.0.1:6379 (skipped with a
 * printed reason when it does not answer). The outage is simulated with a TCP proxy we cut.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHubToBackplane, InProcessBackplane, RedisBackplane, type BackplaneEvent } from '../../../server/hub';
import { client, startServer, waitFor, type TestServer } from './helpers';

const REDIS_HOST = '127.0.0.1';
const REDIS_PORT = 6379;

async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(REDIS_PORT, REDIS_HOST);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(String(d).startsWith('+PONG')));
  });
}

/** A TCP proxy to Redis that can be cut (all sockets destroyed, listener closed) and restored. */
class CuttableProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = net.createServer((inbound) => {
      const outbound = net.connect(REDIS_PORT, REDIS_HOST);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => this.sockets.delete(s));
      }
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, REDIS_HOST, () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe('in-process backplane', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => srv.close());

  it('carries pushes to the corp group and a resync to everyone', async () => {
    const bp = new InProcessBackplane();
    const unhook = connectHubToBackplane(srv.hub, bp, { live: srv.live });
    const conn = client(srv.url, 'tok-acme-admin');
    const got: string[] = [];
    conn.on('Hangup', (p: { callId: string }) => got.push(`Hangup ${p.callId}`));
    conn.on('Resync', (p: { reason: string }) => got.push(`Resync ${p.reason}`));
    conn.on('AllExtensions', (p: { corpId: number }) => got.push(`AllExtensions ${p.corpId}`));
    await conn.start();
    await waitFor(() => srv.hub.connectionCount(2) > 0);
    bp.publish(2, 'Hangup', { corpId: 2, callId: 'a', caller: '1', receiver: '2', cause: 16, duration: 1, ts: 1 });
    bp.publish(3, 'Hangup', { corpId: 3, callId: 'b', caller: '1', receiver: '2', cause: 16, duration: 1, ts: 1 });
    bp.resync('test');
    await waitFor(() => got.length === 3, 3000, 'push, resync and snapshot');
    expect(got).toEqual(['Hangup a', 'Resync test', 'AllExtensions 2']);
    unhook();
    await conn.stop();
    await bp.close();
  });
});

describe('redis backplane', async () => {
  const available = await redisAnswers();
  if (!available) console.warn(`[backplane.test] skipping Redis tests: no Redis answering PING at ${REDIS_HOST}:${REDIS_PORT}`);
  const channel = `callboard:test:${process.pid}:${Date.now()}`;

  it.skipIf(!available)('delivers a push published on one instance to the others (and itself)', async () => {
    const a = new RedisBackplane({ url: `redis://${REDIS_HOST}:${REDIS_PORT}`, channel });
    const b = new RedisBackplane({ url: `redis://${REDIS_HOST}:${REDIS_PORT}`, channel });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const atA: BackplaneEvent[] = [];
      const atB: BackplaneEvent[] = [];
      a.subscribe((e) => atA.push(e));
      b.subscribe((e) => atB.push(e));
      const payload = { corpId: 2, number: '1001', status: 2 as const, ts: 123 };
      a.publish(2, 'DeviceStateChanged', payload);
      await waitFor(() => atA.length === 1 && atB.length === 1, 3000, 'both instances');
      expect(atB[0]).toEqual({ kind: 'push', corpId: 2, push: 'DeviceStateChanged', json: JSON.stringify(payload) });
      expect(a.counters.published).toBe(1);
      expect(b.counters.received).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it.skipIf(!available)('after an outage signals resync; the hub then sends Resync and fresh snapshots', async () => {
    const proxy = new CuttableProxy();
    await proxy.start();
    const srv = await startServer();
    const viaProxy = new RedisBackplane({ url: `redis://${REDIS_HOST}:${proxy.port}`, channel, maxRetryDelayMs: 100 });
    const direct = new RedisBackplane({ url: `redis://${REDIS_HOST}:${REDIS_PORT}`, channel });
    try {
      await Promise.all([viaProxy.ready(), direct.ready()]);
      connectHubToBackplane(srv.hub, viaProxy, { live: srv.live });
      const conn = client(srv.url, 'tok-acme-admin');
      const got: string[] = [];
      conn.on('Ringing', (p: { callId: string }) => got.push(`Ringing ${p.callId}`));
      conn.on('Resync', () => got.push('Resync'));
      conn.on('AllExtensions', () => got.push('AllExtensions'));
      await conn.start();
      await waitFor(() => srv.hub.connectionCount(2) > 0);

      direct.publish(2, 'Ringing', { corpId: 2, callId: 'before', caller: '1', receiver: '2', ts: 1 });
      await waitFor(() => got.includes('Ringing before'), 3000, 'push before the outage');

      await proxy.cut();
      direct.publish(2, 'Ringing', { corpId: 2, callId: 'lost', caller: '1', receiver: '2', ts: 2 }); // nobody behind the proxy hears it
      viaProxy.publish(2, 'Ringing', { corpId: 2, callId: 'dropped', caller: '1', receiver: '2', ts: 3 });
      await waitFor(() => viaProxy.counters.dropped === 1, 3000, 'publish dropped during the outage');
      await new Promise((r) => setTimeout(r, 300));
      await proxy.start(proxy.port);

      await waitFor(() => got.includes('AllExtensions'), 8000, 'resync after reconnect');
      expect(got).toContain('Resync');
      expect(got).not.toContain('Ringing lost');
      expect(viaProxy.counters.resyncs).toBeGreaterThanOrEqual(1);
      // the publisher that dropped messages tells every instance to resync
      await waitFor(() => direct.counters.resyncs >= 1, 5000, 'resync marker on the other instance');

      direct.publish(2, 'Ringing', { corpId: 2, callId: 'after', caller: '1', receiver: '2', ts: 4 });
      await waitFor(() => got.includes('Ringing after'), 3000, 'push after the outage');
      await conn.stop();
    } finally {
      await Promise.all([viaProxy.close(), direct.close()]);
      await proxy.cut();
      await srv.close();
    }
  }, 20_000);
});
