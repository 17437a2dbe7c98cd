/**
 * Issue 9 in the running app (PGlite, demo data, the simulator on a manual clock): the campaign engine
 * is the context's CampaignControl and dials a running campaign through the simulator to the end; the
 * simulated day leaves IVR choices (the seeded welcome menu), poll answers (the Sales survey) and
 * voicemails with their WAV in the corp's sound folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdr, corp, dialer, dialerNumber, ivr, ivrLog, poll, pollAnswer, question, queue, queueLog, trunk, voicemail } from '../../../server/db/schema';
import { toneWav, type CallCentreSimulator } from '../../../server/pbx';
import { startLiveApp, type LiveApp } from '../fixtures/live-app';

let live: LiveApp;
let app: FastifyInstance;
let sim: CallCentreSimulator;
let dataDir: string;
let acme: number;

const db = () => live.database.orm;

/** moves the simulated clock in steps, letting the engine and the record sink work between them */
async function advance(ms: number, step = 5000, each?: () => void): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    sim.advance(Math.min(step, ms - done));
    each?.();
    await new Promise((r) => setTimeout(r, 5));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-live-campaigns-'));
  live = await startLiveApp(dataDir);
  app = live.app;
  sim = app.live!.simulator!;
  acme = (await db().select({ id: corp.id }).from(corp).where(eq(corp.url, 'acme')))[0].id;
});

