import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './session-store';

/** Theme 0 light, 1 dark (A-THM-01), as the `dark` class on <html>. */
export type Theme = 0 | 1;

const listeners = new Set<() => void>();

function read(): Theme {
  return document.documentElement.classList.contains('dark') ? 1 : 0;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 1);
  try {
    localStorage.setItem(STORAGE_KEYS.theme, String(theme));
  } catch {
    // not remembered in this browser; the server keeps the user's choice anyway
  }
  listeners.forEach((l) => l());
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    read,
    () => 0,
  );
}
