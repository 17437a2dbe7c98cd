/**
 * The hub client against a fake HubConnection (fake-hub.ts) in virtual time: the connection is
 * configured as the contract says, it never gives up, snapshots follow every (re)connect and every
 * Resync, pushes come out as records, and dispose() leaves nothing behind.
 */
import { HttpTransportType, HubConnectionState, JsonHubProtocol, LogLevel, type IRetryPolicy } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXT_STATUS, HUB_METHODS, type HubPushName } from '../../../domain/realtime';
import { createHubClient, HUB_PUSH_NAMES, KIOSK_SNAPSHOT_METHODS, RESYNC_PUSH, signalrConnection, SNAPSHOT_METHODS, type HubClient, type HubClientOptions, type HubRecord, type HubState, type SnapshotReason } from '../../../src/hub';
import { isPush, type HubEvent } from '../../../streams/hub-events';
import { connectionHealth, type ConnectionHealth } from '../../../streams/connection-health';
import { FakeBuilder, memoryLog } from './fake-hub';

/** lets the client's promise continuations run (timers do not move) */
const settle = () => vi.advanceTimersByTimeAsync(0);

interface Rig {
  client: HubClient;
  builder: FakeBuilder;
  fake: FakeBuilder['connection'];
  log: ReturnType<typeof memoryLog>;
  states: HubState[];
  records: HubRecord[];
  reasons: SnapshotReason[];
}

let rigs: Rig[] = [];

/** random 0: every delay is its ceiling, 500, 1000, 2000, 4000, 8000, 10 000 ... ms */
function rig(options: Partial<HubClientOptions> = {}): Rig {
  const builder = new FakeBuilder();
  const log = memoryLog();
  const client = createHubClient({
    accessToken: () => 'tok',
    corpId: () => 2,
    connect: signalrConnection(() => builder),
    log,
    retry: { random: () => 0 },
    ...options,
  });
  const r: Rig = { client, builder, fake: builder.connection, log, states: [], records: [], reasons: [] };
  client.state$.subscribe((s) => r.states.push(s));
  client.records$.subscribe((rec) => r.records.push(rec));
  client.snapshotRequests$.subscribe((reason) => r.reasons.push(reason));
  rigs.push(r);
  return r;
}

async function connect(r: Rig): Promise<void> {
  await settle();
  r.fake.acceptStart();
  await settle();
}

const SNAPSHOTS = ['GetAllExtensions', 'GetAllChannels', 'GetAllContacts', 'GetAllQueues'];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  for (const r of rigs) await r.client.dispose();
  rigs = [];
  expect(vi.getTimerCount()).toBe(0);
  vi.useRealTimers();
});

describe('the connection', () => {
  it('B-PNL-18 one HubConnection at /hub, WebSockets, JSON protocol, the token as access token', async () => {
    const r = rig({ url: undefined });
    expect(r.builder.builds).toBe(1);
    expect(r.builder.url).toBe('/hub');
    expect(r.builder.options?.transport).toBe(HttpTransportType.WebSockets);
    expect(r.builder.protocol).toBeInstanceOf(JsonHubProtocol);
    expect(await r.builder.options?.accessTokenFactory?.()).toBe('tok');
    await settle();
    expect(r.fake.startCalls).toBe(1);
  });

  it('I-INST-04 the WebSocket is the only request of a connect (skipNegotiation): no negotiate for a balancer to send elsewhere', () => {
    const r = rig({ url: undefined });
    expect(r.builder.options?.skipNegotiation).toBe(true);
    expect(r.builder.options?.transport).toBe(HttpTransportType.WebSockets);
  });

  it('the token factory reads the latest token each time (a refreshed token is used at the next reconnect)', async () => {
    let token: string | null = 'first';
    const r = rig({ accessToken: () => token });
    const factory = r.builder.options?.accessTokenFactory;
    expect(await factory?.()).toBe('first');
    token = 'refreshed';
    expect(await factory?.()).toBe('refreshed');
    token = null;
    expect(await factory?.()).toBe(''); // SignalR then sends no token at all
  });

  it("SignalR's automatic reconnect gets our policy: never null, even after 1000 attempts, capped at 10 s", () => {
    const r = rig();
    const policy = r.builder.policy as IRetryPolicy;
    for (let n = 0; n <= 1000; n++) {
      const delay = policy.nextRetryDelayInMilliseconds({ previousRetryCount: n, elapsedMilliseconds: n * 10_000, retryReason: new Error('x') });
      expect(delay).not.toBeNull();
      expect(delay).toBeLessThanOrEqual(10_000);
    }
  });

  it("SignalR's own warnings reach our log; its chatter does not", () => {
    const r = rig();
    r.builder.logger?.log(LogLevel.Information, 'WebSocket connected');
    r.builder.logger?.log(LogLevel.Error, 'Failed to start the connection');
    expect(r.log.lines.filter((l) => l.message.startsWith('signalr:'))).toEqual([{ level: 'warn', message: 'signalr: Failed to start the connection', data: undefined }]);
  });

  it('state$: connecting → connected → reconnecting → connected → disconnected', async () => {
    const r = rig();
    expect(r.client.state).toBe('connecting');
    await connect(r);
    r.fake.drop();
    r.fake.reconnect();
    await r.client.dispose();
    expect(r.states).toEqual(['connecting', 'connected', 'reconnecting', 'connected', 'disconnected']);
    expect(r.client.state).toBe('disconnected');
  });
});

