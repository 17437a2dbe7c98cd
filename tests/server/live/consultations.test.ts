/**
 * G-XFR-02 I-FAIL-01 (issue 21): the attended transfers in progress are rows of call_consultation, not the
 * leader's memory (server/live/consultations.ts). On the simulator: a consultation is a row while it runs
 * and none once completed; one whose calls ended is cleared (after the grace a leg just originated has),
 * whether its parties hung up or the simulator that held them went with the leader that ran it (two
 * instances on PostgreSQL and Redis: the new leader starts a fresh floor). Completing one that outlives
 * its leader is proven on a real Asterisk (asterisk-transfer-failover.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallActionResult } from '../../../domain';
import { TEST_HASH } from '../../../server/auth/passwords';
import { openDatabase, type Database } from '../../../server/db/database';
import { corp } from '../../../server/db/schema';
import { callConsultation } from '../../../server/db/schema-live';
import { seedDemo } from '../../../server/db/seed';
import { TRANSFER_GRACE_MS } from '../../../server/live/attended-transfer';
import type { CallCentreSimulator } from '../../../server/pbx';
import { advanceUntil, startLiveApp, type LiveApp } from '../fixtures/live-app';
import { probeRedis, REDIS_URL } from '../fixtures/redis';
import { createThrowawayDatabase, postgresSkipReason } from '../fixtures/test-app';
import { waitFor } from '../hub/helpers';

type Answer = CallActionResult & { message?: string };
const transfer = (live: LiveApp, token: string, body: unknown) => live.api<Answer>('POST', '/call/transfer', token, body);
const rowsOf = (database: Database, corpId: number) => database.orm.select().from(callConsultation).where(eq(callConsultation.corpId, corpId));
const acmeOf = async (database: Database) => (await database.orm.select({ id: corp.id, url: corp.url }).from(corp)).find((c) => c.url === 'acme')!.id;

/** 237 calls 238 on `sim` and both talk */
async function talking(live: LiveApp, sim: CallCentreSimulator, acme: number): Promise<void> {
  const callOf = (n: string) => live.app.live!.realtime!.callOf(acme, n);
  await sim.originate({ corpId: acme, from: '237', to: '238' });
  await advanceUntil(sim, () => callOf('237')?.answered === true && (callOf('237')?.others.length ?? 0) > 0, '237 talking to 238');
}

