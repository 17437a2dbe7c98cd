/**
 * The Agents board's tiles on one canvas, for the densest floors (agents-board.tsx, tile-canvas.ts):
 * the tiles are drawn where the DOM rows would put them; each tile's extension actor redraws its tile
 * when its state changes. The canvas is sized in device pixels, so the numbers stay sharp on a TV.
 */
import { memo, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useKiosk } from '../app/kiosk-context';
import type { FitResult } from '../layout/auto-fit';
import { useKioskText } from '../kiosk-text-context';
import { sameNumbers } from './agents-overview';
import { createCanvasFloor, floorSize, statusColours } from './tile-canvas';

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
      now: () => live.now(),
    });
    const subscriptions = numbers.map((number, index) => {
      const actor = members.extensions[number];
      if (!actor) return null;
      floor.paint(index, number, actor.getSnapshot());
      return actor.subscribe((snapshot) => floor.paint(index, number, snapshot));
    });
    return () => {
      for (const subscription of subscriptions) subscription?.unsubscribe();
      floor.dispose();
    };
  }, [numbers, fit, members, size.width, size.height, live.probe, live]);

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
    />
  );
}, sameFloor);
