/**
 * One extension on the Agents board: number, state colour and icon (never colour alone), user name,
 * call timer and the other party (masked when the screen's privacy is on; a supervisor's listening leg
 * marked, G-SPY-05), at the sizes the auto-fit
 * chose. React lays the tile out (it re-renders only when the size changes); its live
 * state is painted into the elements by tile-painter.ts from the tile's own extension actor (STYLE 6),
 * so a state change touches one tile's DOM and renders nothing.
 */
import { memo, useLayoutEffect, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import type { ExtensionActorRef } from '../../machines/extension-machine';
import { useKiosk } from '../app/kiosk-context';
import { nameChars } from '../format';
import { useKioskText } from '../kiosk-text-context';
import { showsName, showsTimer, type FitResult } from '../layout/auto-fit';
import { createTilePaint } from './tile-painter';

/** A DOM tile has the state icon beside its number; the dense floors are drawn on a canvas (agents-board.tsx fitBoard). */
interface TileProps {
  number: string;
  fit: FitResult;
}

export const AgentTile = memo(function AgentTile({ number, fit }: TileProps) {
  const { live } = useKiosk();
  // the tile's own actor, looked up again only when extensions come or go (not on every event)
  const read = () => live.members.get().extensions[number];
  const actor = useSyncExternalStore(live.members.subscribe, read, read);
  return actor ? <TileBody number={number} actor={actor} fit={fit} /> : null;
});

function TileBody({ number, actor, fit }: TileProps & { actor: ExtensionActorRef }) {
  const { live, config } = useKiosk();
  const { t } = useKioskText();
  const root = useRef<HTMLDivElement>(null);
  const icon = useRef<HTMLSpanElement>(null);
  const user = useRef<HTMLDivElement>(null);
  const party = useRef<HTMLSpanElement>(null);
  const timer = useRef<HTMLSpanElement>(null);

  // painted before the browser paints the tile, and again (whole) when its layout changed
  useLayoutEffect(() => {
    if (!root.current) return;
    const tile = createTilePaint(
      { root: root.current, icon: icon.current, user: user.current, party: party.current, timer: timer.current },
      { painter: live.painter, probe: live.probe, privacy: config.privacy, nameChars: nameChars(fit.tileWidth * 0.9, fit.secondaryFontPx), now: () => live.now(), listeningLabel: (mode) => t(`panel.status.spy.${mode}`) },
    );
    tile.paint(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => tile.paint(snapshot));
    return () => {
      subscription.unsubscribe();
      tile.dispose();
    };
  }, [actor, live, live.painter, live.probe, config.privacy, fit, t]);

  const style: CSSProperties = {
    width: fit.tileWidth,
    height: fit.tileHeight,
    padding: `${Math.max(2, Math.round(fit.tileHeight * 0.05))}px ${Math.max(3, Math.round(fit.tileWidth * 0.05))}px`,
  };
  const line = { lineHeight: 1.1 } as const;

  // the elements the painter fills are rendered without children, so React never writes over it
  return (
    <div ref={root} className="kiosk-tile flex flex-col justify-center rounded-[4px]" style={style} data-testid="kiosk-tile" data-number={number}>
      <div className="flex items-center justify-between gap-[0.3em] font-bold" style={{ ...line, fontSize: fit.fontPx }}>
        <span className="tabular-nums">{number}</span>
        <span ref={icon} className="inline-block shrink-0 bg-contain bg-center bg-no-repeat" style={{ width: '0.8em', height: '0.8em' }} data-testid="kiosk-state-icon" aria-hidden />
      </div>
      {showsName(fit.detail) ? <div ref={user} className="truncate font-medium" style={{ ...line, fontSize: fit.secondaryFontPx }} data-testid="kiosk-user" /> : null}
      {showsTimer(fit.detail) ? (
        <div className="flex items-baseline justify-between gap-[0.4em]" style={line}>
          <span ref={timer} className="font-semibold tabular-nums" style={{ fontSize: fit.timerFontPx }} data-testid="kiosk-timer" />
          {/* right-to-left so that a number too long for the tile loses its first digits, not its last */}
          {fit.detail === 'full' ? <span ref={party} className="kiosk-party truncate tabular-nums [direction:rtl]" style={{ fontSize: fit.secondaryFontPx }} data-testid="kiosk-party" /> : null}
        </div>
      ) : null}
    </div>
  );
}
