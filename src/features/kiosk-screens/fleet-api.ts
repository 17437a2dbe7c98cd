/**
 * The fleet's calls (H-FLEET-01, H-TICK-01), one file per STYLE's API recipe: query keys, fetchers and
 * hooks. A KioskAlert push (a TV went dark or came back) and a KioskTicker push refresh them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { KioskFleetEntry, KioskTickerMessage, TickerPriority } from '../../../domain/kiosk-fleet';
import { api } from '../../api/client';
import { useScope } from '../../app/session';
import { useHub } from '../../hub';

/** the list is read again this often (a heartbeat comes every 15 s; late ones make a TV stale) */
const FLEET_REFRESH_MS = 5000;

export const fleetKeys = {
  all: ['kioskFleet'] as const,
  list: (scope: number | null) => ['kioskFleet', 'list', scope] as const,
  ticker: (scope: number | null) => ['kioskFleet', 'ticker', scope] as const,
};

export const fleetQuery = (scope: number | null) =>
  queryOptions({ queryKey: fleetKeys.list(scope), queryFn: () => api<KioskFleetEntry[]>('kiosk/fleet'), refetchInterval: FLEET_REFRESH_MS });

export const tickerQuery = (scope: number | null) => queryOptions({ queryKey: fleetKeys.ticker(scope), queryFn: () => api<KioskTickerMessage[]>('kiosk/ticker') });

/** The corp's TVs with their states, fresh on every alert push. */
export function useFleet() {
  const scope = useScope();
  const client = useQueryClient();
  const hub = useHub();
  useEffect(() => {
    if (!hub) return;
    const sub = hub.events$.subscribe((event) => {
      if (event.name === 'KioskAlert' || event.name === 'KioskTicker') void client.invalidateQueries({ queryKey: fleetKeys.all });
    });
    return () => sub.unsubscribe();
  }, [hub, client]);
  return useQuery(fleetQuery(scope));
}

export function useTickerMessages(enabled: boolean) {
  return useQuery({ ...tickerQuery(useScope()), enabled });
}

export interface TickerBody {
  text: string;
  priority: TickerPriority;
  screens: number[];
  minutes: number;
}

export function usePushTicker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TickerBody) => api<KioskTickerMessage>('kiosk/ticker', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}

export function useRemoveTicker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`kiosk/ticker/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}
