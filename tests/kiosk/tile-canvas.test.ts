import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { EXT_STATUS, type ExtStatus } from '../../domain';
import { extensionMachine } from '../../machines/extension-machine';
import { STATUS_LOOK } from '../../src/ui/ext-status';
import { NO_PROBE, type BenchProbe } from '../../kiosk/live/probe';
import { fitTiles, type FitResult } from '../../kiosk/layout/auto-fit';
import { createTimerPainter } from '../../kiosk/live/timer-painter';
import { ellipsize, floorShows, floorSize, tileBox, tileLayout, type FloorContext } from '../../kiosk/boards/floor-drawer';
import { createCanvasFloor, statusColours } from '../../kiosk/boards/tile-canvas';
import { ev, ext } from '../machines/fixtures';

const FIT: FitResult = { columns: 3, rows: 2, tileWidth: 40, tileHeight: 20, gap: 2, fontPx: 14, secondaryFontPx: 7, timerFontPx: 8, detail: 'number', minFontPx: 14, nameMinFontPx: 12, overflow: false, perPage: 6 };
/** 500 tiles of the cheap stick's floor (H-PERF-01): the auto-fit's 92 × 37 tiles, number 20 px, name and timer 12 px */
const NAMED: FitResult = { ...FIT, tileWidth: 92, tileHeight: 37, gap: 3, fontPx: 20, secondaryFontPx: 12, timerFontPx: 12, detail: 'name-timer', minFontPx: 13 };

/** The fake's text width: every character half the font's size (read from `700 20px Inter`). */
const fakeWidth = (text: string, font: string) => text.length * 0.5 * Number(/(\d+)px/.exec(font)?.[1] ?? 10);

/** A 2D context that records each tile drawn: where, in which colours, with which text. */
function recordingContext() {
  const drawn: { box: number[]; bg: string; fg: string; text: string; x: number; y: number; align: string; maxWidth: number | undefined; font: string }[] = [];
  const cleared: number[][] = [];
  const filled: { rect: number[]; colour: string }[] = [];
  const measured: string[] = [];
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
    fillRect: (...rect) => filled.push({ rect, colour: String(context.fillStyle) }),
    fillText: (text, x, y, maxWidth) => drawn.push({ box, bg, fg: String(context.fillStyle), text, x, y, align: context.textAlign, maxWidth, font: context.font }),
    measureText: (text) => {
      measured.push(text);
      return { width: fakeWidth(text, context.font) };
    },
    setTransform: (...m) => {
      transform = m;
    },
  };
  return { context, drawn, cleared, filled, measured, transform: () => transform };
}

const colours = statusColours((name) => `colour(${name})`);
const bgOf = (status: ExtStatus) => `colour(${STATUS_LOOK[status].token})`;
const fgOf = (status: ExtStatus) => `colour(${STATUS_LOOK[status].token}-fg)`;

