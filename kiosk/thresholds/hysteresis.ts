/**
 * Queue tile colours with hysteresis: a level is entered when the value reaches its trigger
 * (`warning`, `critical`) and left only when the value passes back over a separate clear level
 * (`clearWarning`, `clearCritical`), so a value hovering around a trigger does not make the TV flap.
 *
 * Higher is worse by default (calls waiting, longest wait): enter at `value >= trigger`, clear at
 * `value <= clear`, with clear < trigger. Lower is worse (service level %): mirrored, enter at
 * `value <= trigger`, clear at `value >= clear`, with clear > trigger.
 *
 * Pure reducer `nextLevel` / `stepLevel`. The validating stateful tracker is level-tracker.ts: the
 * boards take thresholds the server already checked (domain kioskThresholdsSchema), so the TV's
 * bundle carries no schema library for them (issue 13, kiosk JavaScript).
 */
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
