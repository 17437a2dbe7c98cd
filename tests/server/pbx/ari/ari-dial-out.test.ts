/**
 * C-DIA campaign calls through the ARI adapter against the fake ARI: the originate it sends (trunk
 * endpoint, application and arguments, caller id, timeout, our channel id, CDR userfield and
 * accountcode), the outcome it reads from the channel's events, and what it does with an answered call
 * (the message then hang-up, or on into the queue's dialplan). Also: the simulator's own campaign
 * calls replayed to the adapter give the outcome the simulator gave.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAriAdapter, PbxError, type AriAdapter, type AriChannel, type AriEvent, type DialOutRequest } from '../../../../server/pbx';
import { outcomeOfCause, outcomeOfDialStatus } from '../../../../server/pbx/ari/dial-out';
import { startSim } from '../helpers';
import { FakeAri } from './fake-ari';
import { FAST, waitFor } from './wait';

let fake: FakeAri | null = null;
let adapter: AriAdapter | null = null;

afterEach(async () => {
  await adapter?.stop();
  await fake?.close();
  adapter = null;
  fake = null;
});

async function connect() {
  fake = await FakeAri.start();
  adapter = createAriAdapter({ url: fake.url, user: fake.user, password: fake.password, backoff: FAST });
  await adapter.start();
  await fake.waitForSocket();
  return { fake, adapter };
}

const request = (then: DialOutRequest['then'] = { kind: 'playback', soundPath: '/data/sounds/2/0f9c6b1e-1d2a-4c3b-9e8f-0123456789ab.wav' }): DialOutRequest => ({
  corpId: 2,
  campaignId: 7,
  trunkNumber: '551130001000',
  number: '5511999990001',
  timeoutSec: 25,
  then,
});

const TS = '2024-05-01T08:00:00.000+0000';

function channel(id: string, state: string): AriChannel {
  return {
    id,
    name: `PJSIP/trunk_551130001000-00000001`,
    state,
    protocol_id: '',
    caller: { name: '', number: '551130001000' },
    connected: { name: '', number: '5511999990001' },
    accountcode: '2',
    dialplan: { context: 'default', exten: 's', priority: 1, app_name: '', app_data: '' },
    creationtime: TS,
    language: 'en',
  };
}

const ev = (type: string, body: Record<string, unknown>) => JSON.stringify({ type, timestamp: TS, application: 'callboard', ...body });

/** the originate the fake received, and the channel id the adapter chose */
async function originated(f: FakeAri): Promise<{ id: string; query: Record<string, string>; body: unknown }> {
  await waitFor('the originate', () => f.requests.some((r) => r.method === 'POST' && r.path === '/ari/channels'));
  const r = f.requests.find((x) => x.method === 'POST' && x.path === '/ari/channels')!;
  return { id: r.query.channelId, query: r.query, body: r.body };
}

