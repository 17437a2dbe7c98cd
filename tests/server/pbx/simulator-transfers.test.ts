/**
 * G-XFR on the simulator (server/pbx/simulator/transfers.ts): blind transfers (Redirect) of an answered
 * call's party to an extension, a queue or an outside number, of a waiting caller out of its queue, and
 * attended transfers (the consultation, then its bridge, or its cancel), with the ARI events, queue_log
 * and cdr rows Asterisk 22 gives for the same (tests/server/pbx/asterisk/asterisk-transfer.test.ts).
 * Pure: the simulator's manual clock, its memory sink.
 */
import { describe, expect, it } from 'vitest';
import { keptCdr } from '../../../server/pbx/simulator/call-records';
import { parseAriTimestamp, type AriEvent, type CdrRow, type SimCorp } from '../../../server/pbx';
import { advanceUntil, extensions, line, startSim, type Run } from './helpers';

const CORP = 4;
const quiet = { offlineAtStart: 0, unregisterPerHour: 0, holdProbability: 0 };
/** every phone answers, every talk lasts (the test ends calls itself) */
const answering = {
  ...quiet,
  answerProbability: 1,
  answerDelaySec: [2, 3] as [number, number],
  internalAnswerProbability: 1,
  talk: { distribution: 'exponential' as const, meanSec: 1e6 },
  internalTalk: { distribution: 'exponential' as const, meanSec: 1e6 },
  outboundTalk: { distribution: 'exponential' as const, meanSec: 1e6 },
  patience: { distribution: 'exponential' as const, meanSec: 1e7 },
};

/** 1001 answers queue 9 (Help); 1005 alone in queue 8 (Other); 1002-1004 are free phones */
function corp(help = 60): SimCorp {
  return {
    corpId: CORP,
    extensions: extensions(5),
    queues: [
      { id: 9, name: 'Help', strategy: 'ringall', members: ['1001'], callsPerHour: help, ivrSec: 0 },
      { id: 8, name: 'Other', strategy: 'ringall', members: ['1005'], callsPerHour: 0, ivrSec: 0 },
    ],
  };
}

/** a queue caller talking to 1001 (arrivals stopped once it came): its channel id and 1001's */
async function queueCallAnswered(run: Run): Promise<{ caller: string; agent: string }> {
  advanceUntil(run.sim, () => run.sink.queueLog.some((r) => r.event === 'CONNECT'), 500);
  run.sim.setCorp(corp(0));
  const connect = run.sink.queueLog.find((r) => r.event === 'CONNECT')!;
  return { caller: connect.callid, agent: connect.data2 };
}

const of = (events: AriEvent[], id: string) => events.filter((e) => ('channel' in e && e.channel?.id === id) || (e.type === 'Dial' && (e.peer.id === id || e.caller?.id === id)));
const cdrOf = (run: Run, uniqueid: string) => run.sink.cdr.filter((r) => r.uniqueid === uniqueid);
const logOf = (run: Run, callid: string) => run.sink.queueLog.filter((r) => r.callid === callid).map((r) => [r.event, r.agent, r.queuename]);