function rig(numbers: string[], fit: FitResult = FIT, names: Record<string, string> = {}) {
  const clock = new SimulatedClock();
  const actors = numbers.map((number) =>
    createActor(extensionMachine, { input: { extension: ext(number, EXT_STATUS.online, names[number] === undefined ? {} : { userName: names[number] }), hangupDisplayMs: 2000 }, clock }).start(),
  );
  const recording = recordingContext();
  const shown: number[] = [];
  const probe: BenchProbe = { ...NO_PROBE, shown: (ts) => shown.push(ts) };
  const painter = createTimerPainter();
  const frames: (() => void)[] = [];
  const floor = createCanvasFloor(recording.context, numbers.length, { fit, colours, fontFamily: 'Inter', pixelRatio: 2, probe, painter, now: () => 0, frame: (draw) => frames.push(draw) });
  actors.forEach((actor, index) => {
    floor.paint(index, numbers[index], actor.getSnapshot());
    actor.subscribe((snapshot) => floor.paint(index, numbers[index], snapshot));
  });
  floor.flush();
  /** the next animation frame: what changed since the last is drawn */
  const nextFrame = () => {
    for (const draw of frames.splice(0)) draw();
  };
  return { clock, actors, floor, shown, painter, nextFrame, ...recording };
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
    const { drawn, transform, shown, floor, painter } = rig(['201', '202', '203', '204']);
    expect(transform()).toEqual([2, 0, 0, 2, 0, 0]);
    expect(drawn.map((d) => d.text)).toEqual(['201', '202', '203', '204']);
    expect(drawn[3]).toMatchObject({ box: [0, 22, 40, 20], bg: bgOf(EXT_STATUS.online), fg: fgOf(EXT_STATUS.online), font: '700 14px Inter', x: 3, y: 22 + 10, maxWidth: 34 });
    // a number-only floor has no timers
    expect(painter.size).toBe(0);
    expect(floor.statusAt(3)).toBe('online');
    expect(shown).toEqual([]);
  });

  it('a state change redraws its tile only, once per state, and reports the event to the probe; the machine\'s own hangup → online is not reported', () => {
    const { actors, drawn, shown, clock, floor, cleared, nextFrame } = rig(['201', '202', '203']);
    drawn.length = 0;
    cleared.length = 0;
    actors[1].send(ev.ringing({ number: '202', peer: '5551234', at: 10_000 }));
    expect(drawn).toEqual([]);
    nextFrame();
    actors[1].send(ev.connected({ number: '202', peer: '5551234', at: 12_000 }));
    nextFrame();
    // the device confirms the call the machine already has: a new snapshot, the same state on screen
    actors[1].send(ev.device(EXT_STATUS.inUse, { number: '202', callStart: 12_000, peer: '5551234', at: 12_050 }));
    nextFrame();
    expect(drawn.map((d) => [d.text, d.bg])).toEqual([
      ['202', bgOf(EXT_STATUS.ringing)],
      ['202', bgOf(EXT_STATUS.inUse)],
    ]);
    expect(cleared).toEqual([
      [42, 0, 40, 20],
      [42, 0, 40, 20],
    ]);
    actors[1].send(ev.hangup({ number: '202', callId: 'c1.1', at: 30_000 }));
    nextFrame();
    clock.increment(2000);
    nextFrame();
    expect(drawn.map((d) => d.bg).slice(2)).toEqual([bgOf(EXT_STATUS.hangup), bgOf(EXT_STATUS.online)]);
    expect(floor.statusAt(1)).toBe('online');
    expect(shown).toEqual([10_000, 12_000, 30_000]);
  });

  it('H-PERF-01 H-PERF-02 says what every tile shows; the dense tile\'s lines as one block in the middle, the timer\'s room at the number\'s right', () => {
    expect(floorShows(FIT)).toBe('number');
    expect(floorShows(NAMED)).toBe('number name timer');
    expect(floorShows({ detail: 'name' })).toBe('number name');
    // 37 px: a 20 px number line and a 13.8 px name line, 1.6 px above and below; the timer's room 30 px (mm:ss at 12 px in the fake)
    const l = tileLayout(NAMED, 30);
    expect(l).toMatchObject({ padX: 5, innerW: 82, timerW: 30, numberW: 82 - 30 - 4, timerTop: 1 });
    expect(l.numberY).toBeCloseTo(1.6 + 10, 5);
    expect(l.nameY).toBeCloseTo(1.6 + 20 + 6.9, 5);
    expect(l.timerTop + l.timerH).toBeLessThanOrEqual(NAMED.tileHeight - 1);
    expect(tileLayout(FIT, 30)).toMatchObject({ timerW: 0, numberW: 34, numberY: 10 });
  });

  it('H-PERF-01 H-PERF-02 a name too long for its room is shortened by words (fitName), then cut with an ellipsis to its measured width', () => {
    const measure = (t: string) => t.length * 6;
    expect(ellipsize('Ana', 60, measure)).toBe('Ana');
    expect(ellipsize('Bartholomew', 60, measure)).toBe('Bartholom…');
    expect(ellipsize('Bart holomew', 36, measure)).toBe('Bart…');
    expect(ellipsize('Bartholomew', 5, measure)).toBe('');
    const { drawn } = rig(['201', '202', '203'], NAMED, { '201': 'Ana Lima', '202': 'Maria Aparecida dos Santos Oliveira', '203': '' });
    const names = drawn.filter((d) => d.font.startsWith('500 '));
    // 82 px at 6 px a character: 13 characters; "Maria Oliveira" has 14, "Maria O." fits
    expect(names.map((d) => d.text)).toEqual(['Ana Lima', 'Maria O.']);
    for (const name of names) expect(fakeWidth(name.text, name.font)).toBeLessThanOrEqual(82);
    expect(names[0]).toMatchObject({ font: '500 12px Inter', x: 5, maxWidth: 82, align: 'left' });
  });

  it('H-PERF-01 names are measured once per floor, not per tile or per state change', () => {
    const numbers = ['201', '202', '203', '204'];
    const { actors, measured, drawn, nextFrame } = rig(numbers, NAMED, { '201': 'Bartholomew Fitzgerald Jr', '202': 'Bartholomew Fitzgerald Jr', '203': 'Bartholomew Fitzgerald Jr', '204': 'Bartholomew Fitzgerald Jr' });
    const first = measured.length;
    expect(first).toBeGreaterThan(1);
    drawn.length = 0;
    actors[2].send(ev.ringing({ number: '203', peer: '5551234', at: 10_000 }));
    actors[3].send(ev.connected({ number: '204', peer: '5551234', at: 10_000 }));
    nextFrame();
    expect(drawn.filter((d) => d.font.startsWith('500 ')).map((d) => d.text)).toEqual(['Bartholomew', 'Bartholomew']);
    expect(measured.length).toBe(first);
  });

  it('H-PERF-01 a call\'s timer is drawn at the number\'s right and repainted by the shared clock\'s painter, its room only, without redrawing the tile; it leaves with the call', () => {
    const { actors, drawn, filled, painter, floor, nextFrame } = rig(['201', '202'], NAMED, { '201': 'Ana Lima', '202': 'Bia Reis' });
    drawn.length = 0;
    filled.length = 0;
    actors[1].send(ev.ringing({ number: '202', peer: '5551234', at: 10_000 }));
    nextFrame();
    // the tile is drawn once, with the timer from the ring
    expect(drawn.map((d) => d.text)).toEqual(['202', 'Bia Reis', '00:00']);
    const timer = drawn[2];
    expect(timer).toMatchObject({ font: '600 12px Inter', align: 'right', x: 95 + 92 - 5, fg: fgOf(EXT_STATUS.ringing) });
    expect(painter.size).toBe(1);
    drawn.length = 0;
    filled.length = 0;
    painter.paint(13_400);
    nextFrame();
    expect(drawn.map((d) => d.text)).toEqual(['00:03']);
    // the timer's room only, in the tile's colour
    expect(filled).toEqual([{ rect: [95 + 92 - 5 - 30, 1, 30, 21], colour: bgOf(EXT_STATUS.ringing) }]);
    painter.paint(13_700);
    nextFrame();
    expect(drawn).toHaveLength(1);
    drawn.length = 0;
    actors[1].send(ev.connected({ number: '202', peer: '5551234', at: 14_000 }));
    nextFrame();
    expect(drawn.map((d) => d.text)).toEqual(['202', 'Bia Reis', '00:00']);
    actors[1].send(ev.hangup({ number: '202', callId: 'c1.1', at: 20_000 }));
    nextFrame();
    expect(painter.size).toBe(0);
    expect(drawn.at(-1)?.text).toBe('Bia Reis');
    floor.dispose();
  });

  it('H-PERF-01 dispose leaves the painter and draws nothing more', () => {
    const { actors, drawn, painter, floor, nextFrame } = rig(['201'], NAMED);
    actors[0].send(ev.ringing({ number: '201', peer: '5551234', at: 10_000 }));
    expect(painter.size).toBe(1);
    floor.dispose();
    expect(painter.size).toBe(0);
    drawn.length = 0;
    painter.paint(20_000);
    actors[0].send(ev.connected({ number: '201', peer: '5551234', at: 21_000 }));
    nextFrame();
    expect(drawn).toEqual([]);
  });

  it('H-PERF-01 H-PERF-02 the auto-fit\'s dense readings fit the canvas tile: number, timer and name within the tile at the fake\'s widths', () => {
    for (const [width, height, count] of [
      [1920, 1000, 500],
      [3840, 2050, 2000],
    ] as const) {
      const fit = fitTiles({ width, height, count, headerHeight: 0, numberChars: 4, names: true });
      const l = tileLayout(fit, fakeWidth('00:00', `${fit.secondaryFontPx}px`));
      expect(l.nameY + (fit.secondaryFontPx * 1.15) / 2).toBeLessThanOrEqual(fit.tileHeight);
      expect(l.numberY - fit.fontPx / 2).toBeGreaterThanOrEqual(0);
      expect(l.numberW).toBeGreaterThanOrEqual(4 * 0.55 * fit.fontPx - 1);
    }
  });

  it('H-PERF-01 changes are drawn once a frame, in passes: a tile changed twice in a frame is drawn once, each font set once per frame, the fills in order of colour', () => {
    const { actors, drawn, painter, nextFrame, context } = rig(['201', '202', '203', '204'], NAMED);
    const fonts: string[] = [];
    let font = context.font;
    Object.defineProperty(context, 'font', {
      get: () => font,
      set: (value: string) => {
        fonts.push(value);
        font = value;
      },
    });
    drawn.length = 0;
    actors[0].send(ev.ringing({ number: '201', peer: '5551234', at: 10_000 }));
    actors[0].send(ev.connected({ number: '201', peer: '5551234', at: 10_500 }));
    actors[1].send(ev.ringing({ number: '202', peer: '5551234', at: 10_000 }));
    actors[2].send(ev.connected({ number: '203', peer: '5551234', at: 10_000 }));
    actors[3].send(ev.ringing({ number: '204', peer: '5551234', at: 10_000 }));
    expect(drawn).toEqual([]);
    nextFrame();
    // 201 once (in use), the numbers of one colour together
    expect(drawn.filter((d) => d.font.startsWith('700 ')).map((d) => d.text)).toEqual(['201', '203', '202', '204']);
    expect(fonts).toEqual(['700 20px Inter', '500 12px Inter', '600 12px Inter']);
    expect(drawn.filter((d) => d.font.startsWith('600 ')).map((d) => d.text)).toEqual(['00:00', '00:00', '00:00', '00:00']);
    // the second's tick: the four timers in one frame, one font
    fonts.length = 0;
    drawn.length = 0;
    painter.paint(11_000);
    nextFrame();
    expect(drawn.map((d) => d.text)).toEqual(['00:01', '00:01', '00:01', '00:01']);
    expect(fonts).toEqual([]);
  });
});
