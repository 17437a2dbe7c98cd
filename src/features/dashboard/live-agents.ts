import { useEffect, useState } from 'react';
import { DASH_REFRESH, isBusy, isOnline, pushLivePoint } from '../../../domain/reports';
import type { ExtStatus } from '../../../domain/realtime';
import { usePanelLive } from '../panel/panel-live';

export interface AgentRow {
  number: string;
  userName: string;
  status: ExtStatus;
}

export interface LiveAgents {
  rows: AgentRow[];
  online: number;
  offline: number;
  /** busy agents, one point a second, the last minute (D-HOME-03) */
  busy: number[];
}

/**
 * The agents of the corp from the panel's live registry (one per extension, fed by the hub), read
 * once a second: the busy-agents chart gets its point, the cards and the list their statuses.
 */
export function useLiveAgents(): LiveAgents {
  const { registry } = usePanelLive();
  const [state, setState] = useState<LiveAgents>({ rows: [], online: 0, offline: 0, busy: [] });
  useEffect(() => {
    const sample = () => {
      const { extensions, order } = registry.getSnapshot().context;
      const rows = order.flatMap((number) => {
        const context = extensions[number]?.getSnapshot().context;
        return context ? [{ number, userName: context.userName, status: context.status }] : [];
      });
      const online = rows.filter((r) => isOnline(r.status)).length;
      const busy = rows.filter((r) => isBusy(r.status)).length;
      setState((prev) => ({ rows, online, offline: rows.length - online, busy: pushLivePoint(prev.busy, busy) }));
    };
    sample();
    const timer = window.setInterval(sample, DASH_REFRESH.liveTickMs);
    return () => window.clearInterval(timer);
  }, [registry]);
  return state;
}
