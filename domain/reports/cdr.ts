import { z } from 'zod';
import { PAGING } from '../constants';
import { REPORT_LIMITS, windowed } from './window';

/**
 * Call detail records (D-CDR). A call's direction is the CDR type of the search: 1 outgoing (it left
 * through a trunk), 2 incoming (it arrived in a corp's inbound context), and values from 3 up mean
 * the calls of one extension, the filter (D-CDR-03). Internal calls (3 here too) show under type 3
 * only. The database classifies a row with `cdr_direction()` (migrations 0007 and 0024: a dialer campaign's call is outgoing) so Asterisk's own rows
 * and the simulator's are read alike.
 */
export const CDR_TYPE = { outgoing: 1, incoming: 2, extension: 3 } as const;
export type CdrType = (typeof CDR_TYPE)[keyof typeof CDR_TYPE];
/** the direction a row has; internal calls are between two extensions of a corp */
export const CALL_DIRECTION = { outgoing: 1, incoming: 2, internal: 3 } as const;
export type CallDirection = (typeof CALL_DIRECTION)[keyof typeof CALL_DIRECTION];

/** D-CDR-03: a type of 3 or more is a specific extension (capped at 3). */
export const capCdrType = (type: number): CdrType => (type >= CDR_TYPE.extension ? CDR_TYPE.extension : (type as CdrType));

/** D-RPT-04: report tables show 5 rows per page; the CDR search pages on the server. */
export const CDR_PAGE_SIZE = PAGING.reportRows;

const extenFilter = z
  .string()
  .trim()
  .max(10, { error: 'validation.invalid' })
  .regex(/^[0-9]*$/, { error: 'validation.digits' });

/** D-CDR-02: POST cdrs with from, to, detailed, filter, type (and the page, 0-based, or all rows for an export). */
export const cdrSearchSchema = windowed({
  detailed: z.boolean({ error: 'validation.invalid' }),
  filter: extenFilter.default(''),
  type: z.coerce.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).transform(capCdrType),
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(1_000_000, { error: 'validation.invalid' }).default(0),
  /** every row (up to REPORT_LIMITS.exportRowsMax) instead of one page: the CSV export */
  all: z.boolean({ error: 'validation.invalid' }).default(false),
}).superRefine((value, check) => {
  // D-CDR-03: the extension's calls need the extension
  if (value.type === CDR_TYPE.extension && value.filter === '') check.addIssue({ code: 'custom', path: ['filter'], message: 'validation.required' });
});
export type CdrSearch = z.infer<typeof cdrSearchSchema>;
export type CdrSearchInput = z.input<typeof cdrSearchSchema>;

/** D-CDR-04: a detailed row (plus its id for the recording, and the disposition). */
export const cdrDetailedRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  origin: z.string(),
  caller: z.string(),
  destination: z.string(),
  dialed: z.string(),
  /** the destination type: the destination group of the number (null: none matched) */
  name: z.string().nullable(),
  duration: z.number().int(),
  billsec: z.number().int(),
  disposition: z.string(),
  /** the rated cost; null when the call is not rated (not outgoing, no tariff, or the cost column is hidden) */
  usercost: z.number().nullable(),
  /** the recording's file name, '' when there is none */
  recordFile: z.string(),
});
export type CdrDetailedRow = z.infer<typeof cdrDetailedRowSchema>;

/** D-CDR-05: a summarised row: per caller and destination type, how many calls and their duration. */
export const cdrSummaryRowSchema = z.object({
  caller: z.string(),
  quantidade: z.number().int(),
  name: z.string().nullable(),
  duration: z.number().int(),
});
export type CdrSummaryRow = z.infer<typeof cdrSummaryRowSchema>;

const pageShape = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };
export const cdrResultSchema = z.discriminatedUnion('detailed', [
  z.object({ detailed: z.literal(true), rows: z.array(cdrDetailedRowSchema), ...pageShape, costVisible: z.boolean() }),
  z.object({ detailed: z.literal(false), rows: z.array(cdrSummaryRowSchema), ...pageShape, costVisible: z.literal(false) }),
]);
export type CdrResult = z.infer<typeof cdrResultSchema>;

/** D-CDR-07: the cost column shows only in the detailed outgoing view of a corp with costEnabled. */
export function cdrCostVisible(search: Pick<CdrSearch, 'detailed' | 'type'>, costEnabled: boolean): boolean {
  return costEnabled && search.detailed && search.type === CDR_TYPE.outgoing;
}

export const CDR_EXPORT_MAX = REPORT_LIMITS.exportRowsMax;
