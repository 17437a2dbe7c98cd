/**
 * The Agents board (issue 4): every extension a tile, sized by the auto-fit so that 10 to 2,000 tiles
 * fill the screen without scrolling; a totals strip per state on top. The grid re-renders only when
 * the set of tiles or the totals change (checked on the shared clock's tick); each tile follows its own
 * extension actor (STYLE 6), and timers are painted without renders (timer-painter.ts).
 */
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useKioskText } from '../kiosk-text-context';
import { shownStatus } from '../../domain/agents';
import { statusCode } from '../../machines/extension-machine';
import { statusLook } from '../../src/ui/ext-status';
import { STATUS_ICONS } from '../../src/ui/ext-status-icon';
import { useKiosk } from '../app/kiosk-context';
import { useElementSize } from '../app/use-element-size';
import { fitTiles, type FitResult } from '../layout/auto-fit';
import type { KioskLive } from '../live/kiosk-live';
import { useFloorReading } from '../live/use-floor-reading';
import { AgentTile } from './agent-tile';
import { CanvasFloor } from './canvas-floor';
import { agentsOverview, pageAt, sameNumbers, STATUS_ORDER, type AgentsOverview } from './agents-overview';

/** The state icon beside the number takes about two digits' width (0.8 em + gap). */
const ICON_CHARS = 2;

/** An overflowing floor (only with a large minimum font) shows its pages in turn. */
export const AGENTS_PAGE_MS = 10_000;

/** The overview, re-read on each clock tick and when extensions come or go; the same object while nothing changed. */
function useAgentsOverview(live: KioskLive, hideOffline: boolean): AgentsOverview {
  return useFloorReading(
    live,
    () => {
      const { order, extensions } = live.members.get();
      const now = live.now();
      const overview = agentsOverview(
        (function* () {
          for (const number of order) {
            const ref = extensions[number];
            if (!ref) continue;
            const snapshot = ref.getSnapshot();
            yield { number, status: shownStatus(statusCode(snapshot), snapshot.context.agent, now) };
          }
        })(),
        hideOffline,
      );
      return { key: overview.key, value: overview };
    },
    [hideOffline],
  );
}

/**
 * The auto-fit with room for the state icon beside the number; a floor too big for that (about 1,800
 * tiles at 1080p) gets the number alone across the tile, so that every tile still fits one screen.
 * Such a tile shows its state by colour, and the strip of totals above names every colour with its
 * icon. The icon used to go in the tile's corner, but at about 8 px under the digits it cannot be read
 * from across a floor, and drawing it cost a third of the frame rate (bench:wallboard, 2,000 tiles:
 * 33 fps with corner icons, the icons that had never been drawn until 2026-11-27, see
 * status-icon-images.tsx). Those floors are drawn on one canvas (canvas-floor.tsx, tile-canvas.ts):
 * a tile with the number alone is all a canvas needs to draw, and such a floor is where the DOM's
 * rendering steps cost the most.
 */
function fitBoard(width: number, height: number, count: number, numberChars: number): { fit: FitResult; iconInline: boolean } {
  const base = { width, height, count, headerHeight: 0 };
  const inline = fitTiles({ ...base, numberChars: numberChars + ICON_CHARS });
  if (!inline.overflow) return { fit: inline, iconInline: true };
  return { fit: fitTiles({ ...base, numberChars }), iconInline: false };
}

/**
 * Tiles are laid out row by row, and each row in groups of PAINT_GROUP_TILES tiles: each group is its
 * own container with layout containment (a stacking context of its own), so a change in one tile
 * repaints its group and nothing else, and the compositor deals with one paint chunk per group
 * rather than one per tile. bench:wallboard at 2,000 tiles and 500 changes/s: containment per tile
 * cost the compositor most of the frame; none repainted the whole board on every change; per row
 * (48 tiles) the repaints took 40 % of the main thread (Paint 24.0 s of 60 s) and left paints of
 * 46-70 ms; groups of 12 take Paint to 9.9 s for 1.1 s more of Layerize (bench/README.md). Groups of
 * 16 and, with painted tiles, of 6 measured worse (6: 52.8 fps and 28 tasks over 50 ms against 56.5-56.9
 * and 12-14). React walks the rows and one row's tiles per layout change, not 2,000 siblings.
 */
export const PAINT_GROUP_TILES = 12;

export function rowsOf<T>(items: readonly T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns));
  return rows;
}

