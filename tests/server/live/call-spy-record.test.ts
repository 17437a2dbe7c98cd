/**
 * Listen, whisper, barge (G-SPY) and record on demand (G-REC) end to end on the simulator (PGlite,
 * manual clock): the REST routes over one app, what the PBX does (the supervisor's leg runs ChanSpy in
 * the spy-leg context; its cdr row), what the live state shows (the listening leg, the recorded call),
 * the log monitor's UserAction, and the refusals (G-SPY-04, G-PRM-01), none of them a 5xx. acme's 237
 * and 238 are in no queue; the demo turns the Spy option on for 202 only.
 */
import type { HubConnection } from '@microsoft/signalr';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPY_LEG, type CallActionResult, type HubPushes } from '../../../domain';
import { cdr, corp } from '../../../server/db/schema';
import type { CallCentreSimulator } from '../../../server/pbx';
import { advanceUntil as advanceLive, startLiveApp, type LiveApp } from '../fixtures/live-app';
import { client, waitFor } from '../hub/helpers';

let live: LiveApp;
let sim: CallCentreSimulator;
let acme: number;
const tokens: Record<string, string> = {};
const connections: HubConnection[] = [];

const login = (nick: string, corpoName: string) => live.login(nick, corpoName);

type Answer = CallActionResult & { message?: string; recording?: string };
const post = (path: string, body: unknown, who = 'admin') => live.api<Answer>('POST', path, tokens[who], body);
const realtime = () => live.app.live!.realtime!;
const callOf = (number: string) => realtime().callOf(acme, number);
const activeCalls = () => realtime().getActiveCalls(acme);

const advanceUntil = (done: () => boolean, what: string, maxMs?: number, step?: number) => advanceLive(sim, done, what, maxMs, step);

/** `from` calls `to` until `to` answers (the simulated callee may not); both talk */
async function callBetween(from: string, to: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await advanceUntil(() => callOf(from) === null && callOf(to) === null, `${from} and ${to} free`);
    await sim.originate({ corpId: acme, from, to });
    await advanceUntil(() => callOf(from) === null || (callOf(from)!.answered && callOf(from)!.others.length > 0), `${from} → ${to} answered or over`, 60_000);
    if (callOf(from)?.answered) return;
  }
  throw new Error(`${to} never answered ${from}`);
}

async function hangUp(number: string): Promise<void> {
  const call = callOf(number);
  if (call) await sim.hangup(call.own.id).catch(() => undefined);
  await advanceUntil(() => callOf(number) === null, `${number} free`);
}

beforeAll(async () => {
  live = await startLiveApp();
  sim = live.app.live!.simulator!;
  const corps = await live.database.orm.select({ id: corp.id, url: corp.url }).from(corp);
  acme = corps.find((c) => c.url === 'acme')!.id;
  tokens.admin = await login('admin', 'acme');
  tokens.agent = await login('agent', 'acme');
  tokens.wall = await login('wall', 'acme');
  tokens.globex = await login('admin', 'globex');
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
  await live?.close();
});