describe('G-XFR-01 blind transfer on the simulator', () => {
  it('a queue caller talking to 1001 is redirected to 1002: it keeps its id, 1001 is destroyed (16, no hang-up request), 1002 rings and answers; COMPLETECALLER at its end; one cdr row, the one migration 0017 keeps', async () => {
    const run = await startSim({ seed: 11, corps: [corp()], traffic: answering });
    const { caller, agent } = await queueCallAnswered(run);
    run.sim.advance(5000);
    run.events.length = 0;
    const at = run.sim.now();
    await run.sim.redirect({ corpId: CORP, channelId: caller, exten: '1002' });
    expect(run.events.map(line).slice(0, 8)).toEqual([
      'ChannelVarset PJSIP/4_trunk BRIDGEPEER',
      'ChannelDialplan PJSIP/4_trunk Queue',
      'ChannelVarset PJSIP/4_1001 BRIDGEPEER',
      'ChannelLeftBridge PJSIP/4_trunk',
      'ChannelLeftBridge PJSIP/4_1001',
      'BridgeDestroyed',
      'ChannelDestroyed PJSIP/4_1001 16',
      'DeviceStateChanged PJSIP/4_1001 NOT_INUSE',
    ]);
    const moved = run.events.find((e) => e.type === 'ChannelDialplan')!;
    expect(moved.type === 'ChannelDialplan' && [moved.channel.id, moved.channel.dialplan.context, moved.channel.dialplan.exten]).toEqual([caller, `c${CORP}-internal`, '1002']);
    expect(run.events.some((e) => e.type === 'ChannelHangupRequest' && e.channel.id === agent)).toBe(false);
    // the caller (same channel) dials 1002, which answers
    run.sim.advance(15_000);
    const dials = of(run.events, caller).filter((e) => e.type === 'Dial').map((e) => (e.type === 'Dial' ? `${e.peer.name.slice(0, 12)} ${e.dialstatus}` : ''));
    expect(dials).toEqual(['PJSIP/4_1002 ', 'PJSIP/4_1002 RINGING', 'PJSIP/4_1002 ANSWER']);
    const entered = run.events.filter((e) => e.type === 'ChannelEnteredBridge').map((e) => (e.type === 'ChannelEnteredBridge' ? e.channel?.name.slice(0, 13) : ''));
    expect(entered.sort()).toEqual(['PJSIP/4_1002-', 'PJSIP/4_trunk']);
    // nothing in queue_log at the redirect: app_queue still follows the caller
    expect(logOf(run, caller).map((r) => r[0])).toEqual(['ENTERQUEUE', 'CONNECT']);
    expect(cdrOf(run, caller)).toEqual([]);
    run.sim.advance(60_000);
    await run.sim.hangup(caller);
    expect(logOf(run, caller)).toEqual([
      ['ENTERQUEUE', 'NONE', `${CORP}_9`],
      ['CONNECT', '1001', `${CORP}_9`],
      ['COMPLETECALLER', '1001', `${CORP}_9`],
    ]);
    const complete = run.sink.queueLog.find((r) => r.callid === caller && r.event === 'COMPLETECALLER')!;
    // talk from CONNECT to the channel's end (the new party's talk included), as Asterisk counts it
    expect(Number(complete.data2)).toBeGreaterThanOrEqual(80);
    const rows = cdrOf(run, caller);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dst: '1002', dcontext: `c${CORP}-internal`, lastapp: 'Dial', disposition: 'ANSWERED', dstchannel: expect.stringMatching(/^PJSIP\/4_1002-/) });
    // the part after the redirect was the longer: its row (start and answer = the redirect) is the one kept
    expect(rows[0].start.getTime()).toBe(at);
    expect(rows[0].answer?.getTime()).toBe(at);
  });

  it('the callee of an internal call (1002 called by 1003) is sent to 1004: 1003 hangs up (its Dial returns), its row ends; 1002 calls 1004', async () => {
    const run = await startSim({ seed: 12, corps: [corp(0)], traffic: answering });
    const { channelId: a } = await run.sim.originate({ corpId: CORP, from: '1003', to: '1002' });
    advanceUntil(run.sim, () => run.events.some((e) => e.type === 'Dial' && e.caller?.id === a && e.dialstatus === 'ANSWER'), 500);
    const dial = run.events.find((e) => e.type === 'Dial' && e.caller?.id === a)!;
    const b = dial.type === 'Dial' ? dial.peer.id : '';
    run.events.length = 0;
    await run.sim.redirect({ corpId: CORP, channelId: b, exten: '1004' });
    expect(run.events.map(line).slice(0, 8)).toEqual([
      'ChannelVarset PJSIP/4_1002 BRIDGEPEER',
      'ChannelDialplan PJSIP/4_1002 ',
      'ChannelVarset PJSIP/4_1003 BRIDGEPEER',
      'ChannelLeftBridge PJSIP/4_1002',
      'ChannelLeftBridge PJSIP/4_1003',
      'BridgeDestroyed',
      'ChannelHangupRequest PJSIP/4_1003 16 soft',
      'ChannelDestroyed PJSIP/4_1003 16',
    ]);
    expect(cdrOf(run, a)).toMatchObject([{ src: '1003', dst: '1002', disposition: 'ANSWERED' }]);
    run.sim.advance(20_000);
    await run.sim.hangup(b);
    expect(cdrOf(run, b)).toMatchObject([{ src: '1002', dst: '1004', lastapp: 'Dial', disposition: 'ANSWERED', dstchannel: expect.stringMatching(/^PJSIP\/4_1004-/) }]);
  });

  it('to a queue (6{id}): the caller answers nothing new (it is up), runs Queue at 68 of the internal context, waits and is answered by 1005; its record says dst 68', async () => {
    const run = await startSim({ seed: 13, corps: [corp()], traffic: answering });
    const { caller } = await queueCallAnswered(run);
    run.sim.advance(3000);
    run.events.length = 0;
    await run.sim.redirect({ corpId: CORP, channelId: caller, exten: '68' });
    const plan = of(run.events, caller).filter((e) => e.type === 'ChannelDialplan').map((e) => (e.type === 'ChannelDialplan' ? `${e.channel.dialplan.exten} ${e.dialplan_app}` : ''));
    expect(plan).toEqual(['68 Queue', '68 Answer', '68 Queue']);
    expect(logOf(run, caller).slice(-1)).toEqual([['ENTERQUEUE', 'NONE', `${CORP}_8`]]);
    advanceUntil(run.sim, () => logOf(run, caller).some((r) => r[0] === 'CONNECT' && r[1] === '1005'), 500, 60_000);
    run.sim.advance(30_000);
    await run.sim.hangup(caller);
    // the first queue's COMPLETECALLER when the channel ends, beside the second's own end (the same instant)
    const rows = logOf(run, caller).map((r) => `${r[0]} ${r[1]} ${r[2]}`);
    expect(rows.slice(0, 4)).toEqual([`ENTERQUEUE NONE ${CORP}_9`, `CONNECT 1001 ${CORP}_9`, `ENTERQUEUE NONE ${CORP}_8`, `CONNECT 1005 ${CORP}_8`]);
    expect(rows.slice(4).sort()).toEqual([`COMPLETECALLER 1001 ${CORP}_9`, `COMPLETECALLER 1005 ${CORP}_8`]);
    expect(cdrOf(run, caller)).toMatchObject([{ dst: '68', dcontext: `c${CORP}-internal`, lastapp: 'Queue', disposition: 'ANSWERED', dstchannel: expect.stringMatching(/^PJSIP\/4_1005-/) }]);
  });

  it('to an outside number: out through the trunk', async () => {
    const run = await startSim({ seed: 14, corps: [corp()], traffic: { ...answering, outboundAnswerProbability: 1, outboundBusyProbability: 0 } });
    const { caller } = await queueCallAnswered(run);
    run.events.length = 0;
    await run.sim.redirect({ corpId: CORP, channelId: caller, exten: '0215551234' });
    run.sim.advance(15_000);
    const out = run.events.find((e) => e.type === 'Dial' && e.caller?.id === caller);
    expect(out && out.type === 'Dial' ? [out.peer.name.slice(0, 13), out.dialstring] : null).toEqual(['PJSIP/4_trunk', `0215551234@${CORP}_trunk`]);
  });

  it('refusals: an unknown channel (not_found), a bad destination (invalid), a channel in no answered call (conflict)', async () => {
    const run = await startSim({ seed: 15, corps: [corp(0)], traffic: { ...answering, originateAnswerSec: 100 } });
    await expect(run.sim.redirect({ corpId: CORP, channelId: 'nope.1', exten: '1002' })).rejects.toMatchObject({ code: 'not_found' });
    const { channelId } = await run.sim.originate({ corpId: CORP, from: '1003', to: '1002' });
    await expect(run.sim.redirect({ corpId: 77, channelId, exten: '1002' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(run.sim.redirect({ corpId: CORP, channelId, exten: 'x;y' })).rejects.toMatchObject({ code: 'invalid' });
    // still ringing its own phone: not a call's party yet
    await expect(run.sim.redirect({ corpId: CORP, channelId, exten: '1004' })).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('G-XFR-03 a waiting caller taken out of its queue', () => {
  it('to an extension: ABANDON (position, original position, wait), no hang-up; it dials 1002; its one record starts with the call', async () => {
    // nobody answers the queue: its caller waits
    const run = await startSim({ seed: 16, corps: [corp()], traffic: { ...answering, answerProbability: 0 } });
    advanceUntil(run.sim, () => run.sink.queueLog.some((r) => r.event === 'ENTERQUEUE'), 500);
    run.sim.setCorp(corp(0));
    const caller = run.sink.queueLog.find((r) => r.event === 'ENTERQUEUE')!.callid;
    const started = run.events.find((e) => e.type === 'ChannelCreated' && e.channel.id === caller)!;
    run.sim.advance(4000);
    run.events.length = 0;
    await run.sim.redirect({ corpId: CORP, channelId: caller, exten: '1002' });
    expect(run.events.some((e) => (e.type === 'ChannelHangupRequest' || e.type === 'ChannelDestroyed') && e.channel.id === caller)).toBe(false);
    const abandon = run.sink.queueLog.find((r) => r.callid === caller && r.event === 'ABANDON')!;
    expect([abandon.data1, abandon.data2, Number(abandon.data3)]).toEqual(['1', '1', expect.any(Number)]);
    expect(Number(abandon.data3)).toBeGreaterThanOrEqual(4);
    run.sim.advance(15_000);
    await run.sim.hangup(caller);
    const rows = cdrOf(run, caller);
    expect(rows).toMatchObject([{ dst: '1002', lastapp: 'Dial', disposition: 'ANSWERED' }]);
    expect(rows[0].start.getTime()).toBe(started.type === 'ChannelCreated' ? parseAriTimestamp(started.channel.creationtime) : NaN);
    // the phone that rang for it stopped: RINGCANCELED, as when a caller gives up
    expect(logOf(run, caller).map((r) => `${r[0]} ${r[1]}`)).toEqual(['ENTERQUEUE NONE', 'RINGCANCELED 1001', 'ABANDON NONE']);
  });
});

describe('G-XFR-02 attended transfer on the simulator', () => {
  it('the supervisor 1003 consults 1002, then completes: the caller is bridged with 1002 (Asterisk\'s AMI Bridge events), 1001 and the consulting leg hang up; the records', async () => {
    const run = await startSim({ seed: 21, corps: [corp()], traffic: answering });
    const { caller, agent } = await queueCallAnswered(run);
    const { channelId: consult } = await run.sim.consult({ corpId: CORP, from: '1003', exten: '1002', callerId: '5511' });
    advanceUntil(run.sim, () => run.events.some((e) => e.type === 'Dial' && e.caller?.id === consult && e.dialstatus === 'ANSWER'), 500, 60_000);
    const reached = run.events.find((e) => e.type === 'Dial' && e.caller?.id === consult && e.dialstatus === 'ANSWER')!;
    const target = reached.type === 'Dial' ? reached.peer.id : '';
    // the call went on meanwhile
    expect(run.events.some((e) => e.type === 'ChannelDestroyed' && e.channel.id === agent)).toBe(false);
    run.sim.advance(2000);
    run.events.length = 0;
    const at = run.sim.now();
    await run.sim.completeTransfer({ corpId: CORP, channelId: caller, consultId: consult, exten: '1002' });
    expect(run.events.map(line).filter((l) => !l.startsWith('DeviceStateChanged'))).toEqual([
      'BridgeCreated',
      'ChannelLeftBridge PJSIP/4_trunk',
      'ChannelEnteredBridge PJSIP/4_trunk',
      'ChannelLeftBridge PJSIP/4_1002',
      'ChannelEnteredBridge PJSIP/4_1002',
      'ChannelLeftBridge PJSIP/4_1001',
      'BridgeDestroyed',
      'ChannelConnectedLine PJSIP/4_trunk',
      'ChannelLeftBridge PJSIP/4_1003',
      'BridgeDestroyed',
      'ChannelVarset PJSIP/4_1003 DIALSTATUS',
      'ChannelHangupRequest PJSIP/4_1003 16 soft',
      'ChannelConnectedLine PJSIP/4_1002',
      'ChannelDestroyed PJSIP/4_1003 16',
      'ChannelDestroyed PJSIP/4_1001 16',
    ]);
    // the consultation's record ends now
    expect(cdrOf(run, consult)).toMatchObject([{ src: '1003', dst: '1002', disposition: 'ANSWERED' }]);
    run.sim.advance(120_000);
    await run.sim.hangup(target);
    const rows = cdrOf(run, caller);
    // the caller's record from the bridge keeps its old place (the queue's), the target's own row
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lastapp: 'Queue', dcontext: `c${CORP}-inbound`, dstchannel: expect.stringMatching(/^PJSIP\/4_1002-/), disposition: 'ANSWERED' });
    expect(rows[0].start.getTime()).toBe(at);
    expect(cdrOf(run, target)).toMatchObject([{ src: '1002', dst: '', lastapp: 'AppDial', lastdata: '(Outgoing Line)', disposition: 'ANSWERED' }]);
    expect(logOf(run, caller).map((r) => `${r[0]} ${r[1]}`)).toEqual(['ENTERQUEUE NONE', 'CONNECT 1001', 'COMPLETECALLER 1001']);
  });

  it('from the extension\'s own phone (a second line: it rings in use), then cancelled: the consultation and its target hang up, the call goes on untouched', async () => {
    const run = await startSim({ seed: 22, corps: [corp()], traffic: answering });
    const { caller, agent } = await queueCallAnswered(run);
    run.events.length = 0;
    const { channelId: consult } = await run.sim.consult({ corpId: CORP, from: '1001', exten: '1002', callerId: '5511' });
    expect(run.events.map(line)).toContain('DeviceStateChanged PJSIP/4_1001 RINGINUSE');
    advanceUntil(run.sim, () => run.events.some((e) => e.type === 'Dial' && e.caller?.id === consult && e.dialstatus === 'ANSWER'), 500, 60_000);
    run.events.length = 0;
    await run.sim.hangup(consult);
    const gone = run.events.filter((e) => e.type === 'ChannelDestroyed').map((e) => (e.type === 'ChannelDestroyed' ? e.channel.name.slice(0, 12) : ''));
    expect(gone.sort()).toEqual(['PJSIP/4_1001', 'PJSIP/4_1002']);
    expect(run.events.some((e) => 'channel' in e && e.channel && (e.channel.id === caller || e.channel.id === agent))).toBe(false);
    expect(logOf(run, caller).map((r) => r[0])).toEqual(['ENTERQUEUE', 'CONNECT']);
  });

  it('completed before the target answered: the caller is sent to the target (blind) and the consultation cancelled; a queue is no consultation target', async () => {
    const run = await startSim({ seed: 23, corps: [corp()], traffic: { ...answering, originateAnswerSec: 1 } });
    const { caller } = await queueCallAnswered(run);
    await expect(run.sim.consult({ corpId: CORP, from: '1003', exten: '68', callerId: '' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(run.sim.consult({ corpId: CORP, from: '9999', exten: '1002', callerId: '' })).rejects.toMatchObject({ code: 'not_found' });
    const { channelId: consult } = await run.sim.consult({ corpId: CORP, from: '1003', exten: '1002', callerId: '5511' });
    advanceUntil(run.sim, () => run.events.some((e) => e.type === 'Dial' && e.caller?.id === consult && e.dialstatus === 'RINGING'), 200, 60_000);
    run.events.length = 0;
    await run.sim.completeTransfer({ corpId: CORP, channelId: caller, consultId: consult, exten: '1002' });
    expect(run.events.some((e) => e.type === 'ChannelDestroyed' && e.channel.id === consult)).toBe(true);
    run.sim.advance(15_000);
    const dials = of(run.events, caller).filter((e) => e.type === 'Dial').map((e) => (e.type === 'Dial' ? e.dialstatus : ''));
    expect(dials).toEqual(['', 'RINGING', 'ANSWER']);
    await expect(run.sim.completeTransfer({ corpId: CORP, channelId: caller, consultId: consult, exten: '1002' })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('records', () => {
  const row = (over: Partial<CdrRow>): CdrRow => ({
    corpId: 1,
    calldate: new Date(0),
    clid: '',
    src: '',
    dst: '',
    dcontext: '',
    channel: 'PJSIP/x',
    dstchannel: '',
    lastapp: '',
    lastdata: '',
    start: new Date(0),
    answer: null,
    end: new Date(0),
    duration: 0,
    billsec: 0,
    disposition: 'ANSWERED',
    amaflags: 'DOCUMENTATION',
    accountcode: '1',
    uniqueid: 'u',
    linkedid: 'u',
    userfield: '',
    peeraccount: '',
    sequence: 0,
    recordingfile: '',
    ...over,
  });

  it('of two records of one channel, the one migration 0017 keeps: answered first, then the longer billsec, then the later; a recording stays', () => {
    expect(keptCdr(row({ dst: 'a', billsec: 9 }), row({ dst: 'b', billsec: 3 })).dst).toBe('a');
    expect(keptCdr(row({ dst: 'a', billsec: 3 }), row({ dst: 'b', billsec: 9 })).dst).toBe('b');
    expect(keptCdr(row({ dst: 'a', billsec: 3 }), row({ dst: 'b', billsec: 3 })).dst).toBe('b');
    expect(keptCdr(row({ dst: 'a', billsec: 1 }), row({ dst: 'b', billsec: 50, disposition: 'NO ANSWER' })).dst).toBe('a');
    expect(keptCdr(row({ dst: 'a', billsec: 9, recordingfile: 'r.wav' }), row({ dst: 'b', billsec: 90 }))).toMatchObject({ dst: 'b', recordingfile: 'r.wav' });
  });
});
