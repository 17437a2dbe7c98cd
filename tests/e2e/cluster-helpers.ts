/**
 * Several real instances behind a real balancer, for the e2e tests of spec 4 §I: `server/main.ts`
 * processes on one throwaway PostgreSQL database, one Redis prefix and one shared DATA_DIR, with
 * Debian's HAProxy in front (round robin, no stickiness, health checks on /api/v1/health). Each
 * instance serves the client build the e2e server serves (CALLBOARD_CLIENT_DIR).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { throwawayDatabase } from '../server/fixtures/throwaway-database';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** the instances' JWT_SECRET (bench/cluster-bench.ts signs its hub tokens with it) */
export const CLUSTER_SECRET = `cluster-e2e-${'s'.repeat(40)}`;
const SECRET = CLUSTER_SECRET;

/** where HAProxy is, or null */
export function haproxyPath(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/** null when PostgreSQL and Redis answer, else why the cluster tests skip */
export async function clusterSkipReason(): Promise<string | null> {
  if (!haproxyPath()) return 'haproxy is not installed (apt-get install -y haproxy)';
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return `PostgreSQL at ${POSTGRES_URL} does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const { hostname, port } = new URL(REDIS_URL);
  const up = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
  return up ? null : `Redis at ${REDIS_URL} does not answer`;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Instance {
  port: number;
  base: string;
  child: ChildProcess;
}

export interface Cluster {
  instances: Instance[];
  /** HAProxy's address: what browsers use */
  url: string;
  databaseUrl: string;
  /** the Redis key prefix of this cluster */
  prefix: string;
  /** starts instance i again (after a kill) on its port */
  restart(i: number): Promise<void>;
  /** the HAProxy process (bench/cluster-bench.ts reads its CPU) */
  proxy: ChildProcess;
  /** open hub connections of each instance (its /metrics) */
  hubConnections(): Promise<number[]>;
  stop(): Promise<void>;
}

async function healthy(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (child.exitCode !== null) throw new Error(`instance ${base} exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`instance ${base} did not become healthy in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface ClusterServers {
  /** a private server of the test's own (the outage tests restart it) */
  postgresUrl?: string;
  redisUrl?: string;
  /** HAProxy's global maxconn (default 2000; bench/cluster-bench.ts holds 10,000 WebSockets) */
  maxconn?: number;
  /** more environment for the instances, over the defaults (bench/cluster-bench.ts: PBX=none) */
  env?: Record<string, string>;
}

export async function startCluster(count = 3, servers: ClusterServers = {}): Promise<Cluster> {
  const haproxy = haproxyPath();
  if (!haproxy) throw new Error('haproxy is not installed');
  const postgresUrl = servers.postgresUrl ?? POSTGRES_URL;
  const redisUrl = servers.redisUrl ?? REDIS_URL;
  const database = await throwawayDatabase(postgresUrl);
  const databaseUrl = database.url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-cluster-e2e-'));
  const prefix = `callboard-e2e-${randomBytes(4).toString('hex')}`;
  const ports = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());

  const spawnInstance = (port: number): Instance => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        JWT_SECRET: SECRET,
        TRUST_PROXY: '1',
        CALLBOARD_DEMO: '1',
        SIM_HISTORY: '0',
        SIM_TRAFFIC: 'quiet',
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...servers.env,
      },
    });
    return { port, base: `http://127.0.0.1:${port}`, child };
  };
  // all at once: the start lock (I-INST-03) lets one migrate and seed
  const instances = ports.map(spawnInstance);
  let proxy: { child: ChildProcess; url: string } | null = null;
  const stop = async () => {
    proxy?.child.kill('SIGTERM');
    await Promise.all(
      instances.map(
        (x) =>
          new Promise<void>((resolve) => {
            if (x.child.exitCode !== null || x.child.signalCode !== null) return resolve();
            x.child.once('exit', () => resolve());
            x.child.kill('SIGTERM');
            setTimeout(() => {
              x.child.kill('SIGKILL');
              resolve();
            }, 10_000).unref();
          }),
      ),
    );
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let front: { child: ChildProcess; url: string };
  try {
    await Promise.all(instances.map((x) => healthy(x.base, x.child, 90_000)));
    front = await startHaproxy(haproxy, ports, dataDir, servers.maxconn);
    proxy = front;
  } catch (error) {
    // a start that fails halfway (an instance never healthy) leaves nothing running behind it
    await stop().catch(() => undefined);
    throw error;
  }

  return {
    instances,
    url: front.url,
    proxy: front.child,
    databaseUrl,
    prefix,
    async restart(i) {
      const next = spawnInstance(instances[i].port);
      instances[i] = next;
      await healthy(next.base, next.child, 60_000);
    },
    async hubConnections() {
      return Promise.all(
        instances.map(async (x) => {
          const text = await fetch(`${x.base}/metrics`).then(
            (r) => r.text(),
            () => '',
          );
          const match = /^callboard_hub_connections (\d+)/m.exec(text);
          return match ? Number(match[1]) : -1;
        }),
      );
    },
    stop,
  };
}

/** HAProxy in front of the instances (round robin, health checks, X-Forwarded-For), once it answers */
async function startHaproxy(haproxy: string, ports: number[], dataDir: string, maxconn: number | undefined): Promise<{ child: ChildProcess; url: string }> {
  const haproxyPort = await freePort();
  const config = path.join(dataDir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      `  maxconn ${maxconn ?? 2000}`,
      'defaults',
      ...(maxconn ? [`  maxconn ${maxconn}`] : []),
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      // a request or WebSocket sent to an instance that just died goes to another one
      // /health waits up to 1 s for each look (a leaderless moment included): a check must outwait it
      '  timeout check 3s',
      '  option redispatch',
      '  retries 3',
      'frontend callboard',
      `  bind 127.0.0.1:${haproxyPort}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /api/v1/health',
      '  http-check expect status 200',
      '  option forwardfor',
      ...ports.map((port, i) => `  server i${i} 127.0.0.1:${port} check inter 500ms fall 2 rise 1`),
      '',
    ].join('\n'),
  );
  const child = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${haproxyPort}`;
  try {
    await healthy(url, child, 10_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { child, url };
}
