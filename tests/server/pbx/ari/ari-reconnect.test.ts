/**
 * The ARI adapter keeps its event stream: after a dropped socket, after Asterisk restarts on the same
 * port, after a socket that went silent (no pongs); with connected$ false → true each time and the
 * events resuming. stop() ends it for good, also while it is waiting to retry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay, createAriAdapter, DEFAULT_BACKOFF, PbxError, type AriAdapter } from '../../../../server/pbx';
import { FakeAri } from './fake-ari';
import { FAST, fixture, memoryLog, sleep, waitFor, watch } from './wait';

let fake: FakeAri | null = null;
let adapter: AriAdapter | null = null;

afterEach(async () => {
  await adapter?.stop();
  await fake?.close();
  adapter = null;
  fake = null;
});

async function setup(options: { autoPong?: boolean; pingIntervalMs?: number } = {}) {
  fake = await FakeAri.start({ autoPong: options.autoPong });
  const { log, lines } = memoryLog();
  adapter = createAriAdapter({ url: fake.url, user: fake.user, password: fake.password, log, backoff: FAST, pingIntervalMs: options.pingIntervalMs });
  const w = watch(adapter);
  await adapter.start();
  await fake.waitForSocket();
  return { fake, adapter, w, lines };
}

const { events } = fixture('inbound-queue-call');
const half = Math.floor(events.length / 2);

describe('ARI adapter reconnects', () => {
  it('after the server drops the socket: connected$ false → true, events resume, none lost from the new stream', async () => {
    const { fake, adapter, w, lines } = await setup();
    fake.replay(events.slice(0, half));
    await waitFor('first half', () => w.events.length >= half);
    fake.dropSockets();
    await waitFor('reconnected', () => w.connected.length >= 4 && w.now && fake.openSockets === 1);
    expect(w.connected).toEqual([false, true, false, true]);
    fake.replay(events.slice(half));
    await waitFor('second half', () => w.events.length >= events.length);
    expect(w.events).toEqual(events);
    expect(adapter.stats()).toMatchObject({ connects: 2, failures: 1, forwarded: events.length });
    expect(fake.upgrades.filter((u) => u.accepted)).toHaveLength(2);
    expect(lines.some((l) => l.msg === 'ari: event stream lost')).toBe(true);
  });

  it('after a full restart on the same port (down for a while: several failed attempts first)', async () => {
    const { fake, adapter, w } = await setup();
    const port = fake.port;
    fake.replay(events.slice(0, half));
    await waitFor('first half', () => w.events.length >= half);
    await fake.close();
    await waitFor('disconnected', () => !w.now);
    await waitFor('a few failed attempts', () => adapter.stats().failures >= 4, 5000);
    expect(w.now).toBe(false);
    await fake.listen(port);
    expect(fake.port).toBe(port);
    await waitFor('reconnected', () => w.now && fake.openSockets === 1, 5000);
    expect(w.connected).toEqual([false, true, false, true]);
    fake.replay(events.slice(half));
    await waitFor('second half', () => w.events.length >= events.length);
    expect(w.events).toEqual(events);
    // the REST side works again too
    await expect(adapter.snapshot()).resolves.toMatchObject({ channels: [], endpoints: [], bridges: [] });
  });

  it('while Asterisk is down at start: start() resolves after the first failed attempt, then connects when it comes', async () => {
    fake = await FakeAri.start();
    const port = fake.port;
    await fake.close();
    adapter = createAriAdapter({ url: `http://127.0.0.1:${port}`, user: fake.user, password: fake.password, backoff: FAST });
    const w = watch(adapter);
    const t0 = Date.now();
    await adapter.start();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(w.now).toBe(false);
    await sleep(300);
    await fake.listen(port);
    await waitFor('connected', () => w.now, 5000);
    expect(w.connected).toEqual([false, true]);
  });

  it('a silent socket (no pong) is dropped and replaced', async () => {
    const { fake, adapter, w, lines } = await setup({ autoPong: false, pingIntervalMs: 60 });
    await waitFor('a second connection', () => adapter.stats().connects >= 2, 3000);
    expect(w.connected.slice(0, 4)).toEqual([false, true, false, true]);
    expect(lines.some((l) => l.msg.startsWith('ari: no pong'))).toBe(true);
    expect(fake.upgrades.filter((u) => u.accepted).length).toBeGreaterThanOrEqual(2);
  });

  it('a socket that answers pings stays up', async () => {
    const { adapter, w } = await setup({ pingIntervalMs: 40 });
    await sleep(400);
    expect(adapter.stats().connects).toBe(1);
    expect(w.connected).toEqual([false, true]);
  });
});

describe('ARI adapter stop()', () => {
  it('closes the stream, connected$ false, no more attempts; commands reject with stopped', async () => {
    const { fake, adapter, w } = await setup();
    await adapter.stop();
    expect(w.connected).toEqual([false, true, false]);
    await waitFor('server saw the close', () => fake.openSockets === 0, 2000);
    await sleep(500); // several backoff periods
    expect(fake.upgrades).toHaveLength(1);
    await expect(adapter.snapshot()).rejects.toMatchObject({ code: 'stopped' });
    await expect(adapter.hangup('x')).rejects.toBeInstanceOf(PbxError);
  });

  it('while waiting to retry: the pending attempt never happens', async () => {
    const { fake, adapter, w } = await setup();
    const port = fake.port;
    await fake.close();
    await waitFor('failing', () => adapter.stats().failures >= 3, 5000);
    await adapter.stop();
    const failures = adapter.stats().failures;
    await fake.listen(port);
    await sleep(500);
    expect(fake.upgrades).toHaveLength(1);
    expect(adapter.stats().failures).toBe(failures);
    expect(w.now).toBe(false);
  });

  it('start() after stop() connects again', async () => {
    const { fake, adapter, w } = await setup();
    await adapter.stop();
    await adapter.start();
    await waitFor('connected again', () => w.now && fake.openSockets === 1, 3000);
    expect(w.connected).toEqual([false, true, false, true]);
  });
});

describe('backoff', () => {
  it('doubles from 0.1 s, capped at 1 s (issue 12, defect 4: the stream is back within a second of Asterisk), with up to 30 % jitter taken off', () => {
    const none = () => 0;
    const most = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 10, 100].map((a) => backoffDelay(a, DEFAULT_BACKOFF, none))).toEqual([100, 200, 400, 800, 1000, 1000, 1000, 1000, 1000]);
    expect(backoffDelay(0, DEFAULT_BACKOFF, most)).toBe(70);
    expect(backoffDelay(100, DEFAULT_BACKOFF, most)).toBe(700);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(3, DEFAULT_BACKOFF)));
    expect(spread.size).toBeGreaterThan(10);
    for (const d of spread) expect(d >= 560 && d <= 800).toBe(true);
  });
});
