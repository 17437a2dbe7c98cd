/**
 * DOM-free CSV and clipboard builders (F-CSV-01). CSV follows RFC 4180: fields with a quote, comma,
 * CR or LF are quoted and inner quotes doubled; lines end with CRLF. Text cells that a spreadsheet
 * would run as a formula (starting with = + - @, tab or CR) get a leading apostrophe.
 */
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises formula injection in a text cell; numbers and booleans are printed as they are. */
export function neutralise(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: Cell): string {
  const text = neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function buildCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Tab-separated text for the clipboard: tabs and line breaks inside a cell become spaces. */
export function buildTsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map((c) => neutralise(c).replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n');
}
