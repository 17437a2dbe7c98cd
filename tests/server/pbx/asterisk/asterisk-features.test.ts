/**
 * The fixed speed-dial features of C-CSD-06 (server/asterisk/features.ts) on a REAL Asterisk that
 * Callboard configures and drives (callboard-on-asterisk.ts): each made a company speed dial through the
 * API, then dialled from acme's phones (sipp) while the loopback carrier calls in.
 *   - Pickup: the call ringing at 202 answered from 201, by call group and by number;
 *   - ChanSpy and Whisper: refused while 201's Spy flag is off, then 201 listens to 202's call;
 *   - MeetMe: the corp's conference room; a MeetMe restriction (type 2) of 202 refuses it;
 *   - Forward: 201's calls go to 202 until 201 turns it off;
 *   - Reminder: a call file dated HH:MM in the spool; when it is due, 201's phone rings; cancelled by the plain code.
 * About 60 s. Skipped with the reason printed when Asterisk (or a CPU it runs on), sipp or PostgreSQL is missing.
 */
import { existsSync, readFileSync, renameSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdr } from '../../../../server/db/schema';
import { CALLERS, postgresSkipReason, TestApp } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import type { CallboardAsterisk } from './callboard-asterisk';
import { startCallboardOnAsterisk, waitFor, type CallboardOnAsterisk } from './callboard-on-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason;
if (skipReason) console.warn(`[real Asterisk] speed-dial features skipped: ${skipReason}`);

const { admin: ADMIN } = CALLERS;
const say = (text: string) => console.log(`[real Asterisk features] ${text}`);
/** how long a phone stays on a feature code's confirmation: less than its Wait(1), so the phone hangs up first (features.ts) */
const CONFIRM_MS = 300;
const CODES = { Pickup: 40, ChanSpy: 41, Whisper: 42, MeetMe: 43, Forward: 44, Reminder: 45 } as const;

