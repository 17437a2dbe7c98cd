/**
 * G-AST-03, the supervisor's actions on live calls on a REAL Asterisk that Callboard configures and
 * drives (callboard-on-asterisk.ts): listen, whisper and barge (ChanSpy from the supervisor's phone, AMI
 * Originate), record on demand (MixMonitor into Callboard's recordings folder, the file joined to the
 * call's cdr row), asked through Callboard's API and read in Asterisk itself (its channels and their
 * application) and in Callboard (active calls, the cdr row, the file), with the time from the request
 * to Asterisk's change printed. acme's 201, 202 and 203 are registered sipp phones that answer after 3 s;
 * a loopback carrier calls 201.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdr, extension } from '../../../../server/db/schema';
import { toneUlaw } from '../../fixtures/sounds';
import { CALLERS, postgresSkipReason, type TestApp } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import type { CallboardAsterisk } from './callboard-asterisk';
import { asteriskChannels, latencyLog, startCallboardOnAsterisk, waitFor, type CallboardOnAsterisk } from './callboard-on-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason;
if (skipReason) console.warn(`[real Asterisk] call actions skipped: ${skipReason}`);

const { admin: ADMIN } = CALLERS;
const say = (text: string) => console.log(`[real Asterisk calls] ${text}`);

describe.skipIf(skipReason !== null)('G-AST-03 the actions on live calls on a real Asterisk (listen, whisper, barge, record)', () => {
  let on: CallboardOnAsterisk;
  let t: TestApp;
  let pbx: CallboardAsterisk;
  let acme: number;
  const latency = latencyLog();
  const channels = () => asteriskChannels(pbx);

  /** an API call that must answer 200, then polls Asterisk until `changed` (the time kept) */
  const timed = (action: string, request: () => Promise<{ statusCode: number; body: string }>, changed: () => boolean) =>
    latency.measure(action, async () => {
      const res = await request();
      expect(res.statusCode, res.body).toBe(200);
    }, changed);

  let did = '';
  /** a customer calls 201 through a trunk and talks `talkMs` (sipp as the carrier); resolves once 201 talks in Callboard's live state */
  // (the end is wrapped: an async function returning a promise would wait for the call to end)
  async function callInProgress(caller: string, talkMs: number): Promise<{ ended: Promise<number> }> {
    did ||= await on.trunkTo('exten:201');
    // a call of an earlier test that failed half way must not stand in for this one
    await waitFor('201 free', () => !channels().some((c) => c.name.startsWith(`PJSIP/${acme}_201-`)), 30_000, 100);
    // the customer's voice as RTP, so a recording has something to hold
    const audio = path.join(pbx.dir, 'sipp', 'tone.ulaw');
    if (!existsSync(audio)) writeFileSync(audio, toneUlaw(3));
    const ended = pbx.carrierCall(did, caller, talkMs, '', audio);
    await waitFor('201 talking', () => on.app.live!.realtime!.callOf(acme, '201')?.answered === true, 10_000, 50);
    return { ended };
  }

  beforeAll(async () => {
    on = await startCallboardOnAsterisk(['201', '202', '203'], 'calls-test');
    ({ t, pbx, acme } = on);
    // 201's Spy option on (spec 2's extension flag); 202's stays off
    await t.db.update(extension).set({ spy: true }).where(and(eq(extension.corpId, acme), eq(extension.number, '201')));
    await t.db.update(extension).set({ spy: false }).where(and(eq(extension.corpId, acme), eq(extension.number, '202')));
    // the log-in (argon2, seconds on a loaded machine) before any call is running
    await t.headers(ADMIN);
    await waitFor('the AMI connection', async () => (await on.app.live!.adapter!.queueMembers().then(() => true, () => false)), 10_000, 200);
  }, 90_000);

  afterAll(async () => {
    const summary = latency.summary();
    // (the spies include the 3 s the phone rings before it answers)
    if (summary) say(summary);
    await on?.stop();
  });

  it('G-SPY-01 G-SPY-02 G-SPY-03 G-SPY-05 the supervisor\'s phone 203 rings into 201\'s call and runs ChanSpy on it (listen, then whisper, then barge); the leg is a listening leg of that call in active calls and on the wall (203 marked with the mode)', async () => {
    const call = await callInProgress('11955520001', 20_000);
    const spied = () => channels().find((c) => c.name.startsWith(`PJSIP/${acme}_201-`))!.name;
    for (const [mode, options] of [
      ['listen', 'qE'],
      ['whisper', 'qEw'],
      ['barge', 'qEB'],
    ] as const) {
      const spyLeg = () => channels().find((c) => c.name.startsWith(`PJSIP/${acme}_203-`) && c.app === 'ChanSpy');
      await timed(`${mode}: 203 rings`, () => t.post('/api/v1/call/spy', ADMIN, { number: '201', mode, from: '203' }), () => channels().some((c) => c.name.startsWith(`PJSIP/${acme}_203-`)));
      await waitFor(`ChanSpy of 203 (${mode})`, () => spyLeg() !== undefined, 8000, 50);
      const leg = spyLeg()!;
      say(`${mode}: ${leg.name} ${leg.app}(${leg.data})`);
      expect(leg.data).toBe(`${spied()},${options}`);
      await waitFor('the listening leg in active calls', () => on.app.live!.realtime!.getActiveCalls(acme).some((c) => c.caller === '203' && c.spy?.number === '201' && c.spy.mode === mode), 3000, 20);
      // the wall's record of 203: in use with 201, marked as a listening leg of the mode (201 unmarked)
      const extension = (number: string) => on.app.live!.realtime!.getExtensions(acme).find((e) => e.number === number);
      await waitFor(`203 marked ${mode} on the wall`, () => extension('203')?.listening === mode, 3000, 20);
      expect(extension('203')).toMatchObject({ status: 2, peer: '201', listening: mode });
      expect(extension('201')?.listening).toBeUndefined();
      // the supervisor ends it: the spied call goes on
      const id = on.app.live!.realtime!.callOf(acme, '203')!.own.id;
      await on.app.live!.adapter!.hangup(id);
      await waitFor('203 free again', () => !channels().some((c) => c.name.startsWith(`PJSIP/${acme}_203-`)), 5000, 50);
      await waitFor('203 unmarked', () => extension('203')?.listening === undefined, 3000, 20);
      expect(channels().some((c) => c.name.startsWith(`PJSIP/${acme}_201-`))).toBe(true);
    }
    // G-SPY-04: 202's Spy option is off: refused, nothing rings
    const refused = await t.post('/api/v1/call/spy', ADMIN, { number: '202', mode: 'listen', from: '203' });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toBe('errors.callSpyOff');
    expect(channels().some((c) => c.name.startsWith(`PJSIP/${acme}_203-`))).toBe(false);
    expect(await call.ended, pbx.log()).toBe(0);
  }, 90_000);

  it('G-REC-01 a recording started on 201\'s call is Asterisk\'s MixMonitor into Callboard\'s recordings folder, joined to the call\'s cdr row; stopped on request', async () => {
    const call = await callInProgress('11955520002', 6000);
    const res = await t.post('/api/v1/call/record', ADMIN, { number: '201', on: true });
    expect(res.statusCode, res.body).toBe(200);
    const { recording } = res.json() as { recording: string };
    expect(recording).toMatch(new RegExp(`^${acme}/\\d{8}/[\\w.-]+\\.wav$`));
    const file = path.join(pbx.dir, 'recordings', recording);
    await waitFor('the recording file', () => existsSync(file), 5000, 50);
    const recorded = () => on.app.live!.realtime!.getActiveCalls(acme).find((c) => c.receiver === '201')?.recording === true;
    expect(recorded()).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await t.post('/api/v1/call/record', ADMIN, { number: '201', on: false })).statusCode).toBe(200);
    expect(recorded()).toBe(false);
    expect(await call.ended, pbx.log()).toBe(0);
    let rows: (typeof cdr.$inferSelect)[] = [];
    await waitFor('the cdr row with its recording', async () => (rows = await t.db.select().from(cdr).where(and(eq(cdr.corpId, acme), eq(cdr.recordingfile, recording)))).length > 0, 8000, 200);
    expect(rows[0]).toMatchObject({ src: '11955520002', disposition: 'ANSWERED' });
    // a WAV header and the customer's voice: more than half a second of 8 kHz 16-bit audio (1.5 s were recorded)
    expect(statSync(file).size).toBeGreaterThan(44 + 8000);
    say(`recording ${recording}: ${statSync(file).size} bytes, cdr ${rows[0].uniqueid}`);
  }, 60_000);
});
