/**
 * C-DIA campaign calls in the simulator (dialOut): outcome shares over many calls and their
 * determinism, the ARI events of each outcome, the cdr rows as Asterisk writes them for a channel
 * originated to the application, and an answered call that joins a queue like an inbound caller.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TRUNK_INBOUND_CONTEXT } from '../../../domain';
import { checkAriEvent, toneWav, type DialOutRequest, type SimCorp } from '../../../server/pbx';
import { wavDurationSec } from '../../../server/pbx/simulator/wav';
import { extensions, line, startSim } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'callboard-campaign-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sound = path.join(dir, 'message.wav');
writeFileSync(sound, toneWav(6));

const corp = (queue = false): SimCorp => {
  const exts = extensions(3);
  return {
    corpId: 2,
    extensions: exts,
    queues: queue ? [{ id: 4, name: 'Sales', strategy: 'ringall', members: exts.map((e) => e.number), callsPerHour: 0, ivrSec: 0 }] : [],
  };
};
const quiet = { offlineAtStart: 0, unregisterPerHour: 0, holdProbability: 0 };

const request = (then: DialOutRequest['then'] = { kind: 'playback', soundPath: sound }, number = '5511988887777'): DialOutRequest => ({
  corpId: 2,
  campaignId: 7,
  trunkNumber: '551130001000',
  number,
  timeoutSec: 30,
  then,
});

const SHARES = { ANSWERED: 0.55, 'NO ANSWER': 0.25, BUSY: 0.15, FAILED: 0.05 } as const;

async function outcomes(seed: number, calls: number): Promise<string[]> {
  const run = await startSim({ seed, corps: [corp()], traffic: quiet }, false);
  const out: string[] = [];
  for (let i = 0; i < calls; i++) {
    const done = run.sim.dialOut(request());
    run.sim.advance(31_000);
    out.push((await done).outcome);
  }
  run.sim.advance(60_000);
  expect(run.sim.stats()).toMatchObject({ channels: 0, calls: 0 });
  return out;
}

describe('C-DIA campaign calls in the simulator', () => {
  it('outcome shares over 3,000 calls are about 55 % answered, 25 % no answer, 15 % busy, 5 % failed; the same seed gives the same outcomes', async () => {
    const a = await outcomes(5, 3000);
    const share = Object.fromEntries(Object.keys(SHARES).map((k) => [k, a.filter((o) => o === k).length / a.length]));
    console.log(`[campaign] outcome shares over ${a.length} calls (seed 5): ${Object.entries(share).map(([k, v]) => `${k} ${(v * 100).toFixed(1)} %`).join(', ')}`);
    for (const [k, expected] of Object.entries(SHARES)) expect(Math.abs(share[k] - expected), k).toBeLessThan(0.03);
    expect(await outcomes(5, 200)).toEqual(a.slice(0, 200));
    expect(await outcomes(6, 200)).not.toEqual(a.slice(0, 200));
  });

  it('an answered msg call: trunk channel, Dial, ringing, Up, Stasis, the message (its WAV length), hang-up; cdr ANSWERED as for an originate to the application', async () => {
    expect(wavDurationSec(toneWav(6))).toBe(6);
    const run = await startSim({ seed: 1, corps: [corp()], traffic: { ...quiet, campaignAnswerProbability: 1, campaignEarlyHangupProbability: 0 } });
    const done = run.sim.dialOut(request());
    run.sim.advance(30_000);
    const { outcome, channelId } = await done;
    expect(outcome).toBe('ANSWERED');
    run.sim.advance(30_000);
    expect(run.events.map(line)).toEqual([
      'ChannelCreated PJSIP/trunk_551130001000',
      'Dial PJSIP/trunk_551130001000 "" (no caller)',
      'ChannelStateChange PJSIP/trunk_551130001000 Ringing',
      'Dial PJSIP/trunk_551130001000 "RINGING" (no caller)',
      'ChannelStateChange PJSIP/trunk_551130001000 Up',
      'Dial PJSIP/trunk_551130001000 "ANSWER" (no caller)',
      'ChannelDialplan PJSIP/trunk_551130001000 Stasis',
      'ChannelHangupRequest PJSIP/trunk_551130001000 16 soft',
      'ChannelDestroyed PJSIP/trunk_551130001000 16',
    ]);
    expect(run.events.flatMap(checkAriEvent)).toEqual([]);
    const created = run.events[0];
    expect(created.type === 'ChannelCreated' && created.channel).toMatchObject({ id: channelId, accountcode: '2', caller: { number: '551130001000' }, dialplan: { context: TRUNK_INBOUND_CONTEXT, exten: 's' } });
    const stasis = run.events.find((e) => e.type === 'ChannelDialplan')!;
    expect(stasis.type === 'ChannelDialplan' && stasis.dialplan_app_data).toBe('callboard,dialout,7');
    expect(run.sink.cdr).toHaveLength(1);
    expect(run.sink.cdr[0]).toMatchObject({
      corpId: 2,
      src: '551130001000',
      dst: 's',
      // the trunk endpoint's context on Callboard's Asterisk (C-TRK-04, migration 0026)
      dcontext: TRUNK_INBOUND_CONTEXT,
      channel: expect.stringMatching(/^PJSIP\/trunk_551130001000-/),
      dstchannel: '',
      lastapp: 'Stasis',
      lastdata: 'callboard,dialout,7',
      disposition: 'ANSWERED',
      accountcode: '2',
      uniqueid: channelId,
      userfield: 'dialer:7:5511988887777',
      billsec: 6,
    });
  });

  it('busy (17), no answer at the timeout (19) and failed (34 or 1): Dial status, ChannelDestroyed cause, cdr BUSY / NO ANSWER / FAILED from AppDial2', async () => {
    const cases = [
      { traffic: { campaignAnswerProbability: 0, campaignBusyProbability: 1 }, outcome: 'BUSY', status: '"BUSY"', causes: [17] },
      { traffic: { campaignAnswerProbability: 0, campaignBusyProbability: 0, campaignFailedProbability: 0 }, outcome: 'NO ANSWER', status: '"NOANSWER"', causes: [19] },
      { traffic: { campaignAnswerProbability: 0, campaignBusyProbability: 0, campaignFailedProbability: 1 }, outcome: 'FAILED', status: '"(CONGESTION|CHANUNAVAIL)"', causes: [34, 1] },
    ];
    for (const c of cases) {
      const run = await startSim({ seed: 3, corps: [corp()], traffic: { ...quiet, ...c.traffic } });
      const done = run.sim.dialOut(request());
      run.sim.advance(40_000);
      expect((await done).outcome).toBe(c.outcome);
      const lines = run.events.map(line);
      expect(lines.at(-2)).toMatch(new RegExp(`^Dial PJSIP/trunk_551130001000 ${c.status} \\(no caller\\)$`));
      const destroyed = run.events.at(-1)!;
      expect(destroyed.type).toBe('ChannelDestroyed');
      expect(c.causes).toContain(destroyed.type === 'ChannelDestroyed' ? destroyed.cause : -1);
      expect(run.sink.cdr).toEqual([expect.objectContaining({ disposition: c.outcome, lastapp: 'AppDial2', lastdata: '(Outgoing Line)', billsec: 0, answer: null, accountcode: '2', userfield: 'dialer:7:5511988887777' })]);
      if (c.outcome === 'NO ANSWER') expect(run.sink.cdr[0].duration).toBe(30);
    }
  });

  it('an answered queue call waits in the queue like an inbound caller: ENTERQUEUE with the number, a member answers, one cdr ANSWERED from Queue', async () => {
    const run = await startSim({ seed: 2, corps: [corp(true)], traffic: { ...quiet, campaignAnswerProbability: 1, answerProbability: 1, talk: { distribution: 'exponential', meanSec: 60 } } });
    const done = run.sim.dialOut(request({ kind: 'queue', queueId: 4 }));
    run.sim.advance(30_000);
    const { outcome, channelId } = await done;
    expect(outcome).toBe('ANSWERED');
    run.sim.advance(3600_000);
    const log = run.sink.queueLog.filter((r) => r.callid === channelId);
    expect(log.map((r) => r.event)).toEqual(['ENTERQUEUE', 'CONNECT', expect.stringMatching(/^COMPLETE(AGENT|CALLER)$/)]);
    expect(log[0]).toMatchObject({ queuename: '2_4', agent: 'NONE', data2: '5511988887777' });
    const lines = run.events.map(line);
    const at = (l: string) => lines.indexOf(l);
    expect(at('ChannelDialplan PJSIP/trunk_551130001000 Stasis')).toBeGreaterThan(0);
    expect(at('ChannelCallerId PJSIP/trunk_551130001000')).toBeGreaterThan(at('ChannelDialplan PJSIP/trunk_551130001000 Stasis'));
    expect(at('ChannelDialplan PJSIP/trunk_551130001000 Queue')).toBeGreaterThan(at('ChannelCallerId PJSIP/trunk_551130001000'));
    expect(run.sink.cdr).toHaveLength(1);
    expect(run.sink.cdr[0]).toMatchObject({ uniqueid: channelId, src: '5511988887777', disposition: 'ANSWERED', lastapp: 'Queue', dcontext: 'c2-queues', dst: '4', dstchannel: expect.stringMatching(/^PJSIP\/2_100\d-/), userfield: 'dialer:7:5511988887777' });
    expect(run.sim.stats()).toMatchObject({ channels: 0, calls: 0, bridges: 0, callsStarted: 1, callsFinished: 1 });
  });

  it('a queue campaign call nobody takes is an ABANDON, still ANSWERED in its cdr (the callee picked up); a hang-up command while ringing is NO ANSWER', async () => {
    const run = await startSim({ seed: 2, corps: [corp(true)], traffic: { ...quiet, campaignAnswerProbability: 1, answerProbability: 0, patience: { distribution: 'exponential', meanSec: 20 } } });
    const done = run.sim.dialOut(request({ kind: 'queue', queueId: 4 }));
    run.sim.advance(3600_000);
    const { channelId } = await done;
    expect(run.sink.queueLog.filter((r) => r.callid === channelId).map((r) => r.event)).toContain('ABANDON');
    expect(run.sink.cdr.at(-1)).toMatchObject({ uniqueid: channelId, disposition: 'ANSWERED', lastapp: 'Queue', dstchannel: '' });

    const ringing = await startSim({ seed: 2, corps: [corp()], traffic: { ...quiet, campaignAnswerProbability: 1, campaignAnswerMeanSec: 20 } });
    const pending = ringing.sim.dialOut(request());
    ringing.sim.advance(2000);
    const id = ringing.events[0].type === 'ChannelCreated' ? ringing.events[0].channel.id : '';
    await ringing.sim.hangup(id);
    expect((await pending).outcome).toBe('NO ANSWER');
    expect(ringing.events.map(line).slice(-3)).toEqual(['Dial PJSIP/trunk_551130001000 "CANCEL" (no caller)', 'ChannelHangupRequest PJSIP/trunk_551130001000 16 soft', 'ChannelDestroyed PJSIP/trunk_551130001000 16']);
    expect(ringing.sim.stats()).toMatchObject({ channels: 0, calls: 0 });
  });

  it('refuses what it cannot dial: unknown corp or queue (not_found), a bad number or timeout (invalid)', async () => {
    const run = await startSim({ seed: 1, corps: [corp(true)], traffic: quiet });
    await expect(run.sim.dialOut({ ...request(), corpId: 99 })).rejects.toMatchObject({ code: 'not_found' });
    await expect(run.sim.dialOut(request({ kind: 'queue', queueId: 99 }))).rejects.toMatchObject({ code: 'not_found' });
    await expect(run.sim.dialOut(request(undefined, '12;3'))).rejects.toMatchObject({ code: 'invalid' });
    await expect(run.sim.dialOut({ ...request(), timeoutSec: 0 })).rejects.toMatchObject({ code: 'invalid' });
    expect(run.events).toEqual([]);
  });
});