describe.skipIf(skipReason !== null)('C-CSD-06 the speed-dial features on a real Asterisk', () => {
  let on: CallboardOnAsterisk;
  let t: TestApp;
  let pbx: CallboardAsterisk;
  let acme: number;
  const call = (from: '201' | '202', target: string, talkMs: number) => pbx.call(`${acme}_${from}`, `acme-${from}`, target, talkMs);

  /** changes an extension of acme through the API */
  async function updateExtension(number: string, change: Record<string, unknown>): Promise<void> {
    const list = (await t.get('/api/v1/extension', ADMIN)).json() as { id: number; number: string }[];
    const id = list.find((e) => e.number === number)!.id;
    const current = (await t.get(`/api/v1/extension/${id}`, ADMIN)).json() as Record<string, unknown>;
    const res = await t.put(`/api/v1/extension/${id}`, ADMIN, { ...current, ...change });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** the cdr rows of `src` dialling `dst` */
  const rowsOf = (src: string, dst: string) => t.db.select().from(cdr).where(and(eq(cdr.src, src), eq(cdr.dst, dst)));

  async function cdrOf(src: string, dst: string): Promise<typeof cdr.$inferSelect> {
    let rows: (typeof cdr.$inferSelect)[] = [];
    await waitFor(`the cdr of ${src} → ${dst}`, async () => (rows = await rowsOf(src, dst)).length > 0, 6000, 200);
    say(`cdr of ${src} → ${dst}: lastapp ${rows[0].lastapp}(${rows[0].lastdata}) ${rows[0].disposition} dstchannel ${rows[0].dstchannel}`);
    return rows[0];
  }

  /** the phones whose answered cdr rows the carrier's call from `caller` has (their endpoints) */
  async function answeredAt(caller: string): Promise<string[]> {
    let endpoints: string[] = [];
    await waitFor(`the answered cdr of ${caller}`, async () => (endpoints = await answeredNow(caller)).length > 0, 6000, 200);
    return endpoints;
  }

  async function answeredNow(caller: string): Promise<string[]> {
    const rows = await t.db.select().from(cdr).where(and(eq(cdr.src, caller), eq(cdr.disposition, 'ANSWERED'), like(cdr.dstchannel, 'PJSIP/%')));
    return rows.map((r) => r.dstchannel.replace(/-[^-]+$/, ''));
  }

  /**
   * a carrier call to `did` from `caller`; resolves once Asterisk shows the channel to `number` ringing (or up, `state`)
   * with the call's end (sipp's exit code) in an object: a promise returned bare from an async function is awaited with it
   */
  async function carrierRinging(did: string, caller: string, number: string, talkMs: number, state: 'Ring' | 'Up'): Promise<{ done: Promise<number> }> {
    const done = pbx.carrierCall(did, caller, talkMs);
    await waitFor(`${number} ${state}`, () => pbx.rx('core show channels concise').split('\n').some((l) => l.startsWith(`PJSIP/${acme}_${number}-`) && l.includes(`!${state === 'Ring' ? 'Ringing' : 'Up'}!`)), 5000, 50);
    return { done };
  }

  beforeAll(async () => {
    on = await startCallboardOnAsterisk(['201', '202'], 'features-test');
    ({ t, pbx, acme } = on);
    for (const [word, number] of Object.entries(CODES)) {
      const res = await t.post('/api/v1/speeddialcorps', ADMIN, { number, action: word });
      expect(res.statusCode, res.body).toBe(201);
    }
    await waitFor('the features in the dialplan', () => on.shown(`c${acme}-internal`).includes(`_*${CODES.Reminder}XXXX`), 5000, 200);
  }, 60_000);

  afterAll(async () => {
    await on?.stop();
  });

  it('Pickup: 201 answers the call ringing at 202, by their call group (*40) and by number (*40202)', async () => {
    await updateExtension('201', { callgroup: 1 });
    await updateExtension('202', { callgroup: 1 });
    await waitFor('the call groups in Asterisk', () => pbx.rx(`pjsip show endpoint ${acme}_202`).includes(`c${acme}_1`), 5000, 200);
    const did = await on.trunkTo('exten:202');
    for (const [caller, dialled] of [['11955510001', `*${CODES.Pickup}`], ['11955510002', `*${CODES.Pickup}202`]] as const) {
      const carrier = await carrierRinging(did, caller, '202', 1500, 'Ring');
      // 201 hears 200 OK only when Pickup took the call (nothing in *40 answers before it)
      expect(await call('201', dialled, 1000), pbx.log()).toBe(0);
      // the carrier's sipp meets 201's hang-up where it expects to send its own BYE: its exit code says nothing here
      await carrier.done;
      // Asterisk's record of the picked-up call: the carrier's call to 202 answered by 201 (201's own leg merged into it)
      // (Asterisk writes two answered rows, 202's ringing first, then 201's answer: Callboard keeps the later)
      await waitFor(`${caller}'s call answered at 201`, async () => (await answeredNow(caller)).includes(`PJSIP/${acme}_201`), 6000, 200);
      // one row for the call (migration 0017), the one of the phone that took it
      expect(await answeredNow(caller)).toEqual([`PJSIP/${acme}_201`]);
    }
  }, 40_000);

  it('ChanSpy and Whisper: refused while 201\'s Spy flag is off; then 201 listens to (and whispers into) 202\'s call', async () => {
    await updateExtension('201', { spy: false });
    await waitFor('201 out of the spies', () => !on.shown(`c${acme}-spy`).includes("'201'"), 5000, 200);
    expect(await call('201', `*${CODES.ChanSpy}`, 500)).not.toBe(0);
    expect((await cdrOf('201', `*${CODES.ChanSpy}`)).lastapp).toBe('Hangup');

    // a log at verbose level for this test only (messages.log is notice and up, as asterisk:config writes it)
    pbx.rx('logger add channel spy.log verbose(3)');
    const spyLog = () => (existsSync(path.join(pbx.dir, 'log', 'spy.log')) ? readFileSync(path.join(pbx.dir, 'log', 'spy.log'), 'utf8') : '');
    await updateExtension('201', { spy: true });
    await waitFor('201 among the spies', () => on.shown(`c${acme}-spy`).includes("'201'"), 5000, 200);
    const did = await on.trunkTo('exten:202');
    for (const [caller, word] of [['11955510003', 'ChanSpy'], ['11955510004', 'Whisper']] as const) {
      const dialled = `*${CODES[word]}202`;
      const carrier = await carrierRinging(did, caller, '202', 5000, 'Up');
      const spying = call('201', dialled, 1500);
      // Asterisk's own word that 201 spies on 202's live call (app_chanspy says so at verbose 2)
      await waitFor(`201 spying on 202 (${word})`, () => spyLog().includes(`Spying on channel PJSIP/${acme}_202-`), 5000, 100);
      expect(await spying, pbx.log()).toBe(0);
      expect(await carrier.done).toBe(0);
      const row = await cdrOf('201', dialled);
      expect(row).toMatchObject({ lastapp: 'ChanSpy', disposition: 'ANSWERED', lastdata: `PJSIP/${acme}_202-,${word === 'Whisper' ? 'qEw' : 'qE'}` });
    }
  }, 60_000);

  it('MeetMe: 201 is in the corp\'s conference room; a MeetMe restriction (type 2) of 202 refuses it', async () => {
    const joined = call('201', `*${CODES.MeetMe}`, 2500);
    await waitFor('the room in confbridge list', () => pbx.rx('confbridge list').includes(`c${acme} `), 5000, 100);
    say(`confbridge list:\n${pbx.rx('confbridge list').trim()}`);
    expect(await joined, pbx.log()).toBe(0);
    expect((await cdrOf('201', `*${CODES.MeetMe}`)).lastapp).toBe('ConfBridge');

    const list = (await t.get('/api/v1/extension', ADMIN)).json() as { id: number; number: string }[];
    const rule = await t.post('/api/v1/restrictionexten', ADMIN, { extenId: list.find((e) => e.number === '202')!.id, destType: 2, permit: 0 });
    expect(rule.statusCode, rule.body).toBe(201);
    await waitFor('202\'s MeetMe rule in the dialplan', () => on.shown(`c${acme}-restrict-x202`).includes("'MeetMe'"), 5000, 200);
    expect(await call('202', `*${CODES.MeetMe}`, 500)).not.toBe(0);
    const refused = await cdrOf('202', `*${CODES.MeetMe}`);
    expect(refused.lastapp).not.toBe('ConfBridge');
  }, 40_000);

  it('Forward: 201 forwards its calls to 202 (*44202), then turns it off (*44)', async () => {
    const did = await on.trunkTo('exten:201');
    expect(await call('201', `*${CODES.Forward}202`, CONFIRM_MS), pbx.log()).toBe(0);
    expect(pbx.rx('database show CB_FWD')).toContain(`/CB_FWD/${acme}_201`);
    expect(await pbx.carrierCall(did, '11955510005', 500), pbx.log()).toBe(0);
    expect(await answeredAt('11955510005')).toEqual([`PJSIP/${acme}_202`]);

    expect(await call('201', `*${CODES.Forward}`, CONFIRM_MS), pbx.log()).toBe(0);
    expect(pbx.rx('database show CB_FWD')).not.toContain(`${acme}_201`);
    expect(await pbx.carrierCall(did, '11955510006', 500), pbx.log()).toBe(0);
    expect(await answeredAt('11955510006')).toEqual([`PJSIP/${acme}_201`]);
  }, 40_000);

  it('Reminder: *45HHMM leaves a call file dated HH:MM (UTC here); when it is due 201\'s phone rings; *45 cancels', async () => {
    const at = new Date(Date.now() + 3 * 60_000);
    const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}${String(at.getUTCMinutes()).padStart(2, '0')}`;
    expect(await call('201', `*${CODES.Reminder}${hhmm}`, CONFIRM_MS), pbx.log()).toBe(0);
    const file = path.join(pbx.dir, 'spool', 'outgoing', `cb-reminder-${acme}_201-${hhmm}.call`);
    await waitFor('the call file', () => existsSync(file), 3000, 100);
    const due = Math.floor(statSync(file).mtimeMs / 1000);
    say(`call file ${path.basename(file)} due ${new Date(due * 1000).toISOString()}`);
    expect(new Date(due * 1000).toISOString().slice(11, 16)).toBe(`${hhmm.slice(0, 2)}:${hhmm.slice(2)}`);

    // make it due now: out of the folder, dated now, back in (pbx_spool takes a file moved in)
    const aside = path.join(pbx.dir, 'spool', path.basename(file));
    renameSync(file, aside);
    utimesSync(aside, new Date(), new Date());
    renameSync(aside, file);
    let rows: (typeof cdr.$inferSelect)[] = [];
    await waitFor('the reminder call', async () => (rows = await t.db.select().from(cdr).where(and(eq(cdr.dcontext, `c${acme}-reminder`), like(cdr.channel, `PJSIP/${acme}_201-%`)))).length > 0, 15_000, 250);
    say(`the reminder's cdr: ${rows[0].channel} ${rows[0].disposition} lastapp ${rows[0].lastapp}`);
    expect(rows[0].disposition).toBe('ANSWERED');

    // another one, cancelled by the plain code
    expect(await call('201', `*${CODES.Reminder}${hhmm}`, CONFIRM_MS), pbx.log()).toBe(0);
    await waitFor('the second call file', () => existsSync(file), 3000, 100);
    expect(await call('201', `*${CODES.Reminder}`, CONFIRM_MS), pbx.log()).toBe(0);
    await waitFor('the call file gone', () => !existsSync(file), 3000, 100);
  }, 60_000);
});
