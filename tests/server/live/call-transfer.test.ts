/**
 * G-XFR end to end on the simulator (PGlite, manual clock): the REST route and the hub method over one
 * app, what the PBX does (the moved channel keeps its id, the queue_log of a waiting caller taken out)
 * and what the live state shows after (who talks to whom, the callers list, who is free); the refusals,
 * none of them a 5xx. acme's 237 and 238 are in no queue; 204-206 are Sales members.
 */
import type { HubConnection } from '@microsoft/signalr';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXT_STATUS, type CallActionResult } from '../../../domain';
import { corp, queue, queueLog } from '../../../server/db/schema';
import type { CallCentreSimulator } from '../../../server/pbx';
import { advanceUntil as advanceLive, startLiveApp, type LiveApp } from '../fixtures/live-app';
import { client } from '../hub/helpers';

let live: LiveApp;
let sim: CallCentreSimulator;
let acme: number;
let billing: number;
const tokens: Record<string, string> = {};
const connections: HubConnection[] = [];

const login = (nick: string, corpoName: string) => live.login(nick, corpoName);

const transfer = (body: unknown, who = 'admin') => live.api<CallActionResult & { message?: string }>('POST', '/call/transfer', tokens[who], body);
const realtime = () => live.app.live!.realtime!;
const callOf = (number: string) => realtime().callOf(acme, number);
const statusOf = (number: string) => realtime().getExtensions(acme).find((e) => e.number === number)?.status;

const advanceUntil = (done: () => boolean, what: string, maxMs?: number, step?: number) => advanceLive(sim, done, what, maxMs, step);

/** 237 calls 238 (click-to-call) and both talk */
async function callBetween(from: string, to: string): Promise<{ own: string; other: string }> {
  await sim.originate({ corpId: acme, from, to });
  await advanceUntil(() => callOf(from)?.answered === true && (callOf(from)?.others.length ?? 0) > 0, `${from} talking to ${to}`);
  const call = callOf(from)!;
  return { own: call.own.id, other: call.others[0].id };
}

async function hangUpAll(...numbers: string[]): Promise<void> {
  for (const n of numbers) {
    const call = callOf(n);
    if (call) await sim.hangup(call.own.id).catch(() => undefined);
  }
  await advanceUntil(() => numbers.every((n) => callOf(n) === null), `${numbers.join(', ')} free`);
}

beforeAll(async () => {
  live = await startLiveApp();
  sim = live.app.live!.simulator!;
  const corps = await live.database.orm.select({ id: corp.id, url: corp.url }).from(corp);
  acme = corps.find((c) => c.url === 'acme')!.id;
  const [row] = await live.database.orm.select({ id: queue.id }).from(queue).where(and(eq(queue.corpId, acme), eq(queue.name, 'Billing')));
  billing = row.id;
  tokens.admin = await login('admin', 'acme');
  tokens.agent = await login('agent', 'acme');
  tokens.wall = await login('wall', 'acme');
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
  await live?.close();
});