afterAll(async () => {
  await live?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newCampaign(fields: Partial<typeof dialer.$inferInsert>, numbers: string[]): Promise<number> {
  const [acmeTrunk] = await db().select({ id: trunk.id }).from(trunk).where(eq(trunk.number, '551130001000'));
  const [row] = await db()
    .insert(dialer)
    .values({ corpId: acme, name: `live ${fields.action} ${numbers.length}`, action: 'msg', trunkId: acmeTrunk.id, days: '0,1,2,3,4,5,6', horaDesde: 0, horaHasta: 2359, status: 'running', ...fields })
    .returning({ id: dialer.id });
  await db().insert(dialerNumber).values(numbers.map((number) => ({ dialerId: row.id, corpId: acme, number })));
  return row.id;
}

describe('C-DIA campaigns in the running app', () => {
  it('ctx.live.campaigns is the engine of the instance that drives the PBX', () => {
    expect(app.live!.campaigns).not.toBeNull();
    expect(app.ctx.live!.campaigns).toBe(app.live!.campaigns);
  });

  it('a running msg campaign is dialled through the simulator to the end: at most its limit at once, every number answered or out of tries, cdr rows of the campaign', async () => {
    const sound = await app.ctx.files.save(acme, toneWav(4), 'wav');
    const numbers = Array.from({ length: 16 }, (_, i) => `5511977${String(i).padStart(6, '0')}`);
    const id = await newCampaign({ action: 'msg', sound, callLimit: 3, retries: 1, timeout: 25 }, numbers);
    const control = app.ctx.live!.campaigns!;
    control.changed(id);
    let most = 0;
    const status = async () => (await db().select({ status: dialer.status }).from(dialer).where(eq(dialer.id, id)))[0].status;
    for (let i = 0; i < 200 && (await status()) === 'running'; i++) {
      await advance(10_000, 5000, () => (most = Math.max(most, control.liveCalls(id))));
      control.changed(id);
    }
    expect(await status()).toBe('finished');
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);
    expect(control.liveCalls(id)).toBe(0);
    const rows = await db().select().from(dialerNumber).where(eq(dialerNumber.dialerId, id)).orderBy(asc(dialerNumber.id));
    expect(rows.every((r) => (r.status === 'answered' && r.lastResult === 'ANSWERED') || (r.status === 'failed' && r.attempts === 2))).toBe(true);
    expect(rows.filter((r) => r.status === 'answered').length).toBeGreaterThan(4);
    await app.live!.sink.flush();
    const records = await db().select().from(cdr).where(like(cdr.userfield, `dialer:${id}:%`));
    expect(records.length).toBe(rows.reduce((s, r) => s + r.attempts, 0));
    expect(new Set(records.map((r) => r.disposition))).toContain('ANSWERED');
    expect(records.every((r) => r.corpId === acme && r.accountcode === String(acme) && r.channel.startsWith('PJSIP/trunk_551130001000-'))).toBe(true);
    // the message's length is its WAV's: answered calls that heard it all last 4 s
    expect(records.some((r) => r.disposition === 'ANSWERED' && r.billsec === 4)).toBe(true);
    console.log(
      `[live campaign] ${numbers.length} numbers: ${rows.filter((r) => r.status === 'answered').length} answered, ${rows.filter((r) => r.status === 'failed').length} failed, ${records.length} calls, at most ${most} at once`,
    );
  });

  it('a queue campaign: an answered number waits in the queue like an inbound caller (ENTERQUEUE with its number)', async () => {
    const [sales] = await db().select({ id: queue.id }).from(queue).where(and(eq(queue.corpId, acme), eq(queue.name, 'Sales')));
    const numbers = Array.from({ length: 6 }, (_, i) => `5511966${String(i).padStart(6, '0')}`);
    const id = await newCampaign({ action: 'queue', queueId: sales.id, callLimit: 2, retries: 2 }, numbers);
    app.ctx.live!.campaigns!.changed(id);
    for (let i = 0; i < 100; i++) {
      await advance(10_000);
      app.ctx.live!.campaigns!.changed(id);
      const answered = await db().select({ number: dialerNumber.number }).from(dialerNumber).where(and(eq(dialerNumber.dialerId, id), eq(dialerNumber.status, 'answered')));
      if (answered.length > 0) break;
    }
    await advance(60_000);
    await app.live!.sink.flush();
    const answered = await db().select({ number: dialerNumber.number }).from(dialerNumber).where(and(eq(dialerNumber.dialerId, id), eq(dialerNumber.status, 'answered')));
    expect(answered.length).toBeGreaterThan(0);
    const entered = await db().select().from(queueLog).where(and(eq(queueLog.queuename, `${acme}_${sales.id}`), eq(queueLog.event, 'ENTERQUEUE'), eq(queueLog.data2, answered[0].number)));
    expect(entered).toHaveLength(1);
  });
});

describe('what simulated callers leave for the reports (D-IST, D-PST, C-VM)', () => {
  it('hours of default traffic leave IVR choices of the welcome menu, Sales survey answers and voicemails whose WAV is in the corp’s sound folder', async () => {
    await advance(6 * 3600_000, 60_000);
    await app.live!.sink.flush();
    const [menu] = await db().select({ id: ivr.id }).from(ivr).where(and(eq(ivr.corpId, acme), eq(ivr.name, 'Acme welcome')));
    const choices = await db().select().from(ivrLog).where(eq(ivrLog.ivrId, menu.id));
    const options = new Set(choices.map((c) => c.option));
    expect(['1', '2', '3'].every((d) => options.has(d))).toBe(true);
    expect(choices.every((c) => c.corpId === acme && /^[0-9ti]$/.test(c.option) && c.uniqueid !== '')).toBe(true);

    const [survey] = await db().select({ id: poll.id }).from(poll).where(and(eq(poll.corpId, acme), eq(poll.name, 'Sales survey')));
    const questions = await db().select({ id: question.id }).from(question).where(eq(question.pollId, survey.id)).orderBy(asc(question.orderSequencial));
    const answers = await db().select().from(pollAnswer).where(eq(pollAnswer.pollId, survey.id));
    expect(new Set(answers.map((a) => a.questionId))).toEqual(new Set(questions.map((q) => q.id)));
    expect(answers.every((a) => a.answer >= 0 && a.answer <= 9 && /^2\d\d$/.test(a.exten))).toBe(true);

    const messages = await db().select().from(voicemail).where(eq(voicemail.corpId, acme));
    expect(messages.length).toBeGreaterThan(0);
    const file = path.join(app.ctx.files.root, String(acme), messages[0].recording);
    expect(messages[0].recording).toMatch(/^[0-9a-f-]{36}\.wav$/);
    expect(existsSync(file)).toBe(true);
    const wav = await readFile(file);
    expect(wav.readUInt32LE(40)).toBe(messages[0].duration * 16000);
    expect(messages.every((m) => m.flag === 0 && /^2\d\d$/.test(m.mailbox) && m.origtime > 1_600_000_000)).toBe(true);
    console.log(`[live day] 6 simulated hours: ${choices.length} IVR choices, ${answers.length} poll answers, ${messages.length} voicemails`);
  });
});
