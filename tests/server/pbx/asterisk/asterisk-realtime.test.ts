/**
 * Configuration reaches Asterisk, and Asterisk's records reach Callboard (issue 12), against a REAL
 * Asterisk (../shared/asterisk) configured by Callboard's own generator (server/asterisk) on the
 * server fixture's PostgreSQL:
 *   - an extension created through the API is a PJSIP endpoint at once (realtime views), and a phone
 *     registers with its password;
 *   - an extension-to-extension call (sipp) through the generated dialplan is answered, and its cdr row
 *     (cdr_pgsql → asterisk_cdr → cdr) lands in Callboard's table with the corp;
 *   - a queue member added through the API is in `queue show`; a call into the queue is answered by it
 *     and leaves queue_log rows (realtime → asterisk_queue_log → queue_log) with the corp;
 *   - a trunk (and its server) added through the API answers its carrier, identified by address
 *     (ps_endpoint_id_ips); once the dialplan is generated again, its number goes to its action (a queue),
 *     and the call's cdr is what the simulator writes for an inbound queue call.
 * About 35 s. Skipped with the reason printed when Asterisk, sipp or PostgreSQL is missing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUNK_INBOUND_CONTEXT } from '../../../../domain';
import { generateDialplan, loadDialplanData } from '../../../../server/asterisk/dialplan';
import { cdr, queueLog } from '../../../../server/db/schema';
import { CALLERS, POSTGRES_URL, postgresSkipReason, startTestApp, type TestApp } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import { startCallboardAsterisk, type CallboardAsterisk } from './callboard-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason;
if (skipReason) console.warn(`[real Asterisk] realtime configuration and records skipped: ${skipReason}`);

const ADMIN = CALLERS.admin;

/** waits (bounded) until `done` holds; it may be async */
async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
const NEW_EXT = '241';
const NEW_PASS = 'Rt241pass';
const AGENT_EXT = '201';
const AGENT_PASS = 'acme-201';
const DID = '5550199';
const CUSTOMER = '11987650001';

