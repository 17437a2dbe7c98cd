/**
 * What simulated callers leave for the reports: voicemail messages with their WAV (C-VM), IVR choices
 * (ivr_log, D-IST) and poll answers after queue calls (poll_answer, D-PST). A corp configured without
 * any of these gets none and its calls stay as they were (the recorded fixtures pin that).
 */
import { describe, expect, it } from 'vitest';
import { checkAriEvent, Rng, type SimCorp } from '../../../server/pbx';
import { agentQuality, ivrWalk, pollAnswer } from '../../../server/pbx/simulator/caller-behaviour';
import { advanceUntil, extensions, line, startSim } from './helpers';

const HOUR = 3_600_000;
const quiet = { offlineAtStart: 0, unregisterPerHour: 0, holdProbability: 0 };

function wavInfo(bytes: Uint8Array) {
  const b = Buffer.from(bytes);
  return { riff: b.toString('ascii', 0, 4), format: b.readUInt16LE(20), channels: b.readUInt16LE(22), rate: b.readUInt32LE(24), bits: b.readUInt16LE(34), dataBytes: b.readUInt32LE(40) };
}

describe('C-VM voicemail in the simulator', () => {
  const office = (onbusy?: string, action?: string): SimCorp => ({
    corpId: 2,
    extensions: [
      { number: '1001', userName: 'Ann' },
      { number: '1002', userName: 'Bob', action, onbusy },
      { number: '1003', userName: 'Cid' },
    ],
    queues: [],
  });

  it('C-VM-05: an unanswered call to an extension whose action is voicemail leaves a message: the row (mailbox, origtime s, callerid, destino, duration) and an 8 kHz 16-bit mono WAV of that length', async () => {
    const run = await startSim({ seed: 4, corps: [office(undefined, 'voicemail')], traffic: { ...quiet, internalAnswerProbability: 0, voicemailLeaveProbability: 1 } });
    run.sim.advance(1000);
    const { channelId } = await run.sim.originate({ corpId: 2, from: '1001', to: '1002' });
    advanceUntil(run.sim, () => run.sim.stats().calls === 0, 1000, HOUR);
    expect(run.sink.voicemails).toHaveLength(1);
    const { row, wav } = run.sink.voicemails[0];
    const vmEvent = run.events.find((e) => e.type === 'ChannelDialplan' && e.dialplan_app === 'VoiceMail')!;
    expect(vmEvent.type === 'ChannelDialplan' && vmEvent.dialplan_app_data).toBe('1002@c2-vm,u');
    expect(row).toMatchObject({ corpId: 2, mailbox: '1002', callerid: '"Ann" <1001>', destino: '1002' });
    expect(row.duration).toBeGreaterThanOrEqual(1);
    // origtime: when the beep sounded, after the greeting (4-8 s) that followed VoiceMail's answer
    const answeredAt = Date.parse(vmEvent.timestamp) / 1000;
    expect(row.origtime - answeredAt).toBeGreaterThanOrEqual(3);
    expect(row.origtime - answeredAt).toBeLessThanOrEqual(8);
    expect(wavInfo(wav)).toEqual({ riff: 'RIFF', format: 1, channels: 1, rate: 8000, bits: 16, dataBytes: row.duration * 16000 });
    // Asterisk closes the failed dial's record and opens one for the mailbox
    expect(run.sink.cdr.map((r) => [r.uniqueid, r.disposition, r.lastapp])).toEqual([
      [channelId, 'NO ANSWER', 'Dial'],
      [channelId, 'ANSWERED', 'VoiceMail'],
    ]);
    expect(run.sink.cdr[1]).toMatchObject({ dst: '1002', lastdata: '1002@c2-vm,u', recordingfile: '' });
    expect(run.sink.cdr[1].billsec).toBe(run.sink.cdr[1].duration);
    const lines = run.events.map(line);
    expect(lines.slice(lines.indexOf('ChannelDialplan PJSIP/2_1001 VoiceMail'))).toEqual([
      'ChannelDialplan PJSIP/2_1001 VoiceMail',
      'ChannelVarset PJSIP/2_1001 VMSTATUS',
      'ChannelHangupRequest PJSIP/2_1001 16',
      'ChannelDestroyed PJSIP/2_1001 16',
      'DeviceStateChanged PJSIP/2_1001 NOT_INUSE',
    ]);
    expect(run.events.flatMap(checkAriEvent)).toEqual([]);
    expect(run.sim.stats()).toMatchObject({ channels: 0, calls: 0 });
  });

  it('a call to a busy extension whose busy action is voicemail goes to the mailbox (b); without voicemail actions the caller only hears busy', async () => {
    for (const onbusy of ['voicemail', undefined]) {
      const run = await startSim({ seed: 8, corps: [office(onbusy)], traffic: { ...quiet, internalAnswerProbability: 1, voicemailLeaveProbability: 1, internalTalk: { distribution: 'exponential', meanSec: 3600 } } });
      run.sim.advance(1000);
      await run.sim.originate({ corpId: 2, from: '1003', to: '1002' });
      advanceUntil(run.sim, () => run.events.some((e) => e.type === 'BridgeCreated'), 500, 60_000);
      await run.sim.originate({ corpId: 2, from: '1001', to: '1002' });
      run.sim.advance(120_000);
      const busy = run.sink.cdr.find((r) => r.src === '1001' && r.disposition === 'BUSY');
      expect(busy).toBeDefined();
      if (onbusy) {
        expect(run.sink.voicemails.map((v) => v.row.mailbox)).toEqual(['1002']);
        expect(run.events.some((e) => e.type === 'ChannelDialplan' && e.dialplan_app_data === '1002@c2-vm,b')).toBe(true);
      } else {
        expect(run.sink.voicemails).toEqual([]);
        expect(run.events.some((e) => e.type === 'ChannelDialplan' && e.dialplan_app === 'VoiceMail')).toBe(false);
      }
    }
  });

  it('over a simulated day, some callers hang up at the greeting (no message), the others leave messages of believable length', async () => {
    const exts = extensions(10).map((e) => ({ ...e, action: 'voicemail', onbusy: 'voicemail' }));
    const run = await startSim({ seed: 12, corps: [{ corpId: 2, extensions: exts, queues: [], internalCallsPerHour: 40 }], traffic: { ...quiet, internalAnswerProbability: 0.5 } }, false);
    run.sim.advance(24 * HOUR);
    const mailboxCalls = run.sink.cdr.filter((r) => r.lastapp === 'VoiceMail').length;
    const messages = run.sink.voicemails.map((v) => v.row);
    const mean = messages.reduce((s, m) => s + m.duration, 0) / messages.length;
    console.log(`[voicemail] ${mailboxCalls} callers reached a mailbox, ${messages.length} left a message (${((messages.length / mailboxCalls) * 100).toFixed(0)} %), mean ${mean.toFixed(1)} s, longest ${Math.max(...messages.map((m) => m.duration))} s`);
    expect(messages.length / mailboxCalls).toBeGreaterThan(0.55);
    expect(messages.length / mailboxCalls).toBeLessThan(0.85);
    expect(mean).toBeGreaterThan(12);
    expect(mean).toBeLessThan(35);
    expect(Math.max(...messages.map((m) => m.duration))).toBeLessThanOrEqual(90);
    expect(new Set(messages.map((m) => m.mailbox)).size).toBeGreaterThan(5);
  });
});