describe('never gives up', () => {
  it('a first start that fails is retried with the backoff until it succeeds', async () => {
    const r = rig();
    await settle();
    const expected = [500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000];
    for (const delay of expected) {
      r.fake.failStart();
      await settle();
      expect(r.client.state).toBe('connecting');
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(r.fake.starting).toBe(false); // still waiting
      await vi.advanceTimersByTimeAsync(1);
      expect(r.fake.starting).toBe(true);
    }
    expect(r.fake.startCalls).toBe(expected.length + 1);
    r.fake.acceptStart();
    await settle();
    expect(r.client.state).toBe('connected');
    expect(r.states).toEqual(['connecting', 'connected']);
    expect(r.reasons).toEqual(['connected']);
    expect(r.log.lines.filter((l) => l.message === 'hub: start failed, retrying').map((l) => l.data?.delayMs)).toEqual(expected);
  });

  it('a Close without allowReconnect (SignalR stops for good): our loop restarts the connection', async () => {
    const r = rig();
    await connect(r);
    await vi.advanceTimersByTimeAsync(60_000); // a long-lived connection
    r.fake.close();
    expect(r.client.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(499);
    expect(r.fake.starting).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.fake.startCalls).toBe(2);
    r.fake.failStart(); // the server is still away: the backoff goes on from there
    await vi.advanceTimersByTimeAsync(999);
    expect(r.fake.starting).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    r.fake.acceptStart();
    await settle();
    expect(r.fake.startCalls).toBe(3);
    expect(r.states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(r.reasons).toEqual(['connected', 'reconnected']);
  });

  it('a connection that keeps being closed right away backs off further each time', async () => {
    const r = rig();
    await connect(r);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      r.fake.close();
      const before = Date.now();
      while (!r.fake.starting) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - before);
      r.fake.acceptStart();
      await settle();
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000]);
  });

  it("while SignalR reconnects by itself our loop stays out of the way", async () => {
    const r = rig();
    await connect(r);
    r.fake.drop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(r.fake.startCalls).toBe(1);
    expect(r.client.state).toBe('reconnecting');
  });

  it('a connection closed before the start continuation ran counts as a failed attempt', async () => {
    const r = rig();
    await settle();
    r.fake.acceptStart();
    r.fake.close(); // onclose fires while our loop is still awaiting start()
    await settle();
    expect(r.client.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(500);
    expect(r.fake.startCalls).toBe(2);
    r.fake.acceptStart();
    await settle();
    expect(r.client.state).toBe('connected');
  });
});

