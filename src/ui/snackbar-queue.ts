/** DOM-free snackbar queue (A-SNK-01..04): one message at a time, in arrival order. */
export type SnackTone = 'success' | 'danger' | 'info' | 'warning';

export interface SnackItem {
  id: number;
  message: string;
  tone: SnackTone;
  durationMs: number;
}

export interface SnackState {
  items: SnackItem[];
  nextId: number;
}

export const EMPTY_SNACKS: SnackState = { items: [], nextId: 1 };

export type SnackAction = { type: 'push'; item: Omit<SnackItem, 'id'> } | { type: 'dismiss'; id: number } | { type: 'clear' };

export function snackReducer(state: SnackState, action: SnackAction): SnackState {
  switch (action.type) {
    case 'push':
      return { items: [...state.items, { ...action.item, id: state.nextId }], nextId: state.nextId + 1 };
    case 'dismiss':
      return { ...state, items: state.items.filter((i) => i.id !== action.id) };
    case 'clear':
      return { ...state, items: [] };
  }
}

/** The message on screen: the oldest one. */
export function currentSnack(state: SnackState): SnackItem | undefined {
  return state.items[0];
}

/** How many wait behind the one on screen (the Next button's count, A-SNK-02). */
export function waitingSnacks(state: SnackState): number {
  return Math.max(0, state.items.length - 1);
}
