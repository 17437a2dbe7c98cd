import { useEffect, useRef } from 'react';

/**
 * Previous / next that count every click. A step is computed from the value last asked for until the
 * screen shows it, not from the value rendered: two quick clicks on "next" (or one machine under load
 * that renders the first click late) went one month on, because both read the month still on screen.
 * `key` names the shown value, so the pending one is dropped once the screen has caught up.
 */
export function useQuickSteps<T>(shown: T, key: (value: T) => string): (step: (from: T) => T) => T {
  const pending = useRef<T | null>(null);
  const shownKey = key(shown);
  useEffect(() => {
    pending.current = null;
  }, [shownKey]);
  return (step) => {
    const next = step(pending.current ?? shown);
    pending.current = next;
    return next;
  };
}
