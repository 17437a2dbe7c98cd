import { z } from 'zod';

/**
 * D-RPT-06: what fills the report selectors of a corp: maps of its queues, extensions and IVRs, and
 * its polls with their questions (D-PST-02).
 */
export const reportSelectorsSchema = z.object({
  queues: z.record(z.string(), z.string()),
  extens: z.record(z.string(), z.string()),
  ivrs: z.record(z.string(), z.string()),
  polls: z.array(z.object({ id: z.number().int(), name: z.string(), questions: z.array(z.object({ id: z.number().int(), name: z.string(), order: z.number().int() })) })),
  /** the corp rates outgoing calls (D-CDR-07) */
  costEnabled: z.boolean(),
});
export type ReportSelectors = z.infer<typeof reportSelectorsSchema>;
