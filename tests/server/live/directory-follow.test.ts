/**
 * J-ONE-03: the live directory follows every configuration change it reads, IVRs, polls and their
 * questions too, through the write pipeline's change events (server/live/directory-follow.ts). Seen
 * where it matters: the corps the leader's simulator is given (setCorp, called by the reload) after a
 * write through the REST API and no other write; on one instance (PGlite) and across two (PostgreSQL and
 * Redis: a write taken by the replica reaches the leader's simulator). And the directory's one list of
 * tables (DIRECTORY_TABLES) against the tables its queries read, so a new table read cannot be forgotten.
 */
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_HASH } from '../../../server/auth/passwords';
import { openDatabase, type Database, type Db } from '../../../server/db/database';
import * as schema from '../../../server/db/schema';
import { seedDemo } from '../../../server/db/seed';
import { createDbDirectory, DIRECTORY_TABLE_NAMES } from '../../../server/live/directory';
import type { CallCentreSimulator, SimCorp } from '../../../server/pbx';
import { startLiveApp, type LiveApp } from '../fixtures/live-app';
import { upload, wav } from '../fixtures/sounds';
import { probeRedis, REDIS_URL } from '../fixtures/redis';
import { createThrowawayDatabase, multipart, postgresSkipReason } from '../fixtures/test-app';
import { waitFor } from '../hub/helpers';

type Row = { id: number; name: string };

/** the corps the simulator is given from now on (the real setCorp still runs) */
function watchSetCorp(sim: CallCentreSimulator): SimCorp[] {
  const given: SimCorp[] = [];
  const setCorp = sim.setCorp.bind(sim);
  sim.setCorp = (cfg: SimCorp) => {
    given.push(structuredClone(cfg));
    setCorp(cfg);
  };
  return given;
}

/** a multipart write (IVRs, polls and questions carry sounds) through the REST API of `live` */
async function send(live: LiveApp, token: string, method: 'POST' | 'PUT' | 'PATCH', url: string, fields: Parameters<typeof multipart>[0]): Promise<Row> {
  const body = await multipart(fields);
  const res = await fetch(`${live.base}/api/v1${url}`, { method, headers: { ...body.headers, authorization: `Bearer ${token}` }, body: new Uint8Array(body.payload) });
  const text = await res.text();
  expect(res.status, text).toBe(method === 'POST' ? 201 : 200);
  return JSON.parse(text) as Row;
}

const queueIn = (given: SimCorp[], corpId: number, queueId: number) =>
  given
    .filter((c) => c.corpId === corpId)
    .map((c) => c.queues.find((q) => q.id === queueId))
    .filter((q) => q !== undefined);

