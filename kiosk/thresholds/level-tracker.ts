/**
 * A validating, stateful level tracker over hysteresis.ts's pure reducer: for thresholds that did not
 * come through the server's kioskThresholdsSchema. Kept apart from hysteresis.ts so that the kiosk
 * boards, which import only the reducer, do not pull zod into the TV's bundle.
 */
import { z } from 'zod';
import { stepLevel, type Level, type LevelStep, type LevelThresholds } from './hysteresis';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** Clear levels on the safe side of their trigger; warning no worse than critical. */
export const levelThresholdsSchema = z
  .object({
    warning: finite,
    critical: finite,
    clearWarning: finite,
    clearCritical: finite,
    higherIsWorse: z.boolean().default(true),
  })
  .superRefine((t, ctx) => {
    const s = t.higherIsWorse ? 1 : -1; // in "badness" units, higher is always worse
    if (!(s * t.warning <= s * t.critical)) {
      ctx.addIssue({ code: 'custom', path: ['warning'], message: 'warning must not be worse than critical' });
    }
    if (!(s * t.clearWarning < s * t.warning)) {
      ctx.addIssue({ code: 'custom', path: ['clearWarning'], message: 'clearWarning must be on the safe side of warning' });
    }
    if (!(s * t.clearCritical < s * t.critical)) {
      ctx.addIssue({ code: 'custom', path: ['clearCritical'], message: 'clearCritical must be on the safe side of critical' });
    }
    if (!(s * t.clearWarning <= s * t.clearCritical)) {
      ctx.addIssue({ code: 'custom', path: ['clearCritical'], message: 'clearCritical must not be on the safe side of clearWarning' });
    }
  });

export type ValidThresholds = z.output<typeof levelThresholdsSchema>;

/** Validates (throws a ZodError on invalid thresholds) and fills the default direction. */
export function parseThresholds(t: LevelThresholds): ValidThresholds {
  return levelThresholdsSchema.parse(t);
}

export interface LevelTracker {
  (value: number): LevelStep;
  readonly level: Level;
  reset(level?: Level): void;
}

/** A stateful tracker; validates the thresholds once (throws a ZodError when invalid). */
export function createLevelTracker(thresholds: LevelThresholds, initial: Level = 'normal'): LevelTracker {
  const t = parseThresholds(thresholds);
  let level: Level = initial;
  const track = (value: number): LevelStep => {
    const step = stepLevel(level, value, t);
    level = step.level;
    return step;
  };
  Object.defineProperty(track, 'level', { get: () => level, enumerable: true });
  return Object.assign(track, {
    reset(to: Level = 'normal') {
      level = to;
    },
  }) as LevelTracker;
}