describe('G-SPY on the simulator', () => {
  it('G-SPY-01 G-SPY-02 G-SPY-03 G-SPY-05 G-PRM-02 from 237\'s phone: it rings, answered it runs ChanSpy on 202\'s channel in the spy-leg context with the mode\'s options; active calls show a leg listening to 202; the log monitor has the UserAction', async () => {
    const hub = client(`${live.base}/hub`, tokens.admin);
    const logmon: HubPushes['LogMon'][] = [];
    hub.on('LogMon', (p: HubPushes['LogMon']) => logmon.push(p));
    await hub.start();
    connections.push(hub);
    await hub.invoke('StartLogMonitor', acme);
    await callBetween('202', '238');
    const spied = callOf('202')!.own.name;
    for (const [mode, options] of [
      ['listen', 'qE'],
      ['whisper', 'qEw'],
      ['barge', 'qEB'],
    ] as const) {
      const res = await post('/call/spy', { number: '202', mode, from: '237' });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toEqual({ callId: callOf('202')!.callId, channelId: expect.any(String) });
      const leg = res.json.channelId!;
      await advanceUntil(() => realtime().getChannels(acme).some((c) => c.id === leg && c.state === 'Up'), `the ${mode} leg answered`);
      expect(activeCalls()).toContainEqual(expect.objectContaining({ caller: '237', receiver: '202', spy: { number: '202', mode } }));
      // the wall's record of the supervisor's phone: in use, its party the spied extension
      expect(realtime().getExtensions(acme).find((e) => e.number === '237')).toMatchObject({ status: 2, peer: '202' });
      await sim.hangup(leg);
      await advanceUntil(() => callOf('237') === null, '237 free again');
      // the spied call goes on
      expect(callOf('202')?.answered).toBe(true);
      await live.app.live!.sink.flush();
      const [row] = await live.database.orm.select().from(cdr).where(and(eq(cdr.corpId, acme), eq(cdr.uniqueid, leg)));
      expect(row).toMatchObject({ src: '237', dst: 's', dcontext: SPY_LEG.context, lastapp: 'ChanSpy', lastdata: `${spied},${options}`, disposition: 'ANSWERED' });
    }
    const actions = await waitFor(() => {
      const found = logmon.filter((p) => p.type === 'UserAction');
      return found.length >= 3 ? found : undefined;
    }, 3000, 'the UserAction pushes');
    expect(actions.map((a) => (a.event as { mode?: string }).mode)).toEqual(['listen', 'whisper', 'barge']);
    expect(actions[0]).toMatchObject({ state: 'spy', event: expect.objectContaining({ who: 'admin', agent: '202', from: '237' }) });
    await hangUp('202');
  });

  it('G-SPY-05 the wall marks the supervisor\'s phone as a listening leg of the call: its mode on 237 in the snapshot and in the DeviceStateChanged push (202 unmarked), gone after the hang-up, whose Hangup names 237 alone', async () => {
    const hub = client(`${live.base}/hub`, tokens.wall);
    const hangups: HubPushes['Hangup'][] = [];
    hub.on('Hangup', (p: HubPushes['Hangup']) => hangups.push(p));
    const device: HubPushes['DeviceStateChanged'][] = [];
    const snapshots: HubPushes['AllExtensions'][] = [];
    hub.on('DeviceStateChanged', (p: HubPushes['DeviceStateChanged']) => device.push(p));
    hub.on('AllExtensions', (p: HubPushes['AllExtensions']) => snapshots.push(p));
    await hub.start();
    connections.push(hub);
    const extensionOf = (number: string) => realtime().getExtensions(acme).find((e) => e.number === number);
    const snapshotOf = async (number: string) => {
      const before = snapshots.length;
      await hub.invoke('GetAllExtensions', acme);
      const pushed = await waitFor(() => snapshots[before], 3000, 'AllExtensions');
      return pushed.extensions.find((e) => e.number === number);
    };
    await callBetween('202', '238');
    for (const mode of ['whisper', 'listen', 'barge'] as const) {
      const res = await post('/call/spy', { number: '202', mode, from: '237' });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const leg = res.json.channelId!;
      await advanceUntil(() => extensionOf('237')?.listening === mode, `237 marked ${mode}`);
      expect(extensionOf('237')).toMatchObject({ status: 2, peer: '202', listening: mode });
      expect(extensionOf('202')?.listening).toBeUndefined();
      expect(await snapshotOf('237')).toMatchObject({ status: 2, peer: '202', listening: mode });
      expect((await snapshotOf('202'))?.listening).toBeUndefined();
      const marked = await waitFor(() => device.find((p) => p.number === '237' && p.listening === mode), 3000, `the ${mode} push`);
      expect(marked).toMatchObject({ corpId: acme, status: 2, peer: '202' });
      expect(device.filter((p) => p.number === '202' && p.listening)).toEqual([]);
      const seen = device.length;
      const legCall = callOf('237')!.callId;
      await sim.hangup(leg);
      await advanceUntil(() => callOf('237') === null, '237 free again');
      // the leg's Hangup names the supervisor alone: a wall that knows no call of 202 does not end 202's call
      const ended = await waitFor(() => hangups.find((p) => p.callId === legCall), 3000, 'the leg\'s Hangup');
      expect([ended.caller, ended.receiver]).toEqual(['237', '237']);
      expect(extensionOf('237')).toMatchObject({ status: 3, peer: null });
      expect(extensionOf('237')?.listening).toBeUndefined();
      expect((await snapshotOf('237'))?.listening).toBeUndefined();
      // the browsers end the mark with the call (a Hangup or a free device), never by a mode left behind
      await new Promise((r) => setTimeout(r, 100));
      expect(device.slice(seen).filter((p) => p.number === '237' && p.listening)).toEqual([]);
      expect(callOf('202')?.answered).toBe(true);
    }
    await hangUp('202');
  });

  it('G-SPY-04 G-PRM-01 the refusals: Spy off 409, no call 409, the supervisor\'s phone busy or the spied one 409, an agent or a monitor 403, another corp 404, a bad body 400', async () => {
    const refused = async (body: unknown, who: string, status: number, message?: string) => {
      const res = await post('/call/spy', body, who);
      expect([res.status, message === undefined ? undefined : res.json.message], JSON.stringify(body)).toEqual([status, message]);
    };
    // 203's Spy option is off (the demo's): its calls are never listened to
    await refused({ number: '203', mode: 'listen', from: '237' }, 'admin', 409, 'errors.callSpyOff');
    // 202 in no call now
    await refused({ number: '202', mode: 'listen', from: '237' }, 'admin', 409, 'errors.callNone');
    await callBetween('202', '238');
    await refused({ number: '202', mode: 'listen', from: '202' }, 'admin', 409, 'errors.callOwn');
    await refused({ number: '202', mode: 'listen', from: '238' }, 'admin', 409, 'errors.callPhoneBusy');
    await refused({ number: '202', mode: 'listen', from: '237' }, 'agent', 403);
    await refused({ number: '202', mode: 'listen', from: '237' }, 'wall', 403);
    await refused({ number: '202', mode: 'listen', from: '237' }, 'globex', 404);
    await refused({ number: '202', mode: 'shout', from: '237' }, 'admin', 400);
    await refused({ number: '2x', mode: 'listen', from: '237' }, 'admin', 400);
    await hangUp('202');
  });
});

