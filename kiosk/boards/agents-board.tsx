/**
 * The Agents board (issue 4): every extension a tile, sized by the auto-fit so that 10 to 2,000 tiles
 * fill the screen without scrolling; a totals strip per state on top. The grid re-renders only when
 * the set of tiles or the totals change (checked on the shared clock's tick); each tile follows its own
 * extension actor (STYLE 6), and timers are painted without renders (timer-painter.ts).
 */
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
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
import { agentsOverview, pageAt, sameNumbers, STATUS_ORDER, type AgentsOverview } from './agents-overview';

/** The state icon beside the number takes about two digits' width (0.8 em + gap). */
const ICON_CHARS = 2;

/**
 * The canvas floor is a chunk of its own (kiosk route budget, tests/kiosk/kiosk-bundle-budget.test.ts):
 * loaded when a floor first needs it, in the tens of milliseconds from the TV's own server.
 */
const CanvasFloor = lazy(() => import('./canvas-floor'));

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
 * Which tiles and where they are drawn. DOM tiles (agent-tile.tsx) with the state icon beside the number
 * while the auto-fit finds room for the tile's every line (`full`, up to about 270 tiles at 1080p and 4K);
 * every denser floor on one canvas (canvas-floor.tsx, tile-canvas.ts) with the auto-fit's dense reading
 * (`names`, H-PERF-01 H-PERF-02; never `full`, whose other party and icon the canvas does not draw): the
 * number with the timer and the name while they fit, the number and the name (to about 1,400 tiles at
 * 1080p, every floor up to 2,000 at 4K), the number alone beyond. A canvas tile shows its state
 * by colour, and the strip of totals above names every colour with its icon: an icon beside the number
 * takes two digits' room that the name and the number need, and an icon in the tile's corner, at about
 * 8 px under the digits, could not be read from across a floor (and drawing it cost a third of the frame
 * rate at 2,000 DOM tiles, see status-icon-images.tsx). The canvas, because its floors are where the
 * DOM's rendering steps cost the most (tile-canvas.ts: 500 DOM tiles on a 4× slower CPU held 33 fps).
 */
function fitBoard(width: number, height: number, count: number, numberChars: number): { fit: FitResult; canvas: boolean } {
  const base = { width, height, count, headerHeight: 0, names: true };
  const inline = fitTiles({ ...base, numberChars: numberChars + ICON_CHARS });
  // the DOM tile's readings; `compact` only where no dense reading fits (a far larger minimum font)
  if (!inline.overflow && (inline.detail === 'full' || inline.detail === 'compact')) return { fit: inline, canvas: false };
  return { fit: fitTiles({ ...base, numberChars, full: false }), canvas: true };
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
}

const sameRow = (a: TileRowProps, b: TileRowProps) => a.fit === b.fit && sameNumbers(a.numbers, b.numbers);

const TileRow = memo(function TileRow({ numbers, fit }: TileRowProps) {
  return (
    <div className="flex" style={{ gap: fit.gap, height: fit.tileHeight }}>
      {rowsOf(numbers, PAINT_GROUP_TILES).map((group) => (
        <div key={group[0]} className="kiosk-paint-group flex" style={{ gap: fit.gap }}>
          {group.map((number) => (
            <AgentTile key={number} number={number} fit={fit} />
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
        ) : fit && layout?.canvas ? (
          <div className="flex h-full items-center justify-center">
            <Suspense fallback={null}>
              <CanvasFloor numbers={shown} fit={fit} />
            </Suspense>
          </div>
        ) : fit ? (
          <div className="flex h-full items-center justify-center">
            <div className="flex flex-col" style={rowsStyle}>
              {rowsOf(shown, fit.columns).map((numbers) => (
                <TileRow key={numbers[0]} numbers={numbers} fit={fit} />
              ))}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
