/**
 * Determinism: the same seed gives the same event sequence, another seed a different one; recorded
 * sequences are kept as fixtures (tests/server/pbx/fixtures) for a later fake-ARI test.
 * UPDATE_FIXTURES=1 rewrites them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AriEvent, SimCorp } from '../../../server/pbx';
import { advanceUntil, busyCorp, hashEvents, line, startSim } from './helpers';

const N = 5000;

async function firstEvents(seed: number, n = N): Promise<AriEvent[]> {
  const run = await startSim({ seed, corps: [busyCorp(2), { ...busyCorp(3), queues: busyCorp(3).queues.slice(0, 1) }] }, true);
  advanceUntil(run.sim, () => run.events.length >= n, 60_000);
  return run.events.slice(0, n);
}

describe('determinism', () => {
  it(`same seed ⇒ identical first ${N} events; different seed ⇒ different`, async () => {
    const a = await firstEvents(42);
    const b = await firstEvents(42);
    const c = await firstEvents(43);
    const [ha, hb, hc] = [a, b, c].map(hashEvents);
    console.log(`[determinism] seed 42: ${ha.slice(0, 16)} (twice), seed 43: ${hc.slice(0, 16)}; ${a[0].timestamp} .. ${a[N - 1].timestamp}`);
    expect(hb).toBe(ha);
    expect(hc).not.toBe(ha);
    expect(new Set(a.map((e) => e.type)).size).toBeGreaterThan(12);
  });
});

// ------------------------------------------------------------------------------- fixtures

const small: SimCorp = {
  corpId: 2,
  extensions: [
    { number: '1001', userName: 'Ann' },
    { number: '1002', userName: 'Bob' },
  ],
  queues: [{ id: 1, name: 'Sales', strategy: 'ringall', members: ['1001', '1002'], callsPerHour: 20 }],
};
const quiet = { offlineAtStart: 0, unregisterPerHour: 0 };

interface Fixture {
  description: string;
  seed: number;
  corps: SimCorp[];
  events: AriEvent[];
}

function fixturePath(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}.json`, import.meta.url));
}

function compareWithFixture(name: string, fixture: Fixture): void {
  const path = fixturePath(name);
  if (process.env.UPDATE_FIXTURES === '1') {
    const body = fixture.events.map((e) => `    ${JSON.stringify(e)}`).join(',\n');
    const head = JSON.stringify({ description: fixture.description, seed: fixture.seed, corps: fixture.corps });
    writeFileSync(path, `${head.slice(0, -1)},\n  "events": [\n${body}\n  ]\n}\n`);
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Fixture;
  expect(fixture.events).toEqual(stored.events);
}

describe('recorded sequences (fixtures)', () => {
  it('an inbound queue call: IVR, ringall, answer, talk, hang-up', async () => {
    const run = await startSim({ seed: 7, corps: [small], traffic: { ...quiet, holdProbability: 0 } });
    advanceUntil(run.sim, () => run.events.length > 0, 1000);
    run.sim.setCorp({ ...small, queues: [{ ...small.queues[0], callsPerHour: 0 }] }); // this call only
    advanceUntil(run.sim, () => run.sink.queueLog.some((r) => r.event.startsWith('COMPLETE')), 1000);
    const events = run.events;
    expect(run.sim.stats()).toMatchObject({ channels: 0, calls: 0, bridges: 0 });
    expect(events.map(line).slice(0, 8)).toEqual([
      'ChannelCreated PJSIP/2_trunk',
      'ChannelDialplan PJSIP/2_trunk Set',
      'ChannelVarset PJSIP/2_trunk CORP_ID',
      'ChannelDialplan PJSIP/2_trunk Set',
      'ChannelCallerId PJSIP/2_trunk',
      'ChannelDialplan PJSIP/2_trunk Answer',
      'ChannelStateChange PJSIP/2_trunk Up',
      'ChannelDialplan PJSIP/2_trunk BackGround',
    ]);
    expect(events.map(line)).toEqual(
      expect.arrayContaining(['ChannelDialplan PJSIP/2_trunk Queue', 'Dial PJSIP/2_1001 "RINGING"', 'Dial PJSIP/2_1002 "RINGING"', 'ChannelDestroyed PJSIP/2_trunk 16']),
    );
    compareWithFixture('inbound-queue-call', { description: 'seed 7, corp 2: one inbound call through the IVR to queue 2_1 (ringall), answered, hung up', seed: 7, corps: [small], events });
  });

  it('originate 1001 → 1002, answered, then hung up by command', async () => {
    const run = await startSim({ seed: 7, corps: [{ ...small, queues: [] }], traffic: { ...quiet, holdProbability: 0 } });
    run.sim.advance(10_000);
    run.events.length = 0;
    const { channelId } = await run.sim.originate({ corpId: 2, from: '1001', to: '1002' });
    advanceUntil(run.sim, () => run.events.some((e) => e.type === 'BridgeCreated'), 500);
    run.sim.advance(5000);
    await run.sim.hangup(channelId);
    expect(run.events.map(line)).toEqual([
      'ChannelCreated PJSIP/2_1001',
      'Dial PJSIP/2_1001 "" (no caller)',
      'ChannelStateChange PJSIP/2_1001 Ringing',
      'DeviceStateChanged PJSIP/2_1001 RINGING',
      'Dial PJSIP/2_1001 "RINGING" (no caller)',
      'ChannelStateChange PJSIP/2_1001 Up',
      'DeviceStateChanged PJSIP/2_1001 INUSE',
      'Dial PJSIP/2_1001 "ANSWER" (no caller)',
      'ChannelDialplan PJSIP/2_1001 Dial',
      'ChannelCreated PJSIP/2_1002',
      'Dial PJSIP/2_1002 ""',
      'ChannelStateChange PJSIP/2_1002 Ringing',
      'DeviceStateChanged PJSIP/2_1002 RINGING',
      'Dial PJSIP/2_1002 "RINGING"',
      'ChannelStateChange PJSIP/2_1002 Up',
      'DeviceStateChanged PJSIP/2_1002 INUSE',
      'Dial PJSIP/2_1002 "ANSWER"',
      'ChannelConnectedLine PJSIP/2_1001',
      'BridgeCreated',
      'ChannelEnteredBridge PJSIP/2_1001',
      'ChannelEnteredBridge PJSIP/2_1002',
      'ChannelVarset PJSIP/2_1001 BRIDGEPEER',
      'ChannelVarset PJSIP/2_1002 BRIDGEPEER',
      'ChannelVarset PJSIP/2_1001 MIXMONITOR_FILENAME',
      'ChannelHangupRequest PJSIP/2_1001 16 soft',
      'ChannelLeftBridge PJSIP/2_1001',
      'ChannelHangupRequest PJSIP/2_1002 16 soft',
      'ChannelLeftBridge PJSIP/2_1002',
      'ChannelVarset PJSIP/2_1001 DIALSTATUS',
      'ChannelDestroyed PJSIP/2_1001 16',
      'DeviceStateChanged PJSIP/2_1001 NOT_INUSE',
      'ChannelDestroyed PJSIP/2_1002 16',
      'DeviceStateChanged PJSIP/2_1002 NOT_INUSE',
      'BridgeDestroyed',
    ]);
    const cdr = run.sink.cdr.at(-1)!;
    expect(cdr).toMatchObject({ src: '1001', dst: '1002', disposition: 'ANSWERED', lastapp: 'Dial', uniqueid: channelId, corpId: 2 });
    expect(cdr.billsec).toBeGreaterThanOrEqual(5);
    compareWithFixture('originate-hangup', { description: 'seed 7, corp 2: originate 1001 → 1002, answered, hung up by command after 5 s', seed: 7, corps: [small], events: run.events });
  });
});
