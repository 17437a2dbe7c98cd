/**
 * G-XFR-02 I-FAIL-01 (issue 21): an attended transfer outlives the PBX leader that started it. Callboard
 * instances on one PostgreSQL and Redis drive a REAL Asterisk (callboard-on-asterisk.ts); a consultation
 * is started at the leader, the leader stops (its memory goes with it), and the instance that takes the
 * lead completes it, and in a second round cancels one, reading the consultation from the database
 * (call_consultation) and acting on the calls that lived on in Asterisk. acme's 201, 202 and 203 are
 * registered sipp phones that answer after 3 s; a loopback carrier calls 201 as the customer.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app';
import { TEST_HASH } from '../../../../server/auth/passwords';
import { callConsultation } from '../../../../server/db/schema-live';
import type { RealtimeService } from '../../../../server/realtime';
import { probeRedis, REDIS_URL } from '../../fixtures/redis';
import { toneUlaw } from '../../fixtures/sounds';
import { CALLERS, postgresSkipReason, TEST_SECRET, TestApp } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import { asteriskChannels, startCallboardOnAsterisk, waitFor, type CallboardOnAsterisk } from './callboard-on-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason ?? (await probeRedis());
if (skipReason) console.warn(`[real Asterisk] attended transfer across a leader change skipped: ${skipReason}`);

const { admin: ADMIN } = CALLERS;

describe.skipIf(skipReason !== null)('G-XFR-02 I-FAIL-01 an attended transfer outlives its leader (real Asterisk, instances on Redis)', () => {
  let on: CallboardOnAsterisk;
  let acme: number;
  /** the DID the carrier calls: 201 (made while the first instance answers the API) */
  let did: string;
  const others: TestApp[] = [];
  const channels = () => asteriskChannels(on.pbx);
  const channelOf = (id: string) => channels().find((c) => c.id === id);
  const phone = (number: string) => channels().find((c) => c.name.startsWith(`PJSIP/${acme}_${number}-`));
  const realtimeOf = (t: TestApp): RealtimeService | null => t.app.live!.realtime;
  const rows = () => on.t.db.select().from(callConsultation).where(eq(callConsultation.corpId, acme));

  /** another instance on the same database, Redis and Asterisk (it follows until the leader goes) */
  async function instance(): Promise<TestApp> {
    const app = await buildApp({ db: on.base.database, config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH }, live: on.liveOptions });
    await app.ready();
    const t = new TestApp(app, on.base.database, 'postgres', on.base.ids);
    others.push(t);
    await t.headers(ADMIN);
    return t;
  }

  /** the instance `t` leads, its live state has the calls of 201 and 202 from Asterisk, and it reaches the PBX */
  async function leading(t: TestApp, customer: string): Promise<RealtimeService> {
    await waitFor('the next instance leading, with the calls from Asterisk', () => {
      const live = realtimeOf(t);
      return !!live && live.getPbxStatus().state === 'up' && live.callOf(acme, '201')?.others.some((o) => o.id === customer) === true && live.callOf(acme, '202')?.answered === true;
    }, 15_000, 50);
    return realtimeOf(t)!;
  }

  /** the carrier calls 201 as `caller` and stays `talkMs`; 201 answers: the customer's channel */
  async function customerWith201(live: () => RealtimeService, caller: string, talkMs: number): Promise<{ ended: Promise<number>; customer: string }> {
    await waitFor('no call left', () => channels().length === 0, 40_000, 100);
    const audio = path.join(on.pbx.dir, 'sipp', 'tone.ulaw');
    if (!existsSync(audio)) writeFileSync(audio, toneUlaw(3));
    const ended = on.pbx.carrierCall(did, caller, talkMs, '', audio);
    await waitFor('201 talking', () => live().callOf(acme, '201')?.answered === true, 10_000, 20);
    return { ended, customer: live().callOf(acme, '201')!.others[0].id };
  }

  /** 203 consults 202 about 201's call, through `t`; the consultation's channel once 202 answered it */
  async function consult(t: TestApp, live: () => RealtimeService): Promise<string> {
    const res = await t.post('/api/v1/call/transfer', ADMIN, { number: '201', to: '202', mode: 'attended', from: '203' });
    expect(res.statusCode, res.body).toBe(200);
    const { channelId } = res.json() as { channelId: string };
    await waitFor('202 answers the consultation', () => live().callOf(acme, '202')?.answered === true, 12_000, 20);
    expect((await rows()).map((r) => [r.number, r.consult])).toEqual([['201', channelId]]);
    return channelId;
  }

  beforeAll(async () => {
    on = await startCallboardOnAsterisk(['201', '202', '203'], 'transfer-failover', { redisUrl: REDIS_URL, redisPrefix: `transfer-failover-${randomBytes(4).toString('hex')}` });
    acme = on.acme;
    did = await on.trunkTo('exten:201');
    await on.t.headers(ADMIN);
    await waitFor('the first instance leading', () => on.app.live!.cluster.isLeader() && on.app.live!.realtime !== null, 10_000, 50);
    await waitFor('the AMI connection', async () => on.app.live!.adapter!.queueMembers().then(() => true, () => false), 10_000, 200);
  }, 90_000);

  afterAll(async () => {
    for (const t of others) await t.app.close();
    await on?.stop();
  });

  it('G-XFR-02 I-FAIL-01 a consultation started at the leader is completed through the instance that leads after it stopped: the customer talks to 202; 201 and 203 hang up', async () => {
    const next = await instance();
    expect(next.app.live!.cluster.isLeader()).toBe(false);
    const first = () => on.app.live!.realtime!;
    const { ended, customer } = await customerWith201(first, '11955540011', 26_000);
    const consultId = await consult(on.t, first);

    // the leader stops: what it kept in memory is gone; the calls live on in Asterisk
    await on.app.close();
    expect(channelOf(consultId)).toBeDefined();
    await leading(next, customer);
    const done = await next.post('/api/v1/call/transfer', ADMIN, { number: '201', mode: 'attended', step: 'complete' });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { channelId: string }).channelId).toBe(consultId);
    await waitFor('the customer bridged with 202', () => {
      const c = channelOf(customer);
      const target = phone('202');
      return !!c && !!target && c.bridge !== '' && c.bridge === target.bridge;
    }, 8000, 20);
    await waitFor('201 and 203 gone', () => !phone('201') && !phone('203'), 5000, 20);
    expect(await rows()).toEqual([]);
    // nothing left to complete
    const again = await next.post('/api/v1/call/transfer', ADMIN, { number: '201', mode: 'attended', step: 'complete' });
    expect([again.statusCode, (again.json() as { message: string }).message]).toEqual([409, 'errors.callNoTransfer']);
    expect(await ended, on.pbx.log()).toBe(0);
  }, 90_000);

  it('G-XFR-02 I-FAIL-01 a consultation started through a replica is cancelled through the instance that leads after the leader stopped: 202 hangs up, the customer still talks to 201', async () => {
    const leader = others[0];
    const replica = await instance();
    const live = () => realtimeOf(leader)!;
    const { ended, customer } = await customerWith201(live, '11955540012', 22_000);
    const agent = live().callOf(acme, '201')!.own.id;
    // asked of the replica, done by the leader (forwarded), kept in the database
    const consultId = await consult(replica, live);

    await leader.app.close();
    await leading(replica, customer);
    const cancelled = await replica.post('/api/v1/call/transfer', ADMIN, { number: '201', mode: 'attended', step: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as { channelId: string }).channelId).toBe(consultId);
    await waitFor('the consultation and 202 gone', () => channelOf(consultId) === undefined && !phone('202'), 5000, 20);
    expect(channelOf(agent)).toBeDefined();
    expect(channelOf(customer)?.bridge).toBe(channelOf(agent)?.bridge);
    expect(await rows()).toEqual([]);
    expect(await ended, on.pbx.log()).toBe(0);
  }, 90_000);
});
