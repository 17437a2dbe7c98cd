import { useEffect, useRef, useState } from 'react';
import { useElementSize } from './use-element-size';
import { getWithToken } from '../session/exchange';
import { useKiosk } from './kiosk-context';

export type KioskDataState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * A board's REST data (the trend, the heatmap), asked for with the kiosk's token when the board shows
 * and every `refreshMs` while it does. A transient failure keeps the last data; only a first failure
 * shows the board's message.
 */
export function useKioskData<T>(path: string, refreshMs: number, label: string): KioskDataState<T> {
  const { token, live } = useKiosk();
  const [state, setState] = useState<KioskDataState<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      const current = token();
      if (!current) return;
      try {
        const data = await getWithToken<T>(path, current, controller.signal, live.corpId);
        setState({ status: 'ready', data });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn(`kiosk ${label} not loaded`, error);
        setState((prev) => (prev.status === 'ready' ? prev : { status: 'error' }));
      }
    };
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [token, live.corpId, path, refreshMs, label]);
  return state;
}

/** A board drawn from REST data (the trend, the heatmap): its data, and the measured area it is drawn in. */
export function useKioskDataBoard<T>(path: string, refreshMs: number, label: string) {
  const state = useKioskData<T>(path, refreshMs, label);
  const area = useRef<HTMLDivElement>(null);
  const size = useElementSize(area);
  return { state, data: state.status === 'ready' ? state.data : null, area, size };
}
