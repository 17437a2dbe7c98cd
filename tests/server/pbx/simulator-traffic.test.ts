/**
 * Traffic: the simulated queue behaves like the queueing model it is configured as, every call leaves
 * its records, every event has the ARI shape, and memory stays bounded over days.
 */
import { describe, expect, it } from 'vitest';
import { checkAriEvent, createSimulator, MemoryRecordSink, type AriEvent, type QueueLogRow } from '../../../server/pbx';
import { erlangA } from './erlang-a';
import { busyCorp, extensions, startSim } from './helpers';

const DAY = 86_400_000;

/** per caller: wait from ENTERQUEUE to CONNECT / ABANDON / EXITWITHTIMEOUT */
function waits(rows: QueueLogRow[]) {
  const entered = new Map<string, number>();
  let answered = 0;
  let abandoned = 0;
  let timedOut = 0;
  let waitSum = 0;
  for (const r of rows) {
    if (r.event === 'ENTERQUEUE') entered.set(r.callid, r.time.getTime());
    else if (r.event === 'CONNECT' || r.event === 'ABANDON' || r.event === 'EXITWITHTIMEOUT') {
      waitSum += (r.time.getTime() - entered.get(r.callid)!) / 1000;
      if (r.event === 'CONNECT') answered++;
      else if (r.event === 'ABANDON') abandoned++;
      else timedOut++;
    }
  }
  const n = answered + abandoned + timedOut;
  return { n, answered, abandoned, timedOut, pAbandon: abandoned / n, meanWaitSec: waitSum / n, patienceMleSec: waitSum / abandoned };
}

describe('traffic against the Erlang-A model', () => {
  it('M/M/n+M configuration: arrivals, abandonment, mean wait and patience within the stated tolerance', async () => {
    // 6 agents, 100 calls/h, exponential talk 180 s (5 Erlangs offered), exponential patience 60 s,
    // immediate answer, no IVR, no flaps: exactly Erlang-A. Two simulated days (~4,800 calls).
    const agents = 6;
    const perHour = 100;
    const talkSec = 180;
    const patienceSec = 60;
    const days = 2;
    const exts = extensions(agents);
    const sink = new MemoryRecordSink();
    const sim = createSimulator({
      seed: 2024,
      driver: 'manual',
      sink,
      recordings: false,
      traffic: {
        offlineAtStart: 0,
        unregisterPerHour: 0,
        answerProbability: 1,
        answerDelaySec: [0, 0],
        holdProbability: 0,
        talk: { distribution: 'exponential', meanSec: talkSec },
        patience: { distribution: 'exponential', meanSec: patienceSec },
      },
      corps: [{ corpId: 1, extensions: exts, queues: [{ id: 1, name: 'Q', strategy: 'leastrecent', members: exts.map((e) => e.number), callsPerHour: perHour, ivrSec: 0 }] }],
    });
    await sim.start();
    sim.advance(days * DAY);
    const model = erlangA(perHour / 3600, 1 / talkSec, agents, 1 / patienceSec);
    const got = waits(sink.queueLog);
    const expectedCalls = perHour * 24 * days;
    console.log(
      `[erlang-a] calls ${got.n} (expected ${expectedCalls} ± ${Math.round(4 * Math.sqrt(expectedCalls))}); ` +
        `P(abandon) sim ${got.pAbandon.toFixed(4)} vs model ${model.pAbandon.toFixed(4)} (tolerance ±0.025); ` +
        `mean wait sim ${got.meanWaitSec.toFixed(2)} s vs model ${model.meanWaitSec.toFixed(2)} s (±20%); ` +
        `patience MLE ${got.patienceMleSec.toFixed(1)} s vs configured ${patienceSec} s (±15%)`,
    );
    // Tolerances from 12 seeds of this configuration: P(abandon) 0.120-0.146 around the model's
    // 0.135, mean wait 7.0-9.3 s around 8.1 s, patience MLE 57-65 s.
    expect(Math.abs(got.n - expectedCalls)).toBeLessThan(4 * Math.sqrt(expectedCalls));
    expect(Math.abs(got.pAbandon - model.pAbandon)).toBeLessThan(0.025);
    expect(Math.abs(got.meanWaitSec - model.meanWaitSec) / model.meanWaitSec).toBeLessThan(0.2);
    expect(Math.abs(got.patienceMleSec - patienceSec) / patienceSec).toBeLessThan(0.15);
  });

  it('realistic configuration (IVR, rings, log-normal talk, holds, wrap-up): patience and answer share still as configured', async () => {
    const patienceSec = 90;
    const run = await startSim({ seed: 99, corps: [busyCorp(2)], traffic: { patience: { distribution: 'exponential', meanSec: patienceSec } } }, false);
    run.sim.advance(DAY);
    const got = waits(run.sink.queueLog);
    const perHour = busyCorp(2).queues.reduce((s, q) => s + q.callsPerHour, 0);
    console.log(
      `[realistic] calls ${got.n} (configured ${perHour * 24}/day), answered ${got.answered}, abandoned ${got.abandoned}, ` +
        `timed out ${got.timedOut}; P(abandon) ${got.pAbandon.toFixed(3)}, mean wait ${got.meanWaitSec.toFixed(1)} s, ` +
        `patience MLE ${got.patienceMleSec.toFixed(1)} s vs configured ${patienceSec} s (±20%)`,
    );
    // the exponential-patience estimate (total waiting time / abandons) holds whatever the service does
    expect(Math.abs(got.patienceMleSec - patienceSec) / patienceSec).toBeLessThan(0.2);
    expect(Math.abs(got.n - perHour * 24)).toBeLessThan(4 * Math.sqrt(perHour * 24));
    expect(got.pAbandon).toBeGreaterThan(0.01);
    expect(got.pAbandon).toBeLessThan(0.5);
  });
});

