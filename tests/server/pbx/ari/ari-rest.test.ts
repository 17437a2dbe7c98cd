/**
 * The ARI adapter's REST side against a fake ARI: snapshot() gives what the simulator's snapshot()
 * gives for the same PBX state (the fake serves the simulator's channels, endpoints and bridges, and
 * the adapter has seen the simulator's events); hangup and originate send the right calls; HTTP
 * failures map to PbxError codes.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAriAdapter, PbxError, type AriAdapter, type AriEvent, type PbxSnapshot } from '../../../../server/pbx';
import { advanceUntil, busyCorp, startSim } from '../helpers';
import { FakeAri } from './fake-ari';
import { FAST, waitFor, watch } from './wait';

let fake: FakeAri | null = null;
let adapter: AriAdapter | null = null;

afterEach(async () => {
  await adapter?.stop();
  await fake?.close();
  adapter = null;
  fake = null;
});

async function setup(extra: Partial<Parameters<typeof createAriAdapter>[0]> = {}) {
  fake = await FakeAri.start();
  adapter = createAriAdapter({ url: fake.url, user: fake.user, password: fake.password, backoff: FAST, ...extra });
  return { fake, adapter };
}

/** PbxContact fields typed `| null` */
const NULLABLE = new Set(['via_addr', 'via_port']);

/** keys and value types, recursively; arrays by the set of their items' shapes */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return [...new Set(value.map((v) => JSON.stringify(shape(v))))].sort();
  if (value === null) return 'null';
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, NULLABLE.has(k) ? 'nullable' : shape((value as Record<string, unknown>)[k])]),
    );
  }
  return typeof value;
}

const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

// ------------------------------------------------------------------------------------------ snapshot