describe('G-REC on the simulator', () => {
  it('G-REC-01 a recording started on 237\'s call is named {corp}/{day}/{call}.wav and marks the call recorded in active calls; stopped, the mark goes; no call: 409; an agent: 403', async () => {
    await callBetween('237', '238');
    const call = callOf('237')!;
    const on = await post('/call/record', { number: '237', on: true });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json.callId).toBe(call.callId);
    expect(on.json.recording).toMatch(new RegExp(`^${acme}/\\d{8}/${call.origin.replace('.', '\\.')}\\.wav$`));
    await advanceUntil(() => activeCalls().some((c) => c.callId === call.callId && c.recording === true), 'the recorded call in active calls', 2000);
    expect((await post('/call/record', { number: '237', on: true }, 'agent')).status).toBe(403);
    const off = await post('/call/record', { number: '237', on: false });
    expect(off.status).toBe(200);
    expect(activeCalls().find((c) => c.callId === call.callId)?.recording).toBeUndefined();
    // started naming the caller, stopped naming the other party (as Active calls names the receiver):
    // the one recording of the call stops, on the channel it runs on, and the mark goes
    expect((await post('/call/record', { number: '237', on: true })).status).toBe(200);
    await advanceUntil(() => activeCalls().some((c) => c.callId === call.callId && c.recording === true), 'recorded again', 2000);
    const offByReceiver = await post('/call/record', { number: '238', on: false });
    expect(offByReceiver.status, JSON.stringify(offByReceiver.json)).toBe(200);
    expect(offByReceiver.json.recording).toBe(on.json.recording);
    expect(activeCalls().find((c) => c.callId === call.callId)?.recording).toBeUndefined();
    await hangUp('237');
    const none = await post('/call/record', { number: '237', on: true });
    expect([none.status, none.json.message]).toEqual([409, 'errors.callNone']);
  });
});
