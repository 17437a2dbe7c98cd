/**
 * The Agents board (issue 4): every extension a tile, sized by the auto-fit so that 10 to 2,000 tiles
 * fill the screen without scrolling; a totals strip per state on top. The grid re-renders only when
 * the set of tiles or the totals change (checked on the shared clock's tick); each tile follows its own
 * extension actor (STYLE 6), and timers are painted without renders (timer-painter.ts).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { statusCode } from '../../machines/extension-machine';
import { statusLook } from '../../src/ui/ext-status';
import { STATUS_ICONS } from '../../src/ui/ext-status-icon';
import { useKiosk } from '../app/kiosk-context';
import { useElementSize } from '../app/use-element-size';
import { fitTiles } from '../layout/auto-fit';
import type { KioskLive } from '../live/kiosk-live';
import { AgentTile } from './agent-tile';
import { agentsOverview, pageAt, STATUS_ORDER, type AgentsOverview } from './agents-overview';

/** The state icon beside the number takes about two digits' width (0.8 em + gap). */
const ICON_CHARS = 2;

/** An overflowing floor (only with a large minimum font) shows its pages in turn. */
export const AGENTS_PAGE_MS = 10_000;

/** The overview, re-read on each clock tick and on registry changes; the same object while nothing changed. */
function useAgentsOverview(live: KioskLive, hideOffline: boolean): AgentsOverview {
  const store = useMemo(() => {
    let current: AgentsOverview | null = null;
    const read = (): AgentsOverview => {
      const { order, extensions } = live.registry.getSnapshot().context;
      const next = agentsOverview(
        (function* () {
          for (const number of order) {
            const ref = extensions[number];
            if (ref) yield { number, status: statusCode(ref.getSnapshot()) };
          }
        })(),
        hideOffline,
      );
      if (current === null || current.key !== next.key) current = next;
      return current;
    };
    return {
      read,
      subscribe: (onChange: () => void) => {
        const tick = live.clock$.subscribe(onChange);
        const membership = live.registry.subscribe(onChange);
        return () => {
          tick.unsubscribe();
          membership.unsubscribe();
        };
      },
    };
  }, [live, hideOffline]);
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}

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
  const { t } = useTranslation();
  const { live, config } = useKiosk();
  const overview = useAgentsOverview(live, config.hideOffline);
  const area = useRef<HTMLDivElement>(null);
  const size = useElementSize(area);
  const fit = size.width > 0 && size.height > 0 ? fitTiles({ width: size.width, height: size.height, count: overview.visible.length, headerHeight: 0, numberChars: Math.max(3, overview.numberChars) + ICON_CHARS }) : null;
  const pageNow = usePageClock(fit?.overflow === true);
  const paging = fit ? pageAt(pageNow, overview.visible.length, fit.perPage, AGENTS_PAGE_MS) : null;
  const shown = paging ? overview.visible.slice(paging.start, paging.end) : [];
  useEffect(() => live.probe.setTiles(shown.length), [live.probe, shown.length]);

  const gridStyle: CSSProperties | undefined = fit
    ? { gridTemplateColumns: `repeat(${fit.columns}, ${fit.tileWidth}px)`, gridAutoRows: `${fit.tileHeight}px`, gap: `${fit.gap}px` }
    : undefined;

  return (
    <div className="flex h-full flex-col gap-[1vh]" data-testid="kiosk-board-agents">
      <div className="flex flex-wrap items-center gap-x-[2vh] gap-y-[0.5vh] text-[2.6vh] font-semibold" data-testid="kiosk-totals">
        {STATUS_ORDER.map((status) => {
          const look = statusLook(status);
          const Icon = STATUS_ICONS[look.icon];
          return (
            <span key={status} className="inline-flex items-center gap-[0.6vh] rounded-[0.8vh] px-[1vh] py-[0.2vh]" style={{ background: `var(${look.token})`, color: `var(${look.token}-fg)` }} data-testid={`kiosk-total-${look.tone}`}>
              <Icon className="size-[2.4vh]" aria-hidden />
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
        ) : fit ? (
          <div className="grid h-full content-center justify-center" style={gridStyle}>
            {shown.map((number) => (
              <AgentTile key={number} number={number} fit={fit} />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
