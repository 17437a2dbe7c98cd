/**
 * I-INST-08 fencing: a PBX command acts only on the leader, checked right before the command. A
 * leader in a process of its own (fixtures/paused-leader.ts) is paused with SIGSTOP past its lock's
 * life; another instance takes the lock; when the old one resumes it still believes it leads until
 * its next renewal, and its commands in between are refused by the fence, none reaches the PBX.
 * Skipped, with the reason printed, without Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisCluster, NotLeaderError, type Cluster } from '../../../server/live/cluster';
import { fencedAdapter } from '../../../server/live/fencing';
import type { PbxAdapter } from '../../../server/pbx';
import { probeRedis, REDIS_URL } from '../fixtures/redis';
import { waitFor } from '../hub/helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const skipReason = await probeRedis();
if (skipReason) console.warn(`[fencing] skipped: ${skipReason}`);

const TTL_MS = 1000;
const RENEW_MS = 200;

describe.skipIf(skipReason !== null)('I-INST-08 a paused old leader cannot act', () => {
  const prefix = `callboard-test-${randomBytes(4).toString('hex')}`;
  const redis = new Redis(REDIS_URL);
  const clusters: Cluster[] = [];
  let child: ChildProcess | null = null;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
    for (const cluster of clusters) await cluster.close();
    await redis.del(`${prefix}:acted`, `${prefix}:leader`);
    redis.disconnect();
  });

  it('I-INST-08 the fence refuses a command once another instance holds the lock, and the deposed leader steps down', async () => {
    const a = createRedisCluster({ url: REDIS_URL, prefix: `${prefix}-unit`, ttlMs: 60_000, renewMs: 60_000 });
    const b = createRedisCluster({ url: REDIS_URL, prefix: `${prefix}-unit`, ttlMs: 60_000, renewMs: 60_000 });
    clusters.push(a, b);
    await a.start();
    await b.start();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    const sent: string[] = [];
    const pbx = fencedAdapter({ hangup: async (id: string) => void sent.push(id), snapshot: async () => 'read' } as unknown as PbxAdapter, () => a.fence());
    await pbx.hangup('one');
    // the lock moves while A still believes it leads (no renewal due for a minute)
    await redis.set(`${prefix}-unit:leader`, b.instanceId, 'PX', 60_000);
    await expect(pbx.hangup('two')).rejects.toBeInstanceOf(NotLeaderError);
    expect(a.isLeader()).toBe(false);
    expect(sent).toEqual(['one']);
    // reads are not fenced
    expect(await pbx.snapshot()).toBe('read');
    await redis.del(`${prefix}-unit:leader`);
  });

  it('I-INST-08 a leader paused by SIGSTOP past its lock’s life sends no command after another took the lock', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/fixtures/paused-leader.ts', REDIS_URL, prefix, String(TTL_MS), String(RENEW_MS)], {
      cwd: ROOT,
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitFor(() => output.includes('LEADING'), 20_000, 'the child to lead');
    for (let tries = 0; (await redis.llen(`${prefix}:acted`)) <= 3; tries++) {
      if (tries > 250) throw new Error('the leader sent no commands');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const b = createRedisCluster({ url: REDIS_URL, prefix, ttlMs: TTL_MS, renewMs: RENEW_MS });
    clusters.push(b);
    await b.start();
    expect(b.isLeader()).toBe(false);
    child.kill('SIGSTOP');
    await waitFor(() => b.isLeader(), TTL_MS * 3, 'the other instance to take the lock');
    const takenAt = Date.now();
    const before = output.length;
    child.kill('SIGCONT');
    await waitFor(() => output.slice(before).includes('NOT LEADING'), 5000, 'the old leader to step down');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const acted = (await redis.lrange(`${prefix}:acted`, 0, -1)).map((line) => Number(line.split(' ')[1]));
    const late = acted.filter((at) => at >= takenAt);
    const refused = output.slice(before).split('\n').filter((line) => line === 'REFUSED').length;
    console.log(`[I-INST-08] ${acted.length} commands before the pause, ${late.length} after the lock moved, ${refused} refused by the fence after resuming`);
    expect(late).toEqual([]);
  }, 60_000);
});
