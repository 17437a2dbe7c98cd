/**
 * Threshold colours of the queue tiles (issue 4): each queue's waiting callers, longest wait and
 * service level go through the hysteresis of kiosk/thresholds (a separate clear level, so colours do
 * not flap); the tile takes the worst of its three. Pure step over successive QueueStats lists, so the
 * chime can fire exactly once when a queue enters critical.
 */
import type { KioskThresholds } from '../../domain/kiosk-board';
import type { QueueStats } from '../../streams/queue-stats';
import { nextLevel, type Level, type LevelThresholds } from '../thresholds/hysteresis';

export interface QueueLevels {
  waiting: Level;
  longestWait: Level;
  serviceLevel: Level;
  /** the worst of the three */
  tile: Level;
}

export interface QueueLevelsState {
  byQueue: Record<number, QueueLevels>;
  /** queues whose tile entered critical at this step */
  enteredCritical: number[];
}

const RANK: Record<Level, number> = { normal: 0, warning: 1, critical: 2 };
export const worst = (...levels: Level[]): Level => levels.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'normal');

/** The screen's thresholds as the three metrics' level settings. */
export function metricThresholds(t: KioskThresholds): Record<'waiting' | 'longestWait' | 'serviceLevel', LevelThresholds> {
  return {
    waiting: { warning: t.waitingWarning, critical: t.waitingCritical, clearWarning: t.waitingClearWarning, clearCritical: t.waitingClearCritical },
    longestWait: { warning: t.longestWaitWarningSec, critical: t.longestWaitCriticalSec, clearWarning: t.longestWaitClearWarningSec, clearCritical: t.longestWaitClearCriticalSec },
    serviceLevel: {
      warning: t.serviceLevelWarningPct,
      critical: t.serviceLevelCriticalPct,
      clearWarning: t.serviceLevelClearWarningPct,
      clearCritical: t.serviceLevelClearCriticalPct,
      higherIsWorse: false,
    },
  };
}

export const INITIAL_QUEUE_LEVELS: QueueLevelsState = { byQueue: {}, enteredCritical: [] };

export function stepQueueLevels(state: QueueLevelsState, stats: readonly QueueStats[], thresholds: KioskThresholds): QueueLevelsState {
  const m = metricThresholds(thresholds);
  const byQueue: Record<number, QueueLevels> = {};
  const enteredCritical: number[] = [];
  for (const q of stats) {
    const prev = state.byQueue[q.queueId];
    const waiting = nextLevel(prev?.waiting ?? 'normal', q.waiting, m.waiting);
    const longestWait = nextLevel(prev?.longestWait ?? 'normal', q.longestWaitMs / 1000, m.longestWait);
    // no answered or abandoned call yet: no service level to judge, the colour stays as it was
    const serviceLevel = nextLevel(prev?.serviceLevel ?? 'normal', q.serviceLevelPct ?? Number.NaN, m.serviceLevel);
    const tile = worst(waiting, longestWait, serviceLevel);
    if (tile === 'critical' && prev?.tile !== 'critical') enteredCritical.push(q.queueId);
    byQueue[q.queueId] = { waiting, longestWait, serviceLevel, tile };
  }
  return { byQueue, enteredCritical };
}