interface TileRowProps {
  numbers: readonly string[];
  fit: FitResult;
  iconInline: boolean;
}

const sameRow = (a: TileRowProps, b: TileRowProps) =>
  a.fit === b.fit && a.iconInline === b.iconInline && sameNumbers(a.numbers, b.numbers);

const TileRow = memo(function TileRow({ numbers, fit, iconInline }: TileRowProps) {
  return (
    <div className="flex" style={{ gap: fit.gap, height: fit.tileHeight }}>
      {rowsOf(numbers, PAINT_GROUP_TILES).map((group) => (
        <div key={group[0]} className="kiosk-paint-group flex" style={{ gap: fit.gap }}>
          {group.map((number) => (
            <AgentTile key={number} number={number} fit={fit} iconInline={iconInline} />
          ))}
        </div>
      ))}
    </div>
  );
}, sameRow);

/** A time that moves once per page period, only while the board has pages to turn. */
function usePageClock(paging: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!paging) return;
    const timer = setInterval(() => setNow(Date.now()), AGENTS_PAGE_MS);
    return () => clearInterval(timer);
  }, [paging]);
  return now;
}

export function AgentsBoard() {
  const { t } = useKioskText();
  const { live, config } = useKiosk();
  const overview = useAgentsOverview(live, config.hideOffline);
  const area = useRef<HTMLDivElement>(null);
  const size = useElementSize(area);
  const count = overview.visible.length;
  const chars = Math.max(3, overview.numberChars);
  // the same layout object while the size and the count hold, so the tile rows can skip re-rendering
  const layout = useMemo(() => (size.width > 0 && size.height > 0 ? fitBoard(size.width, size.height, count, chars) : null), [size.width, size.height, count, chars]);
  const fit = layout?.fit ?? null;
  const pageNow = usePageClock(fit?.overflow === true);
  const paging = fit ? pageAt(pageNow, overview.visible.length, fit.perPage, AGENTS_PAGE_MS) : null;
  const shown = paging ? overview.visible.slice(paging.start, paging.end) : [];
  useEffect(() => live.probe.setTiles(shown.length), [live.probe, shown.length]);

  // the rows as a block of the grid's width, centred; a short last row starts at the left like a grid's
  const rowsStyle: CSSProperties | undefined = fit ? { width: fit.columns * fit.tileWidth + (fit.columns - 1) * fit.gap, gap: fit.gap } : undefined;

  return (
    <div className="flex h-full flex-col gap-[1vh]" data-testid="kiosk-board-agents">
      {/* nine states and the total on one line of a 16:9 TV (a second line would take the floor's height) */}
      <div className="flex flex-wrap items-center gap-x-[1.2vh] gap-y-[0.5vh] text-[1.9vh] font-semibold" data-testid="kiosk-totals">
        {STATUS_ORDER.map((status) => {
          const look = statusLook(status);
          const Icon = STATUS_ICONS[look.icon];
          return (
            <span key={status} className="inline-flex items-center gap-[0.5vh] rounded-[0.8vh] px-[0.8vh] py-[0.2vh]" style={{ background: `var(${look.token})`, color: `var(${look.token}-fg)` }} data-testid={`kiosk-total-${look.tone}`}>
              <Icon className="size-[1.9vh]" aria-hidden />
              {t(look.labelKey)} <span className="tabular-nums">{overview.totals[status] ?? 0}</span>
            </span>
          );
        })}
        <span className="text-k-muted">
          {t('kiosk.agents.total')} <span className="tabular-nums text-k-text">{overview.total}</span>
        </span>
        {paging && paging.pages > 1 ? <span className="ml-auto text-k-muted">{t('kiosk.agents.page', { page: paging.page + 1, pages: paging.pages })}</span> : null}
      </div>
      <div ref={area} className="relative min-h-0 flex-1">
        {overview.visible.length === 0 ? (
          <div className="flex h-full items-center justify-center text-[4vh] text-k-muted">{t('kiosk.agents.empty')}</div>
        ) : fit && layout && !layout.iconInline ? (
          <div className="flex h-full items-center justify-center">
            <CanvasFloor numbers={shown} fit={fit} />
          </div>
        ) : fit ? (
          <div className="flex h-full items-center justify-center">
            <div className="flex flex-col" style={rowsStyle}>
              {rowsOf(shown, fit.columns).map((numbers) => (
                <TileRow key={numbers[0]} numbers={numbers} fit={fit} iconInline={layout?.iconInline ?? true} />
              ))}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