describe.skipIf(skipReason !== null)('Asterisk reads its configuration from Callboard and writes its records into it', () => {
  let t: TestApp;
  let stopApp: () => Promise<void>;
  let pbx: CallboardAsterisk;
  let acme: number;
  let salesId: number;

  beforeAll(async () => {
    const started = await startTestApp('postgres');
    t = started.testApp;
    stopApp = started.stop;
    acme = t.ids.corp.acme;
    salesId = t.ids.queue.sales;
    const { rows } = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${rows[0].name}`;
    // the configuration as `npm run asterisk:config` writes it, before the new extension exists
    pbx = await startCallboardAsterisk(url.toString(), generateDialplan(await loadDialplanData(t.db)));
  }, 60_000);

  afterAll(async () => {
    if (pbx && process.env.KEEP_ASTERISK_LOG) console.log(pbx.log());
    await pbx?.stop();
    await stopApp?.();
  });

  it('an extension created through the API is an endpoint at once; its phone registers with its password', async () => {
    expect(pbx.rx(`pjsip show endpoint ${acme}_${NEW_EXT}`)).toMatch(/Unable to find|not found/i);
    const res = await t.post('/api/v1/extension', ADMIN, { number: NEW_EXT, pass: NEW_PASS, description: 'Realtime test' });
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = pbx.rx(`pjsip show endpoint ${acme}_${NEW_EXT}`);
    console.log(`[real Asterisk] ${endpoint.split('\n').filter((l) => /Endpoint:\s+\d|InAuth|Aor:\s+\d|accountcode|^\s*context\s/.test(l)).map((l) => l.trim()).join(' | ')}`);
    expect(endpoint).toMatch(new RegExp(`Endpoint:\\s+${acme}_${NEW_EXT}/${NEW_EXT}`));
    expect(endpoint).toMatch(new RegExp(`accountcode\\s+:\\s+${acme}\\b`));
    expect(endpoint).toMatch(new RegExp(`context\\s+:\\s+c${acme}-internal`));
    // its mailbox too (app_voicemail realtime)
    const boxes = pbx.rx(`voicemail show users for c${acme}-vm`);
    expect(boxes).toMatch(new RegExp(`context: c${acme}-vm\\n=== ==> mailbox: ${NEW_EXT}\\n(=== ==> password: .*\\n)?=== ==> fullname: Realtime test`));
    // a wrong password is refused, the right one registers
    expect(await pbx.register(`${acme}_${NEW_EXT}`, 'wrong-password')).not.toBe(0);
    expect(await pbx.register(`${acme}_${NEW_EXT}`, NEW_PASS)).toBe(0);
    expect(await pbx.register(`${acme}_${AGENT_EXT}`, AGENT_PASS)).toBe(0);
    pbx.startPhones();
    const contacts = () => pbx.rx('pjsip show contacts');
    await waitFor('both contacts', () => contacts().includes(`${acme}_${NEW_EXT}/sip:`) && contacts().includes(`${acme}_${AGENT_EXT}/sip:`), 5000);
    // qualify now that the answering phones run (the first OPTIONS may have met no one)
    await waitFor(
      'the contacts reachable',
      () => {
        const lines = contacts().split('\n').filter((l) => l.includes(`${acme}_${NEW_EXT}/`) || l.includes(`${acme}_${AGENT_EXT}/`));
        if (lines.length === 2 && lines.every((l) => /Avail/.test(l) && !/Unavail/.test(l))) return true;
        pbx.rx(`pjsip qualify ${acme}_${NEW_EXT}`);
        pbx.rx(`pjsip qualify ${acme}_${AGENT_EXT}`);
        return false;
      },
      10_000,
      500,
    );
    console.log(`[real Asterisk] ${contacts().split('\n').filter((l) => l.includes(`${acme}_`)).map((l) => l.trim()).join(' | ')}`);
  }, 30_000);

  it('an extension-to-extension call is answered; its cdr row lands in Callboard’s cdr with the corp', async () => {
    const exit = await pbx.call(`${acme}_${NEW_EXT}`, NEW_PASS, AGENT_EXT, 2000);
    expect(exit, pbx.log()).toBe(0);
    const rows = () => t.db.select().from(cdr).where(and(eq(cdr.src, NEW_EXT), eq(cdr.dst, AGENT_EXT)));
    let found: Awaited<ReturnType<typeof rows>> = [];
    await waitFor('the cdr row', async () => (found = await rows()).length > 0, 5000, 200);
    const row = found[0];
    console.log(`[real Asterisk] cdr ${JSON.stringify({ ...row, cost: undefined })}`);
    expect(row).toMatchObject({
      corpId: acme,
      accountcode: String(acme),
      src: NEW_EXT,
      dst: AGENT_EXT,
      dcontext: `c${acme}-internal`,
      lastapp: 'Dial',
      lastdata: `PJSIP/${acme}_${AGENT_EXT},30`,
      disposition: 'ANSWERED',
    });
    // what the simulator writes for the same call (simulator/dial-calls.ts dialCdr)
    expect(row.channel).toMatch(new RegExp(`^PJSIP/${acme}_${NEW_EXT}-[0-9a-f]+$`));
    expect(row.dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_${AGENT_EXT}-[0-9a-f]+$`));
    expect(row.clid).toBe(`"Realtime test" <${NEW_EXT}>`);
    expect(row.billsec).toBeGreaterThanOrEqual(1);
    expect(row.answer).toBeInstanceOf(Date);
    expect(Math.abs(row.calldate.getTime() - Date.now())).toBeLessThan(60_000);
  }, 30_000);

  it('a queue member added through the API is in `queue show`; a queue call leaves queue_log rows with the corp', async () => {
    const queues = (await t.get('/api/v1/queue', ADMIN)).json() as { id: number; members: string[] }[];
    const sales = queues.find((q) => q.id === salesId)!;
    const res = await t.put('/api/v1/queue', ADMIN, { ...sales, members: [...sales.members, NEW_EXT] });
    expect(res.statusCode, res.body).toBe(200);
    const shown = pbx.rx(`queue show ${acme}_${salesId}`);
    console.log(`[real Asterisk] ${shown.split('\n').filter((l) => l.includes(`(PJSIP/${acme}_${NEW_EXT})`) || l.includes(`(PJSIP/${acme}_${AGENT_EXT})`) || l.startsWith(`${acme}_`)).map((l) => l.trim()).join(' | ')}`);
    expect(shown).toMatch(new RegExp(`${NEW_EXT} \\(PJSIP/${acme}_${NEW_EXT}\\).*realtime`));
    // 241 calls the queue (6{id}); 201 (a member, its phone answering) takes it
    const exit = await pbx.call(`${acme}_${NEW_EXT}`, NEW_PASS, `6${salesId}`, 7000);
    expect(exit, pbx.log()).toBe(0);
    const rows = () => t.db.select().from(queueLog).where(eq(queueLog.queuename, `${acme}_${salesId}`)).orderBy(queueLog.id);
    let found: Awaited<ReturnType<typeof rows>> = [];
    await waitFor('ENTERQUEUE, CONNECT and COMPLETE*', async () => (found = await rows()).some((r) => r.event.startsWith('COMPLETE')), 5000, 200);
    console.log(`[real Asterisk] queue_log ${found.map((r) => `${r.corpId}|${r.callid}|${r.queuename}|${r.agent}|${r.event}|${r.data1}|${r.data2}|${r.data3}|${r.data4}`).join(' ; ')}`);
    const events = found.map((r) => r.event);
    expect(events).toContain('ENTERQUEUE');
    expect(events).toContain('CONNECT');
    expect(found.every((r) => r.corpId === acme)).toBe(true);
    const enter = found.find((r) => r.event === 'ENTERQUEUE')!;
    expect({ agent: enter.agent, data2: enter.data2 }).toEqual({ agent: 'NONE', data2: NEW_EXT });
    const connect = found.find((r) => r.event === 'CONNECT')!;
    expect(connect.agent).toBe(AGENT_EXT);
    expect(connect.callid).toBe(enter.callid);
    const complete = found.find((r) => r.event.startsWith('COMPLETE'))!;
    expect(complete.event).toBe('COMPLETECALLER');
    expect(Math.abs(complete.time.getTime() - Date.now())).toBeLessThan(60_000);
    // and the caller's cdr: the number dialled, the context, the queue application, as the simulator writes it
    let queueCdr: (typeof cdr.$inferSelect)[] = [];
    await waitFor('the queue call’s cdr', async () => (queueCdr = await t.db.select().from(cdr).where(eq(cdr.uniqueid, enter.callid))).length > 0, 5000, 200);
    console.log(`[real Asterisk] queue cdr ${JSON.stringify({ ...queueCdr[0], cost: undefined })}`);
    expect(queueCdr[0]).toMatchObject({ corpId: acme, src: NEW_EXT, dst: `6${salesId}`, dcontext: `c${acme}-internal`, lastapp: 'Queue', lastdata: `${acme}_${salesId},t,,,1800`, disposition: 'ANSWERED' });
  }, 40_000);

  it('a trunk added in Callboard answers its carrier (realtime identify by address); its number goes to its action, a queue', async () => {
    const SUPER = CALLERS.super;
    const server = await t.post('/api/v1/server', SUPER, { Name: 'Loopback carrier', IP: '127.0.0.2', Port: 5080 });
    expect(server.statusCode, server.body).toBe(201);
    const trunk = await t.post('/api/v1/trunk', SUPER, { number: DID, serverId: (server.json() as { id: number }).id, corpId: acme, action: `queue:${salesId}` });
    expect(trunk.statusCode, trunk.body).toBe(201);
    const endpoint = pbx.rx(`pjsip show endpoint trunk_${DID}`);
    // every trunk delivers to the shared context, which sends the DID to its corp (migration 0026)
    expect(endpoint).toMatch(new RegExp(`context\\s+:\\s+${TRUNK_INBOUND_CONTEXT}`));
    expect(endpoint).toMatch(/Match:\s+127\.0\.0\.2/);
    // a new trunk number: the dialplan is generated again and reloaded (README "Run with Asterisk")
    pbx.reloadDialplan(generateDialplan(await loadDialplanData(t.db)));
    expect(pbx.rx(`dialplan show ${DID}@c${acme}-inbound`)).toContain(`Queue(${acme}_${salesId},t,,,1800)`);
    expect(pbx.rx(`dialplan show ${DID}@${TRUNK_INBOUND_CONTEXT}`)).toContain(`Goto(c${acme}-inbound,\${EXTEN},1)`);
    const exit = await pbx.carrierCall(DID, CUSTOMER, 7000);
    expect(exit, pbx.log()).toBe(0);
    let enter: typeof queueLog.$inferSelect | undefined;
    await waitFor('ENTERQUEUE of the customer', async () => {
      enter = (await t.db.select().from(queueLog).where(and(eq(queueLog.event, 'ENTERQUEUE'), eq(queueLog.data2, CUSTOMER))))[0];
      return enter !== undefined;
    }, 5000, 200).catch(async (error: unknown) => {
      const lastCdr = await t.db.select().from(cdr).orderBy(sql`${cdr.id} desc`).limit(1);
      throw new Error(`${(error as Error).message}; last cdr ${JSON.stringify(lastCdr)}; Asterisk: ${pbx.log()}`);
    });
    let rows: (typeof queueLog.$inferSelect)[] = [];
    await waitFor('the call completed', async () => (rows = await t.db.select().from(queueLog).where(eq(queueLog.callid, enter!.callid)).orderBy(queueLog.id)).some((r) => r.event.startsWith('COMPLETE')), 5000, 200);
    console.log(`[real Asterisk] trunk queue_log ${rows.map((r) => `${r.corpId}|${r.callid}|${r.queuename}|${r.agent}|${r.event}|${r.data1}|${r.data2}|${r.data3}`).join(' ; ')}`);
    expect(rows.map((r) => r.event)).toEqual(['ENTERQUEUE', 'CONNECT', 'COMPLETECALLER']);
    expect(rows.every((r) => r.corpId === acme && r.queuename === `${acme}_${salesId}`)).toBe(true);
    expect([AGENT_EXT, NEW_EXT]).toContain(rows[1].agent);
    let callCdr: (typeof cdr.$inferSelect)[] = [];
    // a ringall queue leaves a row per member rung (the members not taking it: NO ANSWER); the call's is the answered one
    await waitFor('the carrier call’s cdr', async () => (callCdr = await t.db.select().from(cdr).where(and(eq(cdr.uniqueid, enter!.callid), eq(cdr.disposition, 'ANSWERED')))).length > 0, 5000, 200);
    console.log(`[real Asterisk] trunk cdr ${JSON.stringify({ ...callCdr[0], cost: undefined })}`);
    // what the simulator writes for an inbound queue call (simulator/queue-calls.ts queueCdr)
    expect(callCdr[0]).toMatchObject({ corpId: acme, accountcode: String(acme), src: CUSTOMER, dst: DID, dcontext: `c${acme}-inbound`, lastapp: 'Queue', lastdata: `${acme}_${salesId},t,,,1800`, disposition: 'ANSWERED' });
    expect(callCdr[0].channel).toMatch(new RegExp(`^PJSIP/trunk_${DID}-[0-9a-f]+$`));
  }, 40_000);
});
