/**
 * C-DIA campaign calls through a REAL Asterisk (../shared/asterisk) with sipp as the carrier behind
 * the trunk endpoint `trunk_{number}` (in the trunks' shared dispatch context, as Callboard configures
 * it since migration 0026): answered (the message played from a stored WAV, then hung up),
 * busy (486), no answer (rings past the timeout), failed (503), and an answered call continued into
 * the queue's dialplan with the number dialled as its caller id. Checks the cdr rows Asterisk writes
 * (cdr_csv here; cdr_pgsql writes the same fields) against what the simulator writes. Skipped with
 * the reason printed when Asterisk or sipp is not installed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUNK_INBOUND_CONTEXT } from '../../../../domain';
import { toneWav, type AriAdapter, type AriEvent, type DialOutRequest } from '../../../../server/pbx';
import { asteriskSkipReason, connectAdapter, KIT_SIPP, OUR_SIPP, startAsterisk, type RealAsterisk } from './real-asterisk';
import { waitFor } from './wait';

const TRUNK = '551130001000';
const CORP = 2;

if (asteriskSkipReason) console.warn(`[real Asterisk] campaign calls skipped: ${asteriskSkipReason}`);

describe.skipIf(asteriskSkipReason !== null)('C-DIA campaign calls through a real Asterisk', () => {
  let pbx: RealAsterisk;
  let adapter: AriAdapter;
  const events: AriEvent[] = [];
  let sound: string;

  beforeAll(async () => {
    pbx = await startAsterisk(TRUNK, CORP);
    sound = path.join(pbx.dir, 'sounds', 'message.wav');
    writeFileSync(sound, toneWav(2));
    adapter = await connectAdapter(pbx, events);
  }, 40_000);

  afterAll(async () => {
    await adapter?.stop();
    await pbx?.stop();
  });

  const request = (number: string, then: DialOutRequest['then'], timeoutSec = 10): DialOutRequest => ({ corpId: CORP, campaignId: 7, trunkNumber: TRUNK, number, timeoutSec, then });
  const destroyed = (id: string) => events.find((e) => e.type === 'ChannelDestroyed' && e.channel.id === id) as Extract<AriEvent, { type: 'ChannelDestroyed' }> | undefined;
  const cdrOf = (id: string) => pbx.cdrRows().find((r) => r.includes(id));

  it('answered: the message plays and the call is hung up; cdr ANSWERED, accountcode the corp, userfield the campaign and number', async () => {
    const carrier = pbx.carrier(path.join(KIT_SIPP, 'uas.xml'));
    const result = await adapter.dialOut(request('5511988880001', { kind: 'playback', soundPath: sound }));
    expect(result.outcome).toBe('ANSWERED');
    const id = result.channelId!;
    await waitFor('the hang-up after the message', () => destroyed(id) !== undefined, 15_000);
    expect(await carrier.done).toBe(0); // the carrier got its BYE
    await waitFor('the cdr row', () => cdrOf(id) !== undefined, 5000);
    const row = cdrOf(id)!;
    console.log(`[real Asterisk] answered: cause ${destroyed(id)!.cause}; cdr ${JSON.stringify(row)}`);
    const [accountcode, src, dst, dcontext, , channel, , lastapp, lastdata] = row;
    expect({ accountcode, src, channel: channel.replace(/-[0-9a-f]+$/, '') }).toEqual({ accountcode: String(CORP), src: TRUNK, channel: `PJSIP/trunk_${TRUNK}` });
    expect(row).toContain('ANSWERED');
    expect(row).toContain('dialer:7:5511988880001');
    // what the simulator writes for the same call (simulator/campaign-calls.ts): `s` in the trunk
    // endpoint's context, the trunks' shared dispatch context since migration 0026 (TRUNK_INBOUND_CONTEXT)
    // (the adapter's app is `callboard-{instance}`, the simulator's `callboard`: the campaign args are the same)
    expect({ dst, dcontext, lastapp, lastdata }).toEqual({ dst: 's', dcontext: TRUNK_INBOUND_CONTEXT, lastapp: 'Stasis', lastdata: `${adapter.app},dialout,7` });
    expect(adapter.stats().dialOuts).toBe(0);
  }, 30_000);

  it('busy (486): BUSY, cdr BUSY', async () => {
    const carrier = pbx.carrier(path.join(OUR_SIPP, 'busy.xml'));
    const result = await adapter.dialOut(request('5511988880002', { kind: 'playback', soundPath: sound }));
    await carrier.done;
    console.log(`[real Asterisk] busy: cause ${destroyed(result.channelId ?? '')?.cause}`);
    expect(result.outcome).toBe('BUSY');
    await waitFor('the cdr row', () => cdrOf(result.channelId!) !== undefined, 5000);
    expect(cdrOf(result.channelId!)).toContain('BUSY');
  }, 30_000);

  it('no answer (rings past the 3 s timeout): NO ANSWER, cdr NO ANSWER', async () => {
    const carrier = pbx.carrier(path.join(OUR_SIPP, 'ring.xml'));
    const result = await adapter.dialOut(request('5511988880003', { kind: 'playback', soundPath: sound }, 3));
    await carrier.done;
    console.log(`[real Asterisk] no answer: cause ${destroyed(result.channelId ?? '')?.cause}`);
    expect(result.outcome).toBe('NO ANSWER');
    await waitFor('the cdr row', () => cdrOf(result.channelId!) !== undefined, 5000);
    expect(cdrOf(result.channelId!)).toContain('NO ANSWER');
  }, 30_000);

  it('failed (503 from the carrier): FAILED; an unanswered call’s cdr (cdr.conf unanswered = yes) is what the simulator writes', async () => {
    const carrier = pbx.carrier(path.join(OUR_SIPP, 'unavailable.xml'));
    const result = await adapter.dialOut(request('5511988880004', { kind: 'playback', soundPath: sound }));
    await carrier.done;
    console.log(`[real Asterisk] failed: cause ${destroyed(result.channelId ?? '')?.cause}; cdr ${JSON.stringify(cdrOf(result.channelId ?? ''))}`);
    expect(result.outcome).toBe('FAILED');
    await waitFor('the cdr row', () => cdrOf(result.channelId!) !== undefined, 5000);
    const [accountcode, src, dst, dcontext, , , dstchannel, lastapp, lastdata] = cdrOf(result.channelId!)!;
    expect({ accountcode, src, dst, dcontext, dstchannel, lastapp, lastdata }).toEqual({ accountcode: '2', src: TRUNK, dst: 's', dcontext: TRUNK_INBOUND_CONTEXT, dstchannel: '', lastapp: 'AppDial2', lastdata: '(Outgoing Line)' });
    expect(cdrOf(result.channelId!)).toContain('FAILED');
  }, 30_000);

  it('queue: the answered call continues into c{corp}-queues with the number dialled as caller id: ENTERQUEUE names it', async () => {
    const carrier = pbx.carrier(path.join(KIT_SIPP, 'uas.xml'));
    const result = await adapter.dialOut(request('5511988880005', { kind: 'queue', queueId: 1 }));
    expect(result.outcome).toBe('ANSWERED');
    const id = result.channelId!;
    await waitFor('the queue', () => events.some((e) => e.type === 'ChannelDialplan' && e.channel.id === id && e.dialplan_app === 'Queue'), 10_000);
    const inQueue = events.find((e) => e.type === 'ChannelDialplan' && e.channel.id === id && e.dialplan_app === 'Queue') as Extract<AriEvent, { type: 'ChannelDialplan' }>;
    expect(inQueue.channel.dialplan.context).toBe(`c${CORP}-queues`);
    expect(inQueue.channel.caller.number).toBe('5511988880005');
    await waitFor('ENTERQUEUE', () => pbx.queueLog().some((l) => l.includes('|ENTERQUEUE|') && l.includes(id)), 5000);
    const enter = pbx.queueLog().find((l) => l.includes('|ENTERQUEUE|') && l.includes(id))!;
    console.log(`[real Asterisk] queue_log: ${enter}`);
    expect(enter.split('|')[2]).toBe(`${CORP}_1`);
    expect(enter).toContain('|5511988880005|');
    await adapter.hangup(id);
    await waitFor('the hang-up', () => destroyed(id) !== undefined, 5000);
    await carrier.done;
    await waitFor('the cdr row', () => cdrOf(id) !== undefined, 5000);
    console.log(`[real Asterisk] queue cdr ${JSON.stringify(cdrOf(id))}`);
    const [, src, dst, dcontext, , , , lastapp] = cdrOf(id)!;
    expect({ src, dst, dcontext, lastapp }).toEqual({ src: '5511988880005', dst: '1', dcontext: `c${CORP}-queues`, lastapp: 'Queue' });
  }, 30_000);
});
