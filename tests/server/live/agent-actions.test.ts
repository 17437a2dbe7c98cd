/**
 * The supervisor's hands on agents (issue 21), end to end on the simulator: the REST routes and the
 * hub methods over one app (PGlite, manual clock), what the PBX does (queue_log, members not offered
 * calls), what the browsers are told (AgentState, AllExtensions, AllQueues, LogMon), and the refusals.
 */
import type { HubConnection } from '@microsoft/signalr';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_STATUS, EXT_STATUS, shownStatus, type AgentState, type HubPushes, type LiveQueue } from '../../../domain';
import { corp, queue, queueLog, queueMember } from '../../../server/db/schema';
import { createDbDirectory, toSimCorp } from '../../../server/live/directory';
import { createSimulator, type CallCentreSimulator } from '../../../server/pbx';
import { startLiveApp, type LiveApp } from '../fixtures/live-app';
import { client, waitFor } from '../hub/helpers';

let live: LiveApp;
let app: FastifyInstance;
let sim: CallCentreSimulator;
let acme: number;
let globex: number;
let queues: Record<'Sales' | 'Support' | 'Billing', number>;
let helpdesk: number;
const tokens: Record<string, string> = {};
const connections: HubConnection[] = [];

const login = (nick: string, corpoName: string) => live.login(nick, corpoName);

const api = <T = { number: string; queues: number[]; message?: string }>(method: string, url: string, who: string, body?: unknown) => live.api<T>(method, url, tokens[who], body);

interface Pushes {
  agent: HubPushes['AgentState'][];
  queues: HubPushes['AllQueues'][];
  logmon: HubPushes['LogMon'][];
}

async function connect(who: string): Promise<{ hub: HubConnection; pushes: Pushes }> {
  const hub = client(`${live.base}/hub`, tokens[who]);
  const pushes: Pushes = { agent: [], queues: [], logmon: [] };
  hub.on('AgentState', (p: HubPushes['AgentState']) => pushes.agent.push(p));
  hub.on('AllQueues', (p: HubPushes['AllQueues']) => pushes.queues.push(p));
  hub.on('LogMon', (p: HubPushes['LogMon']) => pushes.logmon.push(p));
  await hub.start();
  connections.push(hub);
  return { hub, pushes };
}

async function advance(ms: number, step = 1000): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    sim.advance(Math.min(step, ms - done));
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function logRows(agent: string, events: string[]) {
  await live.app.live!.sink.flush();
  return live.database.orm
    .select()
    .from(queueLog)
    .where(and(eq(queueLog.corpId, acme), eq(queueLog.agent, agent), inArray(queueLog.event, events)));
}

const agentOf = (number: string): AgentState | undefined => live.app.live!.realtime!.getExtensions(acme).find((e) => e.number === number)?.agent;

beforeAll(async () => {
  live = await startLiveApp();
  app = live.app;
  sim = app.live!.simulator!;
  const corps = await live.database.orm.select({ id: corp.id, url: corp.url }).from(corp);
  acme = corps.find((c) => c.url === 'acme')!.id;
  globex = corps.find((c) => c.url === 'globex')!.id;
  const rows = await live.database.orm.select({ id: queue.id, name: queue.name, corpId: queue.corpId }).from(queue);
  const id = (name: string) => rows.find((q) => q.name === name)!.id;
  queues = { Sales: id('Sales'), Support: id('Support'), Billing: id('Billing') };
  helpdesk = id('Helpdesk');
  tokens.admin = await login('admin', 'acme');
  tokens.agent = await login('agent', 'acme');
  tokens.wall = await login('wall', 'acme');
  tokens.globex = await login('admin', 'globex');
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
  await live?.close();
});

