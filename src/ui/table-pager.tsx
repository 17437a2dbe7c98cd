import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from './table-logic';

/** The footer of a paged table (F-LIST): the range shown, first / previous / page / next / last. */
export function TablePager({ view, setPage, printHide = false }: { view: Omit<Page<unknown>, 'rows'>; setPage: (page: number) => void; printHide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 border-t border-border px-4 py-2.5 text-xs text-muted" data-print-hide={printHide || undefined}>
      <span data-testid="table-range">{t('table.range', { from: view.from, to: view.to, total: view.total })}</span>
      <div className="flex items-center gap-1">
        <PageButton label={t('table.first')} disabled={view.page === 0} onClick={() => setPage(0)}>
          <ChevronsLeft />
        </PageButton>
        <PageButton label={t('table.previous')} disabled={view.page === 0} onClick={() => setPage(view.page - 1)}>
          <ChevronLeft />
        </PageButton>
        <span className="px-2 tabular-nums">{t('table.page', { page: view.page + 1, pages: view.pageCount })}</span>
        <PageButton label={t('table.next')} disabled={view.page >= view.pageCount - 1} onClick={() => setPage(view.page + 1)} testId="table-next">
          <ChevronRight />
        </PageButton>
        <PageButton label={t('table.last')} disabled={view.page >= view.pageCount - 1} onClick={() => setPage(view.pageCount - 1)}>
          <ChevronsRight />
        </PageButton>
      </div>
    </div>
  );
}

function PageButton({ label, disabled, onClick, children, testId }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-text focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
