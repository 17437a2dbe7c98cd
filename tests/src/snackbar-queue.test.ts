import { describe, expect, it } from 'vitest';
import { TIMING } from '../../domain/constants';
import { currentSnack, EMPTY_SNACKS, snackReducer, waitingSnacks } from '../../src/ui/snackbar-queue';

const push = (message: string, durationMs: number = TIMING.shellSnackbarMs) => ({ type: 'push' as const, item: { message, tone: 'info' as const, durationMs } });

describe('snackbar queue', () => {
  it('A-SNK-01 one message at a time, oldest first', () => {
    let state = snackReducer(EMPTY_SNACKS, push('first'));
    state = snackReducer(state, push('second'));
    expect(currentSnack(state)?.message).toBe('first');
    state = snackReducer(state, { type: 'dismiss', id: currentSnack(state)!.id });
    expect(currentSnack(state)?.message).toBe('second');
  });

  it('A-SNK-02 the Next button counts the messages waiting behind the one shown', () => {
    let state = EMPTY_SNACKS;
    expect(waitingSnacks(state)).toBe(0);
    for (const m of ['a', 'b', 'c']) state = snackReducer(state, push(m));
    expect(waitingSnacks(state)).toBe(2);
    state = snackReducer(state, { type: 'dismiss', id: currentSnack(state)!.id });
    expect(waitingSnacks(state)).toBe(1);
  });

  it('A-SNK-03 A-SNK-04 shell messages last 6000 ms and save feedback 3000 ms (the durations the snackbar provider uses); each message keeps its own', () => {
    // SnackbarProvider's notify() defaults to TIMING.shellSnackbarMs and notifySave() to TIMING.saveSnackbarMs
    expect(TIMING.shellSnackbarMs).toBe(6000);
    expect(TIMING.saveSnackbarMs).toBe(3000);
    let state = snackReducer(EMPTY_SNACKS, push('shell', TIMING.shellSnackbarMs));
    state = snackReducer(state, push('save', TIMING.saveSnackbarMs));
    expect(state.items.map((i) => i.durationMs)).toEqual([6000, 3000]);
    expect(new Set(state.items.map((i) => i.id)).size).toBe(2);
  });

  it('A-SNK-01 clear empties the queue; dismissing an unknown id changes nothing', () => {
    const state = snackReducer(EMPTY_SNACKS, push('x'));
    expect(snackReducer(state, { type: 'dismiss', id: 999 }).items).toHaveLength(1);
    expect(currentSnack(snackReducer(state, { type: 'clear' }))).toBeUndefined();
  });
});
