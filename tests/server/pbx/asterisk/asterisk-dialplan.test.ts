/**
 * The dialplan Callboard generates routes real calls (issue 12), against a REAL Asterisk
 * (../shared/asterisk) configured by Callboard's generator on the server fixture's PostgreSQL, and it
 * follows every change: a Callboard server with PBX=ari and a dialplan file (ASTERISK_DIALPLAN_FILE)
 * rewrites the included extensions_callboard.conf and reloads it through ARI after each API write, so
 * nothing here runs `asterisk:config` again.
 *   - an IVR created through the API is in `dialplan show` within a couple of seconds; a carrier call to
 *     a trunk whose action is the IVR goes by the digit it sends (SIP INFO): a key with no option plays
 *     the menu again, 1 to an extension, 2 to a
 *     queue (its greeting's file deleted first: the call goes on);
 *   - a time condition open now and one closed now route to their option's and their default destination;
 *   - an extension's speed dial (*1) reaches its destination;
 *   - follow-me: an unreachable extension's call goes on to its follow-me number.
 * About 35 s. Skipped with the reason printed when Asterisk, sipp or PostgreSQL is missing.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_DAYS } from '../../../../domain';
import { dialplanMainFile, generateDialplanContexts, loadDialplanData } from '../../../../server/asterisk/dialplan';
import { buildApp } from '../../../../server/app';
import { TEST_HASH } from '../../../../server/auth/passwords';
import { cdr, ivrLog, queueLog } from '../../../../server/db/schema';
import { upload, wav } from '../../fixtures/sounds';
import { CALLERS, multipart, POSTGRES_URL, postgresSkipReason, startTestApp, TEST_SECRET, TestApp } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import { startCallboardAsterisk, type CallboardAsterisk } from './callboard-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason;
if (skipReason) console.warn(`[real Asterisk] generated dialplan skipped: ${skipReason}`);

const { admin: ADMIN, super: SUPER } = CALLERS;
const say = (text: string) => console.log(`[real Asterisk dialplan] ${text}`);

async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe.skipIf(skipReason !== null)('the generated dialplan routes calls and follows every change', () => {
  let base: TestApp;
  let stopBase: () => Promise<void>;
  let app: FastifyInstance | null = null;
  let t: TestApp;
  let pbx: CallboardAsterisk;
  let acme: number;
  let salesId: number;
  let serverId: number;
  let didSeq = 0;
  const nextDid = () => `55502${String(process.pid % 100).padStart(2, '0')}${++didSeq}`;

  /** a trunk of acme on the loopback carrier whose action is `action`; its number */
  async function trunkTo(action: string): Promise<string> {
    const number = nextDid();
    const res = await t.post('/api/v1/trunk', SUPER, { number, serverId, corpId: acme, action });
    expect(res.statusCode, res.body).toBe(201);
    return number;
  }

  /** the dialplan Asterisk runs now, for a context (or exten@context) */
  const shown = (what: string) => pbx.rx(`dialplan show ${what}`);

  /** the answered cdr of a carrier call from `caller` */
  async function answeredBy(caller: string): Promise<typeof cdr.$inferSelect> {
    let rows: (typeof cdr.$inferSelect)[] = [];
    await waitFor(`the answered cdr of ${caller}`, async () => (rows = await t.db.select().from(cdr).where(and(eq(cdr.src, caller), eq(cdr.disposition, 'ANSWERED'), like(cdr.dstchannel, 'PJSIP/%')))).length > 0, 6000, 200).catch(async (error: unknown) => {
      const all = await t.db.select().from(cdr).where(eq(cdr.src, caller));
      throw new Error(`${(error as Error).message}; cdr of ${caller}: ${JSON.stringify(all)}; Asterisk: ${pbx.log()}`);
    });
    const row = rows[0];
    say(`cdr of ${caller}: dst ${row.dst} dcontext ${row.dcontext} dstchannel ${row.dstchannel} lastapp ${row.lastapp}(${row.lastdata}) ${row.disposition}`);
    return row;
  }

  beforeAll(async () => {
    const started = await startTestApp('postgres');
    base = started.testApp;
    stopBase = started.stop;
    acme = base.ids.corp.acme;
    salesId = base.ids.queue.sales;
    const { rows } = (await base.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${rows[0].name}`;
    // as `npm run asterisk:config` writes it: extensions.conf includes extensions_callboard.conf
    pbx = await startCallboardAsterisk(url.toString(), dialplanMainFile(), generateDialplanContexts(await loadDialplanData(base.db), { timeZone: 'UTC' }));
    // a Callboard server driving this Asterisk over ARI, on the same database, rewriting the included file
    app = await buildApp({
      db: base.database,
      config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH },
      live: { pbx: 'ari', seed: 1, timeFactor: 1, callsPerHour: 30, ari: { url: pbx.ariUrl, user: 'callboard', password: 'callboard' }, redisUrl: undefined, redisPrefix: `dialplan-test-${process.pid}`, dialplanFile: pbx.includeFile, timeZone: 'UTC' },
    });
    await app.ready();
    t = new TestApp(app, base.database, 'postgres', base.ids);
    const server = await t.post('/api/v1/server', SUPER, { Name: 'Loopback carrier', IP: '127.0.0.2', Port: 5080 });
    expect(server.statusCode, server.body).toBe(201);
    serverId = (server.json() as { id: number }).id;
    // the phones of 201 and 202 answer every call
    expect(await pbx.register(`${acme}_201`, 'acme-201')).toBe(0);
    expect(await pbx.register(`${acme}_202`, 'acme-202')).toBe(0);
    pbx.startPhones();
    await waitFor('both contacts', () => ['201', '202'].every((n) => pbx.rx('pjsip show contacts').includes(`${acme}_${n}/sip:`)), 5000);
  }, 60_000);

  afterAll(async () => {
    if (pbx && process.env.KEEP_ASTERISK_LOG) console.log(pbx.log());
    await app?.close();
    await pbx?.stop();
    await stopBase?.();
  });

  it('an IVR created through the API is in the dialplan at once (no asterisk:config); its digits route a carrier call to an extension or a queue', async () => {
    const body = await multipart({ Name: 'Dialplan menu', Sound: upload(wav({ seconds: 1 })), option0: 'exten:201', option1: 'exten:202', option2: `queue:${salesId}` });
    const created = await t.request({ method: 'POST', url: '/api/v1/ivr', as: ADMIN, payload: body.payload, headers: body.headers });
    expect(created.statusCode, created.body).toBe(201);
    const ivr = created.json() as { id: number; sound: string };
    const did = await trunkTo(`ivr:${ivr.id}`);
    const started = Date.now();
    await waitFor('the IVR and its trunk in `dialplan show`', () => shown(`c${acme}-ivr-${ivr.id}`).includes('Background(') && shown(`${did}@c${acme}-inbound`).includes(`Goto(c${acme}-ivr-${ivr.id},s,1)`), 5000, 200);
    say(`IVR ${ivr.id} and trunk ${did} in the dialplan ${Date.now() - started} ms after the API answered:\n${shown(`c${acme}-ivr-${ivr.id}`).split('\n').filter((l) => l.trim() && !l.startsWith('-=')).join('\n')}`);
    // the greeting is the stored file, by its absolute path without the extension
    expect(shown(`s@c${acme}-ivr-${ivr.id}`)).toContain(`Background(${t.app.ctx.files.root}/${acme}/${ivr.sound.replace(/\.wav$/, '')})`);

    // 5 leads nowhere (the menu plays again), then 1; the IVR answers at once, the phones (uas.xml) ring 3 s before they answer
    expect(await pbx.carrierCall(did, '11955500001', 4500, '51'), pbx.log()).toBe(0);
    expect((await answeredBy('11955500001')).dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_202-`));
    // the choice is in ivr_log (D-IST), written by Asterisk through realtime
    let choices: (typeof ivrLog.$inferSelect)[] = [];
    await waitFor('the ivr_log rows', async () => (choices = await t.db.select().from(ivrLog).where(eq(ivrLog.ivrId, ivr.id)).orderBy(ivrLog.id)).length >= 2, 3000, 100);
    say(`ivr_log ${JSON.stringify(choices)}`);
    expect(choices.map((c) => ({ corpId: c.corpId, caller: c.caller, option: c.option }))).toEqual([
      { corpId: acme, caller: '11955500001', option: 'i' },
      { corpId: acme, caller: '11955500001', option: '1' },
    ]);
    expect(Math.abs(choices[0].calldate.getTime() - Date.now())).toBeLessThan(60_000);

    // a greeting whose file is gone does not break the call: the menu still takes the key
    rmSync(path.join(t.app.ctx.files.root, String(acme), ivr.sound));
    expect(await pbx.carrierCall(did, '11955500002', 5000, '2'), pbx.log()).toBe(0);
    let rows: (typeof queueLog.$inferSelect)[] = [];
    await waitFor('the queue call', async () => (rows = await t.db.select().from(queueLog).where(eq(queueLog.queuename, `${acme}_${salesId}`))).some((r) => r.event === 'ENTERQUEUE' && r.data2 === '11955500002'), 6000, 200);
    const enter = rows.find((r) => r.event === 'ENTERQUEUE' && r.data2 === '11955500002')!;
    await waitFor('CONNECT', async () => (rows = await t.db.select().from(queueLog).where(eq(queueLog.callid, enter.callid))).some((r) => r.event === 'CONNECT'), 6000, 200);
    say(`queue_log of the IVR's option 2: ${rows.map((r) => `${r.queuename}|${r.agent}|${r.event}|${r.data1}|${r.data2}`).join(' ; ')}`);
    say(`Asterisk on the missing greeting: ${pbx.log().split('\n').filter((l) => l.includes(ivr.sound.replace(/\.wav$/, ''))).join(' | ') || '(nothing logged)'}`);
    // Sales rings all its members: one of the two registered phones takes it
    expect(['201', '202']).toContain(rows.find((r) => r.event === 'CONNECT')!.agent);
  }, 40_000);

  it('a time condition open now goes to its option, one closed now to its default', async () => {
    const now = new Date();
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    const today = WEEK_DAYS[(now.getUTCDay() + 6) % 7];
    const others = WEEK_DAYS.filter((d) => d !== today).join('-');
    const open = await t.post('/api/v1/timemain', ADMIN, {
      name: 'Open now',
      default: 'exten:201',
      options: [{ days: today, from: hhmm(Math.max(0, minute - 60)), to: hhmm(Math.min(23 * 60 + 59, minute + 60)), action: 'exten:202' }],
    });
    expect(open.statusCode, open.body).toBe(201);
    const closed = await t.post('/api/v1/timemain', ADMIN, {
      name: 'Closed now',
      default: 'exten:201',
      options: [
        { days: today, from: minute >= 120 ? '00:00' : '22:00', to: minute >= 120 ? '01:00' : '23:00', action: 'exten:202' },
        { days: others, from: '00:00', to: '23:59', action: 'exten:202' },
      ],
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const openId = (open.json() as { id: number }).id;
    const closedId = (closed.json() as { id: number }).id;
    const openDid = await trunkTo(`time:${openId}`);
    const closedDid = await trunkTo(`time:${closedId}`);
    await waitFor('both time conditions and trunks in the dialplan', () => shown(`${closedId}@c${acme}-time`).includes('GotoIfTime') && shown(`${closedDid}@c${acme}-inbound`).includes(`Goto(c${acme}-time,${closedId},1)`), 5000, 200);
    say(`now ${today} ${hhmm(minute)} UTC:\n${shown(`c${acme}-time`).split('\n').filter((l) => l.trim() && !l.startsWith('-=')).join('\n')}`);
    expect(await pbx.carrierCall(openDid, '11955500003', 1000), pbx.log()).toBe(0);
    expect((await answeredBy('11955500003')).dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_202-`));
    expect(await pbx.carrierCall(closedDid, '11955500004', 1000), pbx.log()).toBe(0);
    expect((await answeredBy('11955500004')).dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_201-`));
    // the demo's back-office extensions take calls in office hours only (C-ETC)
    const office = shown(`229@c${acme}-internal`);
    say(`extension 229 on its schedule:\n${office.split('\n').filter((l) => /^\s+(\[\w+\]\s+)?\d+\./.test(l) || l.includes("'229'")).join('\n')}`);
    expect(office).toContain('GotoIfTime(08:00-16:59,mon&tue&wed&thu&fri,*,*,UTC?ring)');
  }, 30_000);

  it('speed dials: *1 of extension 201 (the demo: to 202) is its own, found by the calling endpoint', async () => {
    say(`speed dials:\n${shown(`c${acme}-speed`).split('\n').filter((l) => l.trim() && !l.startsWith('-=')).join('\n')}`);
    expect(await pbx.call(`${acme}_201`, 'acme-201', '*1', 1000), pbx.log()).toBe(0);
    let rows: (typeof cdr.$inferSelect)[] = [];
    await waitFor('the speed dial call', async () => (rows = await t.db.select().from(cdr).where(and(eq(cdr.src, '201'), eq(cdr.disposition, 'ANSWERED')))).length > 0, 6000, 200);
    say(`cdr of 201 dialling *1: dst ${rows[0].dst} dcontext ${rows[0].dcontext} dstchannel ${rows[0].dstchannel} lastapp ${rows[0].lastapp}(${rows[0].lastdata})`);
    expect(rows[0].dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_202-`));
  }, 20_000);

  it('follow-me: a call to an extension that is not reachable goes on to its follow-me number', async () => {
    const list = (await t.get('/api/v1/extension', ADMIN)).json() as { id: number; number: string }[];
    const ext = list.find((e) => e.number === '203')!;
    const current = (await t.get(`/api/v1/extension/${ext.id}`, ADMIN)).json() as Record<string, unknown>;
    const updated = await t.put(`/api/v1/extension/${ext.id}`, ADMIN, { ...current, action: 'followMe' });
    expect(updated.statusCode, updated.body).toBe(200);
    const follow = await t.post('/api/v1/follow', ADMIN, { entityId: ext.id, number: '202', order: 0, timeout: 15 });
    expect(follow.statusCode, follow.body).toBe(201);
    const did = await trunkTo('exten:203');
    await waitFor('the follow-me in the dialplan', () => shown(`203@c${acme}-internal`).includes(`Dial(PJSIP/${acme}_202,15)`), 5000, 200);
    say(`extension 203 with follow-me:\n${shown(`203@c${acme}-internal`).split('\n').filter((l) => l.includes('203') || l.trim().startsWith('[') || /^\s+\d+\./.test(l)).join('\n')}`);
    expect(await pbx.carrierCall(did, '11955500005', 1000), pbx.log()).toBe(0);
    expect((await answeredBy('11955500005')).dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_202-`));
  }, 30_000);
});