describe('snapshots follow every (re)connect', () => {
  it('B-PNL-18 B-EXM-05 after connecting: GetAllExtensions, GetAllChannels, GetAllContacts, GetAllQueues with corpId', async () => {
    const r = rig();
    await connect(r);
    expect(r.fake.invocations).toEqual(SNAPSHOTS.map((name) => ({ name, args: [2] })));
    expect([...SNAPSHOT_METHODS]).toEqual(SNAPSHOTS);
  });

  it('a kiosk asks only for the snapshots its boards read', async () => {
    const r = rig({ snapshots: KIOSK_SNAPSHOT_METHODS });
    await connect(r);
    expect(r.fake.invocations).toEqual([
      { name: 'GetAllExtensions', args: [2] },
      { name: 'GetAllQueues', args: [2] },
    ]);
  });

  it('after SignalR reconnects, after our loop restarts, and after a Resync push', async () => {
    const r = rig();
    await connect(r);
    r.fake.drop();
    expect(r.fake.invocations).toHaveLength(4);
    r.fake.reconnect();
    expect(r.fake.invocations).toHaveLength(8);
    r.fake.close();
    await vi.advanceTimersByTimeAsync(500);
    r.fake.acceptStart();
    await settle();
    expect(r.fake.invocations).toHaveLength(12);
    r.fake.push(RESYNC_PUSH, { reason: 'backplane reconnected', ts: 1 });
    expect(r.fake.invocationNames().slice(12)).toEqual(SNAPSHOTS);
    expect(r.reasons).toEqual(['connected', 'reconnected', 'reconnected', 'resync']);
  });

  it("level 1's working corp is read at each request; without a corp the own corp is meant (no argument)", async () => {
    let corp: number | null = 7;
    const r = rig({ corpId: () => corp });
    await connect(r);
    corp = 9;
    r.client.requestSnapshots();
    corp = null;
    r.fake.push(RESYNC_PUSH, { reason: 'x', ts: 1 });
    expect(r.fake.invocations.map((i) => i.args)).toEqual([...Array(4).fill([7]), ...Array(4).fill([9]), ...Array(4).fill([])]);
  });

  it('a failed snapshot call is logged, never thrown; no request while not connected', async () => {
    const r = rig();
    r.fake.answer = async (name) => {
      throw new Error(`${name} refused`);
    };
    await connect(r);
    await settle();
    expect(r.log.lines.filter((l) => l.message.endsWith(' failed')).map((l) => l.message)).toEqual(SNAPSHOTS.map((m) => `hub: ${m} failed`));
    r.fake.drop();
    r.client.requestSnapshots();
    r.fake.push(RESYNC_PUSH, {});
    expect(r.fake.invocations).toHaveLength(4);
  });
});

describe('records', () => {
  it('a handler for every push of the contract plus Resync, and nothing else', () => {
    const r = rig();
    expect([...r.fake.handlers.keys()].sort()).toEqual([...HUB_PUSH_NAMES, RESYNC_PUSH].map((n) => n.toLowerCase()).sort());
    const contract: Record<HubPushName, true> = {
      AllExtensions: true,
      AllChannels: true,
      AllContacts: true,
      AllQueues: true,
      Ringing: true,
      CallConnected: true,
      DeviceStateChanged: true,
      Hangup: true,
      ActiveCalls: true,
      CallerInQueue: true,
      deleteCaller: true,
      LogMon: true,
      PbxStatus: true,
      AgentState: true,
      KioskTicker: true,
      KioskAlert: true,
    };
    expect([...HUB_PUSH_NAMES].sort()).toEqual(Object.keys(contract).sort());
  });

  it('B-PNL-19 every push comes out of records$ as { name, payload } with the contract name', async () => {
    const r = rig();
    await connect(r);
    for (const name of HUB_PUSH_NAMES) r.fake.push(name, { n: name });
    expect(r.records).toEqual(HUB_PUSH_NAMES.map((name) => ({ name, payload: { n: name } })));
    r.fake.push('DELETECALLER', { wire: 'case-insensitive' }); // the wire target's case does not matter
    expect(r.records.at(-1)).toEqual({ name: 'deleteCaller', payload: { wire: 'case-insensitive' } });
    r.fake.push(RESYNC_PUSH, {});
    expect(r.records).toHaveLength(HUB_PUSH_NAMES.length + 1);
  });

  it('events$ are typed: good records pass, malformed ones are logged and dropped', async () => {
    const r = rig();
    const events: HubEvent[] = [];
    r.client.events$.subscribe((e) => events.push(e));
    await connect(r);
    r.fake.push('DeviceStateChanged', { corpId: 2, number: '1001', status: EXT_STATUS.ringing, ts: 5 });
    r.fake.push('Ringing', { corpId: 2, callId: 1 }); // callId must be a string
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(isPush('DeviceStateChanged')(event) && event.payload.status).toBe(EXT_STATUS.ringing);
    expect(r.log.lines.filter((l) => l.message === 'hub: malformed record dropped')).toHaveLength(1);
  });

  it('feeds connection health: stale after a reconnect until the fresh AllExtensions arrives', async () => {
    const r = rig();
    const health: ConnectionHealth[] = [];
    connectionHealth(r.client.state$, r.client.events$, { corpId: 2 }).subscribe((h) => health.push(h));
    await connect(r);
    r.fake.drop();
    r.fake.reconnect();
    expect(health.at(-1)).toEqual({ state: 'live', stale: true, asOf: null });
    r.fake.push('AllExtensions', { corpId: 2, extensions: [], ts: 10 });
    expect(health.at(-1)).toEqual({ state: 'live', stale: false, asOf: 10 });
  });
});

