import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History, KeyRound, PhoneOutgoing } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { c2cFormBody, c2cFormSchema, type C2cForm } from '../../../domain/click-to-call';
import { CEILING, picksWorkingCorp, withinCeiling } from '../../../domain/level-ceilings';
import { isApiFailure } from '../../api/client';
import { translateMessage } from '../../app/messages';
import type { NavEntry } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { useScope, useUser } from '../../app/session';
import { Button, buttonVariants } from '../../ui/button';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { useSnackbar } from '../../ui/snackbar';
import { c2cKey, placeCall } from './click-to-call-api';

const EMPTY: C2cForm = { from: '', to: '', id: '', password: '' };
const ALL_REQUIRED = 'clickToCall.allFieldsRequired';

/**
 * The click-to-call form (E-C2C-01..04): from, to, ID and password. It calls the same pipeline as the
 * CRM API (the ID and password are a click-to-call key's), in the signed-in user's corp.
 */
export default function ClickToCallScreen(_props: { entry: NavEntry }) {
  const { t } = useTranslation();
  const user = useUser();
  const scope = useScope();
  const paths = usePaths();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const form = useForm<C2cForm>({ resolver: zodResolver(c2cFormSchema), defaultValues: EMPTY, mode: 'onSubmit' });
  // the keys and their history are a runner's (issue 11): the link shows where their screen opens
  const admin = withinCeiling(user.level, CEILING.clickToCallKeys);

  const call = useMutation({
    mutationFn: (values: C2cForm) => placeCall(c2cFormBody(c2cFormSchema.parse(values))),
    onSuccess: (_answer, values) => {
      notifySave(t('clickToCall.form.calling', { from: values.from, to: values.to }), 'success');
      form.resetField('to');
    },
    onError: (error) => notifySave(isApiFailure(error) ? translateMessage(t, error.body.message) : t('errors.default'), 'danger'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKey(scope) }),
  });

  // E-C2C-04: any missing field gives the one message
  const onInvalid = (errors: FieldErrors<C2cForm>) => {
    if (Object.values(errors).some((e) => e?.message === ALL_REQUIRED)) notifySave(t(ALL_REQUIRED), 'danger');
  };
  const error = (name: keyof C2cForm) => {
    const message = form.formState.errors[name]?.message;
    return message ? translateMessage(t, message) : undefined;
  };

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="inline-flex items-center gap-2">
            <PhoneOutgoing className="size-5 text-primary" aria-hidden />
            {t('nav.clickToCall')}
          </CardTitle>
        </CardHeader>
        <form className="flex flex-col gap-4 px-5 pt-4 pb-5" noValidate onSubmit={form.handleSubmit((values) => call.mutate(values), onInvalid)} data-testid="c2c-form">
          <p className="text-sm text-muted">{t('clickToCall.form.intro')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="c2c-from" label={t('clickToCall.form.from')} error={error('from')}>
              <Input id="c2c-from" inputMode="numeric" autoComplete="off" {...form.register('from')} aria-invalid={!!form.formState.errors.from} data-testid="c2c-from" />
            </FormField>
            <FormField id="c2c-to" label={t('clickToCall.form.to')} error={error('to')}>
              <Input id="c2c-to" inputMode="tel" autoComplete="off" {...form.register('to')} aria-invalid={!!form.formState.errors.to} data-testid="c2c-to" />
            </FormField>
            <FormField id="c2c-id" label={t('clickToCall.form.id')} error={error('id')}>
              <Input id="c2c-id" autoComplete="username" {...form.register('id')} aria-invalid={!!form.formState.errors.id} data-testid="c2c-id" />
            </FormField>
            <FormField id="c2c-password" label={t('clickToCall.form.password')} error={error('password')}>
              <PasswordInput id="c2c-password" autoComplete="current-password" {...form.register('password')} aria-invalid={!!form.formState.errors.password} data-testid="c2c-password" />
            </FormField>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" loading={call.isPending} data-testid="c2c-call">
              <PhoneOutgoing />
              {t('clickToCall.form.call')}
            </Button>
            {admin && !(picksWorkingCorp(user.level) && scope === null) ? (
              <div className="ml-auto flex gap-2">
                <Link to={paths.toEntry('configClickToCall')} className={buttonVariants({ variant: 'ghost' })} data-testid="c2c-keys-link">
                  <KeyRound />
                  {t('clickToCall.form.keysLink')}
                </Link>
                <Link to={paths.toEntry('clickToCallTable')} className={buttonVariants({ variant: 'ghost' })} data-testid="c2c-history-link">
                  <History />
                  {t('clickToCall.form.historyLink')}
                </Link>
              </div>
            ) : null}
          </div>
        </form>
      </Card>
    </div>
  );
}
