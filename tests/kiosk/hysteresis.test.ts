import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { nextLevel, stepLevel, type Level, type LevelThresholds } from '../../kiosk/thresholds/hysteresis';
import { createLevelTracker, parseThresholds } from '../../kiosk/thresholds/level-tracker';
import { mulberry32 } from '../../domain/random';

// calls waiting: warning at 5, critical at 10; warning clears at 3, critical at 8
const WAITING: LevelThresholds = { warning: 5, critical: 10, clearWarning: 3, clearCritical: 8 };
// service level %: warning at 80, critical at 60; clears at 85 and 70
const SERVICE: LevelThresholds = { warning: 80, critical: 60, clearWarning: 85, clearCritical: 70, higherIsWorse: false };

function run(t: LevelThresholds, values: number[]): Level[] {
  const track = createLevelTracker(t);
  return values.map((v) => track(v).level);
}

/** mulberry32: a small seeded PRNG, so the property runs are reproducible. */
const prng = mulberry32;

describe('kiosk queue thresholds with hysteresis', () => {
  it('kiosk thresholds: values oscillating between the clear level and the trigger keep the level (no flapping)', () => {
    expect(run(WAITING, [5, 4, 5, 4, 3.5, 4.9, 4])).toEqual(Array(7).fill('warning'));
    expect(run(WAITING, [10, 9, 10, 8.5, 9.9, 9])).toEqual(Array(6).fill('critical'));
    // below the trigger from the safe side nothing happens either
    expect(run(WAITING, [4, 4.9, 3, 4.99, 0])).toEqual(Array(5).fill('normal'));
  });

  it('kiosk thresholds: escalates at the trigger and de-escalates only at the clear level', () => {
    expect(run(WAITING, [0, 5, 10, 8.1, 8, 3.1, 3, 12, 2])).toEqual([
      'normal', 'warning', 'critical', 'critical', 'warning', 'warning', 'normal', 'critical', 'normal',
    ]);
    // straight from normal to critical, and from critical below the warning trigger but above its clear
    expect(run(WAITING, [11, 4])).toEqual(['critical', 'warning']);
  });

  it('kiosk thresholds: enteredCritical only on the step that enters critical', () => {
    const track = createLevelTracker(WAITING);
    const flags = [0, 10, 12, 9, 11, 7, 10, 2, 15].map((v) => track(v).enteredCritical);
    expect(flags).toEqual([false, true, false, false, false, false, true, false, true]);
    expect(stepLevel('warning', 10, WAITING)).toEqual({ level: 'critical', previous: 'warning', changed: true, enteredCritical: true });
    expect(stepLevel('critical', 10, WAITING).enteredCritical).toBe(false);
  });

  it('kiosk thresholds: lower-is-worse metrics (service level %) mirror the rules', () => {
    expect(run(SERVICE, [95, 80, 84, 81, 85, 60, 69, 65, 70, 90])).toEqual([
      'normal', 'warning', 'warning', 'warning', 'normal', 'critical', 'critical', 'critical', 'warning', 'normal',
    ]);
    expect(nextLevel('normal', 80.5, SERVICE)).toBe('normal');
  });

  it('kiosk thresholds: the pure reducer, the tracker state and reset agree', () => {
    const track = createLevelTracker(WAITING);
    expect(track.level).toBe('normal');
    track(6);
    expect(track.level).toBe('warning');
    track.reset();
    expect(track.level).toBe('normal');
    expect(nextLevel('warning', Number.NaN, WAITING)).toBe('warning');
    expect(createLevelTracker(WAITING, 'critical')(9).level).toBe('critical');
  });

  it('kiosk thresholds: invalid thresholds are rejected (clear on the wrong side, warning worse than critical)', () => {
    const bad: LevelThresholds[] = [
      { ...WAITING, clearWarning: 5 }, // clear equal to its trigger
      { ...WAITING, clearWarning: 6 },
      { ...WAITING, clearCritical: 11 },
      { ...WAITING, warning: 12 }, // warning worse than critical
      { ...WAITING, clearWarning: 9 }, // warning clears after critical would
      { ...SERVICE, clearWarning: 75 },
      { ...SERVICE, clearCritical: 50 },
      { ...SERVICE, warning: 50 },
      { ...WAITING, critical: Number.POSITIVE_INFINITY },
      { ...WAITING, warning: Number.NaN },
    ];
    for (const t of bad) {
      expect(() => createLevelTracker(t)).toThrow(ZodError);
    }
    expect(parseThresholds(WAITING).higherIsWorse).toBe(true);
    expect(() => parseThresholds({ warning: 5, critical: 5, clearWarning: 4, clearCritical: 4 })).not.toThrow();
  });

  it('kiosk thresholds: for seeded random walks the level changes only when a trigger or clear level is crossed', () => {
    const seen = new Set<string>();
    for (const [name, t] of [['waiting', WAITING], ['service', SERVICE]] as const) {
      for (let seed = 1; seed <= 100; seed++) {
        const rnd = prng(seed);
        const s = t.higherIsWorse === false ? -1 : 1;
        const track = createLevelTracker(t);
        let prev = t.higherIsWorse === false ? 100 : 0;
        track(prev);
        for (let i = 0; i < 300; i++) {
          const jump = rnd() < 0.05 ? 60 : 6; // steps of up to ±3, and now and then a jump of up to ±30
          const value = Math.min(100, Math.max(0, prev + (rnd() - 0.5) * jump));
          const { level, previous, changed } = track(value);
          const badness = s * value;
          const crossed = (level: number) => (s * prev < level) !== (badness < level) || badness === level;
          if (changed) seen.add(`${name} ${previous}→${level}`);
          const ctx = `${name} seed ${seed} step ${i}: ${prev} → ${value}, ${previous} → ${level}`;
          if (!changed) {
            // holding: the value is not past the trigger of a worse level, and not past the clear of this one
            if (level !== 'critical') expect(badness, ctx).toBeLessThan(s * t.critical);
            if (level === 'normal') expect(badness, ctx).toBeLessThan(s * t.warning);
            if (level === 'critical') expect(badness, ctx).toBeGreaterThan(s * t.clearCritical);
            if (level === 'warning') expect(badness, ctx).toBeGreaterThan(s * t.clearWarning);
          } else if (level === 'critical') {
            expect(badness >= s * t.critical && crossed(s * t.critical), ctx).toBe(true);
          } else if (level === 'warning' && previous === 'normal') {
            expect(badness >= s * t.warning && crossed(s * t.warning), ctx).toBe(true);
          } else if (level === 'warning') {
            expect(badness <= s * t.clearCritical && crossed(s * t.clearCritical), ctx).toBe(true);
          } else {
            expect(badness <= s * t.clearWarning && crossed(s * t.clearWarning), ctx).toBe(true);
          }
          prev = value;
        }
      }
    }
    // the walks are not vacuous: every transition happened in both directions of metric
    for (const name of ['waiting', 'service']) {
      for (const tr of ['normal→warning', 'warning→critical', 'critical→warning', 'warning→normal', 'normal→critical', 'critical→normal']) {
        expect(seen, `${name} ${tr}`).toContain(`${name} ${tr}`);
      }
    }
  });
});
