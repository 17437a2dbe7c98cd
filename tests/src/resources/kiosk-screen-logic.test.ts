import { describe, expect, it } from 'vitest';
import { DEFAULT_KIOSK_THRESHOLDS, kioskThresholdsSchema } from '../../../domain/resources/kiosk-screen';
import {
  asBoards,
  boardLines,
  keyOfAnswer,
  kioskUrl,
  moveBoard,
  THRESHOLD_LEVELS,
  THRESHOLD_METRICS,
  thresholdKey,
  thresholdText,
  toggleBoard,
  withThreshold,
} from '../../../src/resources/kiosk-screen-logic';

describe('kiosk boards: an ordered selection', () => {
  it('keeps known boards once, in their order', () => {
    expect(asBoards(['trend', 'queues', 'trend', 'nope', 3])).toEqual(['trend', 'queues']);
    expect(asBoards(undefined)).toEqual([]);
  });

  it('lists the chosen boards first in playlist order, then the others in their natural order', () => {
    expect(boardLines(['trend', 'agents'])).toEqual([
      { board: 'trend', position: 0, canMoveUp: false, canMoveDown: true },
      { board: 'agents', position: 1, canMoveUp: true, canMoveDown: false },
      { board: 'queues', position: null, canMoveUp: false, canMoveDown: false },
      { board: 'callers', position: null, canMoveUp: false, canMoveDown: false },
      { board: 'heatmap', position: null, canMoveUp: false, canMoveDown: false },
    ]);
  });

  it('ticking appends, unticking removes, ticking twice does not duplicate', () => {
    expect(toggleBoard(['queues'], 'trend', true)).toEqual(['queues', 'trend']);
    expect(toggleBoard(['queues', 'trend'], 'queues', false)).toEqual(['trend']);
    expect(toggleBoard(['queues', 'trend'], 'queues', true)).toEqual(['trend', 'queues']);
  });

  it('moves a chosen board up or down one place; the ends and unchosen boards stay put', () => {
    expect(moveBoard(['agents', 'queues', 'trend'], 'queues', -1)).toEqual(['queues', 'agents', 'trend']);
    expect(moveBoard(['agents', 'queues', 'trend'], 'queues', 1)).toEqual(['agents', 'trend', 'queues']);
    expect(moveBoard(['agents', 'queues'], 'agents', -1)).toEqual(['agents', 'queues']);
    expect(moveBoard(['agents', 'queues'], 'queues', 1)).toEqual(['agents', 'queues']);
    expect(moveBoard(['agents'], 'trend', 1)).toEqual(['agents']);
  });
});

describe('kiosk thresholds grid', () => {
  it('names every threshold exactly once (3 metrics × 4 levels)', () => {
    const keys = THRESHOLD_METRICS.flatMap((row) => THRESHOLD_LEVELS.map((level) => thresholdKey(row, level)));
    expect(new Set(keys).size).toBe(12);
    expect(keys.sort()).toEqual(Object.keys(DEFAULT_KIOSK_THRESHOLDS).sort());
    expect(thresholdKey(THRESHOLD_METRICS[1], 'ClearWarning')).toBe('longestWaitClearWarningSec');
  });

  it('sets one cell as a number; empty is NaN, which the schema refuses as not a number', () => {
    const next = withThreshold(DEFAULT_KIOSK_THRESHOLDS, 'waitingWarning', '4');
    expect(next).toEqual({ ...DEFAULT_KIOSK_THRESHOLDS, waitingWarning: 4 });
    const empty = withThreshold(DEFAULT_KIOSK_THRESHOLDS, 'waitingWarning', ' ');
    expect(Number.isNaN(empty.waitingWarning)).toBe(true);
    const parsed = kioskThresholdsSchema.safeParse(empty);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['waitingWarning'] });
    expect(thresholdText(empty, 'waitingWarning')).toBe('');
    expect(thresholdText(next, 'waitingWarning')).toBe('4');
  });

  it('a warning above critical is an error on the warning cell', () => {
    const parsed = kioskThresholdsSchema.safeParse(withThreshold(DEFAULT_KIOSK_THRESHOLDS, 'waitingWarning', '9'));
    expect(parsed.error?.issues.map((i) => i.path)).toContainEqual(['waitingWarning']);
  });
});

describe('kiosk address and key', () => {
  it('builds /kiosk/{corp}/{id}?key= with the parts encoded', () => {
    expect(kioskUrl('https://pbx.example.com/', 'acme', 7, 'ab-_C9')).toBe('https://pbx.example.com/kiosk/acme/7?key=ab-_C9');
    expect(kioskUrl('http://x', 'a b', '3', 'k+/=')).toBe('http://x/kiosk/a%20b/3?key=k%2B%2F%3D');
  });

  it('takes the key from a create or rotate answer, and nothing from a plain row', () => {
    expect(keyOfAnswer({ id: 5, name: 'Floor', key: 'abc', keyHint: 'abc' })).toEqual({ id: 5, name: 'Floor', key: 'abc' });
    expect(keyOfAnswer({ id: 5, name: 'Floor', keyHint: 'abc' })).toBeNull();
    expect(keyOfAnswer(undefined)).toBeNull();
  });
});
