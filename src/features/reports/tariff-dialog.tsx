import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tariffSchema, type TariffEntry } from '../../../domain/reports';
import { api, isApiFailure } from '../../api/client';
import { translateMessage } from '../../app/messages';
import { Dialog, FormDialogFooter } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';
import { reportKeys } from './reports-api';

interface GroupRow {
  id: number;
  name: string;
}

/** What the editor holds per group: the three numbers as typed ('' = no tariff for the group). */
type Draft = Record<number, { pricePerMinute: string; minimumSec: string; incrementSec: string }>;

const draftOf = (entries: readonly TariffEntry[]): Draft =>
  Object.fromEntries(entries.map((e) => [e.groupId, { pricePerMinute: String(e.pricePerMinute), minimumSec: String(e.minimumSec), incrementSec: String(e.incrementSec) }]));

/**
 * The working corp's tariff (level 1): per destination group a price per minute, a minimum and an
 * increment in seconds; a group with no price is not rated. Applies to the calls written afterwards.
 */
export function TariffDialog({ scope, onClose }: { scope: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { notifySave } = useSnackbar();
  const queryClient = useQueryClient();
  const groups = useQuery({ queryKey: ['destinationGroup', 'list', scope], queryFn: ({ signal }) => api<GroupRow[]>('destinationgroup', { signal }) });
  const tariff = useQuery({ queryKey: reportKeys.of('tariff', scope), queryFn: ({ signal }) => api<TariffEntry[]>('tariff', { signal }) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = draft ?? draftOf(tariff.data ?? []);
  const save = useMutation({
    mutationFn: (entries: TariffEntry[]) => api<TariffEntry[]>('tariff', { method: 'PUT', body: entries }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reportKeys.of('tariff', scope), saved);
      notifySave(t('reports.tariff.saved'), 'success');
      onClose();
    },
    onError: (failure) => setError(isApiFailure(failure) ? translateMessage(t, failure.body.message) : t('errors.default')),
  });
  const set = (group: number, field: keyof Draft[number], value: string) =>
    setDraft({ ...current, [group]: { ...(current[group] ?? { pricePerMinute: '', minimumSec: '0', incrementSec: '1' }), [field]: value } });
  const submit = () => {
    const entries = Object.entries(current)
      .filter(([, v]) => v.pricePerMinute.trim() !== '')
      .map(([groupId, v]) => ({ groupId, pricePerMinute: v.pricePerMinute.replace(',', '.'), minimumSec: v.minimumSec || '0', incrementSec: v.incrementSec || '0' }));
    const parsed = tariffSchema.safeParse(entries);
    if (!parsed.success) {
      setError(translateMessage(t, parsed.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('reports.tariff.title')}
      description={t('reports.tariff.hint')}
      width={600}
      testId="tariff-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      footer={<FormDialogFooter onCancel={onClose} submitLabel={t('common.save')} saving={save.isPending} submitTestId="tariff-save" />}
    >
      {error ? (
        <p role="alert" className="mb-3 text-sm text-danger" data-testid="tariff-error">
          {error}
        </p>
      ) : null}
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th className="py-1 pr-2 font-medium">{t('reports.tariff.group')}</th>
            <th className="py-1 pr-2 font-medium">{t('reports.tariff.price')}</th>
            <th className="py-1 pr-2 font-medium">{t('reports.tariff.minimum')}</th>
            <th className="py-1 font-medium">{t('reports.tariff.increment')}</th>
          </tr>
        </thead>
        <tbody>
          {(groups.data ?? []).map((g) => {
            const row = current[g.id] ?? { pricePerMinute: '', minimumSec: '', incrementSec: '' };
            const field = (name: keyof Draft[number], label: string) => (
              <Input aria-label={`${g.name} ${label}`} inputMode="decimal" value={row[name]} onChange={(e) => set(g.id, name, e.target.value)} data-testid={`tariff-${name}-${g.id}`} />
            );
            return (
              <tr key={g.id}>
                <td className="py-1 pr-2">{g.name}</td>
                <td className="py-1 pr-2">{field('pricePerMinute', t('reports.tariff.price'))}</td>
                <td className="py-1 pr-2">{field('minimumSec', t('reports.tariff.minimum'))}</td>
                <td className="py-1">{field('incrementSec', t('reports.tariff.increment'))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Dialog>
  );
}
