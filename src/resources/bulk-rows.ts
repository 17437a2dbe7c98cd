import type { BulkDef } from '../../domain/resources/define';

export type BulkRow = Record<string, string | null>;

export type BulkRowsResult = { ok: true; rows: BulkRow[] } | { ok: false; problem: 'noRows' | 'missingColumns'; missing?: string[] };

const norm = (value: string) => value.trim().toLowerCase();

/**
 * CSV records (header first) → the import's body rows (C-EXT-32/33): columns are matched to the
 * definition's headers by name (any case, any order; unknown columns ignored, every declared column
 * required), rows whose values are all empty are dropped, empty cells become null, and at least one
 * data row must remain.
 */
export function csvToBulkRows(records: readonly (readonly string[])[], bulk: BulkDef): BulkRowsResult {
  const [header, ...data] = records;
  if (!header) return { ok: false, problem: 'noRows' };
  const index = new Map(header.map((name, i) => [norm(name.replace(/^\uFEFF/, '')), i]));
  const missing = bulk.columns.filter((c) => !index.has(norm(c.header))).map((c) => c.header);
  if (missing.length > 0) return { ok: false, problem: 'missingColumns', missing };
  const rows: BulkRow[] = [];
  for (const record of data) {
    const row: BulkRow = {};
    let any = false;
    for (const column of bulk.columns) {
      const raw = record[index.get(norm(column.header))!];
      const value = raw === undefined ? '' : raw.trim();
      row[column.field] = value === '' ? null : value;
      if (value !== '') any = true;
    }
    if (any) rows.push(row);
  }
  return rows.length > 0 ? { ok: true, rows } : { ok: false, problem: 'noRows' };
}

/** The text of errores.txt (C-EXT-40): one line per failing row, as listed on screen. */
export function errorFileText(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}
