/**
 * The Agents board's tiles on one canvas, for the dense floors (agents-board.tsx, tile-canvas.ts):
 * the tiles are drawn where the DOM rows would put them; each tile's extension actor sends its tile's
 * look when its state changes, and the board's timer painter its timer. The canvas is sized in device
 * pixels, so the numbers stay sharp on a TV, and drawn in a worker where the browser can
 * (floor-surface.ts). A chunk of its own, loaded by the first dense floor (agents-board.tsx): a wall
 * of a few dozen extensions never needs it.
 *
 * The canvas is made here rather than rendered by React: once its drawing is handed to a worker it
 * cannot be handed again, so each mount makes its own (floor-surface.ts). Its attributes are set with
 * each layout.
 */
import { memo, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useKiosk } from '../app/kiosk-context';
import type { FitResult } from '../layout/auto-fit';
import { useKioskText } from '../kiosk-text-context';
import { sameNumbers } from './agents-overview';
import { floorShows, floorSize } from './floor-drawer';
import { createFloorSurface, type FloorSurface } from './floor-surface';
import { statusColours } from './tile-canvas';

interface CanvasFloorProps {
  numbers: readonly string[];
  fit: FitResult;
}

/** The board re-renders on clock ticks with a new list of the same numbers: the floor is drawn again only when they differ. */
const sameFloor = (a: CanvasFloorProps, b: CanvasFloorProps) => a.fit === b.fit && sameNumbers(a.numbers, b.numbers);

export const CanvasFloor = memo(function CanvasFloor({ numbers, fit }: CanvasFloorProps) {
  const { t } = useKioskText();
  const { live } = useKiosk();
  const host = useRef<HTMLDivElement>(null);
  const surface = useRef<FloorSurface | null>(null);
  // a worker that failed (logged by the surface): the floor is drawn on the main thread from then on
  const [workerFailed, setWorkerFailed] = useState(false);
  // the actors, looked up again only when extensions come or go (not on every event)
  const members = useSyncExternalStore(live.members.subscribe, live.members.get, live.members.get);
  const size = floorSize(numbers.length, fit);

  // the canvas and where it is drawn, for the board's life (declared first: its setup runs before the layout's)
  useLayoutEffect(() => {
    const made = createFloorSurface(live.probe, { onMainThread: workerFailed, failed: () => setWorkerFailed(true) });
    made.canvas.style.display = 'block';
    host.current?.append(made.canvas);
    surface.current = made;
    return () => {
      made.close();
      made.canvas.remove();
      surface.current = null;
    };
  }, [live.probe, workerFailed]);

  useLayoutEffect(() => {
    const current = surface.current;
    if (!current) return;
    const { canvas } = current;
    Object.assign(canvas.style, { width: `${size.width}px`, height: `${size.height}px` });
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('kiosk.agents.floor', { count: numbers.length }));
    Object.assign(canvas.dataset, {
      testid: 'kiosk-floor-canvas',
      drawnIn: current.drawnIn,
      tiles: String(numbers.length),
      columns: String(fit.columns),
      // where the tiles are (CSS pixels), for tests that read a tile's colour back from the pixels
      tileWidth: String(fit.tileWidth),
      tileHeight: String(fit.tileHeight),
      gap: String(fit.gap),
      // the auto-fit's reading and what every tile shows besides its colour (bench:wallboard prints it)
      detail: fit.detail,
      shows: floorShows(fit),
    });
    const style = getComputedStyle(canvas);
    const floor = current.open({
      count: numbers.length,
      fit,
      colours: statusColours((name) => style.getPropertyValue(name).trim()),
      fontFamily: style.fontFamily,
      pixelRatio: window.devicePixelRatio || 1,
      probe: live.probe,
      painter: live.painter,
      now: () => live.now(),
    });
    const subscriptions = numbers.map((number, index) => {
      const actor = members.extensions[number];
      if (!actor) return null;
      floor.paint(index, number, actor.getSnapshot());
      return actor.subscribe((snapshot) => floor.paint(index, number, snapshot));
    });
    // the first drawing now, before the browser shows the resized (cleared) canvas; changes then once a frame
    floor.flush();
    return () => {
      for (const subscription of subscriptions) subscription?.unsubscribe();
      floor.dispose();
    };
    // workerFailed: a new surface, laid out again
  }, [numbers, fit, members, size.width, size.height, live.probe, live.painter, live, t, workerFailed]);

  return <div ref={host} style={{ width: size.width, height: size.height }} />;
}, sameFloor);

export default CanvasFloor;
