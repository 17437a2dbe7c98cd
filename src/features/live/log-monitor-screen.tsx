import { ChevronDown, ChevronRight, Eraser, Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Subject } from 'rxjs';
import { LOG_EVENT_TYPES, type LogEventType } from '../../../domain/realtime';
import { useHub } from '../../hub';
import type { HubClient } from '../../hub/hub-client';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Switch } from '../../ui/switch';
import { clearLog, EMPTY_LOG, LOG_LIMIT, setPaused, visibleEntries, type LogBuffer, type LogEntry } from './log-buffer';
import { logMonitor } from './live-streams';
import { LiveCorpGate } from './live-corp-gate';
import { useLiveCorp } from '../../app/use-live-corp';
import { useObservable } from '../../ui/use-observable';

function LogRow({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <li className="border-b border-border last:border-b-0" data-testid="log-entry" data-type={entry.type}>
      <button
        type="button"
        className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-left text-sm hover:bg-surface-2"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? <ChevronDown className="size-4 shrink-0" aria-hidden /> : <ChevronRight className="size-4 shrink-0" aria-hidden />}
        <Badge tone="info">{entry.type}</Badge>
        <span className="tabular-nums text-muted" title={t('live.logmon.timestamp')}>
          {entry.timestamp}
        </span>
        <span className="font-medium" title={t('live.logmon.device')}>
          {entry.device}
        </span>
        <span className="text-muted" title={t('live.logmon.state')}>
          {entry.state}
        </span>
      </button>
      {open ? (
        <pre className="max-h-80 overflow-auto bg-surface-2 px-4 py-2 text-xs" data-testid="log-json" aria-label={t('live.logmon.json')}>
          {JSON.stringify(entry.event, null, 2)}
        </pre>
      ) : null}
    </li>
  );
}

/**
 * B-LOG-05: opening the log monitor starts the corp's log feed on the hub (again after every
 * reconnect, which starts a new connection), leaving it stops the feed.
 */
function useLogFeed(hub: HubClient | null, corpId: number | null): void {
  useEffect(() => {
    if (!hub || corpId === null) return;
    const start = () => hub.invoke('StartLogMonitor', corpId).catch((error: unknown) => console.warn('log monitor: StartLogMonitor failed', error));
    // not connected yet: the 'connected' request below starts it
    if (hub.state === 'connected') void start();
    const again = hub.snapshotRequests$.subscribe((reason) => {
      if (reason === 'connected' || reason === 'reconnected' || reason === 'resync') void start();
    });
    return () => {
      again.unsubscribe();
      hub.invoke('StopLogMonitor').catch((error: unknown) => console.warn('log monitor: StopLogMonitor failed', error));
    };
  }, [hub, corpId]);
}

/**
 * Log monitor (spec 3 §2.3, B-LOG-02..05): the corp's PBX events from LogMon pushes, newest on top,
 * at most 1,000 kept; twelve type switches; pause counts new events without showing them.
 */
function LogMonitorScreenLive() {
  const { t } = useTranslation();
  const hub = useHub();
  const corpId = useLiveCorp();
  const [enabled, setEnabled] = useState<ReadonlySet<LogEventType>>(() => new Set(LOG_EVENT_TYPES));
  const control = useMemo(() => new Subject<(buffer: LogBuffer) => LogBuffer>(), []);
  const log$ = useMemo(() => (hub && corpId !== null ? logMonitor(hub.events$, corpId, control, EMPTY_LOG) : null), [hub, corpId, control]);
  const buffer = useObservable(log$, EMPTY_LOG);
  useLogFeed(hub, corpId);
  const shown = visibleEntries(buffer, enabled);

  const toggle = (type: LogEventType, on: boolean) => {
    const next = new Set(enabled);
    if (on) next.add(type);
    else next.delete(type);
    setEnabled(next);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="log-monitor">
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="text-sm font-semibold">{t('live.logmon.types')}</h2>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {LOG_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <Switch checked={enabled.has(type)} onCheckedChange={(on) => toggle(type, on)} data-testid={`log-toggle-${type}`} aria-label={type} />
              <span>{type}</span>
            </label>
          ))}
        </div>
      </Card>
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => control.next((b) => setPaused(b, !b.paused))}
            aria-pressed={buffer.paused}
            data-testid="log-pause"
          >
            {buffer.paused ? <Play /> : <Pause />}
            {buffer.paused ? t('live.logmon.resume') : t('live.logmon.pause')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => control.next(clearLog)} data-testid="log-clear">
            <Eraser />
            {t('live.logmon.clear')}
          </Button>
          {buffer.paused ? (
            <Badge tone="warning" data-testid="log-pending">
              {t('live.logmon.pending', { count: buffer.pendingCount })}
            </Badge>
          ) : null}
          <span className="ml-auto text-xs text-muted" data-testid="log-count">
            {t('live.logmon.count', { shown: shown.length, limit: LOG_LIMIT })}
          </span>
        </div>
        {shown.length === 0 ? (
          <p className="px-4 py-12 text-center text-sm text-muted" data-testid="log-empty">
            {t('live.logmon.empty')}
          </p>
        ) : (
          <ul data-testid="log-list">
            {shown.map((entry) => (
              <LogRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The screen, for the live corp (a level 1 user without a working corp is asked to pick one). */
export default function LogMonitorScreen() {
  return (
    <LiveCorpGate>
      <LogMonitorScreenLive />
    </LiveCorpGate>
  );
}
