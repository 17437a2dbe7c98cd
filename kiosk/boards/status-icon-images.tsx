/**
 * The state icons drawn as background images. An inline SVG per tile costs the compositor a
 * transform and a paint chunk per tile, which at 2,000 tiles and 500 state changes a second was most
 * of the frame (bench:wallboard: 10 fps with SVG icons, 40 without); a background image is part of
 * the tile's own paint. The images are made once per screen from the lucide icons rendered here
 * (serialized, with each state's text colour as the stroke) and handed to the tiles as CSS custom
 * properties `--kiosk-icon-<tone>`.
 */
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { STATUS_LOOK, type StatusTone } from '../../src/ui/ext-status';
import { STATUS_ICONS } from '../../src/ui/ext-status-icon';

export const iconVar = (tone: StatusTone) => `var(--kiosk-icon-${tone})`;

/** Renders the six icons off screen once and publishes them as images on `root`. */
export function StatusIconImages({ root }: { root: React.RefObject<HTMLElement | null> }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const target = root.current;
    const box = holder.current;
    if (!target || !box) return;
    const serializer = new XMLSerializer();
    for (const look of Object.values(STATUS_LOOK)) {
      const svg = box.querySelector(`[data-icon="${look.icon}"] svg`);
      if (!svg) continue;
      const stroke = getComputedStyle(target).getPropertyValue(`${look.token}-fg`).trim() || 'white';
      const markup = serializer.serializeToString(svg).replaceAll('currentColor', stroke);
      target.style.setProperty(`--kiosk-icon-${look.tone}`, `url("data:image/svg+xml,${encodeURIComponent(markup)}")`);
    }
  }, [root]);
  return (
    <div ref={holder} className="pointer-events-none absolute size-0 overflow-hidden" aria-hidden>
      {Object.entries(STATUS_ICONS).map(([name, Icon]) => (
        <span key={name} data-icon={name}>
          <Icon width={24} height={24} />
        </span>
      ))}
    </div>
  );
}

/** A state icon as a square background image (size from `style`, e.g. in em). */
export function StatusIconImage({ tone, className, style }: { tone: StatusTone; className?: string; style?: CSSProperties }) {
  return <span className={`inline-block bg-contain bg-center bg-no-repeat ${className ?? ''}`} style={{ ...style, backgroundImage: iconVar(tone) }} aria-hidden />;
}
