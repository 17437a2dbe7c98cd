import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { c2cKeyCreateSchema, type C2cKeyCreated, type C2cKeyRow } from '../../../domain/click-to-call';
import { picksWorkingCorp } from '../../../domain/level-ceilings';
import { isApiFailure } from '../../api/client';
import { translateMessage } from '../../app/messages';
import type { NavEntry } from '../../app/navigation';
import { useScope, useUser } from '../../app/session';
import { WorkingCorpRequired } from '../../app/working-corp-required';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';
import { c2cKey, createKey, keysQuery, revokeKey } from './click-to-call-api';
import { KeyShownDialog } from './key-shown-dialog';

/**
 * The corp's click-to-call keys (configClickToCall): create one (its password shown once), revoke one
 * (after a confirmation). Levels 1 (working corp), 2 and 3.
 */
export default function ClickToCallKeysScreen(_props: { entry: NavEntry }) {
  const user = useUser();
  const scope = useScope();
  if (picksWorkingCorp(user.level) && scope === null) return <WorkingCorpRequired />;
  return <Keys scope={scope} />;
}

function Keys({ scope }: { scope: number | null }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const keys = useQuery(keysQuery(scope));
  const [created, setCreated] = useState<C2cKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<C2cKeyRow | null>(null);
  const form = useForm<{ label: string }>({ resolver: zodResolver(c2cKeyCreateSchema), defaultValues: { label: '' } });
  const failed = (error: unknown) => notifySave(isApiFailure(error) ? translateMessage(t, error.body.message) : t('errors.default'), 'danger');
  const refresh = () => queryClient.invalidateQueries({ queryKey: c2cKey(scope) });

  const create = useMutation({
    mutationFn: (values: { label: string }) => createKey(values.label),
    onSuccess: (answer) => {
      setCreated(answer);
      form.reset({ label: '' });
      notifySave(t('clickToCall.keys.createdDone'), 'success');
    },
    onError: failed,
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (row: C2cKeyRow) => revokeKey(row.id),
    onSuccess: () => notifySave(t('clickToCall.keys.revokedDone'), 'success'),
    onError: failed,
    onSettled: () => {
      setRevoking(null);
      void refresh();
    },
  });

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : t('clickToCall.keys.never'));
  const columns: DataTableColumn<C2cKeyRow>[] = [
    { key: 'keyId', header: t('clickToCall.keys.keyId'), cell: (r) => <span className="font-mono text-xs">{r.keyId}</span> },
    { key: 'label', header: t('clickToCall.keys.label') },
    { key: 'hint', header: t('clickToCall.keys.hint'), cell: (r) => <span className="font-mono text-xs">…{r.hint}</span>, sortable: false },
    { key: 'createdBy', header: t('clickToCall.keys.createdBy'), cell: (r) => r.createdBy ?? t('clickToCall.history.unknown') },
    { key: 'createdAt', header: t('clickToCall.keys.createdAt'), cell: (r) => when(r.createdAt) },
    { key: 'lastUsedAt', header: t('clickToCall.keys.lastUsedAt'), cell: (r) => when(r.lastUsedAt) },
    {
      key: 'revokedAt',
      header: t('clickToCall.keys.state'),
      cell: (r) => (r.revokedAt ? <Badge tone="danger">{t('clickToCall.keys.revoked')}</Badge> : <Badge tone="success">{t('clickToCall.keys.active')}</Badge>),
    },
  ];
  const labelError = form.formState.errors.label?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('clickToCall.keys.title')}</CardTitle>
      </CardHeader>
      <div className="flex flex-col gap-3 px-5 pt-4 pb-4">
        <p className="text-sm text-muted">{t('clickToCall.keys.intro')}</p>
        <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} data-testid="c2c-key-form">
          <FormField id="c2c-key-label" label={t('clickToCall.keys.label')} error={labelError ? translateMessage(t, labelError) : undefined} className="w-64">
            <Input id="c2c-key-label" {...form.register('label')} aria-invalid={!!labelError} data-testid="c2c-key-label" />
          </FormField>
          <Button type="submit" loading={create.isPending} data-testid="c2c-key-create">
            <Plus />
            {t('clickToCall.keys.create')}
          </Button>
        </form>
      </div>
      <DataTable
        rows={keys.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        pageSize={10}
        loading={keys.isPending}
        caption={t('clickToCall.keys.title')}
        testId="c2c-keys"
        actions={(r) =>
          r.revokedAt ? null : (
            <Button variant="danger-ghost" size="sm" onClick={() => setRevoking(r)} data-testid={`c2c-revoke-${r.id}`}>
              <Ban />
              {t('clickToCall.keys.revoke')}
            </Button>
          )
        }
      />
      {created ? <KeyShownDialog created={created} onClose={() => setCreated(null)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('clickToCall.keys.revokeTitle')}
        message={revoking ? t('clickToCall.keys.revokeConfirm', { keyId: revoking.keyId, label: revoking.label }) : ''}
        confirmLabel={t('clickToCall.keys.revoke')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </Card>
  );
}
