import { Download, Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildCsv, type Cell } from '../../resources/csv';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { downloadBlob } from '../../ui/download';
import { Spinner } from '../../ui/spinner';
import { paginate } from '../../ui/table-logic';
import { TablePager } from '../../ui/table-pager';

export interface ReportColumn<T> {
  key: string;
  header: string;
  /** the cell on screen; the CSV and the printout use `value` */
  cell?: (row: T) => ReactNode;
  value: (row: T) => Cell;
  className?: string;
}

/** Paging done by the server (the CDR search): the page shown, and how many rows there are. */
export interface ServerPaging {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

interface ReportTableProps<T> {
  rows: readonly T[];
  columns: readonly ReportColumn<T>[];
  rowKey: (row: T) => string | number;
  pageSize: number;
  fileName: string;
  testId: string;
  loading?: boolean;
  caption: string;
  server?: ServerPaging;
  /** every row, for the export and the printout, when the table shows one server page */
  allRows?: () => Promise<readonly T[]>;
  actions?: ReactNode;
}

/**
 * A report's table (D-RPT-04, F-CSV-01): paged (5 rows), 'No data available.' when empty, exported as
 * CSV (cells neutralised by buildCsv) and printed whole (the print stylesheet shows the print-only
 * copy with every row instead of the page).
 */
export function ReportTable<T>({ rows, columns, rowKey, pageSize, fileName, testId, loading = false, caption, server, allRows, actions }: ReportTableProps<T>) {
  const { t } = useTranslation();
  const [clientPage, setClientPage] = useState(0);
  const [printRows, setPrintRows] = useState<readonly T[] | null>(null);
  const view = server
    ? { rows, page: server.page, pageCount: Math.max(1, Math.ceil(server.total / server.pageSize)), from: server.total === 0 ? 0 : server.page * server.pageSize + 1, to: server.page * server.pageSize + rows.length, total: server.total }
    : paginate(rows, clientPage, pageSize);
  const setPage = (page: number) => (server ? server.onPage(page) : setClientPage(page));
  const everyRow = async () => (allRows ? allRows() : rows);

  const exportCsv = async () => {
    const all = await everyRow();
    const csv = buildCsv(
      columns.map((c) => c.header),
      all.map((row) => columns.map((c) => c.value(row))),
    );
    downloadBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  };
  const print = async () => {
    setPrintRows(await everyRow());
    // the print-only copy renders first
    window.setTimeout(() => window.print(), 50);
  };

  return (
    <div className="flex flex-col report-section" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3" data-print-hide>
        <span className="text-sm font-medium text-muted">{caption}</span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {actions}
          <Button variant="secondary" size="sm" onClick={() => void exportCsv()} disabled={view.total === 0} data-testid={`${testId}-csv`}>
            <Download />
            {t('list.exportCsv')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void print()} disabled={view.total === 0} data-testid={`${testId}-print`}>
            <Printer />
            {t('reports.print')}
          </Button>
        </div>
      </div>
      <div className="scroll-thin overflow-x-auto screen-only">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-surface-2">
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cn('border-b border-border px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase', c.className)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-12 text-center text-muted">
                  <Spinner className="mx-auto" label={t('common.loading')} />
                </td>
              </tr>
            ) : view.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-12 text-center text-muted" data-testid="table-empty">
                  {t('table.noData')}
                </td>
              </tr>
            ) : (
              view.rows.map((row) => (
                <tr key={rowKey(row)} data-testid={`row-${rowKey(row)}`} className="border-b border-border last:border-b-0 hover:bg-surface-2">
                  {columns.map((c) => (
                    <td key={c.key} className={cn('px-4 py-2 align-middle text-text', c.className)}>
                      {c.cell ? c.cell(row) : String(c.value(row) ?? '')}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <TablePager view={view} setPage={setPage} printHide />
      <table className="print-only report-print-table" aria-hidden>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(printRows ?? rows).map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key}>{String(c.value(row) ?? '')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
