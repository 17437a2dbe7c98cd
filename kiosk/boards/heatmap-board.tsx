/**
 * The Heatmap board (H-HMAP-01): agents by queues over the last hour. Each cell shows, in large type,
 * the calls the agent answered in that queue, on the colour of his talk share there (the share of the
 * hour he spent talking on the queue's calls), in HEATMAP.levels steps of one hue (heatmap-board.css:
 * colour-blind safe, light and dark), with a legend. Rows are the busiest agents first, as many as fit
 * at the size read from 5 m on a 55-inch TV (domain heatmapFit); the rest are counted under the grid.
 * Plain DOM rather than a visx chart: a table of big numbers, whose text the browser lays out best.
 * Data from GET /api/v1/kiosk/heatmap every minute while the board shows; a lazy chunk of its own.
 */
import { heatLevel, heatmapFit, heatmapRows, HEATMAP, talkShare, type HeatmapCell, type KioskHeatmap } from '../../domain/kiosk-heatmap';
import { useKioskText } from '../kiosk-text-context';
import { useKioskDataBoard } from '../app/use-kiosk-data';
import './heatmap-board.css';

const heat = (level: number) => ({ background: `var(--k-heat-${level})`, color: `var(--k-heat-${level}-fg)` });

/** The legend's steps: "0 %", then equal parts of the hour. */
export function legendSteps(levels: number = HEATMAP.levels): { level: number; from: number; to: number }[] {
  const width = 100 / (levels - 1);
  return Array.from({ length: levels }, (_, level) => (level === 0 ? { level, from: 0, to: 0 } : { level, from: Math.round((level - 1) * width), to: Math.round(level * width) }));
}

export function HeatmapBoard() {
  const { t } = useKioskText();
  const { state, data: map, area, size } = useKioskDataBoard<KioskHeatmap>('/kiosk/heatmap', HEATMAP.refreshMs, 'heatmap');

  return (
    <div className="flex h-full flex-col gap-[1vh]" data-testid="kiosk-board-heatmap">
      <div className="flex flex-wrap items-center gap-x-[3vh] gap-y-[0.5vh] text-[3.5vh] leading-tight">
        <span className="font-semibold">{t('kiosk.heatmap.title')}</span>
        <Legend />
      </div>
      <div ref={area} className="min-h-0 flex-1 overflow-hidden">
        {state.status === 'loading' ? <Message text={t('kiosk.heatmap.loading')} /> : null}
        {state.status === 'error' ? <Message text={t('kiosk.heatmap.error')} /> : null}
        {map && map.queues.length === 0 ? <Message text={t('kiosk.queues.empty')} /> : null}
        {map && map.queues.length > 0 && size.height > 0 ? <HeatmapGrid map={map} height={size.height} /> : null}
      </div>
    </div>
  );
}

function Message({ text }: { text: string }) {
  return <div className="flex h-full items-center justify-center text-[3.6vh] text-k-muted">{text}</div>;
}

function Legend() {
  const { t } = useKioskText();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-[1.2vh]" data-testid="kiosk-heatmap-legend">
      <span className="text-k-muted">{t('kiosk.heatmap.legend')}</span>
      {legendSteps().map((s) => (
        <span key={s.level} className="rounded-[0.5vh] px-[1vh] font-semibold tabular-nums" style={heat(s.level)}>
          {s.level === 0 ? '0 %' : `${s.from}–${s.to} %`}
        </span>
      ))}
    </span>
  );
}

function HeatmapGrid({ map, height }: { map: KioskHeatmap; height: number }) {
  const { t } = useKioskText();
  const rows = heatmapRows(map);
  // the header row and the "+N more" line are reserved; rows have no gap (cells keep theirs inside, below)
  const fit = heatmapFit(height, window.innerHeight, rows.length, 2.2);
  const shown = rows.slice(0, fit.rows);
  const columns = `minmax(0, 2.4fr) repeat(${map.queues.length}, minmax(0, 1fr)) minmax(0, 0.8fr)`;
  return (
    <div className="grid gap-x-[0.5vh]" style={{ gridTemplateColumns: columns, gridAutoRows: `${fit.rowPx}px`, fontSize: `${fit.fontPx}px` }} data-testid="kiosk-heatmap-grid">
      <span />
      {map.queues.map((q) => (
        <span key={q.queueId} className="truncate self-end text-center font-bold" data-testid="kiosk-heatmap-queue">
          {q.name}
        </span>
      ))}
      <span className="self-end text-center text-k-muted">{t('kiosk.heatmap.total')}</span>
      {shown.map((row) => (
        <Row key={row.number} row={row} windowMs={map.windowMs} />
      ))}
      {rows.length > shown.length ? (
        <span className="col-span-full text-[0.7em] text-k-muted" data-testid="kiosk-heatmap-more">
          {t('kiosk.heatmap.more', { count: rows.length - shown.length })}
        </span>
      ) : null}
    </div>
  );
}

function Row({ row, windowMs }: { row: ReturnType<typeof heatmapRows>[number]; windowMs: number }) {
  return (
    <>
      <span className="flex min-w-0 items-baseline gap-[0.4em] self-center" data-testid="kiosk-heatmap-agent">
        <span className="tabular-nums font-bold">{row.number}</span>
        <span className="truncate text-[0.8em] text-k-muted">{row.name}</span>
      </span>
      {row.cells.map((cell, i) => (
        <Cell key={i} cell={cell} windowMs={windowMs} />
      ))}
      <span className="self-center text-center font-bold tabular-nums">{row.totalCalls}</span>
    </>
  );
}

function Cell({ cell, windowMs }: { cell: HeatmapCell | null; windowMs: number }) {
  const share = cell ? talkShare(cell, windowMs) : 0;
  const level = heatLevel(share);
  return (
    <span
      className="flex items-center justify-center rounded-[0.9vh] border-y-[0.3vh] border-transparent bg-clip-padding font-bold tabular-nums"
      style={heat(level)}
      data-testid="kiosk-heatmap-cell"
      data-level={level}
      data-calls={cell?.calls ?? 0}
      title={`${Math.round(share * 100)} %`}
    >
      {cell && cell.calls > 0 ? cell.calls : '·'}
    </span>
  );
}