describe('J-ONE-03 the live directory follows IVR, poll and question writes (one instance)', () => {
  let live: LiveApp;
  let token: string;
  let acme: number;
  let sales: number;
  let followed: number;
  let survey: number;
  let given: SimCorp[];

  beforeAll(async () => {
    live = await startLiveApp();
    token = await live.login('admin', 'acme');
    const queues = await live.api<(Row & { corpId: number; pollId: number | null })[]>('GET', '/queue', token);
    const salesRow = queues.json.find((q) => q.name === 'Sales')!;
    acme = salesRow.corpId;
    sales = salesRow.id;
    survey = salesRow.pollId!;
    // a queue no IVR leads to yet (a queue write: it reloads, before the watch starts)
    const created = await live.api<Row>('POST', '/queue', token, { name: 'Followed' });
    expect(created.status).toBe(201);
    followed = created.json.id;
    await live.app.live!.reload();
    given = watchSetCorp(live.app.live!.simulator!);
  });
  afterAll(async () => live?.close());

  it('J-ONE-03 an IVR created and then edited reaches the simulator: the queue it leads to is entered through its new digit', async () => {
    const ivr = await send(live, token, 'POST', '/ivr', { Name: 'Followed menu', Sound: upload(wav()), option0: 'hangup', option4: `queue:${followed}` });
    await waitFor(() => queueIn(given, acme, followed).some((q) => q.ivr?.id === ivr.id && q.ivr.digit === '4'), 5000, 'the new IVR in the simulator');
    const before = given.length;
    const edited = await send(live, token, 'PATCH', `/ivr/${ivr.id}`, { option4: '', option7: `queue:${followed}` });
    expect(edited.id).toBe(ivr.id);
    await waitFor(() => queueIn(given.slice(before), acme, followed).some((q) => q.ivr?.id === ivr.id && q.ivr.digit === '7'), 5000, 'the edited IVR in the simulator');
  });

  it('J-ONE-03 a question added to the poll a queue asks, then moved first, reaches the simulator in its order', async () => {
    const question = await send(live, token, 'POST', '/question', { IdPoll: String(survey), Name: 'Would you call again', OrderSequencial: '3', Sound: upload(wav()) });
    await waitFor(() => queueIn(given, acme, sales).some((q) => q.poll?.id === survey && q.poll.questions.at(-1) === question.id), 5000, 'the new question last');
    const before = given.length;
    // order 1 is taken (406 on a duplicate order): the seed's first question moves to 4, then the new one to 1
    const first = queueIn(given, acme, sales).at(-1)!.poll!.questions[0];
    await send(live, token, 'PATCH', `/question/${first}`, { OrderSequencial: '4' });
    await send(live, token, 'PATCH', `/question/${question.id}`, { OrderSequencial: '1' });
    await waitFor(() => queueIn(given.slice(before), acme, sales).some((q) => q.poll?.questions[0] === question.id && q.poll.questions.at(-1) === first), 5000, 'the new question first');
  });

  it('J-ONE-03 a poll written (created, then edited) reloads the directory by itself', async () => {
    let before = given.length;
    const poll = await send(live, token, 'POST', '/poll', { Name: 'Followed survey', Sound: upload(wav()) });
    await waitFor(() => given.length > before, 5000, 'a reload after the poll was created');
    before = given.length;
    await send(live, token, 'PATCH', `/poll/${poll.id}`, { Description: 'Edited' });
    await waitFor(() => given.length > before, 5000, 'a reload after the poll was edited');
    // and what the directory reads of it now
    const corps = await createDbDirectory(live.database.orm).corps();
    expect(corps.find((c) => c.corpId === acme)!.polls.map((p) => p.id)).toContain(poll.id);
  });

  it('J-ONE-03 a write of a table the directory does not read (a speed dial) does not reload it', async () => {
    const before = given.length;
    expect((await live.api('POST', '/speeddialcorps', token, { number: 23, action: 'Pickup' })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(given.length).toBe(before);
  });
});

describe('J-ONE-03 the directory lists every table it reads, once', () => {
  it('J-ONE-03 DIRECTORY_TABLES equals the set of tables createDbDirectory queries (read from the SQL it sends)', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    try {
      await database.migrate();
      await seedDemo(database.orm, TEST_HASH);
      const statements: string[] = [];
      const client = (database.orm as unknown as { $client: PGlite }).$client;
      const logged = drizzle({ client, schema, logger: { logQuery: (query) => statements.push(query) } }) as unknown as Db;
      const corps = await createDbDirectory(logged).corps();
      expect(corps.length).toBeGreaterThan(0);
      const read = new Set(statements.flatMap((q) => [...q.matchAll(/\b(?:from|join)\s+"([a-z_]+)"/gi)].map((m) => m[1])));
      expect([...read].sort()).toEqual([...DIRECTORY_TABLE_NAMES].sort());
    } finally {
      await database.close();
    }
  });
});

const clusterSkip = postgresSkipReason ?? (await probeRedis());
if (clusterSkip) console.warn(`[directory follow] the two-instance test is skipped: ${clusterSkip}`);

describe.skipIf(clusterSkip !== null)('J-ONE-03 across instances: a write taken by a replica reaches the leader’s directory', () => {
  const instances: LiveApp[] = [];
  let drop: (() => Promise<void>) | null = null;
  let seeded: Database | null = null;

  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase();
    drop = throwaway.drop;
    seeded = await openDatabase({ dataDir: ':memory:', databaseUrl: throwaway.url });
    await seeded.migrate();
    await seedDemo(seeded.orm, TEST_HASH);
    const prefix = `callboard-test-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 2; i++) instances.push(await startLiveApp(':memory:', { databaseUrl: throwaway.url, redisUrl: REDIS_URL, redisPrefix: prefix }));
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await seeded?.close();
    await drop?.();
  }, 60_000);

  it('J-ONE-03 an IVR created through the replica is in the leader’s simulator without any other write', async () => {
    const leader = await waitFor(() => instances.find((x) => x.app.live!.cluster.isLeader() && x.app.live!.simulator), 10_000, 'a leader');
    const replica = instances.find((x) => x !== leader)!;
    expect(replica.app.live!.simulator).toBeNull();
    const given = watchSetCorp(leader.app.live!.simulator!);
    const token = await replica.login('admin', 'acme');
    const queues = await replica.api<(Row & { corpId: number })[]>('GET', '/queue', token);
    const support = queues.json.find((q) => q.name === 'Support')!;
    const ivr = await send(replica, token, 'POST', '/ivr', { Name: 'Replica menu', Sound: upload(wav()), option0: `queue:${support.id}` });
    // option0 is no digit: what reaches the simulator is the IVR itself (its options), the corp's ivrs
    await waitFor(() => given.some((c) => c.corpId === support.corpId && c.ivrs?.some((i) => i.id === ivr.id && i.options[0] === `queue:${support.id}`)), 10_000, 'the replica’s IVR in the leader’s simulator');
  }, 60_000);
});
