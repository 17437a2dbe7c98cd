import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { AGENT_STATUS, EXT_STATUS, NO_AGENT_STATE } from '../../domain';
import { extensionMachine } from '../../machines/extension-machine';
import { PAUSED_OVER, STATUS_LOOK } from '../../src/ui/ext-status';
import { NO_PROBE, type BenchProbe } from '../../kiosk/live/probe';
import type { TimerPainter, TimerTarget } from '../../kiosk/live/timer-painter';
import { createTilePaint, type PaintedElement } from '../../kiosk/boards/tile-painter';
import { ev, ext } from '../machines/fixtures';

/** An element that records what was written into it. */
function element() {
  const writes: string[] = [];
  const props: Record<string, string> = {};
  const attrs: Record<string, string> = {};
  let text: string | null = '';
  const node: PaintedElement = {
    get textContent() {
      return text;
    },
    set textContent(value) {
      writes.push(`text=${value}`);
      text = value;
    },
    style: {
      setProperty(name, value) {
        writes.push(`${name}=${value}`);
        props[name] = value;
      },
    },
    setAttribute(name, value) {
      writes.push(`@${name}=${value}`);
      attrs[name] = value;
    },
  };
  return { node, writes, props, attrs };
}

function rig(options: { privacy?: boolean; inline?: boolean; now?: () => number; noParty?: boolean } = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(extensionMachine, { input: { extension: ext('201', EXT_STATUS.online, { userName: 'Maria Aparecida Santos' }), hangupDisplayMs: 2000 }, clock }).start();
  const root = element();
  const icon = element();
  const user = element();
  const party = element();
  const timerNode: TimerTarget = { textContent: '' };
  const timers: { start: number; stopped: boolean }[] = [];
  const painter: TimerPainter = {
    register(_node, start) {
      const entry = { start, stopped: false };
      timers.push(entry);
      return () => {
        entry.stopped = true;
      };
    },
    paint: () => undefined,
    size: 0,
  };
  const shown: number[] = [];
  const probe: BenchProbe = { ...NO_PROBE, shown: (ts) => shown.push(ts) };
  const tile = createTilePaint(
    { root: root.node, icon: options.inline === false ? null : icon.node, user: user.node, party: options.noParty ? null : party.node, timer: timerNode },
    { painter, probe, privacy: options.privacy ?? false, nameChars: 12, now: options.now ?? (() => 0), listeningLabel: (mode) => `spy.${mode}` },
  );
  tile.paint(actor.getSnapshot());
  const subscription = actor.subscribe((snapshot) => tile.paint(snapshot));
  return { clock, actor, root, icon, user, party, timers, shown, tile, subscription };
}

const running = (timers: { start: number; stopped: boolean }[]) => timers.filter((t) => !t.stopped).map((t) => t.start);

describe('the kiosk tile painter (issue 4: one tile per extension, its state at once)', () => {
  it('paints the whole tile first: state colours, status, icon, the name fitted, no timer while online', () => {
    const { root, icon, user, party, timers, shown } = rig();
    expect(root.props['--tile-bg']).toBe(`var(${STATUS_LOOK[EXT_STATUS.online].token})`);
    expect(root.props['--tile-fg']).toBe(`var(${STATUS_LOOK[EXT_STATUS.online].token}-fg)`);
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.online));
    expect(icon.props['background-image']).toBe(`var(--kiosk-icon-${STATUS_LOOK[EXT_STATUS.online].tone})`);
    expect(user.node.textContent).toBe('Maria Santos');
    expect(user.attrs.title).toBe('Maria Aparecida Santos');
    expect(party.node.textContent).toBe('');
    expect(running(timers)).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('a call: ringing with its party and timer, in use from the answer; events that show nothing new write nothing', () => {
    const { actor, root, party, timers, shown } = rig();
    actor.send(ev.ringing({ number: '201', peer: '5551234', at: 10_000 }));
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.ringing));
    expect(party.node.textContent).toBe('5551234');
    expect(running(timers)).toEqual([10_000]);
    actor.send(ev.connected({ number: '201', peer: '5551234', at: 12_000 }));
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.inUse));
    expect(running(timers)).toEqual([12_000]);
    const writes = root.writes.length + party.writes.length;
    // the device confirms the call the machine already has: a new snapshot, nothing new on screen
    actor.send(ev.device(EXT_STATUS.inUse, { number: '201', callStart: 12_000, peer: '5551234', at: 12_050 }));
    expect(root.writes.length + party.writes.length).toBe(writes);
    expect(timers).toHaveLength(2);
    expect(shown).toEqual([10_000, 12_000]);
  });

  it('hangup shows, then online by itself without a probe report; dispose stops the timer', () => {
    const { actor, clock, root, timers, shown, tile } = rig();
    actor.send(ev.connected({ number: '201', at: 12_000 }));
    actor.send(ev.hangup({ number: '201', callId: 'c1.1', at: 30_000 }));
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.hangup));
    expect(running(timers)).toEqual([]);
    clock.increment(2000);
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.online));
    expect(shown).toEqual([12_000, 30_000]);
    actor.send(ev.connected({ number: '201', at: 40_000 }));
    expect(running(timers)).toEqual([40_000]);
    tile.dispose();
    expect(running(timers)).toEqual([]);
  });

  it('masks an outside party with the screen privacy; without an icon element (densest floors) no image is drawn', () => {
    const { actor, party, root } = rig({ privacy: true, inline: false });
    actor.send(ev.ringing({ number: '201', peer: '11987654321', at: 10_000 }));
    expect(party.node.textContent).toBe('••••••321');
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.ringing));
    expect(root.props['background-image']).toBeUndefined();
  });
});

