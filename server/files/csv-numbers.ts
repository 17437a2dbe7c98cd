import Papa from 'papaparse';
import { DIALER_MAX_NUMBERS } from '../../domain';
import type { FileSpec } from '../crud/binding';
import { invalid } from '../errors';

/** What a phone number in a campaign file may look like before it is cleaned: digits, +, spaces, dashes, dots, brackets. */
const PHONE = /^\+?[\d\s().-]{3,40}$/;

/**
 * The numbers of a campaign's CSV (C-DIA-10): the first cell of each line that looks like a phone
 * number, as digits, each once, in the file's order (papaparse reads the CSV: quoting, separators and
 * line ends as Excel and LibreOffice write them). A header line and blank lines are skipped.
 */
export function numbersOfCsv(text: string): string[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const seen = new Set<string>();
  for (const record of parsed.data) {
    const cell = record.map((c) => String(c).trim()).find((c) => PHONE.test(c));
    if (!cell) continue;
    const digits = cell.replace(/\D/g, '');
    if (digits.length >= 3 && digits.length <= 32) seen.add(digits);
  }
  return [...seen];
}

/** The CSV field of a dialer: .csv only (C-DIA-10), at least one number, at most DIALER_MAX_NUMBERS; stored one number a line. */
export const csvNumbersFile: FileSpec = {
  accept(upload, field) {
    if (!/\.csv$/i.test(upload.filename)) throw invalid([{ path: field, message: 'validation.csvOnly' }]);
    const numbers = numbersOfCsv(new TextDecoder('utf-8', { fatal: false }).decode(upload.bytes));
    if (numbers.length === 0) throw invalid([{ path: field, message: 'validation.csvNoNumbers' }]);
    if (numbers.length > DIALER_MAX_NUMBERS) throw invalid([{ path: field, message: `validation.csvTooMany|{"max":${DIALER_MAX_NUMBERS}}` }]);
    return { bytes: new TextEncoder().encode(`${numbers.join('\n')}\n`), ext: 'csv' };
  },
};