describe('records and shapes over a simulated day', () => {
  it('every finished call has its cdr row and queue_log rows; every event has the ARI shape', async () => {
    const run = await startSim({ seed: 5, corps: [busyCorp(2), busyCorp(3)] });
    run.sim.advance(DAY);
    const { events, sink } = run;

    // shapes
    const problems = new Map<string, string[]>();
    for (const e of events) {
      const errors = checkAriEvent(e);
      if (errors.length > 0 && !problems.has(e.type)) problems.set(e.type, errors);
    }
    expect(Object.fromEntries(problems)).toEqual({});
    const types = new Set(events.map((e) => e.type));
    for (const t of [
      'ChannelCreated',
      'ChannelStateChange',
      'ChannelDialplan',
      'ChannelVarset',
      'ChannelCallerId',
      'Dial',
      'ChannelEnteredBridge',
      'ChannelLeftBridge',
      'ChannelHold',
      'ChannelUnhold',
      'ChannelHangupRequest',
      'ChannelDestroyed',
      'DeviceStateChanged',
      'ContactStatusChange',
      'EndpointStateChange',
    ]) {
      expect(types, t).toContain(t);
    }
    const dialStatuses = new Set(events.flatMap((e) => (e.type === 'Dial' ? [e.dialstatus] : [])));
    expect([...dialStatuses].sort()).toEqual(expect.arrayContaining(['', 'ANSWER', 'BUSY', 'CANCEL', 'NOANSWER', 'RINGING']));
    const contacts = events.filter((e): e is Extract<AriEvent, { type: 'ContactStatusChange' }> => e.type === 'ContactStatusChange');
    expect(new Set(contacts.map((c) => c.contact_info.contact_status))).toEqual(new Set(['Reachable', 'Unreachable', 'Removed']));
    for (const c of contacts) expect(c.contact_info.uri).toMatch(/^sip:\d+@\d+\.\d+\.\d+\.\d+:\d+$/);
    const devices = new Set(events.flatMap((e) => (e.type === 'DeviceStateChanged' ? [e.device_state.name.replace(/\d+$/, 'N')] : [])));
    expect(devices).toEqual(new Set(['PJSIP/2_N', 'PJSIP/3_N', 'Queue:2_1_avail', 'Queue:2_2_avail', 'Queue:2_3_avail', 'Queue:3_1_avail', 'Queue:3_2_avail', 'Queue:3_3_avail']));

    // channel lifecycle: created once, destroyed once, nothing after destruction
    const open = new Set<string>();
    const destroyed = new Set<string>();
    const lifecycle: string[] = [];
    for (const e of events) {
      if (e.type === 'ChannelCreated') {
        if (open.has(e.channel.id) || destroyed.has(e.channel.id)) lifecycle.push(`created twice: ${e.channel.id}`);
        open.add(e.channel.id);
      } else if ('channel' in e && e.channel) {
        if (destroyed.has(e.channel.id)) lifecycle.push(`${e.type} after destroy: ${e.channel.id}`);
        if (e.type === 'ChannelDestroyed') {
          open.delete(e.channel.id);
          destroyed.add(e.channel.id);
        }
      }
    }
    expect(lifecycle).toEqual([]);
    const snapshot = await run.sim.snapshot();
    expect(new Set(snapshot.channels.map((c) => c.id))).toEqual(open);

    // queue calls: ENTERQUEUE, then exactly one outcome; an answered call completes
    const byCall = new Map<string, string[]>();
    for (const r of sink.queueLog) {
      if (r.callid === 'NONE') continue;
      const list = byCall.get(r.callid) ?? [];
      list.push(r.event);
      byCall.set(r.callid, list);
    }
    const activeIds = new Set(snapshot.channels.map((c) => c.id));
    let finishedQueueCalls = 0;
    const cdrByUniqueid = new Map(sink.cdr.map((r) => [r.uniqueid, r]));
    const queueProblems: string[] = [];
    for (const [callid, list] of byCall) {
      if (list[0] !== 'ENTERQUEUE') queueProblems.push(`${callid}: starts with ${list[0]}`);
      const outcomes = list.filter((e) => ['CONNECT', 'ABANDON', 'EXITWITHTIMEOUT'].includes(e));
      if (activeIds.has(callid)) {
        if (outcomes.length > 1) queueProblems.push(`${callid}: ${outcomes.join(',')}`);
        continue;
      }
      finishedQueueCalls++;
      if (outcomes.length !== 1) queueProblems.push(`${callid}: outcomes ${outcomes.join(',')}`);
      if (outcomes[0] === 'CONNECT' && !/^COMPLETE(AGENT|CALLER)$/.test(list.at(-1)!)) queueProblems.push(`${callid}: ends with ${list.at(-1)}`);
      const cdr = cdrByUniqueid.get(callid);
      if (!cdr) queueProblems.push(`${callid}: no cdr`);
      else if (cdr.disposition !== (outcomes[0] === 'CONNECT' ? 'ANSWERED' : 'NO ANSWER') || cdr.lastapp !== 'Queue') {
        queueProblems.push(`${callid}: cdr ${cdr.disposition} ${cdr.lastapp}`);
      }
    }
    expect(queueProblems).toEqual([]);
    expect(finishedQueueCalls).toBeGreaterThan(3000);

    // every cdr row is complete and consistent; every answered call has its recording
    const stats = run.sim.stats();
    expect(sink.cdr).toHaveLength(stats.callsFinished);
    const badRows = sink.cdr.filter(
      (r) =>
        r.end.getTime() < r.start.getTime() ||
        r.duration !== Math.round((r.end.getTime() - r.start.getTime()) / 1000) ||
        r.billsec > r.duration ||
        ![2, 3].includes(r.corpId) ||
        (r.disposition === 'ANSWERED' ? !/^PJSIP\//.test(r.dstchannel) || !sink.recordings.has(r.recordingfile) : r.recordingfile !== ''),
    );
    expect(badRows).toEqual([]);
    const wav = Buffer.from(sink.recordings.values().next().value!);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect({ format: wav.readUInt16LE(20), channels: wav.readUInt16LE(22), rate: wav.readUInt32LE(24), bits: wav.readUInt16LE(34), bytes: wav.readUInt32LE(40) }).toEqual({
      format: 1,
      channels: 1,
      rate: 8000,
      bits: 16,
      bytes: 16000,
    });
    // ring-no-answer is logged in ms, holds and talk in seconds
    const rna = sink.queueLog.find((r) => r.event === 'RINGNOANSWER')!;
    expect(Number(rna.data1)).toBeGreaterThanOrEqual(14_000);
    console.log(
      `[records] ${events.length} events, ${sink.cdr.length} cdr rows, ${sink.queueLog.length} queue_log rows, ${sink.recordings.size} recordings; ` +
        `dispositions ${JSON.stringify(Object.fromEntries([...new Set(sink.cdr.map((r) => r.disposition))].map((d) => [d, sink.cdr.filter((r) => r.disposition === d).length])))}`,
    );
  });

  it('memory stays bounded over days (no growth of calls, channels, timers)', async () => {
    const sink = new MemoryRecordSink(100);
    const corp = busyCorp(2);
    corp.queues = corp.queues.map((q) => ({ ...q, callsPerHour: q.callsPerHour / 2 }));
    const sim = createSimulator({ seed: 11, driver: 'manual', sink, corps: [corp] });
    await sim.start();
    const samples = [];
    for (let day = 1; day <= 4; day++) {
      sim.advance(DAY);
      samples.push(sim.stats());
    }
    console.log(`[memory] after each day: ${samples.map((s) => `calls ${s.calls}, channels ${s.channels}, timers ${s.timers}`).join(' | ')}; finished ${samples[3].callsFinished}`);
    for (const s of samples) {
      expect(s.calls).toBeLessThan(40);
      expect(s.channels).toBeLessThan(80);
      expect(s.bridges).toBeLessThan(40);
      expect(s.timers).toBeLessThan(200);
    }
    expect(samples[3].callsFinished).toBeGreaterThan(3 * samples[0].callsFinished);
    expect(sink.cdr.length).toBe(100);
  });
});
