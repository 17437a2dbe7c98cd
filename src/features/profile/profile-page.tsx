import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { profileSchema, type MyUser } from '../../../domain/auth';
import { TIMING } from '../../../domain/constants';
import { LEVEL_LABEL_KEY } from '../../../domain/levels';
import { myUserKey, saveProfile, type ProfileBody } from '../../api/auth';
import { isApiFailure } from '../../api/client';
import { canOpen } from '../../app/guards';
import { successText, translateMessage } from '../../app/messages';
import { findEntry } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { useUser } from '../../app/session';
import { writeSession } from '../../app/session-store';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button, buttonVariants } from '../../ui/button';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { useSnackbar } from '../../ui/snackbar';

/** The own profile (A-PRF-01..09): email and password; the name is shown, not editable. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const paths = usePaths();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const userEntry = findEntry('user');
  // A-PRF-07: back goes to the user route (home for those who may not open it)
  const backPath = userEntry && canOpen(userEntry, user) ? paths.toEntry('user') : paths.home;

  const form = useForm<ProfileBody>({ resolver: zodResolver(profileSchema), defaultValues: { currentPass: '', mail: user.mail ?? '', pass: '', passConfirm: '' }, mode: 'onTouched' });
  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: (answer, body) => {
      // the old token ended with the old password: this tab goes on with the new one
      writeSession(localStorage, { token: answer.token, expiration: answer.expiration });
      notifySave(successText(t, 'messages.created'), 'success');
      queryClient.setQueryData<MyUser>(myUserKey, (u) => (u ? { ...u, mail: body.mail } : u));
      form.reset({ currentPass: '', mail: body.mail, pass: '', passConfirm: '' });
      // A-PRF-08: home after 2 s
      timer.current = window.setTimeout(() => navigate(paths.home), TIMING.profileRedirectMs);
    },
    onError: (error) => {
      notifySave(t('errors.default'), 'danger');
      if (isApiFailure(error)) {
        for (const issue of error.body.issues ?? []) {
          if (issue.path === 'currentPass' || issue.path === 'mail' || issue.path === 'pass' || issue.path === 'passConfirm') form.setError(issue.path, { type: 'server', message: issue.message });
        }
      }
    },
  });

  const err = (name: keyof ProfileBody) => {
    const message = form.formState.errors[name]?.message;
    return message ? translateMessage(t, message) : undefined;
  };

  return (
    <Card className="mx-auto max-w-2xl" data-testid="profile-page">
      <CardHeader>
        <Link to={backPath} className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })} aria-label={t('common.back')} data-testid="profile-back">
          <ArrowLeft />
        </Link>
        <CardTitle className="flex-1">{t('profile.title')}</CardTitle>
      </CardHeader>
      <form onSubmit={form.handleSubmit((body) => save.mutate(body))} noValidate>
        <div className="flex flex-col gap-5 p-5">
          <div className="flex items-center gap-4 rounded-xl bg-surface-2 p-4">
            <Avatar name={user.name || user.nick} className="size-12 text-base" />
            <div className="min-w-0">
              <div className="truncate text-base font-semibold" data-testid="profile-name">
                {user.name || user.nick}
              </div>
              <div className="truncate text-sm text-muted">
                {user.nick} · {user.corpName}
              </div>
              <Badge tone="primary" className="mt-1">
                {t(LEVEL_LABEL_KEY[user.level])}
              </Badge>
            </div>
          </div>
          <FormField id="profile-name-field" label={t('profile.name')} hint={t('profile.nameHint')}>
            <Input id="profile-name-field" value={user.name || user.nick} readOnly disabled />
          </FormField>
          <FormField id="profile-mail" label={t('profile.mail')} error={err('mail')}>
            <Input id="profile-mail" type="email" autoComplete="email" data-testid="profile-mail" aria-invalid={err('mail') ? true : undefined} {...form.register('mail')} />
          </FormField>
          <FormField id="profile-currentPass" label={t('profile.currentPass')} hint={t('profile.currentPassHint')} error={err('currentPass')}>
            <Controller
              control={form.control}
              name="currentPass"
              render={({ field }) => (
                <PasswordInput id="profile-currentPass" data-testid="profile-currentPass" autoComplete="current-password" aria-invalid={err('currentPass') ? true : undefined} {...field} />
              )}
            />
          </FormField>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField id="profile-pass" label={t('profile.pass')} error={err('pass')}>
              <Controller
                control={form.control}
                name="pass"
                render={({ field }) => (
                  <PasswordInput id="profile-pass" data-testid="profile-pass" autoComplete="new-password" strength="password" aria-invalid={err('pass') ? true : undefined} {...field} />
                )}
              />
            </FormField>
            <FormField id="profile-passConfirm" label={t('profile.passConfirm')} error={err('passConfirm')}>
              <Controller
                control={form.control}
                name="passConfirm"
                render={({ field }) => (
                  <PasswordInput id="profile-passConfirm" data-testid="profile-passConfirm" autoComplete="new-password" aria-invalid={err('passConfirm') ? true : undefined} {...field} />
                )}
              />
            </FormField>
          </div>
        </div>
        <div className="flex justify-end gap-2 border-t border-border px-5 py-4">
          <Link to={backPath} className={buttonVariants({ variant: 'secondary' })}>
            {t('common.cancel')}
          </Link>
          <Button type="submit" loading={save.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
