import type { CampaignStats } from '../../../domain/dialer';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useScope } from '../../app/session';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';


const FIGURES = ['total', 'dialed', 'answered', 'failed', 'pending', 'live'] as const;

/** A campaign's statistics (C-DIA-02): dialled, answered, failed, pending and live, refreshed while open. */
export function DialerStatsDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useScope();
  const stats = useQuery({
    queryKey: ['dialer', 'stats', id, { scope }],
    queryFn: ({ signal }) => api<CampaignStats>(`dialer/${encodeURIComponent(id)}/stats`, { signal }),
    refetchInterval: 2_000,
  });
  return (
    <Dialog
      open
      onClose={onClose}
      width={600}
      title={t('dialers.stats.title', { name })}
      testId="dialer-stats"
      footer={
        <Button variant="secondary" onClick={onClose} data-testid="dialer-stats-close">
          {t('common.close')}
        </Button>
      }
    >
      {stats.data ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {FIGURES.map((figure) => (
            <div key={figure} className="rounded-xl border border-border bg-surface-2 px-4 py-3">
              <dt className="text-xs text-muted">{t(`dialers.stats.${figure}`)}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`dialer-stat-${figure}`}>
                {stats.data[figure]}
              </dd>
            </div>
          ))}
        </dl>
      ) : stats.error ? (
        <p role="alert" className="text-sm text-danger">
          {t('errors.default')}
        </p>
      ) : (
        <Spinner className="mx-auto size-6 text-primary" label={t('common.loading')} />
      )}
    </Dialog>
  );
}