describe('G-XFR-02 a consultation is a row of call_consultation while it runs (one instance)', () => {
  let live: LiveApp;
  let sim: CallCentreSimulator;
  let acme: number;
  let token: string;
  const callOf = (n: string) => live.app.live!.realtime!.callOf(acme, n);

  beforeAll(async () => {
    live = await startLiveApp();
    sim = live.app.live!.simulator!;
    acme = await acmeOf(live.database);
    token = await live.login('admin', 'acme');
  });
  afterAll(async () => live?.close());

  it('G-XFR-02 started: one row naming the consultation; completed: none', async () => {
    await talking(live, sim, acme);
    const start = await transfer(live, token, { number: '237', to: '206', mode: 'attended', from: '205' });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    expect((await rowsOf(live.database, acme)).map((r) => [r.number, r.consult, r.callId])).toEqual([['237', start.json.channelId, start.json.callId]]);
    await advanceUntil(sim, () => callOf('206')?.answered === true, '206 answers the consultation');
    const done = await transfer(live, token, { number: '237', mode: 'attended', step: 'complete' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(await rowsOf(live.database, acme)).toEqual([]);
    const call = callOf('206');
    if (call) await sim.hangup(call.own.id);
    await advanceUntil(sim, () => callOf('206') === null && callOf('238') === null, 'all free');
  });

  it('G-XFR-02 one whose parties hung up is cleared once past its grace: complete answers 409 callNoTransfer, a new start is accepted', async () => {
    await talking(live, sim, acme);
    const start = await transfer(live, token, { number: '237', to: '206', mode: 'attended', from: '205' });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    for (const n of ['237', '205']) {
      const call = callOf(n);
      if (call) await sim.hangup(call.own.id);
    }
    await advanceUntil(sim, () => ['237', '238', '205', '206'].every((n) => callOf(n) === null), 'every party gone');
    // within the grace it stays (its legs may still be on their way into the live state)
    expect(await rowsOf(live.database, acme)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, TRANSFER_GRACE_MS + 100));
    const done = await transfer(live, token, { number: '237', mode: 'attended', step: 'complete' });
    expect([done.status, done.json.message]).toEqual([409, 'errors.callNoTransfer']);
    expect(await rowsOf(live.database, acme)).toEqual([]);
    // 237's next call: nothing stale stands in the way of its transfer (no 409 callTransferPending)
    await talking(live, sim, acme);
    const again = await transfer(live, token, { number: '237', to: '206', mode: 'attended', from: '205' });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const cancelled = await transfer(live, token, { number: '237', mode: 'attended', step: 'cancel' });
    expect([cancelled.status, cancelled.json.channelId]).toEqual([200, again.json.channelId]);
    expect(await rowsOf(live.database, acme)).toEqual([]);
  }, 30_000);
});

const clusterSkip = postgresSkipReason ?? (await probeRedis());
if (clusterSkip) console.warn(`[consultations] the two-instance test is skipped: ${clusterSkip}`);

describe.skipIf(clusterSkip !== null)('I-FAIL-01 G-XFR-02 consultations across a leader change (two instances, simulator)', () => {
  const instances: LiveApp[] = [];
  let drop: (() => Promise<void>) | null = null;
  let database: Database;

  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase();
    drop = throwaway.drop;
    database = await openDatabase({ dataDir: ':memory:', databaseUrl: throwaway.url });
    await database.migrate();
    await seedDemo(database.orm, TEST_HASH);
    const prefix = `callboard-test-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 2; i++) instances.push(await startLiveApp(':memory:', { databaseUrl: throwaway.url, redisUrl: REDIS_URL, redisPrefix: prefix }));
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.close();
    await drop?.();
  }, 60_000);

  it('I-FAIL-01 G-XFR-02 a consultation asked of the replica is kept in the database; when its calls went with the leader\'s simulator, the next leader clears it and says so (409), then takes a new one', async () => {
    const leader = await waitFor(() => instances.find((x) => x.app.live!.cluster.isLeader() && x.app.live!.simulator), 10_000, 'a leader');
    const replica = instances.find((x) => x !== leader)!;
    const acme = await acmeOf(database);
    const token = await replica.login('admin', 'acme');
    await talking(leader, leader.app.live!.simulator!, acme);
    const start = await transfer(replica, token, { number: '237', to: '206', mode: 'attended', from: '205' });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    expect((await rowsOf(database, acme)).map((r) => r.consult)).toEqual([start.json.channelId]);

    // the leader goes; the replica leads with a floor of its own (the simulator's calls are no more)
    await leader.close();
    instances.splice(instances.indexOf(leader), 1);
    await waitFor(() => replica.app.live!.cluster.isLeader() && replica.app.live!.simulator, 10_000, 'the replica leading');
    // still there: the one instance that could clear it is starting (and its grace may not be over)
    expect(await rowsOf(database, acme)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, TRANSFER_GRACE_MS + 100));
    const done = await transfer(replica, token, { number: '237', mode: 'attended', step: 'complete' });
    expect([done.status, done.json.message]).toEqual([409, 'errors.callNoTransfer']);
    expect(await rowsOf(database, acme)).toEqual([]);

    // the new leader's own consultation, on its own floor
    const sim = replica.app.live!.simulator!;
    await talking(replica, sim, acme);
    const again = await transfer(replica, token, { number: '237', to: '206', mode: 'attended', from: '205' });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const cancelled = await transfer(replica, token, { number: '237', mode: 'attended', step: 'cancel' });
    expect([cancelled.status, cancelled.json.channelId]).toEqual([200, again.json.channelId]);
    expect(await rowsOf(database, acme)).toEqual([]);
  }, 60_000);
});
