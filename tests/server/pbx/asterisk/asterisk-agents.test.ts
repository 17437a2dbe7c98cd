/**
 * G-AST-03, the agent actions of issue 21 on a REAL Asterisk that Callboard configures and drives
 * (callboard-on-asterisk.ts: realtime queues and members, the generated dialplan, ARI and AMI): each
 * action is asked through Callboard's API as a supervisor would, and the change is read in Asterisk
 * itself (`queue show`, calls the queue offers, CDR) and in Callboard (the live agent state, queue_log,
 * queue_member), with the time from the request to Asterisk's change printed (target p95 < 300 ms).
 * acme's 201 and 202 are registered sipp phones that answer; the loopback carrier calls in.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdr, queue, queueLog, queueMember } from '../../../../server/db/schema';
import { CALLERS, postgresSkipReason, type TestApp } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import type { CallboardAsterisk } from './callboard-asterisk';
import { latencyLog, startCallboardOnAsterisk, waitFor, type CallboardOnAsterisk } from './callboard-on-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason;
if (skipReason) console.warn(`[real Asterisk] agent actions skipped: ${skipReason}`);

const { admin: ADMIN } = CALLERS;
const say = (text: string) => console.log(`[real Asterisk agents] ${text}`);

describe.skipIf(skipReason !== null)('G-AST-03 the agent actions on a real Asterisk (pause, log-in, DND)', () => {
  let on: CallboardOnAsterisk;
  let t: TestApp;
  let pbx: CallboardAsterisk;
  let acme: number;
  let sales: number;
  let billing: number;
  const latency = latencyLog();
  /** an API call that must answer 200, then polls Asterisk until `changed` (the time kept) */
  const timed = (action: string, request: () => Promise<{ statusCode: number; body: string }>, changed: () => boolean) =>
    latency.measure(action, async () => expect((await request()).statusCode).toBe(200), changed, 5000);

  const show = (queueId: number) => pbx.rx(`queue show ${acme}_${queueId}`);
  const memberLine = (queueId: number, number: string) => show(queueId).split('\n').find((l) => l.includes(`(PJSIP/${acme}_${number})`)) ?? '';
  const agentOf = (number: string) => on.app.live!.realtime!.getExtensions(acme).find((e) => e.number === number)?.agent;
  const logOf = async (agent: string, events: string[]) =>
    t.db.select().from(queueLog).where(and(eq(queueLog.corpId, acme), eq(queueLog.agent, agent), inArray(queueLog.event, events)));

  beforeAll(async () => {
    on = await startCallboardOnAsterisk(['201', '202'], 'agents-test');
    ({ t, pbx, acme } = on);
    const rows = await t.db.select({ id: queue.id, name: queue.name }).from(queue).where(eq(queue.corpId, acme));
    sales = rows.find((q) => q.name === 'Sales')!.id;
    billing = rows.find((q) => q.name === 'Billing')!.id;
    // AMI is up when the live state has read the members (QueueStatus) once
    await waitFor('the AMI connection', async () => (await on.app.live!.adapter!.queueMembers().then(() => true, () => false)), 10_000, 200);
  }, 90_000);

  afterAll(async () => {
    const summary = latency.summary();
    if (summary) say(summary);
    await on?.stop();
  });

  it('G-PAU-02 G-PAU-04 G-PAU-05 G-AGS-02 a pause in one queue reaches app_queue with its reason (queue show), queue_log and the wall; a paused member is not offered the queue\'s call', async () => {
    await timed('pause 201 in Sales', () => t.post('/api/v1/agent/pause', ADMIN, { number: '201', queueId: sales, reason: 'LUNCH' }), () => memberLine(sales, '201').includes('paused:LUNCH'));
    say(`queue show: ${memberLine(sales, '201').trim()}`);
    await waitFor('the pause in the live state', () => agentOf('201')?.pause?.label === 'Lunch', 3000, 20);
    expect(agentOf('201')!.pause).toMatchObject({ queues: [sales], reason: 'LUNCH', warnAfterMs: 3_600_000 });
    expect((await logOf('201', ['PAUSE'])).map((r) => [r.queuename, r.data1])).toEqual([[`${acme}_${sales}`, 'LUNCH']]);
    const [member] = await t.db.select().from(queueMember).where(and(eq(queueMember.queueId, sales), eq(queueMember.extenNumber, '201')));
    expect(member).toMatchObject({ paused: 1, reasonPaused: 'LUNCH' });
    expect(member.pausedAt).not.toBeNull();

    // a Sales call (ringall): Asterisk rings 202 only, 201 is paused (both phones free for app_queue first)
    await waitFor('201 and 202 free in Sales', () => memberLine(sales, '201').includes('Not in use') && memberLine(sales, '202').includes('Not in use'), 8000, 100);
    const did = await on.trunkTo(`queue:${sales}`);
    // the phones answer after 3 s of ringing: the caller stays 6 s after the queue answered it
    expect(await pbx.carrierCall(did, '11955512301', 6000), pbx.log()).toBe(0);
    let answered: (typeof cdr.$inferSelect)[] = [];
    await waitFor('the answered call', async () => (answered = await t.db.select().from(cdr).where(and(eq(cdr.src, '11955512301'), eq(cdr.disposition, 'ANSWERED')))).length > 0, 8000, 200);
    expect(answered[0].dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_202-`));
    expect((await logOf('201', ['CONNECT', 'RINGNOANSWER', 'RINGCANCELED'])).filter((r) => r.queuename === `${acme}_${sales}`)).toEqual([]);
    // G-AGS-01: 202 rests after it (the queue's wrap-up, wrapuptime 10 s in Asterisk's realtime queue)
    await waitFor('the wrap-up of 202', () => agentOf('202')?.wrapUp !== null && agentOf('202')?.wrapUp !== undefined, 8000, 50);
    expect(agentOf('202')!.wrapUp!.until - agentOf('202')!.wrapUp!.since).toBe(10_000);

    await timed('unpause 201', () => t.post('/api/v1/agent/unpause', ADMIN, { number: '201' }), () => !memberLine(sales, '201').includes('paused'));
    await waitFor('the unpause in the live state', () => !agentOf('201')?.pause, 3000, 20);
    expect((await logOf('201', ['UNPAUSE'])).map((r) => r.queuename)).toEqual([`${acme}_${sales}`]);
  }, 60_000);

  it('G-QLI-01 a log-in and a log-out of one queue: app_queue has the member at once (queue show), ADDMEMBER and REMOVEMEMBER in queue_log', async () => {
    expect(memberLine(billing, '201')).toBe('');
    await timed('log 201 into Billing', () => t.post('/api/v1/agent/login', ADMIN, { number: '201', queueId: billing }), () => memberLine(billing, '201') !== '');
    await waitFor('ADDMEMBER', async () => (await logOf('201', ['ADDMEMBER'])).some((r) => r.queuename === `${acme}_${billing}`), 3000, 50);
    await timed('log 201 out of Billing', () => t.post('/api/v1/agent/logout', ADMIN, { number: '201', queueId: billing }), () => memberLine(billing, '201') === '');
    await waitFor('REMOVEMEMBER', async () => (await logOf('201', ['REMOVEMEMBER'])).some((r) => r.queuename === `${acme}_${billing}`), 3000, 50);
    expect(on.app.live!.realtime!.getQueues(acme).find((q) => q.queueId === billing)!.members).not.toContain('201');
  }, 30_000);

  it('G-AGS-03 DND from the panel: 202 is paused in its queues for DND, and a call to it is busy (it goes to its mailbox); off again', async () => {
    await timed('DND on 202', () => t.put('/api/v1/agent/dnd', ADMIN, { number: '202', on: true }), () => memberLine(sales, '202').includes('paused:DND'));
    await waitFor('DND in the live state', () => (agentOf('202')?.dndSince ?? null) !== null, 3000, 20);
    expect(await pbx.call(`${acme}_201`, 'acme-201', '202', 1000)).not.toBe(-1);
    let rows: (typeof cdr.$inferSelect)[] = [];
    await waitFor('the cdr of 201 → 202', async () => (rows = await t.db.select().from(cdr).where(and(eq(cdr.src, '201'), eq(cdr.dst, '202')))).length > 0, 8000, 200);
    say(`201 → 202 in DND: ${rows.map((r) => `${r.lastapp}(${r.lastdata}) ${r.disposition}`).join('; ')}`);
    // 202's busy action is its mailbox (the demo), never its phone
    expect(rows.every((r) => !r.dstchannel.startsWith(`PJSIP/${acme}_202-`))).toBe(true);
    expect(rows.some((r) => r.lastapp === 'VoiceMail' || r.disposition === 'BUSY')).toBe(true);
    await timed('DND off 202', () => t.put('/api/v1/agent/dnd', ADMIN, { number: '202', on: false }), () => !memberLine(sales, '202').includes('paused'));
    await waitFor('DND off in the live state', () => (agentOf('202')?.dndSince ?? null) === null, 3000, 20);
  }, 40_000);
});
