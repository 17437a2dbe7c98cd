/**
 * One extension on the Agents board: number, state colour and icon (never colour alone), user name,
 * call timer and the other party (masked when the screen's privacy is on), at the sizes the auto-fit
 * chose. It follows only its own extension actor (STYLE 6), so one ringing phone re-renders one tile.
 */
import { useSelector } from '@xstate/react';
import { memo, useLayoutEffect, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import { EXT_STATUS, type ExtStatus } from '../../domain/realtime';
import { statusCode, type ExtensionActorRef, type ExtensionSnapshot } from '../../machines/extension-machine';
import { statusLook } from '../../src/ui/ext-status';
import { useKiosk } from '../app/kiosk-context';
import { fitName, maskParty, nameChars } from '../format';
import type { FitResult } from '../layout/auto-fit';
import { iconVar, StatusIconImage } from './status-icon-images';

/** When the tile's timer started: ringing counts from the ring, a call from its answer; none otherwise. */
export function tileTimerStart(snapshot: ExtensionSnapshot): number | null {
  const status = statusCode(snapshot);
  if (status === EXT_STATUS.ringing) return snapshot.context.since;
  if (status === EXT_STATUS.inUse || status === EXT_STATUS.onHold) return snapshot.context.callStart ?? snapshot.context.since;
  return null;
}

/** What a tile shows of its extension (and the `since` the benchmark's probe reports). */
interface TileView {
  number: string;
  userName: string;
  status: ExtStatus;
  peer: string | null;
  timerStart: number | null;
  since: number;
}

const tileView = (snapshot: ExtensionSnapshot): TileView => ({
  number: snapshot.context.number,
  userName: snapshot.context.userName,
  status: statusCode(snapshot),
  peer: snapshot.context.peer,
  timerStart: tileTimerStart(snapshot),
  since: snapshot.context.since,
});

/**
 * A new snapshot re-renders the tile only when what it shows changed: a call makes some seven machine
 * events per party (ringing, connected, device states, hangup) for four changes on screen, and
 * bench:wallboard spent a tenth of the main thread in tile renders. `since` is not compared: alone it
 * shows nothing (a timer shows from `timerStart`).
 */
const sameView = (a: TileView, b: TileView) =>
  a.status === b.status && a.timerStart === b.timerStart && a.peer === b.peer && a.userName === b.userName && a.number === b.number;

interface TileProps {
  number: string;
  fit: FitResult;
  /** the icon beside the number, or (densest floors) in the tile's corner */
  iconInline: boolean;
}

export const AgentTile = memo(function AgentTile({ number, fit, iconInline }: TileProps) {
  const { live } = useKiosk();
  // the tile's own actor, looked up again only when extensions come or go (not on every event)
  const read = () => live.members.get().extensions[number];
  const actor = useSyncExternalStore(live.members.subscribe, read, read);
  return actor ? <TileBody actor={actor} fit={fit} iconInline={iconInline} /> : null;
});

function TileBody({ actor, fit, iconInline }: Omit<TileProps, 'number'> & { actor: ExtensionActorRef }) {
  const { live, config } = useKiosk();
  const { number, userName, peer, since, status, timerStart } = useSelector(actor, tileView, sameView);
  const look = statusLook(status);
  const timer = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const node = timer.current;
    if (!node || timerStart === null) return;
    return live.painter.register(node, timerStart);
  }, [live.painter, timerStart, fit.detail]);

  // the benchmark's latency: a status shown because of an event (not the machine's own hangup → online)
  const shown = useRef<{ status: number; since: number } | null>(null);
  useLayoutEffect(() => {
    const prev = shown.current;
    shown.current = { status, since };
    if (prev && (prev.status !== status || prev.since !== since) && !(prev.status === EXT_STATUS.hangup && status === EXT_STATUS.online)) live.probe.shown(since);
  }, [live.probe, status, since]);

  // on the densest floors the state icon is a second background image in the tile's corner (no
  // positioned element: each would be a paint layer of its own, 2,000 of them)
  const cornerIcon = iconInline ? undefined : Math.max(8, Math.round(fit.tileHeight * 0.3));
  const style = {
    '--tile-bg': `var(${look.token})`,
    '--tile-fg': `var(${look.token}-fg)`,
    ...(cornerIcon ? { backgroundImage: iconVar(look.tone), backgroundRepeat: 'no-repeat', backgroundPosition: 'right 2px bottom 2px', backgroundSize: `${cornerIcon}px` } : {}),
    width: fit.tileWidth,
    height: fit.tileHeight,
    padding: `${Math.max(2, Math.round(fit.tileHeight * 0.05))}px ${Math.max(3, Math.round(fit.tileWidth * 0.05))}px`,
  } as CSSProperties;
  const line = { lineHeight: 1.1 } as const;
  const party = maskParty(peer, config.privacy);

  return (
    <div className="kiosk-tile flex flex-col justify-center rounded-[4px]" style={style} data-testid="kiosk-tile" data-number={number} data-status={status}>
      <div className="flex items-center justify-between gap-[0.3em] font-bold" style={{ ...line, fontSize: fit.fontPx }}>
        <span className="tabular-nums">{number}</span>
        {iconInline ? <StatusIconImage tone={look.tone} className="shrink-0" style={{ width: '0.8em', height: '0.8em' }} /> : null}
      </div>
      {fit.detail === 'full' ? (
        <div className="truncate font-medium" style={{ ...line, fontSize: fit.secondaryFontPx }} title={userName} data-testid="kiosk-user">
          {fitName(userName, nameChars(fit.tileWidth * 0.9, fit.secondaryFontPx))}
        </div>
      ) : null}
      {fit.detail !== 'number' ? (
        <div className="flex items-baseline justify-between gap-[0.4em]" style={line}>
          {/* the painter owns this text (React renders no child here, so it never fights the painter) */}
          <span ref={timer} className="font-semibold tabular-nums" style={{ fontSize: fit.timerFontPx }} data-testid="kiosk-timer" />
          {fit.detail === 'full' && party ? (
            // right-to-left so that a number too long for the tile loses its first digits, not its last
            <span className="truncate tabular-nums [direction:rtl]" style={{ fontSize: fit.secondaryFontPx }} data-testid="kiosk-party">
              {party}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
