import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of a stream (the stream should end in distinctUntilChanged, STYLE 8). */
export function useObservable<T>(source$: Observable<T> | null, initial: T): T {
  const [state, setState] = useState<{ source: Observable<T> | null; value: T }>({ source: source$, value: initial });
  useEffect(() => {
    if (!source$) return;
    const sub = source$.subscribe((value) => setState({ source: source$, value }));
    return () => sub.unsubscribe();
  }, [source$]);
  // a new source starts from `initial` until it emits
  return state.source === source$ ? state.value : initial;
}
