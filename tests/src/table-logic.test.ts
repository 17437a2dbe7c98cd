import { describe, expect, it } from 'vitest';
import { PAGING } from '../../domain/constants';
import { compareValues, filterRows, nextSort, normalise, paginate, sortRows } from '../../src/ui/table-logic';

const rows = [
  { id: 1, name: 'José Silva', corp: 'Acme' },
  { id: 2, name: 'ana', corp: 'Globex' },
  { id: 3, name: 'Bruno', corp: null },
  { id: 10, name: 'Zed 2', corp: 'Acme' },
  { id: 4, name: 'Zed 10', corp: 'Acme' },
];
const text = (r: (typeof rows)[number]) => `${r.name} ${r.corp ?? ''}`;

describe('table search, sort and paging', () => {
  it('F-LIST-01 search ignores case and accents and needs every word', () => {
    expect(normalise('José')).toBe('jose');
    expect(filterRows(rows, 'JOSE', text).map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, 'acme zed', text).map((r) => r.id)).toEqual([10, 4]);
    expect(filterRows(rows, '  ', text)).toHaveLength(5);
  });

  it('F-LIST-01 a header click sorts ascending, then descending, then not at all', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ key: 'name', dir: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'corp')).toEqual({ key: 'corp', dir: 'asc' });
  });

  it('F-LIST-01 sorting is natural, case-insensitive, stable, and keeps empty values last', () => {
    const value = (r: Record<string, unknown>, k: string) => r[k];
    expect(sortRows(rows, { key: 'name', dir: 'asc' }, value).map((r) => r.id)).toEqual([2, 3, 1, 10, 4]);
    expect(sortRows(rows, { key: 'corp', dir: 'asc' }, value).map((r) => r.id)).toEqual([1, 10, 4, 2, 3]);
    expect(sortRows(rows, { key: 'corp', dir: 'desc' }, value).map((r) => r.id)).toEqual([2, 1, 10, 4, 3]);
    expect(sortRows(rows, { key: 'id', dir: 'desc' }, value).map((r) => r.id)).toEqual([10, 4, 3, 2, 1]);
    expect(compareValues(2, 10)).toBeLessThan(0);
  });

  it('F-LIST-02 ten rows per page; F-LIST-03 one row on narrow screens (the page sizes the tables use, read from the product)', () => {
    // the sizes the resource tables, active calls and the extension monitor pass to the pager
    expect(PAGING.tableRows).toBe(10);
    expect(PAGING.narrowTableRows).toBe(1);
    const many = Array.from({ length: 23 }, (_, i) => i);
    expect(paginate(many, 0, PAGING.tableRows)).toMatchObject({ rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], pageCount: 3, from: 1, to: 10, total: 23 });
    expect(paginate(many, 2, PAGING.tableRows)).toMatchObject({ rows: [20, 21, 22], from: 21, to: 23 });
    expect(paginate(many, 99, PAGING.tableRows).page).toBe(2);
    expect(paginate(many, 4, PAGING.narrowTableRows).rows).toEqual([4]);
  });

  it('F-LIST-06 an empty table has one empty page', () => {
    expect(paginate([], 0, 10)).toEqual({ rows: [], page: 0, pageCount: 1, from: 0, to: 0, total: 0 });
  });
});