describe('invoke', () => {
  it('B-ACT-04 HangUp(caller, receiver) goes through typed, with its answer', async () => {
    const r = rig();
    r.fake.answer = async (name, args) => name === 'HangUp' && args[0] === '1001';
    await connect(r);
    const answer: boolean = await r.client.invoke('HangUp', '1001', '1002');
    expect(answer).toBe(true);
    await r.client.invoke('GetAllQueues', 3);
    expect(r.fake.invocations.slice(-2)).toEqual([
      { name: 'HangUp', args: ['1001', '1002'] },
      { name: 'GetAllQueues', args: [3] },
    ]);
    expect(HUB_METHODS).toContain('HangUp');
  });

  it('a call while not connected is rejected by the connection; after dispose by the client', async () => {
    const r = rig();
    await expect(r.client.invoke('GetAllExtensions')).rejects.toThrow(/Connected/);
    await r.client.dispose();
    await expect(r.client.invoke('GetAllExtensions')).rejects.toThrow(/disposed/);
  });
});

describe('dispose', () => {
  it('while connected: stops the connection, no restart, streams complete, no timer left', async () => {
    const r = rig();
    await connect(r);
    let completed = 0;
    r.client.records$.subscribe({ complete: () => completed++ });
    r.client.state$.subscribe({ complete: () => completed++ });
    r.client.snapshotRequests$.subscribe({ complete: () => completed++ });
    await r.client.dispose();
    expect(r.fake.stopCalls).toBe(1);
    expect(r.fake.state).toBe(HubConnectionState.Disconnected);
    expect(completed).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(r.fake.startCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('while waiting to retry: the backoff timer is cleared', async () => {
    const r = rig();
    await settle();
    r.fake.failStart();
    await settle();
    expect(vi.getTimerCount()).toBe(1);
    await r.client.dispose();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(r.fake.startCalls).toBe(1);
    expect(r.client.state).toBe('disconnected');
  });

  it('while a start is pending: the start is cancelled and not retried', async () => {
    const r = rig();
    await settle();
    expect(r.fake.starting).toBe(true);
    await r.client.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(r.fake.startCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(r.states).toEqual(['connecting', 'disconnected']);
  });

  it('while SignalR reconnects, and twice: one stop, no pushes after it', async () => {
    const r = rig();
    await connect(r);
    r.fake.drop();
    await Promise.all([r.client.dispose(), r.client.dispose()]);
    expect(r.fake.stopCalls).toBe(1);
    r.fake.push('Ringing', {});
    expect(r.records).toEqual([]);
    expect(r.states.at(-1)).toBe('disconnected');
  });
});
