/**
 * The ARI adapter's event stream against a fake ARI: the connection request (path, app,
 * subscribeAll, subprotocol, auth), replay of the recorded simulator sequences, and what happens to
 * messages that are not usable events.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAriAdapter, parseAriMessage, type AriAdapter, type AriEvent } from '../../../../server/pbx';
import { FakeAri } from './fake-ari';
import { FAST, fixture, memoryLog, waitFor, watch } from './wait';

let fake: FakeAri | null = null;
let adapter: AriAdapter | null = null;

afterEach(async () => {
  await adapter?.stop();
  await fake?.close();
  adapter = null;
  fake = null;
});

async function connect(extra: Partial<Parameters<typeof createAriAdapter>[0]> = {}) {
  fake = await FakeAri.start();
  const { log, lines } = memoryLog();
  adapter = createAriAdapter({ url: fake.url, user: fake.user, password: fake.password, log, backoff: FAST, ...extra });
  const w = watch(adapter);
  await adapter.start();
  await waitFor('connected', () => w.now);
  await fake.waitForSocket();
  return { fake, adapter, w, lines };
}

describe('ARI event stream: connecting', () => {
  it('opens /ari/events with app, subscribeAll=true, subprotocol ari and Basic auth; connected$ false → true', async () => {
    const { fake, w } = await connect({ app: 'board1' });
    expect(fake.upgrades).toHaveLength(1);
    expect(fake.upgrades[0]).toMatchObject({ accepted: true, auth: 'basic', query: { app: expect.stringMatching(/^board1-[0-9a-f]{8}$/), subscribeAll: 'true' }, protocols: ['ari'] });
    expect(fake.upgrades[0].query.api_key).toBeUndefined();
    expect(w.connected).toEqual([false, true]);
  });

  it("auth: 'api_key' puts user:password in the query (split at the first colon by Asterisk)", async () => {
    const { fake } = await connect({ auth: 'api_key' });
    expect(fake.upgrades[0]).toMatchObject({ accepted: true, auth: 'api_key', protocols: ['ari'] });
    expect(fake.upgrades[0].query.api_key).toBe(`${fake.user}:${fake.password}`);
  });

  it('accepts the url with a trailing /ari/ and default app callboard', async () => {
    fake = await FakeAri.start();
    adapter = createAriAdapter({ url: `${fake.url}/ari/`, user: fake.user, password: fake.password, backoff: FAST });
    await adapter.start();
    expect(adapter.stats().connected).toBe(true);
    expect(fake.upgrades[0].query.app).toMatch(/^callboard-[0-9a-f]{8}$/);
  });

  it('wrong credentials: 401, connected$ stays false, keeps retrying with backoff, start() still resolves', async () => {
    fake = await FakeAri.start();
    const { log, lines } = memoryLog();
    adapter = createAriAdapter({ url: fake.url, user: fake.user, password: 'wrong', log, backoff: FAST });
    const w = watch(adapter);
    await adapter.start();
    await waitFor('three rejected attempts', () => fake!.upgrades.length >= 3, 3000);
    expect(fake.upgrades.every((u) => !u.accepted && u.auth === null)).toBe(true);
    expect(w.connected).toEqual([false]);
    expect(lines.some((l) => l.level === 'warn' && String(l.data?.error).includes('401'))).toBe(true);
  });

  it('a PBX that stays down is not logged on every attempt', async () => {
    const probe = await FakeAri.start();
    const url = probe.url;
    await probe.close();
    const { log, lines } = memoryLog();
    adapter = createAriAdapter({ url, user: 'u', password: 'p', log, backoff: { initialMs: 5, maxMs: 10 } });
    await adapter.start();
    await waitFor('many failed attempts', () => adapter!.stats().failures >= 25, 5000);
    const failures = lines.filter((l) => l.msg === 'ari: cannot connect the event stream');
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThanOrEqual(3);
  });

  it('rejects a url that is not http(s) or an invalid app name at construction', () => {
    expect(() => createAriAdapter({ url: 'ftp://x', user: 'u', password: 'p' })).toThrow(/http/);
    expect(() => createAriAdapter({ url: 'not a url', user: 'u', password: 'p' })).toThrow(/not a URL/);
    expect(() => createAriAdapter({ url: 'http://x', user: 'u', password: 'p', app: 'a,b' })).toThrow(/app/);
  });
});

describe('ARI event stream: recorded sequences replayed', () => {
  for (const name of ['inbound-queue-call', 'originate-hangup'] as const) {
    it(`${name}: events$ yields exactly the recorded events, in order`, async () => {
      const { events } = fixture(name);
      const { fake, adapter, w } = await connect();
      fake.replay(events);
      await waitFor(`${events.length} events`, () => w.events.length >= events.length);
      expect(w.events).toEqual(events);
      expect(adapter.stats()).toMatchObject({ received: events.length, forwarded: events.length, malformed: 0, ignored: 0, nonconforming: 0 });
    });
  }

  it('events$ is hot: a late subscriber gets only what follows', async () => {
    const { events } = fixture('originate-hangup');
    const { fake, adapter, w } = await connect();
    fake.replay(events.slice(0, 10));
    await waitFor('10 events', () => w.events.length >= 10);
    const late: AriEvent[] = [];
    const sub = adapter.events$.subscribe((e) => late.push(e));
    fake.replay(events.slice(10));
    await waitFor('all events', () => w.events.length >= events.length);
    sub.unsubscribe();
    expect(late).toEqual(events.slice(10));
  });
});

describe('ARI event stream: messages that are not usable events', () => {
  it('malformed messages are counted, logged and skipped; the stream goes on', async () => {
    const { events } = fixture('originate-hangup');
    const { fake, adapter, w, lines } = await connect();
    const ts = events[0].timestamp;
    const garbage = [
      'not json at all',
      '[1,2,3]',
      'null',
      '{"timestamp":"x"}',
      JSON.stringify({ type: 'ChannelCreated' }),
      JSON.stringify({ type: 'ChannelCreated', timestamp: ts, application: 'callboard' }),
      JSON.stringify({ type: 'ChannelStateChange', timestamp: ts, application: 'callboard', channel: { name: 'no id' } }),
      JSON.stringify({ type: 'Dial', timestamp: ts, application: 'callboard', dialstatus: '' }),
      JSON.stringify({ type: 'BridgeCreated', timestamp: ts, application: 'callboard', bridge: { id: 'b' } }),
      JSON.stringify({ type: 'DeviceStateChanged', timestamp: ts, application: 'callboard', device_state: { name: 'PJSIP/2_1001' } }),
      JSON.stringify({ type: 'ContactStatusChange', timestamp: ts, application: 'callboard', endpoint: { technology: 'PJSIP', resource: '2_1001', state: 'online', channel_ids: [] }, contact: {} }),
      '{"type":"ChannelCreated","timestamp":"', // truncated
    ];
    // interleave: garbage before, between and after the real events
    fake.send(garbage[0]);
    events.forEach((e, i) => {
      fake.send(JSON.stringify(e));
      if (i + 1 < garbage.length) fake.send(garbage[i + 1]);
    });
    fake.send(Buffer.from([0xff, 0xfe, 0x00, 0x01]), true);
    await waitFor('all real events', () => w.events.length >= events.length);
    await waitFor('all messages', () => adapter.stats().received >= events.length + garbage.length + 1);
    expect(w.events).toEqual(events);
    expect(adapter.stats()).toMatchObject({ malformed: garbage.length + 1, forwarded: events.length, ignored: 0 });
    expect(lines.filter((l) => l.msg.startsWith('ari: malformed message skipped'))).toHaveLength(garbage.length + 1);
    expect(lines.find((l) => l.data?.reason === 'ContactStatusChange without a usable contact_info')).toBeDefined();
    expect(w.connected).toEqual([false, true]); // never dropped the connection over it
  });

  it('a flood of malformed messages is logged at most 20 times per connection, all counted', async () => {
    const { fake, adapter, lines } = await connect();
    for (let i = 0; i < 100; i++) fake.send(`garbage ${i}`);
    await waitFor('100 messages', () => adapter.stats().received >= 100);
    expect(adapter.stats().malformed).toBe(100);
    expect(lines.filter((l) => l.msg.startsWith('ari: malformed'))).toHaveLength(20);
  });

  it('well-formed events of types outside the model (StasisStart, ChannelTalkingStarted) are ignored, logged once per type', async () => {
    const { events } = fixture('originate-hangup');
    const { fake, adapter, w, lines } = await connect();
    const other = { type: 'ChannelTalkingStarted', timestamp: events[0].timestamp, application: 'callboard', channel: events[0].type === 'ChannelCreated' ? events[0].channel : null };
    fake.send(JSON.stringify(other));
    fake.send(JSON.stringify({ ...other, type: 'StasisStart', args: [] }));
    fake.send(JSON.stringify(other));
    fake.replay(events.slice(0, 3));
    await waitFor('3 events', () => w.events.length >= 3);
    expect(w.events).toEqual(events.slice(0, 3));
    expect(adapter.stats()).toMatchObject({ ignored: 3, malformed: 0 });
    expect(lines.filter((l) => l.msg.includes('outside the model')).map((l) => l.data?.type)).toEqual(['ChannelTalkingStarted', 'StasisStart']);
  });

  it('ApplicationReplaced (another connection took the app): warned about, subscribed again at once under a fresh name; connected$ false → true', async () => {
    const { fake, adapter, lines, w } = await connect({ app: 'board1' });
    const first = adapter.app;
    fake.send(JSON.stringify({ type: 'ApplicationReplaced', timestamp: '2024-05-01T08:00:00.000+0000', application: first }));
    await waitFor('subscribed again', () => fake.upgrades.filter((u) => u.accepted).length === 2 && w.now, 2000);
    expect(w.connected).toEqual([false, true, false, true]);
    expect(adapter.app).not.toBe(first);
    expect(adapter.app).toMatch(/^board1-[0-9a-f]{8}$/);
    expect(fake.upgrades[1].query.app).toBe(adapter.app);
    expect(adapter.stats()).toMatchObject({ replaced: 1, connects: 2 });
    expect(lines.some((l) => l.level === 'warn' && l.msg.includes(`'${first}'`) && l.msg.includes('own app name'))).toBe(true);
  });

  it('an event with a cosmetic fault (no language, colon in the offset) is forwarded and counted as nonconforming', async () => {
    const { events } = fixture('originate-hangup');
    const first = events[0];
    if (first.type !== 'ChannelCreated') throw new Error('fixture starts with ChannelCreated');
    const { language: _language, ...channel } = first.channel;
    const odd = { ...first, timestamp: first.timestamp.replace('+0000', '+00:00'), channel };
    const { fake, adapter, w } = await connect();
    fake.send(JSON.stringify(odd));
    await waitFor('1 event', () => w.events.length >= 1);
    expect(w.events[0]).toEqual(odd);
    expect(adapter.stats()).toMatchObject({ forwarded: 1, nonconforming: 1, malformed: 0 });
  });
});

describe('parseAriMessage', () => {
  it('classifies', () => {
    const e = fixture('inbound-queue-call').events[0];
    expect(parseAriMessage(JSON.stringify(e))).toEqual({ kind: 'event', event: e, problems: [] });
    expect(parseAriMessage('{')).toEqual({ kind: 'malformed', reason: 'not JSON' });
    expect(parseAriMessage('{"type":"StasisEnd","timestamp":"t"}')).toEqual({ kind: 'ignored', type: 'StasisEnd', body: { type: 'StasisEnd', timestamp: 't' } });
    expect(parseAriMessage(JSON.stringify({ type: 'ChannelVarset', timestamp: 't', application: 'a', variable: 'X', value: '1' })).kind).toBe('event'); // global variable: no channel
  });
});
