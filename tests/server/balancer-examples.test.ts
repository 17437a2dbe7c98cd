/**
 * I-OPS-01: the README's balancer examples ("Several instances": HAProxy and nginx, both TLS) run as
 * written in front of two real instances on one PostgreSQL and Redis with TRUST_PROXY=1
 * (tests/e2e/cluster-helpers.ts). The two blocks are read from README.md itself, so the README cannot
 * drift from what is tested; only what must be local is rewritten (the instances' addresses, the
 * listening port, the certificate paths: a self-signed certificate made here with openssl). Through
 * each balancer: health, a login and an authenticated GET, the hub's WebSocket and a push on it, round
 * robin over both instances (I-INST-04), the client's address seen from X-Forwarded-For, and the
 * largest upload the server takes. Skipped, with the reason printed, without haproxy, nginx, openssl,
 * PostgreSQL or Redis.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, resourceWrites, type ResourceDefinition } from '../../domain';
import { clusterSkipReason, freePort, haproxyPath, startCluster, type Cluster } from '../e2e/cluster-helpers';
import { PASSWORD } from '../e2e/helpers';

const RS = '\x1e';
const README = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');

/** where nginx is, or null */
function nginxPath(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

async function skipReasonOf(): Promise<string | null> {
  if (!nginxPath()) return 'nginx is not installed (apt-get install -y nginx)';
  if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).status !== 0) return 'openssl is not installed (apt-get install -y openssl)';
  return clusterSkipReason();
}

const skipReason = await skipReasonOf();
if (skipReason) console.warn(`[I-OPS-01] the README balancer examples test is skipped: ${skipReason}`);

/** The fenced blocks of README's "Several instances" section: the HAProxy one and the nginx one. */
function readmeBlocks(): { haproxy: string; nginx: string } {
  const start = README.indexOf('\n## Several instances');
  const end = README.indexOf('\n## ', start + 1);
  expect(start, 'README has a "Several instances" section').toBeGreaterThan(0);
  const section = README.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/^```[^\n]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const haproxy = blocks.filter((b) => /^frontend /m.test(b));
  const nginx = blocks.filter((b) => /^upstream /m.test(b));
  expect(haproxy, 'one HAProxy block (with a frontend) in "Several instances"').toHaveLength(1);
  expect(nginx, 'one nginx block (with an upstream) in "Several instances"').toHaveLength(1);
  return { haproxy: haproxy[0], nginx: nginx[0] };
}

/** `text` with `pattern` replaced; the pattern must be there (a README that changed fails here, by name). */
function rewrite(text: string, pattern: RegExp, replacement: string | ((...groups: string[]) => string), what: string): string {
  expect(pattern.test(text), `the README's example has ${what} (${pattern})`).toBe(true);
  pattern.lastIndex = 0;
  return text.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
}

/**
 * The README's `server ... 10.0.0.1N:8080` lines: 10.0.0.11 is the first instance here, 10.0.0.12 the
 * second; the README's third server (10.0.0.13) is the first instance again (two instances here).
 */
function localServers(block: string, ports: number[]): string {
  return rewrite(block, /\b10\.0\.0\.1(\d):8080\b/g, (_m, n) => `127.0.0.1:${ports[(Number(n) - 1) % ports.length]}`, 'server lines on 10.0.0.1N:8080');
}

