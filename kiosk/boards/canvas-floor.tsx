/**
 * The Agents board's tiles on one canvas, for the dense floors (agents-board.tsx, tile-canvas.ts):
 * the tiles are drawn where the DOM rows would put them; each tile's extension actor redraws its tile
 * when its state changes, and the board's timer painter its timer. The canvas is sized in device
 * pixels, so the numbers stay sharp on a TV. A chunk of its own, loaded by the first dense floor
 * (agents-board.tsx): a wall of a few dozen extensions never needs it.
 */
import { memo, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useKiosk } from '../app/kiosk-context';
import type { FitResult } from '../layout/auto-fit';
import { useKioskText } from '../kiosk-text-context';
import { sameNumbers } from './agents-overview';
import { createCanvasFloor, floorShows, floorSize, statusColours } from './tile-canvas';

interface CanvasFloorProps {
  numbers: readonly string[];
  fit: FitResult;
}

/** The board re-renders on clock ticks with a new list of the same numbers: the floor is drawn again only when they differ. */
const sameFloor = (a: CanvasFloorProps, b: CanvasFloorProps) => a.fit === b.fit && sameNumbers(a.numbers, b.numbers);

export const CanvasFloor = memo(function CanvasFloor({ numbers, fit }: CanvasFloorProps) {
  const { t } = useKioskText();
  const { live } = useKiosk();
  const canvas = useRef<HTMLCanvasElement>(null);
  // the actors, looked up again only when extensions come or go (not on every event)
  const members = useSyncExternalStore(live.members.subscribe, live.members.get, live.members.get);
  const size = floorSize(numbers.length, fit);

  useLayoutEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(size.width * ratio);
    element.height = Math.round(size.height * ratio);
    const style = getComputedStyle(element);
    const floor = createCanvasFloor(context, numbers.length, {
      fit,
      colours: statusColours((name) => style.getPropertyValue(name).trim()),
      fontFamily: style.fontFamily,
      pixelRatio: ratio,
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
  }, [numbers, fit, members, size.width, size.height, live.probe, live.painter, live]);

  return (
    <canvas
      ref={canvas}
      style={{ width: size.width, height: size.height }}
      role="img"
      aria-label={t('kiosk.agents.floor', { count: numbers.length })}
      data-testid="kiosk-floor-canvas"
      data-tiles={numbers.length}
      data-columns={fit.columns}
      // where the tiles are (CSS pixels), for tests that read a tile's colour back from the pixels
      data-tile-width={fit.tileWidth}
      data-tile-height={fit.tileHeight}
      data-gap={fit.gap}
      // the auto-fit's reading and what every tile shows besides its colour (bench:wallboard prints it)
      data-detail={fit.detail}
      data-shows={floorShows(fit)}
    />
  );
}, sameFloor);

export default CanvasFloor;
