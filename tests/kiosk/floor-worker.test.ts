/**
 * The floor's worker (kiosk/boards/floor-worker.ts) run in Node with a fake worker scope: it draws the
 * page's changes on the canvas it was given, the first drawing of a layout at once and the later ones at
 * its animation frame, tells back what a frame drew when asked, and with the bench's slower CPU rests
 * after each task (DevTools' CPU throttling does not reach workers).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorLayout, FromFloorWorker, ToFloorWorker } from '../../kiosk/boards/floor-protocol';
import type { FitResult } from '../../kiosk/layout/auto-fit';
import { textContext } from './text-context';

const FIT: FitResult = { columns: 3, rows: 2, tileWidth: 40, tileHeight: 20, gap: 2, fontPx: 14, secondaryFontPx: 7, timerFontPx: 8, detail: 'number', minFontPx: 14, nameMinFontPx: 12, overflow: false, perPage: 6 };

function fakeScope() {
  // the time each text takes to draw, set by a test
  const cost = { work: () => undefined as void };
  const { context, texts } = textContext(() => cost.work());
  const canvas = { width: 0, height: 0, getContext: () => context };
  const frames: (() => void)[] = [];
  const replies: FromFloorWorker[] = [];
  const scope = {
    onmessage: null as ((event: { data: ToFloorWorker }) => void) | null,
    postMessage: (message: FromFloorWorker) => replies.push(message),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
  };
  const send = (data: unknown) => scope.onmessage?.({ data: data as ToFloorWorker });
  const nextFrame = () => {
    for (const frame of frames.splice(0)) frame();
  };
  return { scope, canvas, cost, texts, replies, frames, send, nextFrame };
}

const layout = (overrides: Partial<FloorLayout> = {}): { type: 'layout' } & FloorLayout => ({
  type: 'layout',
  count: 3,
  fit: FIT,
  colours: { offline: { bg: 'a', fg: 'b' }, ringing: { bg: 'c', fg: 'd' }, inUse: { bg: 'e', fg: 'f' }, online: { bg: 'g', fg: 'h' }, hangup: { bg: 'i', fg: 'j' }, onHold: { bg: 'k', fg: 'l' }, wrapUp: { bg: 'm', fg: 'n' }, paused: { bg: 'o', fg: 'p' }, dnd: { bg: 'q', fg: 'r' }, pausedOver: { bg: 's', fg: 't' } },
  fontFamily: 'Inter',
  pixelRatio: 2,
  width: 248,
  height: 40,
  withTimer: false,
  report: true,
  slowdown: 1,
  ...overrides,
});
const look = (index: number, number: string, tone: 'online' | 'ringing') => ({ index, look: { number, tone, userName: '' } });

describe('the floor\'s worker (H-PERF-01 H-PERF-02)', () => {
  let rig: ReturnType<typeof fakeScope>;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
    vi.resetModules();
    rig = fakeScope();
    vi.stubGlobal('self', rig.scope);
    await import('../../kiosk/boards/floor-worker');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('H-PERF-01 sizes its canvas by the layout, draws a layout\'s first changes at once and later ones at its frame, and tells what each frame drew', () => {
    rig.send({ type: 'canvas', canvas: rig.canvas });
    rig.send(layout());
    expect([rig.canvas.width, rig.canvas.height]).toEqual([248, 40]);
    rig.send({ type: 'changes', changes: [look(0, '201', 'online'), look(1, '202', 'online'), look(2, '203', 'online')] });
    expect(rig.texts).toEqual(['201', '202', '203']);
    rig.texts.length = 0;
    rig.send({ type: 'changes', changes: [{ ...look(1, '202', 'ringing'), shown: [Date.now() - 30] }] });
    expect(rig.texts).toEqual([]);
    rig.nextFrame();
    expect(rig.texts).toEqual(['202']);
    expect(rig.replies).toEqual([{ type: 'drawn', at: Date.now(), shown: [Date.now() - 30] }]);
  });

  it('H-PERF-01 with the bench\'s slower CPU it draws nothing while it rests, and tells a frame at the time the slower core would finish it', () => {
    rig.send({ type: 'canvas', canvas: rig.canvas });
    rig.send(layout({ slowdown: 4 }));
    rig.send({ type: 'changes', changes: [look(0, '201', 'online'), look(1, '202', 'online'), look(2, '203', 'online')] });
    // every text drawn takes 2 ms of the worker's (fake) time
    rig.cost.work = () => void vi.advanceTimersByTime(2);
    rig.send({ type: 'changes', changes: [{ ...look(0, '201', 'ringing'), shown: [Date.now()] }] });
    const started = Date.now();
    rig.nextFrame();
    expect(rig.texts.slice(3)).toEqual(['201']);
    // drawn in 2 ms: a core 4× slower would have taken 8
    expect(rig.replies.at(-1)).toEqual({ type: 'drawn', at: started + 2 + 6, shown: [started] });
    // resting 6 ms: a change now waits for the frames after the rest
    rig.send({ type: 'changes', changes: [look(2, '203', 'ringing')] });
    rig.nextFrame();
    expect(rig.texts.slice(4)).toEqual([]);
    // still waiting for a frame after the rest
    expect(rig.frames.length).toBeGreaterThan(0);
    vi.advanceTimersByTime(7);
    rig.nextFrame();
    expect(rig.texts.slice(4)).toEqual(['203']);
  });

  it('H-PERF-01 says when it cannot draw, for the page to draw instead', () => {
    rig.send({ type: 'canvas', canvas: { ...rig.canvas, getContext: () => null } });
    rig.send(layout());
    expect(rig.replies).toEqual([{ type: 'failed', message: 'no 2D context on the OffscreenCanvas' }]);
  });
});