interface Balancer {
  name: 'HAProxy' | 'nginx';
  port: number;
  child: ChildProcess;
  /** what the process wrote (stderr, nginx's error log): shown when it fails */
  log(): string;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface Send {
  headers?: Record<string, string>;
  body?: Buffer | Buffer[];
  /** the client's own address (any of 127.0.0.0/8): what the balancer puts in X-Forwarded-For */
  from?: string;
}

describe.skipIf(skipReason !== null)('I-OPS-01 README "Several instances": its HAProxy and nginx examples in front of two instances', () => {
  let dir = '';
  const balancers: Balancer[] = [];
  let cluster: Cluster | undefined;
  let ca: Buffer;
  /** each instance's id (GET /api/v1/health leader.instance), in the order of cluster.instances */
  let instanceIds: string[] = [];

  function request(balancer: Balancer, method: string, url: string, send: Send = {}): Promise<Answer> {
    const chunks = send.body === undefined ? [] : Array.isArray(send.body) ? send.body : [send.body];
    const length = chunks.reduce((n, c) => n + c.length, 0);
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: balancer.port,
          path: url,
          method,
          ca,
          // a new connection every time: round robin is seen per connection too
          agent: false,
          ...(send.from ? { localAddress: send.from } : {}),
          headers: { ...(send.body !== undefined ? { 'content-length': String(length) } : {}), ...send.headers },
        },
        (res) => {
          const body: Buffer[] = [];
          res.on('data', (c: Buffer) => body.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(body).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(60_000, () => req.destroy(new Error(`${balancer.name} ${method} ${url}: no answer in 60 s`)));
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  }

  const json = (body: unknown, token?: string): Send => ({
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: Buffer.from(JSON.stringify(body)),
  });

  async function login(balancer: Balancer): Promise<string> {
    const res = await request(balancer, 'POST', '/api/v1/login', json({ nick: 'admin', pass: PASSWORD, corpoName: 'acme' }));
    expect(res.status, res.text).toBe(200);
    return (JSON.parse(res.text) as { token: string }).token;
  }

  async function ready(balancer: Balancer): Promise<void> {
    const until = Date.now() + 20_000;
    for (;;) {
      const status = await request(balancer, 'GET', '/api/v1/health').then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return;
      if (balancer.child.exitCode !== null || Date.now() > until) {
        throw new Error(`${balancer.name} (README example) did not answer /api/v1/health with 200 (last ${status}; exit ${balancer.child.exitCode}):\n${balancer.log()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  function collect(child: ChildProcess): () => string {
    let text = '';
    child.stderr?.on('data', (c: Buffer) => (text = (text + c.toString('utf8')).slice(-8000)));
    child.stdout?.on('data', (c: Buffer) => (text = (text + c.toString('utf8')).slice(-8000)));
    return () => text;
  }

  async function startHaproxy(ports: number[], pem: string): Promise<Balancer> {
    const port = await freePort();
    let config = readmeBlocks().haproxy;
    // `bind :443`: a free port, on loopback only (the machine is shared); the certificate is the test's
    config = rewrite(config, /^(\s*bind )\S*:443( ssl crt )\S+/m, (_m, bind, ssl) => `${bind}127.0.0.1:${port}${ssl}${pem}`, 'bind :443 ssl crt ...');
    config = localServers(config, ports);
    const file = path.join(dir, 'haproxy.cfg');
    writeFileSync(file, config);
    const child = spawn(haproxyPath()!, ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const balancer: Balancer = { name: 'HAProxy', port, child, log: collect(child) };
    balancers.push(balancer);
    return balancer;
  }

  async function startNginx(ports: number[], crt: string, key: string): Promise<Balancer> {
    const port = await freePort();
    let block = readmeBlocks().nginx;
    // `listen 443`: a free port, on loopback only (the machine is shared)
    block = rewrite(block, /^(\s*listen )443( ssl;)/m, (_m, listen, ssl) => `${listen}127.0.0.1:${port}${ssl}`, 'listen 443 ssl');
    // the README's /etc/nginx paths: the test's self-signed certificate
    block = rewrite(block, /^(\s*ssl_certificate )\s*\S+;/m, (_m, d) => `${d}${crt};`, 'ssl_certificate');
    block = rewrite(block, /^(\s*ssl_certificate_key )\S+;/m, (_m, d) => `${d}${key};`, 'ssl_certificate_key');
    block = localServers(block, ports);
    const prefix = path.join(dir, 'nginx');
    mkdirSync(prefix);
    // run as root, nginx's workers are `nobody`: they must reach their temp folders (the body buffer)
    chmodSync(dir, 0o711);
    chmodSync(prefix, 0o711);
    // what a whole nginx.conf needs around the README's block (it goes in `http {}`, e.g. conf.d/),
    // every file in the temp folder; no `user` line (the default), no daemon (`-g 'daemon off;'`)
    const config = [
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events {}',
      'http {',
      `  access_log ${prefix}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
      block,
      '}',
      '',
    ].join('\n');
    const file = path.join(prefix, 'nginx.conf');
    writeFileSync(file, config);
    // -e: where nginx logs before it has read error_log (a build's default may be a system path)
    const child = spawn(nginxPath()!, ['-c', file, '-g', 'daemon off;', '-p', prefix, '-e', `${prefix}/error.log`], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = collect(child);
    const balancer: Balancer = { name: 'nginx', port, child, log: () => `${output()}${tail(`${prefix}/error.log`)}` };
    balancers.push(balancer);
    return balancer;
  }

  async function stop(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      // nginx: SIGTERM is its fast shutdown (master and workers); HAProxy: the same
      child.kill('SIGTERM');
    });
  }

  beforeAll(async () => {
    const started = Date.now();
    dir = mkdtempSync(path.join(tmpdir(), 'callboard-balancers-'));
    const cert = path.join(dir, 'callboard.crt');
    const key = path.join(dir, 'callboard.key');
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=callboard.example.com', '-addext', 'subjectAltName=DNS:callboard.example.com,IP:127.0.0.1', '-keyout', key, '-out', cert],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl req -x509 failed: ${made.stderr}`);
    ca = readFileSync(cert);
    // HAProxy's `crt` takes one file: the certificate and its key
    const pem = path.join(dir, 'callboard.pem');
    writeFileSync(pem, Buffer.concat([ca, readFileSync(key)]), { mode: 0o600 });

    cluster = await startCluster(2);
    const ports = cluster.instances.map((x) => x.port);
    instanceIds = await Promise.all(
      cluster.instances.map(async (x) => ((await (await fetch(`${x.base}/api/v1/health`)).json()) as { leader: { instance: string } }).leader.instance),
    );
    const both = [await startHaproxy(ports, pem), await startNginx(ports, cert, key)];
    await Promise.all(both.map(ready));
    console.log(`[I-OPS-01] two instances, HAProxy and nginx (README's examples) up in ${Date.now() - started} ms`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(balancers.map((b) => stop(b.child)));
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const byName = (name: Balancer['name']): Balancer => {
    const found = balancers.find((b) => b.name === name);
    if (!found) throw new Error(`${name} did not start`);
    return found;
  };

  it('I-OPS-01 nginx\'s client_max_body_size lets through the largest body the server takes', () => {
    const nginx = readmeBlocks().nginx;
    const match = /client_max_body_size\s+(\d+)([kmg]?);/i.exec(nginx);
    expect(match, 'the nginx example sets client_max_body_size').not.toBeNull();
    const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match![2].toLowerCase() as '' | 'k' | 'm' | 'g'];
    const readmeLimit = Number(match![1]) * unit;
    // the server's largest upload: a create whose file fields all carry a file of their largest size
    // (an integration's four sounds of 25 MB); its route's bodyLimit is that and 1 MB for the fields
    const largest = largestUpload();
    expect(readmeLimit, `client_max_body_size ${match![1]}${match![2]} refuses the ${largest.resource} upload of ${largest.bytes} bytes the server takes`).toBeGreaterThanOrEqual(largest.bytes + 1024 * 1024);
  });

  for (const name of ['HAProxy', 'nginx'] as const) {
    it(`I-OPS-01 ${name} (README example, TLS): /api/v1/health is 200, a login and an authenticated GET work`, async () => {
      const balancer = byName(name);
      const health = await request(balancer, 'GET', '/api/v1/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text)).toMatchObject({ status: 'ok', database: 'postgres' });
      const token = await login(balancer);
      const me = await request(balancer, 'GET', '/api/v1/myuser', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status, me.text).toBe(200);
      expect(JSON.parse(me.text)).toMatchObject({ nick: 'admin', corpUrl: 'acme' });
    });

    it(`I-OPS-01 I-INST-04 ${name}: requests reach both instances (round robin, no stickiness)`, async () => {
      const balancer = byName(name);
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await request(balancer, 'GET', '/api/v1/health');
        expect(res.status).toBe(200);
        seen.push((JSON.parse(res.text) as { leader: { instance: string } }).leader.instance);
      }
      expect(new Set(seen)).toEqual(new Set(instanceIds));
    });

    it(`I-OPS-01 I-INST-04 ${name}: the hub's WebSocket upgrades through it and receives pushes`, async () => {
      const balancer = byName(name);
      const token = await login(balancer);
      // the admin app's way (skipNegotiation): the WebSocket is the only request, the token in the URL
      const ws = new WebSocket(`wss://127.0.0.1:${balancer.port}/hub?access_token=${encodeURIComponent(token)}`, { ca });
      const records: Record<string, unknown>[] = [];
      let rest = '';
      ws.on('message', (data: Buffer) => {
        const parts = (rest + data.toString('utf8')).split(RS);
        rest = parts.pop() ?? '';
        for (const part of parts) records.push(JSON.parse(part) as Record<string, unknown>);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
          ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
        });
        ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`);
        await until(() => records.length > 0, 5000, 'the handshake answer');
        expect(records[0]).toEqual({});
        // a snapshot asked for: the server pushes AllExtensions to this connection
        ws.send(`${JSON.stringify({ type: 1, invocationId: '1', target: 'GetAllExtensions', arguments: [] })}${RS}`);
        await until(() => records.some((r) => r.type === 1 && r.target === 'AllExtensions'), 5000, 'the AllExtensions push');
        // a write through the balancer (whichever instance it reaches) is pushed to this connection
        const number = name === 'HAProxy' ? '281' : '282';
        const created = await request(balancer, 'POST', '/api/v1/extension', json({ number, pass: `Strong_pass.${number}x`, enabled: 1 }, token));
        expect(created.status, created.text).toBe(201);
        await until(() => records.some((r) => r.type === 1 && JSON.stringify(r.arguments).includes(`"number":"${number}"`)), 10_000, `a push naming extension ${number}`);
      } finally {
        ws.terminate();
      }
    });

    it(`I-OPS-01 ${name}: with TRUST_PROXY=1 the server sees the client's address from X-Forwarded-For`, async () => {
      const balancer = byName(name);
      // the login throttle counts failures per user and address (server/routes/session.ts): five from
      // one client address and that pair waits; behind the balancer every request comes from the
      // balancer's own address (127.0.0.1), so only X-Forwarded-For tells the two clients apart.
      // TRUST_PROXY=1 believes the balancer only (server/config.ts parseTrustProxy): the address it
      // appended, not one the client wrote in its own X-Forwarded-For
      const nick = `nobody-${name.toLowerCase()}`;
      const attempt = (from: string) => request(balancer, 'POST', '/api/v1/login', { ...json({ nick, pass: 'wrong', corpoName: 'acme' }), from });
      const statuses: number[] = [];
      for (let i = 0; i < 8 && !statuses.includes(429); i++) statuses.push((await attempt('127.0.0.2')).status);
      expect(statuses.slice(0, 5), 'five free failures').toEqual([401, 401, 401, 401, 401]);
      expect(statuses.at(-1), 'then the client at 127.0.0.2 waits').toBe(429);
      // another client (127.0.0.3) through the same balancer is not: the server told them apart
      expect((await attempt('127.0.0.3')).status).toBe(401);
      // and the first one still waits (the check above ran inside its wait)
      expect((await attempt('127.0.0.2')).status).toBe(429);
      // naming another address in its own X-Forwarded-For does not get it out of the wait
      const spoofed = await request(balancer, 'POST', '/api/v1/login', {
        ...json({ nick, pass: 'wrong', corpoName: 'acme' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        from: '127.0.0.2',
      });
      expect(spoofed.status, 'a client-written X-Forwarded-For is not its address').toBe(429);
    });

    it(`I-OPS-01 ${name}: the largest upload the server takes passes through it`, async () => {
      const balancer = byName(name);
      const token = await login(balancer);
      const largest = largestUpload();
      const boundary = `callboard-${Date.now()}`;
      // the fields are wrong on purpose (no name): the server reads the whole body, then answers 400
      // with the field issues, and keeps nothing; a file cut short would be a fileSize issue instead
      const parts: Buffer[] = [Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="json"\r\n\r\n${JSON.stringify({ name: '' })}\r\n`)];
      const filler = Buffer.alloc(Math.max(...largest.files.map((f) => f.maxBytes)), 0x55);
      for (const file of largest.files) {
        parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.name}.wav"\r\ncontent-type: audio/wav\r\n\r\n`));
        // just under the field's limit
        parts.push(filler.subarray(0, file.maxBytes - 1024), Buffer.from('\r\n'));
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      const total = parts.reduce((n, p) => n + p.length, 0);
      const started = Date.now();
      const res = await request(balancer, 'POST', `/api/v1/${largest.path}`, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` }, body: parts });
      console.log(`[I-OPS-01] ${name}: a ${(total / 1024 ** 2).toFixed(1)} MB ${largest.resource} upload answered ${res.status} in ${Date.now() - started} ms`);
      expect(res.status, res.text.slice(0, 500)).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      const { issues } = JSON.parse(res.text) as { issues: { path: string; message: string }[] };
      expect(issues.map((i) => i.path)).toContain('name');
      expect(issues.filter((i) => i.message.includes('fileSize') || largest.files.some((f) => f.name === i.path))).toEqual([]);
    }, 60_000);
  }
});

/** The server's largest upload: the create whose file fields together take the most bytes. */
function largestUpload(): { resource: string; path: string; bytes: number; files: { name: string; maxBytes: number }[] } {
  const definitions: readonly ResourceDefinition[] = Object.values(RESOURCES);
  const candidates = definitions
    .filter((definition) => resourceWrites(definition).includes('create'))
    .map((definition) => {
      const files = definition.fields.filter((f) => f.kind === 'file' && (f.file?.maxBytes ?? 0) > 0).map((f) => ({ name: f.name, maxBytes: f.file!.maxBytes }));
      return { resource: definition.name, path: definition.path, bytes: files.reduce((n, f) => n + f.maxBytes, 0), files };
    });
  return candidates.reduce((a, b) => (b.bytes > a.bytes ? b : a));
}

/** the end of a log file, or '' without one */
function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-8000);
  } catch {
    return '';
  }
}

async function until(probe: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!probe()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
