/**
 * H-FLEET-01: a TV's state in the Kiosk screens list (live, stale, dark, old version) and, under it,
 * what its last heartbeat said: size, frames per second, reconnects, the age of its data, when.
 */
import { useTranslation } from 'react-i18next';
import type { FleetState, KioskFleetEntry } from '../../../domain/kiosk-fleet';
import { Badge } from '../../ui/badge';

const TONE: Record<FleetState, 'success' | 'warning' | 'danger' | 'info'> = { live: 'success', stale: 'warning', dark: 'danger', oldVersion: 'info' };

/** "12 s", "4 min", "3 h": how long ago, short. */
export function ago(ms: number): { key: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (ms < 60_000) return { key: 'seconds', count: Math.max(0, Math.round(ms / 1000)) };
  if (ms < 3_600_000) return { key: 'minutes', count: Math.round(ms / 60_000) };
  return { key: 'hours', count: Math.round(ms / 3_600_000) };
}

export function FleetCell({ entry, now }: { entry: KioskFleetEntry | undefined; now: number }) {
  const { t } = useTranslation();
  const state: FleetState = entry?.state ?? 'dark';
  const hb = entry?.heartbeat ?? null;
  const seen = entry?.seenAt != null ? ago(now - entry.seenAt) : null;
  const data = hb?.dataAgeMs != null ? ago(hb.dataAgeMs) : null;
  return (
    <div className="flex flex-col gap-0.5" data-testid={`fleet-${entry?.screenId ?? 'none'}`} data-state={state}>
      <Badge tone={TONE[state]}>{t(`kioskAdmin.fleet.states.${state}`)}</Badge>
      {hb ? (
        <span className="text-xs text-muted tabular-nums">
          {t('kioskAdmin.fleet.detail', { width: hb.width, height: hb.height, fps: hb.fps, reconnects: hb.reconnects })}
          {data ? ` · ${t('kioskAdmin.fleet.dataAge', { age: t(`kioskAdmin.fleet.ago.${data.key}`, { count: data.count }) })}` : ''}
        </span>
      ) : null}
      <span className="text-xs text-muted">{seen ? t('kioskAdmin.fleet.seen', { age: t(`kioskAdmin.fleet.ago.${seen.key}`, { count: seen.count }) }) : t('kioskAdmin.fleet.never')}</span>
    </div>
  );
}
