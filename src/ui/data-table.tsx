import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { Spinner } from './spinner';
import { TablePager } from './table-pager';
import { nextSort, paginate, sortRows, type SortState } from './table-logic';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell?: (row: T) => ReactNode;
  /** value used for sorting; defaults to row[key] */
  sortValue?: (row: T) => unknown;
  sortable?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string | number;
  pageSize: number;
  /** search box (controlled); the caller filters the rows so exports see the same set */
  query?: string;
  onQueryChange?: (query: string) => void;
  /** buttons beside the search box */
  toolbar?: ReactNode;
  actions?: (row: T) => ReactNode;
  isRowSelected?: (row: T) => boolean;
  loading?: boolean;
  caption?: string;
  testId?: string;
  /** the order before a header is clicked (C-CSD-01: speed dials by number) */
  initialSort?: SortState | null;
  /** the actions column first (spec 2's lists: 'actions, …'), so it stays in view on narrow screens */
  actionsFirst?: boolean;
}

function defaultValue<T>(row: T, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** The generic table: search, sortable headers, paging, row actions, 'No data available.' (F-LIST). */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  pageSize,
  query,
  onQueryChange,
  toolbar,
  actions,
  isRowSelected,
  loading = false,
  caption,
  testId = 'data-table',
  initialSort = null,
  actionsFirst = false,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [paging, setPaging] = useState({ query, page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const setPage = (next: number) => setPaging({ query, page: next });

  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    return sortRows(rows, sort, (row, key) => (column?.sortValue ? column.sortValue(row) : defaultValue(row, key)));
  }, [rows, sort, columns]);
  const view = paginate(sorted, page, pageSize);
  const colCount = columns.length + (actions ? 1 : 0);
  const actionsHeader = (
    <th scope="col" className={cn('border-b border-border px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase', actionsFirst ? 'text-left' : 'text-right')}>
      {t('common.actions')}
    </th>
  );
  const actionsCell = (row: T) => (
    <td className={cn('px-4 py-1.5 whitespace-nowrap', actionsFirst ? 'text-left' : 'text-right')}>
      <div className="inline-flex items-center gap-1">{actions?.(row)}</div>
    </td>
  );

  return (
    <div className="flex flex-col" data-testid={testId}>
      {onQueryChange || toolbar ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3">
          {onQueryChange ? (
            <div className="relative w-full max-w-xs">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
              <input
                type="search"
                value={query ?? ''}
                onChange={(e) => onQueryChange(e.target.value)}
                placeholder={t('common.search')}
                aria-label={t('common.search')}
                data-testid="table-search"
                className="h-9 w-full rounded-lg border border-border bg-surface-2 pr-3 pl-9 text-sm text-text outline-none placeholder:text-muted focus-visible:border-ring focus-visible:bg-surface focus-visible:ring-3 focus-visible:ring-ring/25"
              />
            </div>
          ) : null}
          <div className="ml-auto flex flex-wrap items-center gap-2">{toolbar}</div>
        </div>
      ) : null}
      <div className="scroll-thin max-h-[528px] overflow-auto max-sm:max-h-[585px]">
        <table className="w-full border-collapse text-left text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="sticky top-0 z-10 bg-surface-2">
            <tr>
              {actions && actionsFirst ? actionsHeader : null}
              {columns.map((column) => {
                const sortable = column.sortable !== false;
                const active = sort?.key === column.key ? sort.dir : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                    className={cn('border-b border-border px-4 py-2.5 align-bottom text-xs font-semibold tracking-wide text-muted uppercase', column.className)}
                  >
                    {/* long headers wrap between words (issue 13: 'Maximum extensions' pushed the table past 1440 px) */}
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => setSort((s) => nextSort(s, column.key))}
                        className="-mx-1 inline-flex items-end gap-1 rounded px-1 text-left uppercase hover:text-text focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <span>{column.header}</span>
                        {active === 'asc' ? (
                          <ArrowUp className="size-3.5 shrink-0" aria-hidden />
                        ) : active === 'desc' ? (
                          <ArrowDown className="size-3.5 shrink-0" aria-hidden />
                        ) : (
                          <ArrowUpDown className="size-3.5 shrink-0 opacity-40" aria-hidden />
                        )}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {actions && !actionsFirst ? actionsHeader : null}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={colCount} className="px-4 py-12 text-center text-muted">
                  <Spinner className="mx-auto" label={t('common.loading')} />
                </td>
              </tr>
            ) : view.rows.length === 0 ? (
              <tr>
                <td colSpan={colCount} className="px-4 py-12 text-center text-muted" data-testid="table-empty">
                  {t('table.noData')}
                </td>
              </tr>
            ) : (
              view.rows.map((row) => {
                const key = rowKey(row);
                const selected = isRowSelected?.(row) ?? false;
                return (
                  <tr
                    key={key}
                    data-testid={`row-${key}`}
                    aria-selected={isRowSelected ? selected : undefined}
                    className={cn('border-b border-border last:border-b-0 hover:bg-surface-2', selected && 'bg-primary-soft hover:bg-primary-soft')}
                  >
                    {actions && actionsFirst ? actionsCell(row) : null}
                    {columns.map((column) => (
                      <td key={column.key} className={cn('px-4 py-2.5 align-middle text-text', column.className)}>
                        {column.cell ? column.cell(row) : String(defaultValue(row, column.key) ?? '')}
                      </td>
                    ))}
                    {actions && !actionsFirst ? actionsCell(row) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <TablePager view={view} setPage={setPage} />
    </div>
  );
}