describe('G-XFR-01 blind transfer through POST /call/transfer', () => {
  it('237\'s other party (238) goes to 204: 200 with the call; 238\'s channel keeps its id and talks to 204; 237 is free', async () => {
    const { other } = await callBetween('237', '238');
    const res = await transfer({ number: '237', to: '204' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.callId).toEqual(expect.any(String));
    await advanceUntil(() => callOf('204')?.answered === true, '204 answers');
    expect(callOf('204')!.others.map((o) => o.id)).toEqual([other]);
    expect(callOf('237')).toBeNull();
    expect(statusOf('237')).toBe(EXT_STATUS.online);
    expect(realtime().getActiveCalls(acme)).toContainEqual(expect.objectContaining({ caller: '238', receiver: '204' }));
    await hangUpAll('204');
  });
});

describe('G-XFR-03 a waiting caller taken out of its queue', () => {
  it('a Billing caller (every member paused) is sent to 238: 200; it leaves the callers list (ABANDON in queue_log) and talks to 238', async () => {
    const members = ['229', '230', '231', '232', '233', '234', '235', '236'];
    for (const n of members) expect((await live.api('POST', '/agent/pause', tokens.admin, { number: n, queueId: billing, reason: 'LUNCH' })).status).toBe(200);
    const callers = () => realtime().getQueues(acme).find((q) => q.queueId === billing)?.callers ?? [];
    await advanceUntil(() => callers().length > 0, 'a Billing caller waiting', 3_600_000, 5000);
    const waiting = callers()[0];
    const res = await transfer({ callId: waiting.callId, to: '238' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.callId).toBe(waiting.callId);
    expect(callers().some((c) => c.callId === waiting.callId)).toBe(false);
    await advanceUntil(() => callOf('238')?.answered === true, '238 answers the caller');
    expect(callOf('238')!.others.map((o) => o.id)).toEqual([waiting.callId]);
    await live.app.live!.sink.flush();
    const rows = await live.database.orm.select().from(queueLog).where(and(eq(queueLog.corpId, acme), eq(queueLog.callid, waiting.callId)));
    expect(rows.map((r) => r.event)).toEqual(['ENTERQUEUE', 'ABANDON']);
    // taken out already: a second transfer of it is refused
    const again = await transfer({ callId: waiting.callId, to: '237' });
    expect([again.status, again.json.message]).toEqual([409, 'errors.callNotWaiting']);
    for (const n of members) await live.api('POST', '/agent/unpause', tokens.admin, { number: n, queueId: billing });
    await hangUpAll('238');
  });
});

describe('G-XFR-02 attended transfer', () => {
  it('the supervisor\'s phone 205 consults 206 while 237 and 238 talk, then completes: 238 talks to 206; 237 and 205 are free', async () => {
    const { other } = await callBetween('237', '238');
    const start = await transfer({ number: '237', to: '206', mode: 'attended', from: '205' });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    expect(start.json.channelId).toEqual(expect.any(String));
    // a second start while this one runs is refused (from 237's own phone: a busy supervisor's phone is refused before)
    const twice = await transfer({ number: '237', to: '204', mode: 'attended' });
    expect([twice.status, twice.json.message]).toEqual([409, 'errors.callTransferPending']);
    await advanceUntil(() => callOf('206')?.answered === true, '206 answers the consultation');
    // the consultation: 205 with 206; the call goes on
    expect(callOf('205')!.others.map((o) => o.number)).toEqual(['206']);
    expect(callOf('237')!.others.map((o) => o.id)).toEqual([other]);
    const done = await transfer({ number: '237', mode: 'attended', step: 'complete' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.channelId).toBe(start.json.channelId);
    sim.advance(100);
    await advanceUntil(() => callOf('205') === null && callOf('237') === null, '205 and 237 free');
    expect(callOf('206')!.others.map((o) => o.id)).toEqual([other]);
    expect(realtime().getActiveCalls(acme)).toContainEqual(expect.objectContaining({ caller: '238', receiver: '206' }));
    expect(statusOf('237')).toBe(EXT_STATUS.online);
    // nothing left to complete
    const none = await transfer({ number: '237', mode: 'attended', step: 'complete' });
    expect([none.status, none.json.message]).toEqual([409, 'errors.callNoTransfer']);
    await hangUpAll('206');
  });

  it('over the hub: started from 237\'s own phone (a second line), then cancelled: the consultation ends, 237 and 238 still talk', async () => {
    const { other } = await callBetween('237', '238');
    const hub = client(`${live.base}/hub`, tokens.admin);
    await hub.start();
    connections.push(hub);
    const started = await hub.invoke<CallActionResult>('AttendedTransfer', '237', 'start', '206', null, null);
    expect(started.channelId).toEqual(expect.any(String));
    await advanceUntil(() => callOf('206')?.answered === true, '206 answers the consultation');
    const cancelled = await hub.invoke<CallActionResult>('AttendedTransfer', '237', 'cancel', null, null, null);
    expect(cancelled.channelId).toBe(started.channelId);
    await advanceUntil(() => callOf('206') === null, 'the consultation ended');
    expect(callOf('237')?.answered).toBe(true);
    expect(callOf('237')!.others.map((o) => o.id)).toEqual([other]);
    await expect(hub.invoke('AttendedTransfer', '237', 'complete', null, null, null)).rejects.toThrow(/errors\.callNoTransfer/);
    const wall = client(`${live.base}/hub`, tokens.wall);
    await wall.start();
    connections.push(wall);
    await expect(wall.invoke('AttendedTransfer', '237', 'start', '206', null, null)).rejects.toThrow(/forbidden|errors\./);
    await hangUpAll('237');
  });
});

describe('refusals', () => {
  it('no input answers a 5xx: bad shapes 400, unknown parties 404, nothing to act on 409, another\'s call for an agent 403', async () => {
    const bodies: unknown[] = [
      {},
      { number: '237' },
      { number: '237', to: 'nope' },
      { number: '237', callId: 'x', to: '204' },
      { callId: 'x', to: '204', mode: 'attended' },
      { number: '237', to: '204', mode: 'sideways' },
      { number: '237', to: '204', step: 'complete' },
      { number: '237', to: '204', mode: 'attended', step: 'finish' },
      { number: '237', to: 'queue:1', mode: 'attended' },
      { number: '237', to: `queue:99999` },
      { number: '237', to: '204', mode: 'attended', from: '9999' },
      { number: '237', to: '237', mode: 'attended' },
      { number: '237', to: '204', mode: 'attended', from: '204' },
      { number: '9999', to: '204' },
      { number: '237', to: '204' },
      { number: '237', to: '0800123', mode: 'blind' },
      { number: '237', mode: 'attended', step: 'cancel' },
      { callId: 'nope.1', to: '204' },
      { number: 237, to: 204 },
      { number: ['237'], to: null },
      'text',
      null,
    ];
    const answers: string[] = [];
    for (const body of bodies) {
      const res = await transfer(body);
      answers.push(`${res.status} ${res.json?.message ?? ''}`);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.json)}`).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(200);
    }
    // the refusals that name what was wrong
    expect(answers[8]).toBe('400 errors.callAttendedQueue');
    expect(answers[11]).toBe('409 errors.callSameTarget');
    expect(answers[13]).toBe('404 errors.agentUnknownExtension');
    expect(answers[14]).toBe('409 errors.callNone');
    expect(answers[16]).toBe('409 errors.callNoTransfer');
    expect(answers[17]).toBe('409 errors.callNotWaiting');
    // the agent transfers its own extension's call (201), not another's
    const others = await transfer({ number: '237', to: '204', mode: 'attended' }, 'agent');
    expect(others.status).toBe(403);
  });
});
