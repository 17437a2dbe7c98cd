import { z } from 'zod';

/** The answer of GET /api/v1/kiosk/heatmap (domain/kiosk-heatmap.ts `KioskHeatmap`). */
export const kioskHeatmapSchema = z.object({
  windowMs: z.number().int(),
  queues: z.array(z.object({ queueId: z.number().int(), name: z.string() })),
  agents: z.array(z.object({ number: z.string(), name: z.string() })),
  cells: z.array(z.object({ queueId: z.number().int(), agent: z.string(), calls: z.number().int().nonnegative(), talkSec: z.number().int().nonnegative() })),
  asOf: z.number().int(),
});
