import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isSpecParameter, parameterInput, parameterListSchema, type Parameter } from '../../../domain/parameters';
import { translateMessage } from '../../app/messages';
import type { NavEntry } from '../../app/navigation';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { Select } from '../../ui/select';
import { useSnackbar } from '../../ui/snackbar';
import { Spinner } from '../../ui/spinner';
import { parameterListQuery, saveParameters, type ParameterKind } from './parameters-api';

const formSchema = z.object({ entries: parameterListSchema });
type FormInput = { entries: Parameter[] };

/**
 * The supervisor's parameter editors (C-SYS-01..08, C-MAIL-01..03): every key/value entry, yes/no
 * parameters as selects (C-SYS-02), free text otherwise (C-SYS-03), the mail password masked; an
 * entry can be added or removed, entries with an empty key are dropped on save (C-SYS-06), and the
 * save says 'Parameters saved' or 'Error saving the parameters' (C-SYS-07).
 */
function ParametersEditor({ kind }: { kind: ParameterKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const list = useQuery(parameterListQuery(kind));
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { entries: [] } });
  const entries = useFieldArray({ control: form.control, name: 'entries' });
  const { reset } = form;
  useEffect(() => {
    if (list.data) reset({ entries: list.data.map((p) => ({ key: p.key, value: p.value })) });
  }, [list.data, reset]);

  const save = useMutation({
    mutationFn: (values: Parameter[]) => saveParameters(kind, values),
    onSuccess: async (response) => {
      notifySave(t('parameters.saved'), 'success');
      queryClient.setQueryData(parameterListQuery(kind).queryKey, response.data);
      // the shell's menu reads the system parameters (webphone, clickToCall, webadmin ...)
      await queryClient.invalidateQueries({ queryKey: ['params', 'list'] });
    },
    onError: () => notifySave(t('parameters.failed'), 'danger'),
  });

  if (list.isPending) return <Spinner className="mx-auto mt-10 size-6 text-primary" label={t('common.loading')} />;
  if (list.error) return <p className="text-sm text-danger">{t('parameters.failed')}</p>;

  const errors = form.formState.errors.entries;
  return (
    <Card className="overflow-hidden" data-testid={`parameters-${kind}`}>
      <form onSubmit={form.handleSubmit((values) => save.mutate(values.entries))} noValidate>
        <table className="w-full text-sm">
          <thead className="bg-surface-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="w-2/5 px-4 py-2.5">
                {t('parameters.key')}
              </th>
              <th scope="col" className="px-4 py-2.5">
                {t('parameters.value')}
              </th>
              <th scope="col" className="w-14 px-2 py-2.5">
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {entries.fields.map((entry, index) => {
              const key = form.watch(`entries.${index}.key`);
              const input = parameterInput(key);
              const known = list.data?.some((p) => p.key === entry.key) ?? false;
              const rowError = errors?.[index];
              return (
                <tr key={entry.id} data-testid={`param-row-${entry.key || index}`}>
                  <td className="px-4 py-2 align-top">
                    {known ? (
                      <span className="inline-block pt-2 font-mono text-xs">{entry.key}</span>
                    ) : (
                      <Input aria-label={t('parameters.key')} {...form.register(`entries.${index}.key`)} data-testid={`param-key-${index}`} aria-invalid={rowError?.key ? true : undefined} />
                    )}
                    {rowError?.key?.message ? <p className="mt-1 text-xs text-danger">{translateMessage(t, rowError.key.message)}</p> : null}
                  </td>
                  <td className="px-4 py-2 align-top">
                    <Controller
                      control={form.control}
                      name={`entries.${index}.value`}
                      render={({ field }) =>
                        input === 'yesNo' ? (
                          <Select aria-label={key} value={field.value} onChange={(e) => field.onChange(e.target.value)} data-testid={`param-value-${key}`}>
                            <option value="yes">{t('common.yes')}</option>
                            <option value="no">{t('common.no')}</option>
                          </Select>
                        ) : input === 'password' ? (
                          <PasswordInput aria-label={key} value={field.value} onChange={(e) => field.onChange(e.target.value)} autoComplete="new-password" data-testid={`param-value-${key}`} />
                        ) : (
                          <Input aria-label={key || t('parameters.value')} value={field.value} onChange={(e) => field.onChange(e.target.value)} data-testid={`param-value-${key || index}`} />
                        )
                      }
                    />
                    {rowError?.value?.message ? <p className="mt-1 text-xs text-danger">{translateMessage(t, rowError.value.message)}</p> : null}
                  </td>
                  <td className="px-2 py-2 text-right align-top">
                    {/* the spec's parameters always exist; only entries added here can go */}
                    {isSpecParameter(entry.key) ? null : (
                      <Button type="button" variant="danger-ghost" size="icon-sm" aria-label={`${t('common.delete')} ${key}`} onClick={() => entries.remove(index)} data-testid={`param-remove-${index}`}>
                        <Trash />
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="flex items-center justify-between gap-2 border-t border-border px-4 py-3">
          <Button type="button" variant="secondary" size="sm" onClick={() => entries.append({ key: '', value: '' })} data-testid="param-add">
            <Plus />
            {t('parameters.add')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="param-save">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SystemParametersPage(_props: { entry: NavEntry }) {
  return <ParametersEditor kind="system" />;
}

export function MailParametersPage(_props: { entry: NavEntry }) {
  return <ParametersEditor kind="mail" />;
}