describe('C-DIA: ARI dialOut', () => {
  it('originates PJSIP/{number}@trunk_{trunk} for the application with the campaign args, caller id, timeout and CDR fields', async () => {
    const { fake, adapter } = await connect();
    const pending = adapter.dialOut(request());
    const { id, query, body } = await originated(fake);
    expect(query).toMatchObject({ endpoint: 'PJSIP/5511999990001@trunk_551130001000', app: adapter.app, appArgs: 'dialout,7', callerId: '551130001000', timeout: '25' });
    expect(adapter.app).toMatch(/^callboard-[0-9a-f]{8}$/);
    expect(id).toMatch(/^dialout-7-[0-9a-f-]{36}$/);
    expect(body).toEqual({ variables: { 'CDR(userfield)': 'dialer:7:5511999990001', 'CHANNEL(accountcode)': '2' } });
    fake.send(ev('Dial', { peer: channel(id, 'Down'), dialstring: '5511999990001@trunk_551130001000', dialstatus: '' }));
    fake.send(ev('ChannelStateChange', { channel: channel(id, 'Ringing') }));
    fake.send(ev('ChannelStateChange', { channel: channel(id, 'Up') }));
    expect(await pending).toEqual({ outcome: 'ANSWERED', channelId: id });
  });

  it('an answered msg call: StasisStart plays sound:{path} (no .wav), PlaybackFinished hangs it up, ChannelDestroyed forgets it', async () => {
    const { fake, adapter } = await connect();
    const pending = adapter.dialOut(request());
    const { id } = await originated(fake);
    fake.send(ev('ChannelStateChange', { channel: channel(id, 'Up') }));
    expect((await pending).outcome).toBe('ANSWERED');
    fake.send(ev('StasisStart', { args: ['dialout', '7'], channel: channel(id, 'Up') }));
    await waitFor('the playback', () => fake.requests.some((r) => r.path === `/ari/channels/${id}/play`));
    const play = fake.requests.find((r) => r.path === `/ari/channels/${id}/play`)!;
    expect(play.query.media).toBe('sound:/data/sounds/2/0f9c6b1e-1d2a-4c3b-9e8f-0123456789ab');
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fake.send(ev('PlaybackFinished', { playback: { id: 'someone-else', state: 'done' } }));
    fake.send(ev('PlaybackFinished', { playback: { id: play.query.playbackId, state: 'done' } }));
    await waitFor('the hang-up', () => fake.requests.some((r) => r.method === 'DELETE' && r.path === `/ari/channels/${id}`));
    expect(adapter.stats().dialOuts).toBe(1);
    fake.send(ev('ChannelDestroyed', { cause: 16, cause_txt: 'Normal Clearing', channel: channel(id, 'Up') }));
    await waitFor('the call forgotten', () => adapter.stats().dialOuts === 0);
  });

  it('an answered queue call gets the number dialled as its caller id, then continues into c{corp}-queues at the queue id, priority 1', async () => {
    const { fake, adapter } = await connect();
    const pending = adapter.dialOut(request({ kind: 'queue', queueId: 3 }));
    const { id } = await originated(fake);
    fake.send(ev('StasisStart', { args: ['dialout', '7'], channel: channel(id, 'Up') }));
    expect((await pending).outcome).toBe('ANSWERED');
    await waitFor('the continue', () => fake.requests.some((r) => r.path === `/ari/channels/${id}/continue`));
    expect(fake.requests.find((r) => r.path === `/ari/channels/${id}/continue`)!.query).toEqual({ context: 'c2-queues', extension: '3', priority: '1' });
    const variable = fake.requests.findIndex((r) => r.path === `/ari/channels/${id}/variable`);
    expect(fake.requests[variable].query).toEqual({ variable: 'CALLERID(num)', value: '5511999990001' });
    expect(variable).toBeLessThan(fake.requests.findIndex((r) => r.path === `/ari/channels/${id}/continue`));
    expect(fake.requests.some((r) => r.path.endsWith('/play'))).toBe(false);
  });

  it('busy, no answer and failure from the final Dial status or, without one, from the hangup cause (17 busy, 19/21 no answer, others failed)', async () => {
    const { fake, adapter } = await connect();
    const cases: { dial?: string; cause: number; expected: string }[] = [
      { dial: 'BUSY', cause: 17, expected: 'BUSY' },
      { dial: 'NOANSWER', cause: 16, expected: 'NO ANSWER' },
      { dial: 'CONGESTION', cause: 34, expected: 'FAILED' },
      { dial: 'CHANUNAVAIL', cause: 0, expected: 'FAILED' },
      { cause: 17, expected: 'BUSY' },
      { cause: 19, expected: 'NO ANSWER' },
      { cause: 21, expected: 'NO ANSWER' },
      { cause: 34, expected: 'FAILED' },
      { cause: 1, expected: 'FAILED' },
    ];
    for (const c of cases) {
      fake.requests.length = 0;
      const pending = adapter.dialOut(request());
      const { id } = await originated(fake);
      if (c.dial) fake.send(ev('Dial', { peer: channel(id, 'Down'), dialstring: 'x', dialstatus: c.dial }));
      fake.send(ev('ChannelDestroyed', { cause: c.cause, cause_txt: '', channel: channel(id, 'Down') }));
      expect({ ...c, got: (await pending).outcome }).toEqual({ ...c, got: c.expected });
      expect(fake.requests.some((r) => r.method === 'DELETE' || r.path.endsWith('/play'))).toBe(false);
    }
    await waitFor('every call forgotten', () => adapter.stats().dialOuts === 0);
    expect(outcomeOfDialStatus('RINGING')).toBeNull();
    expect(outcomeOfCause(18)).toBe('NO ANSWER');
  });

  it('refusals: a channel Asterisk will not create is FAILED; Asterisk down rejects unavailable; stopping mid-ring rejects stopped; bad input is invalid', async () => {
    const { fake, adapter } = await connect();
    fake.failNext = { status: 400, message: 'Allocation failed' };
    expect(await adapter.dialOut(request())).toEqual({ outcome: 'FAILED' });
    fake.failNext = { status: 503, message: 'busy' };
    await expect(adapter.dialOut(request())).rejects.toMatchObject({ code: 'unavailable' });
    await expect(adapter.dialOut({ ...request(), number: '12;34' })).rejects.toBeInstanceOf(PbxError);
    await expect(adapter.dialOut({ ...request(), timeoutSec: 0 })).rejects.toMatchObject({ code: 'invalid' });
    expect(adapter.stats().dialOuts).toBe(0);
    fake.requests.length = 0;
    const pending = adapter.dialOut(request());
    await originated(fake);
    const stopped = expect(pending).rejects.toMatchObject({ code: 'stopped' });
    await adapter.stop();
    await stopped;
    expect(adapter.stats().dialOuts).toBe(0);
  });

  it('the simulator’s campaign calls replayed to the adapter (channel ids swapped) give the simulator’s outcomes', async () => {
    const run = await startSim({ seed: 21, corps: [{ corpId: 2, extensions: [], queues: [] }] });
    const simOutcomes: string[] = [];
    const sequences: AriEvent[][] = [];
    // calls until each outcome came twice (a few dozen; bounded)
    const seen = () => ['ANSWERED', 'BUSY', 'NO ANSWER', 'FAILED'].every((o) => simOutcomes.filter((x) => x === o).length >= 2);
    for (let i = 0; i < 400 && !seen(); i++) {
      run.events.length = 0;
      const done = run.sim.dialOut({ ...request(), number: `55119999900${String(i).padStart(2, '0')}` });
      run.sim.advance(40_000);
      const r = await done;
      simOutcomes.push(r.outcome);
      sequences.push(run.events.filter((e) => ('channel' in e && e.channel?.id === r.channelId) || (e.type === 'Dial' && e.peer.id === r.channelId)));
    }
    expect(new Set(simOutcomes)).toEqual(new Set(['ANSWERED', 'BUSY', 'NO ANSWER', 'FAILED']));
    const { fake, adapter } = await connect();
    const adapterOutcomes: string[] = [];
    for (const events of sequences) {
      fake.requests.length = 0;
      const pending = adapter.dialOut(request());
      const { id } = await originated(fake);
      const simId = (events[0] as Extract<AriEvent, { type: 'ChannelCreated' }>).channel.id;
      for (const e of events) fake.send(JSON.stringify(e).replaceAll(`"${simId}"`, `"${id}"`));
      adapterOutcomes.push((await pending).outcome);
    }
    const tally = Object.fromEntries(['ANSWERED', 'BUSY', 'NO ANSWER', 'FAILED'].map((o) => [o, simOutcomes.filter((x) => x === o).length]));
    console.log(`[ari dialOut] ${simOutcomes.length} simulator calls replayed to the adapter: ${JSON.stringify(tally)}`);
    expect(adapterOutcomes).toEqual(simOutcomes);
  });
});
