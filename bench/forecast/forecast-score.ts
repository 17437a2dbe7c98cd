/**
 * The scoring of bench:forecast (H-FCST-02), pure: one queue's timeline, sampled at a fixed step, of
 * whether the tile's service level is breached (its colour past the warning, with the tile's own
 * hysteresis) and whether the tile forecasts a breach within the horizon (5 minutes).
 *
 * Events, not samples (a forecast shown for 4 minutes is one prediction, a breach is one breach):
 * - a breach is the step where the tile turns (breached false → true);
 * - a prediction is the step where the forecast "within 5 min" appears (false → true) while the tile is
 *   not breached.
 * precision = predictions followed by a breach within the horizon of their start / predictions judged;
 * recall    = breaches preceded by a forecast "within 5 min" shown at some step of the horizon before
 *             them / breaches.
 * A prediction that starts less than the horizon before the end of the run cannot be judged and is left
 * out (counted as `censored`). The sample-wise figures (each step a classification of "breach within
 * the horizon?") are given beside them, for a reader who prefers those.
 */

export interface ForecastSample {
  at: number;
  breached: boolean;
  /** the forecast says the breach comes within the horizon */
  predicted: boolean;
}

export interface ForecastScore {
  breaches: number;
  predictedBreaches: number;
  predictions: number;
  rightPredictions: number;
  censored: number;
  /** null when there is nothing to divide */
  precision: number | null;
  recall: number | null;
  samples: { tp: number; fp: number; fn: number; precision: number | null; recall: number | null };
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

export function scoreForecast(timeline: readonly ForecastSample[], horizonMs: number): ForecastScore {
  const onsets: number[] = [];
  const starts: number[] = [];
  const predictedAt: number[] = [];
  for (let i = 0; i < timeline.length; i++) {
    const s = timeline[i];
    const prev = timeline[i - 1];
    if (s.breached && prev && !prev.breached) onsets.push(s.at);
    if (!s.breached && s.predicted) {
      predictedAt.push(s.at);
      if (!prev || !prev.predicted || prev.breached) starts.push(s.at);
    }
  }
  const end = timeline.length > 0 ? timeline[timeline.length - 1].at : 0;
  const judged = starts.filter((t) => t + horizonMs <= end || onsets.some((o) => o > t && o <= t + horizonMs));
  const right = judged.filter((t) => onsets.some((o) => o > t && o <= t + horizonMs));
  const predictedBreaches = onsets.filter((o) => predictedAt.some((t) => t < o && t >= o - horizonMs));

  // sample-wise: each unbreached step whose future is known
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of timeline) {
    if (s.breached || s.at + horizonMs > end) continue;
    const actual = onsets.some((o) => o > s.at && o <= s.at + horizonMs);
    if (s.predicted && actual) tp++;
    else if (s.predicted) fp++;
    else if (actual) fn++;
  }
  return {
    breaches: onsets.length,
    predictedBreaches: predictedBreaches.length,
    predictions: judged.length,
    rightPredictions: right.length,
    censored: starts.length - judged.length,
    precision: ratio(right.length, judged.length),
    recall: ratio(predictedBreaches.length, onsets.length),
    samples: { tp, fp, fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) },
  };
}

/** Several queues' (or runs') scores added up. */
export function poolScores(scores: readonly ForecastScore[]): ForecastScore {
  const sum = (f: (s: ForecastScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const tp = sum((s) => s.samples.tp);
  const fp = sum((s) => s.samples.fp);
  const fn = sum((s) => s.samples.fn);
  const predictions = sum((s) => s.predictions);
  const breaches = sum((s) => s.breaches);
  return {
    breaches,
    predictedBreaches: sum((s) => s.predictedBreaches),
    predictions,
    rightPredictions: sum((s) => s.rightPredictions),
    censored: sum((s) => s.censored),
    precision: ratio(sum((s) => s.rightPredictions), predictions),
    recall: ratio(sum((s) => s.predictedBreaches), breaches),
    samples: { tp, fp, fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) },
  };
}
