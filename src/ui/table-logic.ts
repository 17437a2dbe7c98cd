/** DOM-free table helpers: search, sort and paging (F-LIST-01/02/03). */

/** Lower case without accents, so 'Jose' finds 'José'. */
export function normalise(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Rows whose search fields contain every word of the query (order free). */
export function filterRows<T>(rows: readonly T[], query: string, text: (row: T) => string): T[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = normalise(text(row));
    return words.every((w) => haystack.includes(w));
  });
}

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

/** Header click cycle: ascending, descending, unsorted. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  if (current.dir === 'asc') return { key, dir: 'desc' };
  return null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** A stable sort; empty values always go last. */
export function sortRows<T>(rows: readonly T[], sort: SortState | null, valueOf: (row: T, key: string) => unknown): T[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = valueOf(x.row, sort.key);
      const b = valueOf(y.row, sort.key);
      const emptyA = a === null || a === undefined || a === '';
      const emptyB = b === null || b === undefined || b === '';
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      return sign * compareValues(a, b) || x.index - y.index;
    })
    .map((x) => x.row);
}

export interface Page<T> {
  rows: T[];
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
}

/** One page of rows; the page number is clamped to what exists. */
export function paginate<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const total = rows.length;
  const safeSize = Math.max(1, Math.floor(size));
  const pageCount = Math.max(1, Math.ceil(total / safeSize));
  const current = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  const start = current * safeSize;
  const slice = rows.slice(start, start + safeSize);
  return { rows: slice, page: current, pageCount, from: total === 0 ? 0 : start + 1, to: start + slice.length, total };
}
