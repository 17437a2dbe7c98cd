/**
 * The state icons drawn as background images. An inline SVG per tile costs the compositor a
 * transform and a paint chunk per tile, which at 2,000 tiles and 500 state changes a second was most
 * of the frame (bench:wallboard: 10 fps with SVG icons, 40 without); a background image is part of
 * the tile's own paint. The images are made once per screen from the status icons' markup (each
 * state's text colour as the stroke) and handed to the tiles as CSS custom properties
 * `--kiosk-icon-<tone>`.
 */
import { useLayoutEffect, useRef } from 'react';
import { STATUS_LOOK, type StatusTone } from '../../src/ui/ext-status';
import { statusIconMarkup } from '../../src/ui/ext-status-icon';

export const iconVar = (tone: StatusTone) => `var(--kiosk-icon-${tone})`;

/**
 * Publishes the state images on the element it is rendered in (its parent element, which the tiles
 * are inside). Not a ref of the parent: a child's layout effect runs before its parent's ref is
 * attached, so the images were never published and the tiles showed no icon (found 2026-11-27;
 * tests/e2e/kiosk.test.ts checks the icon).
 */
export function StatusIconImages() {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const target = holder.current?.parentElement;
    if (!target) return;
    for (const look of Object.values(STATUS_LOOK)) {
      const stroke = getComputedStyle(target).getPropertyValue(`${look.token}-fg`).trim() || 'white';
      target.style.setProperty(`--kiosk-icon-${look.tone}`, `url("data:image/svg+xml,${encodeURIComponent(statusIconMarkup(look.icon, stroke))}")`);
    }
  }, []);
  return <div ref={holder} className="pointer-events-none absolute size-0 overflow-hidden" aria-hidden />;
}
