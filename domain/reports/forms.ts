import { z } from 'zod';
import { CDR_TYPE } from './cdr';
import { withPeriod } from './window';

/**
 * The report screens' search forms (D-RPT-01, D-RPT-05): the period and each report's own fields, as
 * the selects and inputs give them. The API checks the same rules on the request they become.
 */
const choice = (required: boolean) =>
  z.coerce
    .number({ error: 'validation.required' })
    .int({ error: 'validation.invalid' })
    .min(required ? 1 : 0, { error: 'validation.required' })
    .max(2_147_483_647, { error: 'validation.invalid' });
const exten = z.string().trim().max(10, { error: 'validation.invalid' }).regex(/^[0-9]*$/, { error: 'validation.digits' });

/** D-CDR-01: type, the extension filter (required for type 3, D-CDR-03) and detailed/summarised. */
export const cdrFormSchema = withPeriod({ type: choice(true), filter: exten.default(''), detailed: z.boolean() }).superRefine((v, check) => {
  if (v.type >= CDR_TYPE.extension && v.filter === '') check.addIssue({ code: 'custom', path: ['filter'], message: 'validation.required' });
});
/** D-QST-01: the queue, 0 for all. */
export const queueFormSchema = withPeriod({ queue: choice(false) });
/** D-PST-01: poll and question required, the extension optional. */
export const pollFormSchema = withPeriod({ poll: choice(true), question: choice(true), exten: exten.default(''), summarized: z.boolean() });
/** D-IST-01: the IVR required. */
export const ivrFormSchema = withPeriod({ ivr: choice(true) });

export type CdrForm = z.infer<typeof cdrFormSchema>;
export type QueueForm = z.infer<typeof queueFormSchema>;
export type PollForm = z.infer<typeof pollFormSchema>;
export type IvrForm = z.infer<typeof ivrFormSchema>;
