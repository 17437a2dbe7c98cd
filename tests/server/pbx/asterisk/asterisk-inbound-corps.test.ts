/**
 * C-TRK-04 H-WARM-02 D-CDR-03: an inbound call from a carrier reaches the corp that owns the dialled
 * DID, on a REAL Asterisk that Callboard configures (callboard-on-asterisk.ts). Every trunk of one
 * carrier server identifies by that server's address (ps_endpoint_id_ips), so with trunks of globex and
 * of acme on the same loopback carrier (127.0.0.2) Asterisk's IP identifier matches one of those
 * endpoints for every call (Asterisk 22: the first identify, for all three calls here), and some calls
 * arrive on the other corp's trunk endpoint. Each DID must still run its own corp's trunk action
 * (ring acme's 201, wait in acme's Support, wait in globex's Helpdesk), be recorded (cdr: corp,
 * accountcode, incoming) and shown live (calls, queue callers) for its corp only. Before migration 0026
 * each trunk endpoint delivered to its own corp's inbound context: both acme DIDs, arriving on globex's
 * trunk, ran globex's catch-all (its preferred trunk's action, Helpdesk `3_4`) and never rang 201; and
 * the live state put a call arriving on another corp's trunk endpoint (its accountcode) in that corp's calls.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUNK_INBOUND_CONTEXT } from '../../../../domain';
import { cdr, queue } from '../../../../server/db/schema';
import { toneUlaw } from '../../fixtures/sounds';
import { CALLERS, postgresSkipReason, type TestApp } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import type { CallboardAsterisk } from './callboard-asterisk';
import { asteriskChannels, startCallboardOnAsterisk, waitFor, type AsteriskChannel, type CallboardOnAsterisk } from './callboard-on-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason;
if (skipReason) console.warn(`[real Asterisk] inbound calls of two corps on one carrier skipped: ${skipReason}`);

const say = (text: string) => console.log(`[real Asterisk inbound corps] ${text}`);

describe.skipIf(skipReason !== null)('C-TRK-04 H-WARM-02 D-CDR-03 two corps with trunks on one carrier address: each DID reaches its own corp', () => {
  let on: CallboardOnAsterisk;
  let t: TestApp;
  let pbx: CallboardAsterisk;
  let acme: number;
  let globex: number;
  let helpdesk: number;
  let support: number;
  let globexDid: string;
  let acmeDid: string;
  let acmeQueueDid: string;
  /** the trunk endpoint each call arrived on */
  const arrivedOn: string[] = [];
  const channels = () => asteriskChannels(pbx);
  const live = () => on.app.live!.realtime!;
  const endpointOf = (channel: AsteriskChannel) => channel.name.replace(/^PJSIP\/|-[0-9a-f]+$/g, '');

  /** a trunk of `corpId` on the loopback carrier whose action is `action`, once Asterisk's dialplan has it; its number */
  async function trunkOf(corpId: number, action: string): Promise<string> {
    const number = on.nextDid();
    const res = await t.post('/api/v1/trunk', CALLERS.super, { number, serverId: on.serverId, corpId, action });
    expect(res.statusCode, res.body).toBe(201);
    await waitFor(`the DID ${number} in the dialplan`, () => pbx.rx(`dialplan show ${number}@c${corpId}-inbound`).includes(`'${number}'`) && pbx.rx(`dialplan show ${number}@${TRUNK_INBOUND_CONTEXT}`).includes(`'${number}'`), 5000, 100);
    return number;
  }

  /** the carrier calls `did` as `caller` and stays `talkMs` after the answer; resolves with sipp's exit code */
  async function carrierCall(did: string, caller: string, talkMs: number): Promise<number> {
    await waitFor('no call left', () => channels().length === 0, 40_000, 100);
    const audio = path.join(pbx.dir, 'sipp', 'tone.ulaw');
    if (!existsSync(audio)) writeFileSync(audio, toneUlaw(3));
    return pbx.carrierCall(did, caller, talkMs, '', audio);
  }

  /** the kept cdr rows of a caller's call */
  const rowsOf = (caller: string) => t.db.select().from(cdr).where(eq(cdr.src, caller));
  /** the direction the reports read from a caller's record (D-CDR-03: 2 incoming) */
  const directionOf = async (caller: string) => {
    const { rows } = (await t.db.execute(sql`select cdr_direction(channel, dstchannel, dcontext, lastdata, userfield) as direction from cdr where src = ${caller}`)) as unknown as { rows: { direction: number }[] };
    return rows.map((r) => Number(r.direction));
  };

  /** the carrier calls a DID whose action is a queue nobody answers: the caller waits in `corpId`'s queue, there only */
  async function waitsInQueue(did: string, caller: string, corpId: number, queueId: number): Promise<void> {
    const other = corpId === acme ? globex : acme;
    const ended = carrierCall(did, caller, 4000);
    let carrier: AsteriskChannel | undefined;
    await waitFor('the carrier\'s call in a queue', () => (carrier = channels().find((c) => c.name.startsWith('PJSIP/trunk_') && c.app === 'Queue')) !== undefined, 10_000, 20);
    arrivedOn.push(endpointOf(carrier!));
    say(`DID ${did} of corp ${corpId} arrived on ${carrier!.name}, now in ${carrier!.context}: ${carrier!.app}(${carrier!.data})`);
    expect(carrier!.data).toMatch(new RegExp(`^${corpId}_${queueId},`));
    await waitFor('the caller in the queue\'s callers', () => live().getQueues(corpId).find((q) => q.queueId === queueId)?.callers[0]?.callId === carrier!.id, 5000, 20);
    expect(live().getActiveCalls(corpId)).toContainEqual(expect.objectContaining({ caller }));
    expect(live().getActiveCalls(other)).toEqual([]);
    expect(await ended, pbx.log()).toBe(0);
    await waitFor('its cdr row', async () => (await rowsOf(caller)).length > 0, 8000, 200);
    expect(await rowsOf(caller)).toMatchObject([{ corpId, accountcode: String(corpId), lastapp: 'Queue', lastdata: expect.stringMatching(new RegExp(`^${corpId}_${queueId},`)) }]);
    expect(await directionOf(caller)).toEqual([2]);
    expect(live().getActiveCalls(other)).toEqual([]);
  }

  beforeAll(async () => {
    on = await startCallboardOnAsterisk(['201'], 'inbound-corps-test');
    ({ t, pbx, acme } = on);
    globex = t.ids.corp.globex;
    helpdesk = t.ids.queue.helpdesk;
    // Support: none of its members is registered, a caller waits
    support = (await t.db.select({ id: queue.id }).from(queue).where(and(eq(queue.corpId, acme), eq(queue.name, 'Support'))))[0].id;
    // all on the one loopback carrier (127.0.0.2): three rows of ps_endpoint_id_ips with one address
    globexDid = await trunkOf(globex, `queue:${helpdesk}`);
    acmeDid = await trunkOf(acme, 'exten:201');
    acmeQueueDid = await trunkOf(acme, `queue:${support}`);
    const identify = pbx.rx('pjsip show identifies');
    say(`identifies: ${identify.split('\n').filter((l) => /^\s*(Identify|Match):\s+[^<\s]/.test(l)).map((l) => l.trim().replace(/\s+/g, ' ')).join(' | ')}`);
    await t.headers(CALLERS.admin);
  }, 90_000);

  afterAll(async () => {
    await on?.stop();
  });

  it('C-TRK-04 H-WARM-02 D-CDR-03 acme\'s DID rings acme\'s 201 whichever trunk endpoint Asterisk matched; its record and live call are acme\'s', async () => {
    const ended = carrierCall(acmeDid, '11955560001', 4000);
    await waitFor('201 talking', () => live().callOf(acme, '201')?.answered === true, 15_000, 20);
    const carrier = channels().find((c) => c.name.startsWith('PJSIP/trunk_'))!;
    arrivedOn.push(endpointOf(carrier));
    say(`acme's DID ${acmeDid} arrived on ${carrier.name}, now in ${carrier.context}: ${carrier.app}(${carrier.data})`);
    expect(live().getActiveCalls(acme)).toContainEqual(expect.objectContaining({ caller: '11955560001', receiver: '201' }));
    expect(live().getActiveCalls(globex)).toEqual([]);
    expect(await ended, pbx.log()).toBe(0);
    await waitFor('its cdr row', async () => (await rowsOf('11955560001')).length > 0, 8000, 200);
    expect(await rowsOf('11955560001')).toMatchObject([{ corpId: acme, accountcode: String(acme), lastapp: 'Dial', dstchannel: expect.stringMatching(new RegExp(`^PJSIP/${acme}_201-`)), disposition: 'ANSWERED' }]);
    expect(await directionOf('11955560001')).toEqual([2]);
    expect(live().getActiveCalls(globex)).toEqual([]);
  }, 60_000);

  it('C-TRK-04 H-WARM-02 D-CDR-03 acme\'s queue DID waits in acme\'s Support whichever trunk endpoint Asterisk matched; its record and queue caller are acme\'s', async () => {
    await waitsInQueue(acmeQueueDid, '11955560002', acme, support);
  }, 60_000);

  it('C-TRK-04 H-WARM-02 D-CDR-03 globex\'s DID waits in globex\'s Helpdesk whichever trunk endpoint Asterisk matched; its record and queue caller are globex\'s', async () => {
    await waitsInQueue(globexDid, '11955560003', globex, helpdesk);
  }, 60_000);

  it('C-TRK-04 the calls above came through other corps\' trunk endpoints too: Asterisk matched one endpoint for the carrier\'s address', () => {
    say(`the calls arrived on ${arrivedOn.join(', ')}`);
    expect(arrivedOn).toHaveLength(3);
    expect(new Set(arrivedOn).size).toBe(1);
  });
});
