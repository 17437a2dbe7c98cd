import { useQuery } from '@tanstack/react-query';
import { HardDrive, MemoryStick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usageQuery } from '../../api/system';
import { cn } from '../../ui/cn';
import { SemicircleGauge } from '../../ui/gauge';
import { formatBytes, usagePercent, usageTone } from '../../ui/gauge-math';
import { Popover } from '../../ui/popover';

const TONE_TEXT = { success: 'text-success', warning: 'text-warning', danger: 'text-danger' } as const;

/** Level 1 system usage: disk % and memory %, a popup with two semicircle gauges (A-TOP-02/03). */
export function UsageWidget() {
  const { t } = useTranslation();
  const usage = useQuery(usageQuery());
  const data = usage.data;
  const disk = usagePercent(data?.usadoDisco, data?.disponibleDisco);
  const memory = usagePercent(data?.usada, data?.disponible);
  const unknown = !data;
  return (
    <Popover
      testId="usage-widget"
      triggerLabel={t('usage.title')}
      triggerClassName="flex h-9 items-center gap-3 rounded-lg border border-border bg-surface-2 px-3 text-xs font-medium text-text hover:bg-surface-3"
      trigger={
        <>
          <span className="flex items-center gap-1.5" title={t('usage.disk')}>
            <HardDrive className="size-3.5 text-muted" aria-hidden />
            <span className="sr-only">{t('usage.disk')}</span>
            <span className={cn('tabular-nums', !unknown && TONE_TEXT[usageTone(disk)])} data-testid="usage-disk">
              {unknown ? '—' : `${disk}%`}
            </span>
          </span>
          <span className="h-4 w-px bg-border" aria-hidden />
          <span className="flex items-center gap-1.5" title={t('usage.memory')}>
            <MemoryStick className="size-3.5 text-muted" aria-hidden />
            <span className="sr-only">{t('usage.memory')}</span>
            <span className={cn('tabular-nums', !unknown && TONE_TEXT[usageTone(memory)])} data-testid="usage-memory">
              {unknown ? '—' : `${memory}%`}
            </span>
          </span>
        </>
      }
      panelClassName="w-80 p-4"
    >
      {() => (
        <div>
          <h3 className="mb-3 text-sm font-semibold">{t('usage.title')}</h3>
          {unknown ? (
            <p className="text-sm text-muted">{usage.isError ? t('usage.unavailable') : t('common.loading')}</p>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <SemicircleGauge
                testId="gauge-disk"
                percent={disk}
                label={t('usage.disk')}
                detail={t('usage.detail', { used: formatBytes(data.usadoDisco), total: formatBytes(data.usadoDisco + data.disponibleDisco) })}
              />
              <SemicircleGauge
                testId="gauge-memory"
                percent={memory}
                label={t('usage.memory')}
                detail={t('usage.detail', { used: formatBytes(data.usada), total: formatBytes(data.usada + data.disponible) })}
              />
            </div>
          )}
        </div>
      )}
    </Popover>
  );
}