describe('G-PAU pause and unpause on the simulator', () => {
  it('G-PAU-02 G-PAU-04 G-AGS-02 a supervisor pauses an agent in one queue with a reason: PAUSE in queue_log, the member row, an AgentState push with the reason and its start', async () => {
    const { pushes } = await connect('admin');
    const before = sim.now();
    const res = await api('POST', '/agent/pause', 'admin', { number: '202', queueId: queues.Sales, reason: 'lunch' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ number: '202', queues: [queues.Sales] });
    const push = await waitFor(() => pushes.agent.find((p) => p.number === '202' && p.agent.pause), 3000, 'AgentState of 202');
    // the reason is kept as the corp's code (its case), shown by its name, with the reason's maximum
    expect(push.agent.pause).toEqual({ queues: [queues.Sales], reason: 'LUNCH', label: 'Lunch', since: before, warnAfterMs: 60 * 60_000 });
    expect(shownStatus(EXT_STATUS.online, push.agent, sim.now())).toBe(AGENT_STATUS.paused);
    const rows = await logRows('202', ['PAUSE']);
    expect(rows.map((r) => [r.queuename, r.data1])).toEqual([[`${acme}_${queues.Sales}`, 'LUNCH']]);
    const [member] = await live.database.orm.select().from(queueMember).where(and(eq(queueMember.queueId, queues.Sales), eq(queueMember.extenNumber, '202')));
    expect(member).toMatchObject({ paused: 1, reasonPaused: 'LUNCH' });
    expect(member.pausedAt?.getTime()).toBe(before);
    // every snapshot carries it too (a screen opened now)
    expect(agentOf('202')?.pause?.reason).toBe('LUNCH');
  });

  it('G-PAU-05 a paused member is not offered queue calls; unpaused it is again (UNPAUSE in queue_log)', async () => {
    // 202 is paused in Sales (ringall): an hour of Sales calls rings the others only
    const since = new Date(sim.now());
    await advance(3_600_000, 5000);
    await live.app.live!.sink.flush();
    const rung = await live.database.orm
      .select({ agent: queueLog.agent })
      .from(queueLog)
      .where(and(eq(queueLog.corpId, acme), eq(queueLog.queuename, `${acme}_${queues.Sales}`), inArray(queueLog.event, ['CONNECT', 'RINGNOANSWER', 'RINGCANCELED'])));
    const agents = new Set(rung.filter(() => true).map((r) => r.agent));
    expect(agents.size).toBeGreaterThan(3);
    expect(agents.has('202')).toBe(false);
    expect(since.getTime()).toBeLessThan(sim.now());
    const res = await api('POST', '/agent/unpause', 'admin', { number: '202', queueId: queues.Sales });
    expect(res.status).toBe(200);
    expect((await logRows('202', ['UNPAUSE'])).length).toBe(1);
    expect(agentOf('202')?.pause ?? null).toBeNull();
    await advance(3_600_000, 5000);
    const after = await logRows('202', ['CONNECT', 'RINGNOANSWER', 'RINGCANCELED']);
    expect(after.length).toBeGreaterThan(0);
  });

  it('G-PAU-02 pausing in all queues at once: PAUSEALL then PAUSE per queue; unpause all', async () => {
    // 203 is in Sales only; log it into Support too, then pause everywhere
    expect((await api('POST', '/agent/login', 'admin', { number: '203', queueId: queues.Support })).status).toBe(200);
    const res = await api('POST', '/agent/pause', 'admin', { number: '203', reason: 'BREAK' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.queues.sort()).toEqual([queues.Sales, queues.Support].sort());
    await live.app.live!.sink.flush();
    const all = await live.database.orm.select().from(queueLog).where(and(eq(queueLog.event, 'PAUSEALL'), eq(queueLog.corpId, acme)));
    expect(all.map((r) => [r.queuename, r.agent])).toEqual([['NONE', `PJSIP/${acme}_203`]]);
    expect((await logRows('203', ['PAUSE'])).map((r) => r.data1)).toEqual(['BREAK', 'BREAK']);
    expect(agentOf('203')?.pause).toMatchObject({ queues: [queues.Sales, queues.Support].sort((a, b) => a - b), label: 'Break' });
    expect((await api('POST', '/agent/unpause', 'admin', { number: '203' })).status).toBe(200);
    expect(agentOf('203')?.pause ?? null).toBeNull();
    expect((await api('POST', '/agent/logout', 'admin', { number: '203', queueId: queues.Support })).status).toBe(200);
  });

  it('G-PAU-03 an agent pauses and unpauses its own extension; another agent\'s is refused with a translated reason', async () => {
    const own = await api('POST', '/agent/pause', 'agent', { number: '201', queueId: null, reason: 'TRAIN' });
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    expect(agentOf('201')?.pause?.label).toBe('Training');
    expect((await api('POST', '/agent/unpause', 'agent', { number: '201' })).status).toBe(200);
    const other = await api('POST', '/agent/pause', 'agent', { number: '204', reason: 'TRAIN' });
    expect(other.status).toBe(403);
    expect(other.json.message).toBe('errors.agentNotYours');
    expect(agentOf('204')?.pause ?? null).toBeNull();
  });

  it('G-PRM-01 a monitor never acts; bad input answers a translated 4xx and changes nothing', async () => {
    expect((await api('POST', '/agent/pause', 'wall', { number: '201', reason: 'LUNCH' })).status).toBe(403);
    const cases: [unknown, number, string][] = [
      [{ number: '299', reason: 'LUNCH' }, 404, 'errors.agentUnknownExtension'],
      [{ number: '201', reason: 'NOPE' }, 400, 'errors.agentUnknownReason'],
      [{ number: '201', reason: '' }, 400, 'errors.agentReasonRequired'],
      [{ number: '201', queueId: queues.Billing, reason: 'LUNCH' }, 409, 'errors.agentNotAMember'],
      [{ number: '201', queueId: helpdesk, reason: 'LUNCH' }, 404, 'errors.agentUnknownQueue'],
      [{ number: 'abc', reason: 'LUNCH' }, 400, 'validation.digits'],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('POST', '/agent/pause', 'admin', body);
      expect([res.status, res.json.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // another corp's extension is not found, never touched
    expect((await api('POST', '/agent/pause', 'globex', { number: '201', reason: 'LUNCH' })).status).toBe(404);
    expect(agentOf('201')?.pause ?? null).toBeNull();
    expect(await logRows('201', ['PAUSE'])).toHaveLength(1);
  });
});

describe('G-QLI queue log-in and log-out', () => {
  it('G-QLI-01 a supervisor logs an agent into one queue and out: ADDMEMBER / REMOVEMEMBER, the queue lists follow', async () => {
    const { pushes } = await connect('admin');
    const res = await api('POST', '/agent/login', 'admin', { number: '210', queueId: queues.Billing });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const listed = await waitFor(() => pushes.queues.at(-1)?.queues.find((q: LiveQueue) => q.queueId === queues.Billing && q.members.includes('210')), 3000, 'AllQueues with 210 in Billing');
    expect(listed.members).toContain('210');
    expect((await logRows('210', ['ADDMEMBER'])).map((r) => r.queuename)).toEqual([`${acme}_${queues.Billing}`]);
    expect((await api('POST', '/agent/login', 'admin', { number: '210', queueId: queues.Billing })).json.message).toBe('errors.agentAlreadyMember');
    expect((await api('POST', '/agent/logout', 'admin', { number: '210', queueId: queues.Billing })).status).toBe(200);
    expect((await logRows('210', ['REMOVEMEMBER'])).map((r) => r.queuename)).toEqual([`${acme}_${queues.Billing}`]);
    expect(live.app.live!.realtime!.getQueues(acme).find((q) => q.queueId === queues.Billing)?.members).not.toContain('210');
  });

  it('G-QLI-01 G-QLI-02 into all the corp\'s queues at once and out of all; the agent does it for its own extension', async () => {
    const res = await api('POST', '/agent/login', 'agent', { number: '205' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.queues.sort()).toEqual([queues.Support, queues.Billing].sort());
    const memberOf = () => live.app.live!.realtime!.getQueues(acme).filter((q) => q.members.includes('205')).map((q) => q.queueId).sort();
    expect(memberOf()).toEqual(Object.values(queues).sort());
    const out = await api('POST', '/agent/logout', 'agent', { number: '205' });
    expect(out.json.queues.sort()).toEqual(Object.values(queues).sort());
    expect(memberOf()).toEqual([]);
    expect((await api('POST', '/agent/logout', 'agent', { number: '205' })).json.message).toBe('errors.agentNoQueues');
    expect((await api('POST', '/agent/login', 'agent', { number: '206', queueId: queues.Sales })).status).toBe(403);
    // back as the demo has it
    expect((await api('POST', '/agent/login', 'admin', { number: '205', queueId: queues.Sales })).status).toBe(200);
  });
});

describe('G-AGS agent states', () => {
  it('G-AGS-03 DND from the panel: shown with its start, the phone is not rung (busy), and off again', async () => {
    const res = await api('PUT', '/agent/dnd', 'admin', { number: '207', on: true });
    expect(res.status).toBe(200);
    const asked = Date.now();
    const state = await waitFor(() => agentOf('207')?.dndSince ?? null, 3000, 'DND of 207');
    // when it was set (the server's clock: the database keeps it)
    expect(Math.abs(state - asked)).toBeLessThan(2000);
    // a call from 237 (a phone the simulator's floor never uses) to 207 is refused busy (the dialplan's
    // DND check), not rung. 207 is a queue agent: a queue call it took before DND may still be up (409
    // extensionBusy); DND offers it no new one, so the simulator's clock runs until that call ends.
    let call = await api<{ channelId: string; message?: string }>('POST', '/originate', 'admin', { from: '237', to: '207' });
    for (let waited = 0; call.status === 409 && call.json.message === 'errors.extensionBusy' && waited < 600_000; waited += 10_000) {
      await advance(10_000, 500);
      call = await api<{ channelId: string; message?: string }>('POST', '/originate', 'admin', { from: '237', to: '207' });
    }
    expect(call.status, JSON.stringify(call.json)).toBe(200);
    await advance(40_000, 500);
    await live.app.live!.sink.flush();
    const { cdr } = await import('../../../server/db/schema');
    const rows = await live.database.orm.select().from(cdr).where(and(eq(cdr.corpId, acme), eq(cdr.src, '237'), eq(cdr.dst, '207')));
    expect(rows.map((r) => r.disposition)).toContain('BUSY');
    expect((await api('PUT', '/agent/dnd', 'admin', { number: '207', on: false })).status).toBe(200);
    await waitFor(() => agentOf('207')?.dndSince === null || agentOf('207') === undefined, 3000, 'DND off');
  });

  it('G-AGS-01 an agent whose queue call ended is told in wrap-up for the queue\'s wrap-up time (its end: realtime-agents.test.ts)', async () => {
    const { pushes } = await connect('admin');
    await advance(600_000, 1000);
    const wrap = pushes.agent.find((p) => p.agent.wrapUp !== null);
    expect(wrap, 'an AgentState with a wrap-up').toBeDefined();
    const { since, until } = wrap!.agent.wrapUp!;
    expect(until - since).toBe(10_000);
  });

  it('G-AGS-04 a pause survives a restart with its start: the member row feeds a new simulator, which reports it to the live state', async () => {
    expect((await api('POST', '/agent/pause', 'admin', { number: '208', queueId: queues.Sales, reason: 'BACKOFF' })).status).toBe(200);
    const pausedAt = agentOf('208')!.pause!.since;
    await live.app.live!.sink.flush();
    const directory = await createDbDirectory(live.database.orm).corps();
    const acmeCfg = directory.find((c) => c.corpId === acme)!;
    expect(acmeCfg.queues.find((q) => q.queueId === queues.Sales)!.paused['208']).toEqual({ reason: 'BACKOFF', since: pausedAt });
    const fresh = createSimulator({ seed: 2, driver: 'manual', startTime: pausedAt + 3_600_000, corps: [toSimCorp(acmeCfg, 30)] });
    const members = await fresh.queueMembers();
    expect(members.find((m) => m.membername === '208' && m.queue === `${acme}_${queues.Sales}`)).toMatchObject({ paused: true, reason: 'BACKOFF', lastPause: pausedAt });
  });
});

describe('G-PRM the same checks on the hub, and the log monitor', () => {
  it('G-PRM-01 G-PRM-02 PauseAgent over the hub acts as the route does; the action reaches the log monitor; a monitor is refused', async () => {
    const { hub, pushes } = await connect('admin');
    await hub.invoke('StartLogMonitor', null);
    const done = await hub.invoke('PauseAgent', '209', queues.Sales, 'LUNCH', null);
    expect(done).toEqual({ number: '209', queues: [queues.Sales] });
    const entry = await waitFor(() => pushes.logmon.find((p) => p.type === 'UserAction' && p.state === 'pause'), 3000, 'the LogMon of the action');
    expect(entry.event).toMatchObject({ who: 'admin', action: 'pause', agent: '209', queues: [queues.Sales], reason: 'LUNCH' });
    expect(entry.device).toBe(`PJSIP/${acme}_209`);
    await expect(hub.invoke('PauseAgent', '209', queues.Billing, 'LUNCH', null)).rejects.toThrow(/errors\.agentNotAMember/);
    await hub.invoke('UnpauseAgent', '209', null, null);
    const { hub: wall } = await connect('wall');
    await expect(wall.invoke('PauseAgent', '209', null, 'LUNCH', null)).rejects.toThrow(/forbidden/);
    // another corp's agent cannot be named through the corp argument either
    await expect(wall.invoke('SetDnd', '1001', true, globex)).rejects.toThrow(/forbidden/);
  });
});