describe('the kiosk tile painter: agent states (G-AGS)', () => {
  afterEach(() => vi.useRealTimers());

  it('G-AGS-02 G-PAU-05 a paused agent shows paused with the time since its pause, and the warning colour past its maximum, with no event', () => {
    vi.useFakeTimers();
    let now = 10_000;
    const { actor, root, timers } = rig({ now: () => now });
    const pause = { queues: [1], reason: 'BREAK', label: 'Break', since: 9_000, warnAfterMs: 60_000 };
    actor.send({ type: 'AGENT', corpId: 7, number: '201', agent: { ...NO_AGENT_STATE, pause }, at: now });
    expect(root.attrs['data-status']).toBe(String(AGENT_STATUS.paused));
    expect(root.props['--tile-bg']).toBe(`var(${STATUS_LOOK[AGENT_STATUS.paused].token})`);
    expect(running(timers)).toEqual([9_000]);
    now = 9_000 + 60_001;
    vi.advanceTimersByTime(60_000);
    expect(root.props['--tile-bg']).toBe(`var(${STATUS_LOOK[PAUSED_OVER].token})`);
    expect(root.attrs['data-status']).toBe(String(AGENT_STATUS.paused));
  });

  it('G-AGS-01 G-AGS-03 wrap-up shows until its end, then available; DND over it; a call shows over both', () => {
    vi.useFakeTimers();
    let now = 100_000;
    const { actor, root, timers } = rig({ now: () => now });
    actor.send({ type: 'AGENT', corpId: 7, number: '201', agent: { ...NO_AGENT_STATE, wrapUp: { since: 100_000, until: 110_000 } }, at: now });
    expect(root.attrs['data-status']).toBe(String(AGENT_STATUS.wrapUp));
    expect(running(timers)).toEqual([100_000]);
    now = 110_020;
    vi.advanceTimersByTime(10_100);
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.online));
    expect(running(timers)).toEqual([]);
    actor.send({ type: 'AGENT', corpId: 7, number: '201', agent: { ...NO_AGENT_STATE, dndSince: 105_000 }, at: now });
    expect(root.attrs['data-status']).toBe(String(AGENT_STATUS.dnd));
    actor.send(ev.device(EXT_STATUS.inUse, { at: now }));
    expect(root.attrs['data-status']).toBe(String(EXT_STATUS.inUse));
  });
});

describe('the kiosk tile painter: a supervisor\'s listening leg (G-SPY-05)', () => {
  it('G-SPY-05 marks the tile with the mode (data-listening: kiosk.css draws the mark) and its words with the party as the title while the call is a listening leg; an ordinary call writes no mark', () => {
    const { actor, party, root } = rig();
    actor.send(ev.connected({ number: '201', peer: '5551234', at: 12_000 }));
    expect(party.node.textContent).toBe('5551234');
    expect(root.attrs['data-listening']).toBeUndefined();
    expect(root.attrs.title).toBeUndefined();
    actor.send(ev.device(EXT_STATUS.inUse, { number: '201', callStart: 12_000, peer: '202', listening: 'listen', at: 13_000 }));
    expect(party.node.textContent).toBe('202');
    expect(root.attrs).toMatchObject({ 'data-listening': 'listen', title: 'spy.listen 202' });
    actor.send(ev.device(EXT_STATUS.inUse, { number: '201', listening: 'barge', at: 14_000 }));
    expect(root.attrs).toMatchObject({ 'data-listening': 'barge', title: 'spy.barge 202' });
    actor.send(ev.hangup({ number: '201', callId: 'c1.1', at: 20_000 }));
    expect(party.node.textContent).toBe('');
    expect(root.attrs).toMatchObject({ 'data-listening': '', title: '' });
  });

  it('G-SPY-05 the title masks an outside party with the screen privacy; without a party line (smaller tiles) the tile still says it', () => {
    const masked = rig({ privacy: true });
    masked.actor.send(ev.device(EXT_STATUS.inUse, { number: '201', callStart: 12_000, peer: '11987654321', listening: 'whisper', at: 13_000 }));
    expect(masked.party.node.textContent).toBe('••••••321');
    expect(masked.root.attrs).toMatchObject({ 'data-listening': 'whisper', title: 'spy.whisper ••••••321' });
    const small = rig({ noParty: true });
    small.actor.send(ev.device(EXT_STATUS.inUse, { number: '201', callStart: 12_000, peer: '202', listening: 'listen', at: 13_000 }));
    expect(small.root.attrs).toMatchObject({ 'data-listening': 'listen', title: 'spy.listen 202' });
    expect(small.party.writes).toEqual([]);
  });
});
