import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { EXT_STATUS, type ExtStatus } from '../../domain';
import { extensionMachine } from '../../machines/extension-machine';
import { STATUS_LOOK } from '../../src/ui/ext-status';
import type { BenchProbe } from '../../kiosk/live/bench-probe';
import type { FitResult } from '../../kiosk/layout/auto-fit';
import { createCanvasFloor, floorSize, statusColours, tileBox, type FloorContext } from '../../kiosk/boards/tile-canvas';
import { ev, ext } from '../machines/fixtures';

const FIT: FitResult = { columns: 3, rows: 2, tileWidth: 40, tileHeight: 20, gap: 2, fontPx: 14, secondaryFontPx: 7, timerFontPx: 8, detail: 'number', minFontPx: 14, overflow: false, perPage: 6 };

/** A 2D context that records each tile drawn: where, in which colours, with which text. */
function recordingContext() {
  const drawn: { box: number[]; bg: string; fg: string; text: string; x: number; maxWidth: number | undefined; font: string }[] = [];
  const cleared: number[][] = [];
  let transform: number[] = [];
  let box: number[] = [];
  let bg = '';
  const context: FloorContext = {
    fillStyle: '',
    font: '',
    textBaseline: 'alphabetic',
    textAlign: 'start',
    clearRect: (...r) => cleared.push(r),
    beginPath: () => undefined,
    roundRect: (x, y, w, h) => {
      box = [x, y, w, h];
    },
    fill: () => {
      bg = String(context.fillStyle);
    },
    fillText: (text, x, _y, maxWidth) => drawn.push({ box, bg, fg: String(context.fillStyle), text, x, maxWidth, font: context.font }),
    setTransform: (...m) => {
      transform = m;
    },
  };
  return { context, drawn, cleared, transform: () => transform };
}

const colours = statusColours((name) => `colour(${name})`);
const bgOf = (status: ExtStatus) => `colour(${STATUS_LOOK[status].token})`;
const fgOf = (status: ExtStatus) => `colour(${STATUS_LOOK[status].token}-fg)`;

function rig(numbers: string[]) {
  const clock = new SimulatedClock();
  const actors = numbers.map((number) => createActor(extensionMachine, { input: { extension: ext(number, EXT_STATUS.online), hangupDisplayMs: 2000 }, clock }).start());
  const recording = recordingContext();
  const shown: number[] = [];
  const probe: BenchProbe = { shown: (ts) => shown.push(ts), setReady: () => undefined, setTiles: () => undefined };
  const floor = createCanvasFloor(recording.context, numbers.length, { fit: FIT, colours, fontFamily: 'Inter', pixelRatio: 2, probe, now: () => 0 });
  actors.forEach((actor, index) => {
    floor.paint(index, numbers[index], actor.getSnapshot());
    actor.subscribe((snapshot) => floor.paint(index, numbers[index], snapshot));
  });
  return { clock, actors, floor, shown, ...recording };
}

describe('the densest Agents floors on one canvas (issue 4: every extension a tile; issue 13: the wallboard at 2,000 tiles)', () => {
  it('places tiles in rows of the fit\'s columns, a short last row from the left; the canvas is the rows\' block', () => {
    expect([0, 1, 2, 3, 4].map((i) => tileBox(i, FIT))).toEqual([
      { x: 0, y: 0, w: 40, h: 20 },
      { x: 42, y: 0, w: 40, h: 20 },
      { x: 84, y: 0, w: 40, h: 20 },
      { x: 0, y: 22, w: 40, h: 20 },
      { x: 42, y: 22, w: 40, h: 20 },
    ]);
    expect(floorSize(5, FIT)).toEqual({ width: 124, height: 42 });
    expect(floorSize(2, FIT)).toEqual({ width: 82, height: 20 });
    expect(floorSize(0, FIT)).toEqual({ width: 0, height: 0 });
  });

  it('reads each state\'s fill and text colour from the kiosk tokens (light or dark theme)', () => {
    for (const status of Object.values(EXT_STATUS)) expect(colours[STATUS_LOOK[status].tone]).toEqual({ bg: bgOf(status), fg: fgOf(status) });
    for (const look of Object.values(STATUS_LOOK)) expect(colours[look.tone]).toEqual({ bg: `colour(${look.token})`, fg: `colour(${look.token}-fg)` });
    expect(statusColours(() => '').online).toEqual({ bg: 'grey', fg: 'white' });
  });

  it('draws every tile first, in device pixels: its state colour, the number bold in the text colour, narrowed to the tile; no probe report', () => {
    const { drawn, transform, shown, floor } = rig(['201', '202', '203', '204']);
    expect(transform()).toEqual([2, 0, 0, 2, 0, 0]);
    expect(drawn.map((d) => d.text)).toEqual(['201', '202', '203', '204']);
    expect(drawn[3]).toMatchObject({ box: [0, 22, 40, 20], bg: bgOf(EXT_STATUS.online), fg: fgOf(EXT_STATUS.online), font: '700 14px Inter', x: 3, maxWidth: 34 });
    expect(floor.statusAt(3)).toBe('online');
    expect(shown).toEqual([]);
  });

  it('a state change redraws its tile only, once per state, and reports the event to the probe; the machine\'s own hangup → online is not reported', () => {
    const { actors, drawn, shown, clock, floor, cleared } = rig(['201', '202', '203']);
    drawn.length = 0;
    cleared.length = 0;
    actors[1].send(ev.ringing({ number: '202', peer: '5551234', at: 10_000 }));
    actors[1].send(ev.connected({ number: '202', peer: '5551234', at: 12_000 }));
    // the device confirms the call the machine already has: a new snapshot, the same state on screen
    actors[1].send(ev.device(EXT_STATUS.inUse, { number: '202', callStart: 12_000, peer: '5551234', at: 12_050 }));
    expect(drawn.map((d) => [d.text, d.bg])).toEqual([
      ['202', bgOf(EXT_STATUS.ringing)],
      ['202', bgOf(EXT_STATUS.inUse)],
    ]);
    expect(cleared).toEqual([
      [42, 0, 40, 20],
      [42, 0, 40, 20],
    ]);
    actors[1].send(ev.hangup({ number: '202', callId: 'c1.1', at: 30_000 }));
    clock.increment(2000);
    expect(drawn.map((d) => d.bg).slice(2)).toEqual([bgOf(EXT_STATUS.hangup), bgOf(EXT_STATUS.online)]);
    expect(floor.statusAt(1)).toBe('online');
    expect(shown).toEqual([10_000, 12_000, 30_000]);
  });
});