describe('D-IST IVR choices in the simulator', () => {
  it('every caller of a queue behind an IVR logs its choices before ENTERQUEUE: now and then t or i, always ending with the digit that leads to the queue', async () => {
    const exts = extensions(6);
    const corp: SimCorp = {
      corpId: 2,
      extensions: exts,
      queues: [
        { id: 1, name: 'Sales', strategy: 'ringall', members: exts.slice(0, 3).map((e) => e.number), callsPerHour: 60, ivr: { id: 5, digit: '2' } },
        { id: 2, name: 'Plain', strategy: 'ringall', members: exts.slice(3).map((e) => e.number), callsPerHour: 30 },
      ],
    };
    const run = await startSim({ seed: 9, corps: [corp], traffic: quiet }, false);
    run.sim.advance(12 * HOUR);
    const entered = run.sink.queueLog.filter((r) => r.event === 'ENTERQUEUE');
    const sales = entered.filter((r) => r.queuename === '2_1');
    const byCall = new Map<string, typeof run.sink.ivrLog>();
    for (const r of run.sink.ivrLog) byCall.set(r.uniqueid, [...(byCall.get(r.uniqueid) ?? []), r]);
    expect(new Set(byCall.keys())).toEqual(new Set(sales.map((r) => r.callid)));
    const problems: string[] = [];
    for (const e of sales) {
      const rows = byCall.get(e.callid)!;
      if (rows.at(-1)!.option !== '2') problems.push(`${e.callid} ends with ${rows.at(-1)!.option}`);
      if (rows.some((r) => r.ivrId !== 5 || r.corpId !== 2 || r.caller !== e.data2)) problems.push(`${e.callid} row fields`);
      if (rows.some((r) => r.calldate.getTime() > e.time.getTime())) problems.push(`${e.callid} chose after entering the queue`);
    }
    expect(problems).toEqual([]);
    const options = run.sink.ivrLog.map((r) => r.option);
    const share = (o: string) => options.filter((x) => x === o).length / sales.length;
    console.log(`[ivr] ${sales.length} callers, ${options.length} rows: timeouts ${(share('t') * 100).toFixed(1)} %, invalid keys ${(share('i') * 100).toFixed(1)} % of callers`);
    expect(share('t')).toBeGreaterThan(0.02);
    expect(share('t')).toBeLessThan(0.12);
    expect(share('i')).toBeGreaterThan(0.01);
    expect(share('i')).toBeLessThan(0.09);
    expect(entered.some((r) => r.queuename === '2_2')).toBe(true);
  });

  it('the walk itself: a digit, or t / i before it, at the configured rates', () => {
    const rng = new Rng(1);
    const walks = Array.from({ length: 10_000 }, () => ivrWalk(rng, '3', { ivrTimeoutProbability: 0.1, ivrInvalidProbability: 0.2 }).join(''));
    expect(new Set(walks)).toEqual(new Set(['3', 't3', 'i3']));
    expect(Math.abs(walks.filter((w) => w === 't3').length / 10_000 - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(walks.filter((w) => w === 'i3').length / 10_000 - 0.2)).toBeLessThan(0.015);
  });
});

describe('D-PST poll answers in the simulator', () => {
  it('after an agent ends a queue call, the caller answers the questions in order with 0-9 (mostly high), exten = that agent; callers who hung up answer nothing', async () => {
    const exts = extensions(5);
    const corp: SimCorp = {
      corpId: 2,
      extensions: exts,
      queues: [{ id: 1, name: 'Sales', strategy: 'leastrecent', members: exts.map((e) => e.number), callsPerHour: 40, ivrSec: 0, poll: { id: 9, questions: [31, 32] } }],
    };
    const run = await startSim({ seed: 6, corps: [corp], traffic: { ...quiet, answerProbability: 1 } });
    run.sim.advance(24 * HOUR);
    run.sim.setCorp({ ...corp, queues: [{ ...corp.queues[0], callsPerHour: 0 }] });
    run.sim.advance(2 * HOUR);
    const log = run.sink.queueLog;
    const agentOf = new Map(log.filter((r) => r.event === 'CONNECT').map((r) => [r.callid, r.agent]));
    const endedBy = new Map(log.filter((r) => r.event.startsWith('COMPLETE')).map((r) => [r.callid, r.event]));
    const answers = run.sink.pollAnswers;
    const problems: string[] = [];
    const byCall = new Map<string, typeof answers>();
    for (const a of answers) byCall.set(a.uniqueid, [...(byCall.get(a.uniqueid) ?? []), a]);
    for (const [callid, rows] of byCall) {
      if (endedBy.get(callid) !== 'COMPLETEAGENT') problems.push(`${callid}: answered after ${endedBy.get(callid)}`);
      if (rows.some((r) => r.exten !== agentOf.get(callid) || r.pollId !== 9 || r.corpId !== 2)) problems.push(`${callid}: fields`);
      if (JSON.stringify(rows.map((r) => r.questionId)) !== JSON.stringify([31, 32].slice(0, rows.length))) problems.push(`${callid}: order ${rows.map((r) => r.questionId)}`);
      if (rows.some((r) => !Number.isInteger(r.answer) || r.answer < 0 || r.answer > 9)) problems.push(`${callid}: answer`);
    }
    expect(problems).toEqual([]);
    const byAgent = [...endedBy.values()].filter((e) => e === 'COMPLETEAGENT').length;
    const first = answers.filter((a) => a.questionId === 31);
    const second = answers.filter((a) => a.questionId === 32);
    const mean = answers.reduce((s, a) => s + a.answer, 0) / answers.length;
    const histogram = Array.from({ length: 10 }, (_, d) => answers.filter((a) => a.answer === d).length);
    console.log(
      `[poll] ${byAgent} calls ended by the agent: ${first.length} answered question 1 (${((first.length / byAgent) * 100).toFixed(0)} %), ${second.length} question 2; mean ${mean.toFixed(2)}; 0-9: ${histogram.join(' ')}`,
    );
    expect(first.length / byAgent).toBeGreaterThan(0.7);
    expect(first.length / byAgent).toBeLessThan(0.9);
    expect(second.length / first.length).toBeGreaterThan(0.8);
    expect(second.length).toBeLessThan(first.length);
    expect(mean).toBeGreaterThan(6);
    expect(histogram[9]).toBe(Math.max(...histogram));
    // one cdr per call, closed with its bridge; nothing left once the poll is over
    expect(run.sink.cdr).toHaveLength(run.sim.stats().callsFinished);
    expect(run.sim.stats()).toMatchObject({ channels: 0, calls: 0, bridges: 0 });
    expect(run.events.flatMap(checkAriEvent)).toEqual([]);
  });

  it('answers: agents differ steadily (a lower quality, lower marks), every digit possible', () => {
    const rng = new Rng(3);
    const mean = (q: number) => Array.from({ length: 20_000 }, () => pollAnswer(rng, q)).reduce((s, a) => s + a, 0) / 20_000;
    const [best, worst] = [mean(1), mean(0.4)];
    expect(best - worst).toBeGreaterThan(0.5);
    expect(agentQuality('1001')).toBe(agentQuality('1001'));
    expect(new Set(['1001', '1002', '1003', '1004', '1005'].map(agentQuality)).size).toBe(5);
    const seen = new Set(Array.from({ length: 5000 }, () => pollAnswer(rng, 0.5)));
    expect(seen.size).toBe(10);
  });
});