describe('snapshot() equals the simulator’s for the same state', () => {
  let sim: PbxSnapshot;
  let events: AriEvent[];
  let contactEvents: Set<string>;

  beforeAll(async () => {
    // registrations flap, some phones start offline, calls ring, talk and hold
    const run = await startSim({ seed: 5, corps: [busyCorp(2)], traffic: { offlineAtStart: 0.25, unregisterPerHour: 1.5, offlineMeanMin: 5, holdProbability: 0.5 } });
    // the current picture, from the events: held channels, channel states, endpoint and contact states
    const held = new Set<string>();
    const channelState = new Map<string, string>();
    const endpointState = new Map<string, string>();
    const contactStatus = new Map<string, string>();
    let seen = 0;
    const track = () => {
      for (; seen < run.events.length; seen++) {
        const e = run.events[seen];
        if (e.type === 'ChannelHold') held.add(e.channel.id);
        if (e.type === 'ChannelUnhold') held.delete(e.channel.id);
        if (e.type === 'ChannelCreated' || e.type === 'ChannelStateChange') channelState.set(e.channel.id, e.channel.state);
        if (e.type === 'ChannelDestroyed') {
          held.delete(e.channel.id);
          channelState.delete(e.channel.id);
        }
        if (e.type === 'EndpointStateChange') endpointState.set(e.endpoint.resource, e.endpoint.state);
        if (e.type === 'ContactStatusChange') contactStatus.set(e.endpoint.resource, e.contact_info.contact_status);
      }
    };
    const has = (m: Map<string, string>, v: string) => [...m.values()].includes(v);
    run.sim.advance(20 * 60_000);
    advanceUntil(
      run.sim,
      () => {
        track();
        const s = run.sim.stats();
        return held.size > 0 && s.bridges > 1 && s.waiting > 0 && has(channelState, 'Ringing') && has(contactStatus, 'Unreachable') && has(contactStatus, 'Reachable');
      },
      1000,
      4 * 3_600_000,
    );
    sim = await run.sim.snapshot();
    events = run.events;
    contactEvents = new Set(events.filter((e) => e.type === 'ContactStatusChange').map((e) => (e.type === 'ContactStatusChange' ? e.endpoint.resource : '')));
  });

  async function replayedAdapter(extra: Partial<Parameters<typeof createAriAdapter>[0]> = {}) {
    const { fake, adapter } = await setup(extra);
    fake.state = { channels: sim.channels, endpoints: sim.endpoints, bridges: sim.bridges, deviceStates: sim.deviceStates };
    const w = watch(adapter);
    await adapter.start();
    await fake.waitForSocket();
    fake.replay(events);
    await waitFor(`${events.length} events`, () => w.events.length >= events.length, 10_000);
    return adapter.snapshot();
  }

  it('the chosen moment has channels on hold, ringing, bridged, queued, and phones on and off', () => {
    const states = new Set(sim.deviceStates.map((d) => d.state));
    expect([...states]).toEqual(expect.arrayContaining(['ONHOLD', 'RINGING', 'NOT_INUSE', 'UNAVAILABLE', 'INUSE']));
    console.log(`[ari snapshot] ${events.length} events replayed; ${sim.channels.length} channels, ${sim.bridges.length} bridges, devices ${[...states].join(' ')}, contacts ${sim.contacts.length}`);
    expect(sim.endpoints.some((e) => e.state === 'offline')).toBe(true);
    expect(sim.bridges.length).toBeGreaterThan(1);
    expect(sim.contacts.some((c) => c.contact_status === 'Unreachable')).toBe(true);
  });

  it('channels, endpoints, bridges as served; device states derived = the simulator’s; same shape throughout', async () => {
    const snap = await replayedAdapter({ queueDevices: () => sim.deviceStates.filter((d) => d.name.startsWith('Queue:')).map((d) => d.name) });
    expect(snap.channels).toEqual(sim.channels);
    expect(snap.endpoints).toEqual(sim.endpoints);
    expect(snap.bridges).toEqual(sim.bridges);
    expect(byName(snap.deviceStates)).toEqual(byName(sim.deviceStates));
    expect(Math.abs(snap.time - Date.now())).toBeLessThan(10_000);
    const { time: _t1, ...a } = snap;
    const { time: _t2, ...b } = sim;
    expect(shape(a)).toEqual(shape(b));
    expect(typeof snap.time).toBe(typeof sim.time);
  });

  it('contacts: the same endpoints and statuses; uri and via where a ContactStatusChange told them, else unknown', async () => {
    const snap = await replayedAdapter();
    const key = (c: { endpoint: string; contact_status: string }) => `${c.endpoint} ${c.contact_status}`;
    expect(snap.contacts.map(key).sort()).toEqual(sim.contacts.map(key).sort());
    const simBy = new Map(sim.contacts.map((c) => [c.endpoint, c]));
    let told = 0;
    for (const c of snap.contacts) {
      if (contactEvents.has(c.endpoint)) {
        told++;
        expect(c).toEqual(simBy.get(c.endpoint));
      } else expect(c).toEqual({ endpoint: c.endpoint, aor: c.endpoint, uri: '', contact_status: 'Reachable', via_addr: null, via_port: null });
    }
    expect(told).toBeGreaterThan(0);
    expect(told).toBeLessThan(snap.contacts.length); // both kinds occur
  });

  it('without queueDevices, the queue devices are the last DeviceStateChanged seen for each', async () => {
    const snap = await replayedAdapter();
    const queues = snap.deviceStates.filter((d) => d.name.startsWith('Queue:'));
    const simQueues = new Map(sim.deviceStates.filter((d) => d.name.startsWith('Queue:')).map((d) => [d.name, d.state]));
    expect(queues.length).toBeGreaterThan(0);
    for (const q of queues) expect(q.state).toBe(simQueues.get(q.name));
    expect(snap.deviceStates.filter((d) => d.name.startsWith('PJSIP/'))).toEqual(sim.deviceStates.filter((d) => d.name.startsWith('PJSIP/')));
  });

  it('GETs /ari/channels, /ari/endpoints, /ari/bridges (authenticated); other technologies are left out', async () => {
    const { fake, adapter } = await setup();
    fake.state.endpoints = [
      { technology: 'PJSIP', resource: '2_1001', state: 'online', channel_ids: [] },
      { technology: 'IAX2', resource: 'legacy', state: 'unknown', channel_ids: [] },
    ];
    const snap = await adapter.snapshot();
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.auth}`).sort()).toEqual(['GET /ari/bridges basic', 'GET /ari/channels basic', 'GET /ari/endpoints basic']);
    expect(snap.endpoints.map((e) => e.resource)).toEqual(['2_1001']);
    expect(snap.deviceStates).toEqual([{ name: 'PJSIP/2_1001', state: 'NOT_INUSE' }]);
  });
});

// ------------------------------------------------------------------------------------------ commands

describe('hangup()', () => {
  it('DELETE /ari/channels/{id}?reason_code=16', async () => {
    const { fake, adapter } = await setup();
    fake.state.channels = [{ ...channel('1714550410.7') }];
    await adapter.hangup('1714550410.7');
    expect(fake.requests).toEqual([{ method: 'DELETE', path: '/ari/channels/1714550410.7', query: { reason_code: '16' }, auth: 'basic' }]);
    expect(fake.state.channels).toEqual([]);
  });

  it('404 → PbxError not_found, with ARI’s message', async () => {
    const { adapter } = await setup();
    const error = await adapter.hangup('1714550410.99').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxError);
    expect(error).toMatchObject({ code: 'not_found', message: expect.stringContaining('Channel not found') });
  });

  it('an id with odd characters is encoded in the path', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.hangup('a/b c')).rejects.toMatchObject({ code: 'not_found' });
    expect(fake.requests[0].path).toBe('/ari/channels/a%2Fb%20c');
  });
});

describe('originate()', () => {
  it('POST /ari/channels with endpoint PJSIP/{corp}_{from}, extension, context c{corp}-internal, priority 1, callerId the callee (the first leg shows whom it will call), timeout; returns the channel id', async () => {
    const { fake, adapter } = await setup();
    const { channelId } = await adapter.originate({ corpId: 2, from: '1001', to: '1002' });
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/ari/channels',
        query: { endpoint: 'PJSIP/2_1001', extension: '1002', context: 'c2-internal', priority: '1', callerId: '1002', timeout: '30' },
        auth: 'basic',
      },
    ]);
    expect(channelId).toBe(fake.state.channels[0].id);
    await adapter.originate({ corpId: 7, from: '200', to: '+5511999990000', timeoutSec: 15 });
    expect(fake.requests[1].query).toMatchObject({ endpoint: 'PJSIP/7_200', extension: '+5511999990000', context: 'c7-internal', timeout: '15' });
  });

  it('invalid requests are refused before any call', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.originate({ corpId: 2, from: '1001', to: '10 02' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(adapter.originate({ corpId: 2, from: '../x', to: '1002' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(adapter.originate({ corpId: 0, from: '1001', to: '1002' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(adapter.originate({ corpId: 2, from: '1001', to: '1002', timeoutSec: -1 })).rejects.toMatchObject({ code: 'invalid' });
    expect(fake.requests).toEqual([]);
  });
});

describe('auth and failures', () => {
  it("auth: 'api_key' sends the key in the query, not a header", async () => {
    const { fake, adapter } = await setup({ auth: 'api_key' });
    await adapter.snapshot();
    expect(fake.requests.every((r) => r.auth === 'api_key')).toBe(true);
    expect(fake.rejected).toBe(0);
  });

  it('wrong credentials: 401 → PbxError unavailable', async () => {
    fake = await FakeAri.start();
    adapter = createAriAdapter({ url: fake.url, user: fake.user, password: 'nope' });
    await expect(adapter.snapshot()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('401') });
    await expect(adapter.originate({ corpId: 2, from: '1001', to: '1002' })).rejects.toMatchObject({ code: 'unavailable' });
    expect(fake.rejected).toBe(4); // 3 snapshot GETs + 1 POST
  });

  it('no answer within requestTimeoutMs → unavailable, promptly', async () => {
    const { fake, adapter } = await setup({ requestTimeoutMs: 150 });
    fake.restDelayMs = 2000;
    const t0 = Date.now();
    await expect(adapter.hangup('x')).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('150 ms') });
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('nothing listening → unavailable', async () => {
    const probe = await FakeAri.start();
    const url = probe.url;
    await probe.close();
    adapter = createAriAdapter({ url, user: 'u', password: 'p' });
    await expect(adapter.snapshot()).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('ARI errors map to codes: 400 → invalid, 409 → conflict, 500 → unavailable', async () => {
    const { fake, adapter } = await setup();
    const cases = [
      [400, 'invalid'],
      [409, 'conflict'],
      [500, 'unavailable'],
      [404, 'not_found'],
    ] as const;
    for (const [status, code] of cases) {
      fake.failNext = { status, message: `fake ${status}` };
      await expect(adapter.originate({ corpId: 2, from: '1001', to: '1002' })).rejects.toMatchObject({ code, message: expect.stringContaining(`fake ${status}`) });
    }
  });
});

describe('queue members', () => {
  it('ARI has no queue-member API: members, pauses and their status go through AMI; without it, unavailable (never an ARI request)', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.addQueueMember({ corpId: 2, queueId: 1, number: '1001' })).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/AMI/) });
    await expect(adapter.removeQueueMember({ corpId: 2, queueId: 1, number: '1001' })).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/AMI/) });
    await expect(adapter.pauseMember({ corpId: 2, queueId: 1, number: '1001', paused: true, reason: 'LUNCH' })).rejects.toMatchObject({ code: 'unavailable' });
    await expect(adapter.queueMembers()).rejects.toMatchObject({ code: 'unavailable' });
    expect(fake.requests).toEqual([]);
  });
});

function channel(id: string) {
  return {
    id,
    name: 'PJSIP/2_1001-00000007',
    state: 'Up',
    protocol_id: '',
    caller: { name: 'Ann', number: '1001' },
    connected: { name: '', number: '1002' },
    accountcode: '2',
    dialplan: { context: 'c2-internal', exten: '1002', priority: 1, app_name: 'Dial', app_data: '' },
    creationtime: '2024-05-01T08:00:10.000+0000',
    language: 'en',
  };
}
