/**
 * Queue tile colours with hysteresis: a level is entered when the value reaches its trigger
 * (`warning`, `critical`) and left only when the value passes back over a separate clear level
 * (`clearWarning`, `clearCritical`), so a value hovering around a trigger does not make the TV flap.
 *
 * Higher is worse by default (calls waiting, longest wait): enter at `value >= trigger`, clear at
 * `value <= clear`, with clear < trigger. Lower is worse (service level %): mirrored, enter at
 * `value <= trigger`, clear at `value >= clear`, with clear > trigger.
 *
 * Pure reducer `nextLevel` / `stepLevel`, and a small stateful `createLevelTracker` over it.
 * Validation stays here (kiosk/), not in domain/.
 */
import { z } from 'zod';

export type Level = 'normal' | 'warning' | 'critical';

export interface LevelThresholds {
  warning: number;
  critical: number;
  clearWarning: number;
  clearCritical: number;
  /** default true; false for metrics such as service level % */
  higherIsWorse?: boolean;
}

export interface LevelStep {
  level: Level;
  previous: Level;
  changed: boolean;
  /** true only on the step that enters critical (for the optional chime) */
  enteredCritical: boolean;
}

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

/** The next level for `value`, given the current one. Assumes valid thresholds (see parseThresholds). */
export function nextLevel(current: Level, value: number, t: LevelThresholds): Level {
  const s = t.higherIsWorse === false ? -1 : 1;
  const v = s * value;
  if (Number.isNaN(v)) return current; // no reading: keep the colour
  if (v >= s * t.critical) return 'critical';
  if (current === 'critical' && v > s * t.clearCritical) return 'critical';
  // below critical (or critical cleared): warning holds from above until clearWarning
  if (v >= s * t.warning) return 'warning';
  if (current !== 'normal' && v > s * t.clearWarning) return 'warning';
  return 'normal';
}

/** nextLevel with the change and the enteredCritical event. */
export function stepLevel(current: Level, value: number, t: LevelThresholds): LevelStep {
  const level = nextLevel(current, value, t);
  return { level, previous: current, changed: level !== current, enteredCritical: level === 'critical' && current !== 'critical' };
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
