/**
 * The zod schemas of the fleet's REST bodies (H-TICK-01, H-NOC-01), apart from kiosk-fleet.ts so the
 * TV bundle that imports the rules carries no schema library.
 */
import { z } from 'zod';
import { idParam, intIn } from './resources/fields';
import { msg } from './validation';
import { TICKER_PRIORITIES, TICKER_RULES } from './kiosk-fleet';

/** POST /kiosk/ticker: a message for some of the corp's screens, expiring after `minutes`. */
export const tickerInputSchema = z.object({
  text: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(TICKER_RULES.textMax, { error: msg('validation.maxLength', { max: TICKER_RULES.textMax }) }),
  priority: z.enum(TICKER_PRIORITIES, { error: 'validation.option' }).default('info'),
  screens: z
    .array(idParam, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(TICKER_RULES.screensMax, { error: 'validation.invalid' })
    .transform((ids) => [...new Set(ids)]),
  minutes: intIn(TICKER_RULES.minutesMin, TICKER_RULES.minutesMax).default(TICKER_RULES.defaultMinutes),
});
export type TickerInput = z.output<typeof tickerInputSchema>;

/** POST /kiosk/noc/token: the corp of the NOC page about to show. */
export const nocTokenSchema = z.object({ corpId: idParam });
