import { z } from 'zod';
import { REPORT_LIMITS, reportId, windowed } from './window';

/**
 * Queue statistics (D-QST) from Asterisk's queue_log (reference/protocols.md §4.3). A call of a queue
 * is its callid in that queue; what happened to it is its outcome event, and the call counts in the
 * period where that outcome happened (when it was answered or given up):
 * - attended: the caller was CONNECTed to an agent; its hold time is CONNECT's holdtime (data1) and
 *   its talk time comes from the event that ended it (COMPLETEAGENT / COMPLETECALLER data2,
 *   BLINDTRANSFER / ATTENDEDTRANSFER data4), looked for up to a day after the period.
 * - neglected: the caller left without an agent (ABANDON, EXITWITHTIMEOUT, EXITEMPTY, EXITWITHKEY);
 *   its hold time is the wait the event reports.
 * Sums and maxima of hold time cover every call; averages divide by the calls they cover (hold: all
 * calls, talk: attended ones).
 */
export const QUEUE_ATTENDED_EVENT = 'CONNECT';
export const QUEUE_NEGLECTED_EVENTS = ['ABANDON', 'EXITWITHTIMEOUT', 'EXITEMPTY', 'EXITWITHKEY'] as const;
export const QUEUE_END_EVENTS = ['COMPLETEAGENT', 'COMPLETECALLER', 'BLINDTRANSFER', 'ATTENDEDTRANSFER'] as const;
/** how long after the period an attended call's end is looked for */
export const QUEUE_CALL_MAX_MS = 24 * 3_600_000;

/** D-QST-01: the value 0 means all queues. */
export const ALL_QUEUES = 0;

/** D-QST-01/02: POST from, to, queue (required; 0 = all). */
export const queueStatsSearchSchema = windowed({ queue: reportId });
export type QueueStatsSearch = z.infer<typeof queueStatsSearchSchema>;

/** D-QST-03: the summary row of a queue (sP1). Durations in seconds. */
export const queueSummaryRowSchema = z.object({
  queue: z.number().int(),
  name: z.string(),
  totalCalls: z.number().int(),
  callduration: z.number().int(),
  holdtime: z.number().int(),
  avgcallduration: z.number(),
  avgholdtime: z.number(),
  maxcallduration: z.number().int(),
  maxholdtime: z.number().int(),
  attended: z.number().int(),
  neglected: z.number().int(),
});
export type QueueSummaryRow = z.infer<typeof queueSummaryRowSchema>;

/** D-QST-02: the pie rows (sP2): per queue, the calls attended ('Atendidas') and neglected ('Desatendidas'). */
export const QUEUE_ESTADO = { attended: 'Atendidas', neglected: 'Desatendidas' } as const;
export const queuePieRowSchema = z.object({ estado: z.enum([QUEUE_ESTADO.attended, QUEUE_ESTADO.neglected]), callcount: z.number().int(), queue: z.number().int() });
export type QueuePieRow = z.infer<typeof queuePieRowSchema>;

export const queueStatsResultSchema = z.object({ sP1: z.array(queueSummaryRowSchema), sP2: z.array(queuePieRowSchema) });
export type QueueStatsResult = z.infer<typeof queueStatsResultSchema>;

/** D-QST-05: a call of the queue-call dialog; `status` is the outcome event, translated on screen (D-QST-06). */
export const queueCallRowSchema = z.object({
  timestamp: z.string(),
  callerId: z.string(),
  callduration: z.number().int(),
  holdtime: z.number().int(),
  status: z.string(),
  exten: z.string(),
  /** the id of the call's CDR row with a recording, null when there is none */
  audio: z.number().int().nullable(),
  callid: z.string(),
});
export type QueueCallRow = z.infer<typeof queueCallRowSchema>;
export const queueCallsResultSchema = z.object({ rows: z.array(queueCallRowSchema), truncated: z.boolean() });
export type QueueCallsResult = z.infer<typeof queueCallsResultSchema>;
export const QUEUE_CALLS_MAX = REPORT_LIMITS.callListMax;

/** The statuses a call shows with a translation; anything else shows 'unavailable' (D-QST-06). */
export const QUEUE_CALL_STATUSES = ['CONNECT', ...QUEUE_END_EVENTS, ...QUEUE_NEGLECTED_EVENTS] as const;
export function queueStatusKey(status: string): string {
  return (QUEUE_CALL_STATUSES as readonly string[]).includes(status) ? `reports.queue.statuses.${status}` : 'reports.queue.statuses.unavailable';
}
