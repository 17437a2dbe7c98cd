/**
 * The dense floor drawn in a worker (kiosk/boards/floor-surface.ts): the page's feed sends each task's
 * changes in one message, a tile's look and timer together, with the events they show when a benchmark
 * measures; the drawer tells the events back at the frame that draws them.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { EXT_STATUS } from '../../domain';
import { createFloorDrawer, type TileChange } from '../../kiosk/boards/floor-drawer';
import { createFloorFeed, statusColours } from '../../kiosk/boards/tile-canvas';
import type { FitResult } from '../../kiosk/layout/auto-fit';
import { createTimerPainter } from '../../kiosk/live/timer-painter';
import { extensionMachine } from '../../machines/extension-machine';
import { ev, ext } from '../machines/fixtures';
import { textContext } from './text-context';

const NAMED: FitResult = { columns: 3, rows: 2, tileWidth: 92, tileHeight: 37, gap: 3, fontPx: 20, secondaryFontPx: 12, timerFontPx: 12, detail: 'name-timer', minFontPx: 13, nameMinFontPx: 12, overflow: false, perPage: 6 };

function feedRig(numbers: string[], carryShown: boolean) {
  const clock = new SimulatedClock();
  const actors = numbers.map((number) => createActor(extensionMachine, { input: { extension: ext(number, EXT_STATUS.online, { userName: `Agent ${number}` }), hangupDisplayMs: 2000 }, clock }).start());
  const messages: TileChange[][] = [];
  const painter = createTimerPainter();
  const feed = createFloorFeed({ fit: NAMED, painter, now: () => 0, send: (changes) => messages.push(changes), batch: 'task', carryShown });
  actors.forEach((actor, index) => {
    feed.paint(index, numbers[index], actor.getSnapshot());
    actor.subscribe((snapshot) => feed.paint(index, numbers[index], snapshot));
  });
  const endOfTask = () => new Promise<void>((resolve) => queueMicrotask(resolve));
  return { actors, messages, painter, feed, endOfTask };
}

describe('the floor drawn in a worker (H-PERF-01 H-PERF-02)', () => {
  it('H-PERF-01 sends each task\'s changes in one message: every tile\'s first look, then what changed, a look and its timer together, with the events shown when measured', async () => {
    const { actors, messages, painter, feed, endOfTask } = feedRig(['201', '202', '203'], true);
    expect(messages).toEqual([]);
    await endOfTask();
    expect(messages).toHaveLength(1);
    expect(messages[0].map((c) => [c.index, c.look?.number, c.look?.tone, c.look?.userName])).toEqual([
      [0, '201', 'online', 'Agent 201'],
      [1, '202', 'online', 'Agent 202'],
      [2, '203', 'online', 'Agent 203'],
    ]);
    messages.length = 0;
    actors[1].send(ev.ringing({ number: '202', peer: '5551234', at: 10_000 }));
    actors[2].send(ev.connected({ number: '203', peer: '5551234', at: 10_500 }));
    actors[1].send(ev.connected({ number: '202', peer: '5551234', at: 11_000 }));
    await endOfTask();
    expect(messages).toHaveLength(1);
    // 202 once, as it is now (in use), with both events it showed; its timer with it
    expect(messages[0]).toEqual([
      { index: 1, look: { number: '202', tone: 'inUse', userName: 'Agent 202' }, timer: '00:00', shown: [10_000, 11_000] },
      { index: 2, look: { number: '203', tone: 'inUse', userName: 'Agent 203' }, timer: '00:00', shown: [10_500] },
    ]);
    // the shared clock's second: the timers alone
    messages.length = 0;
    painter.paint(12_000);
    await endOfTask();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual(
      expect.arrayContaining([
        { index: 1, timer: '00:01' },
        { index: 2, timer: '00:02' },
      ]),
    );
    expect(messages[0]).toHaveLength(2);
    feed.dispose();
    expect(painter.size).toBe(0);
    messages.length = 0;
    actors[0].send(ev.ringing({ number: '201', peer: '5551234', at: 20_000 }));
    await endOfTask();
    expect(messages).toEqual([]);
  });

  it('H-PERF-01 carries no event times when nobody measures', async () => {
    const { actors, messages, endOfTask } = feedRig(['201'], false);
    await endOfTask();
    actors[0].send(ev.ringing({ number: '201', peer: '5551234', at: 10_000 }));
    await endOfTask();
    expect(messages[1]).toEqual([{ index: 0, look: { number: '201', tone: 'ringing', userName: 'Agent 201' }, timer: '00:00' }]);
  });

  it('H-PERF-01 the drawer draws a frame\'s changes once and tells the events it drew in that frame', () => {
    const frames: (() => void)[] = [];
    const told: number[][] = [];
    const { context, texts: drawnTexts } = textContext();
    const drawer = createFloorDrawer(context, 2, {
      fit: NAMED,
      colours: statusColours((name) => name),
      fontFamily: 'Inter',
      pixelRatio: 1,
      withTimer: true,
      frame: (draw) => frames.push(draw),
      drawn: (shown) => told.push(shown),
    });
    drawer.update([{ index: 0, look: { number: '201', tone: 'online', userName: '' } }, { index: 1, look: { number: '202', tone: 'online', userName: '' } }]);
    drawer.update([{ index: 1, look: { number: '202', tone: 'ringing', userName: '' }, timer: '00:00', shown: [10_000] }]);
    expect(frames).toHaveLength(1);
    frames.splice(0)[0]();
    expect(drawnTexts).toEqual(['201', '202', '00:00']);
    expect(drawer.statusAt(1)).toBe('ringing');
    expect(told).toEqual([[10_000]]);
    // a timer of a tile not seen yet is nothing to draw; after dispose nothing is
    drawer.update([{ index: 5, timer: '00:01' }]);
    expect(frames).toEqual([]);
    drawer.dispose();
    drawer.update([{ index: 0, timer: '00:01' }]);
    expect(frames).toEqual([]);
  });
});
