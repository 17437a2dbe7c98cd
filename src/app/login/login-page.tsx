import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CircleExclamationPoint, LogIn } from 'lucide-react';
import { useEffect, useState, type CSSProperties } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { loginFormSchema, loginSafe } from '../../../domain/auth';
import { DEFAULT_CORP, isLanguage } from '../../../domain/constants';
import { login } from '../../api/auth';
import { isApiFailure } from '../../api/client';
import { publicLookAndFeelQuery } from '../../api/look-and-feel';
import { Button } from '../../ui/button';
import { LanguageButtons } from '../../ui/language-buttons';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { Spinner } from '../../ui/spinner';
import { applyBrand, loginAccentVariables } from '../brand';
import { currentLanguage, setLanguage } from '../i18n';
import { pathAfterLogin } from '../login-redirect';
import { loginErrorKey, translateMessage } from '../messages';
import { useSession } from '../session';
import { DefaultArtwork } from './default-artwork';
import { WaveBackground } from './wave-background';

interface LoginValues {
  nick: string;
  pass: string;
}

/** The branded login page of a corp (A-LOG-01..17). */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const corp = params.corp || DEFAULT_CORP;
  const navigate = useNavigate();
  const session = useSession();
  const brand = useQuery(publicLookAndFeelQuery(corp));
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // A-LOG-05: the corp's colours, images and tab title
  useEffect(() => {
    if (brand.isSuccess) applyBrand(brand.data);
    else if (brand.isError) applyBrand(null);
  }, [brand.isSuccess, brand.isError, brand.data]);

  const form = useForm<LoginValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { nick: '', pass: '' }, mode: 'onSubmit' });

  if (session.status === 'signedIn' && session.user && !submitting) {
    // A-LOG-03: already signed in
    return <Navigate to={pathAfterLogin(session.user, corp, currentLanguage())} replace />;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setErrorKey(null);
    setSubmitting(true);
    try {
      // A-LOG-09: values outside the safe character set are sent empty
      const answer = await login({ nick: loginSafe(values.nick), pass: loginSafe(values.pass), corpoName: corp });
      const user = await session.signIn(answer);
      const lang = user.lang && isLanguage(user.lang) ? user.lang : currentLanguage();
      navigate(pathAfterLogin(user, corp, lang), { replace: true });
    } catch (error) {
      setErrorKey(loginErrorKey(isApiFailure(error) ? error.status : 500));
      setSubmitting(false);
    }
  });

  const fieldError = (name: keyof LoginValues) => {
    const message = form.formState.errors[name]?.message;
    return message ? translateMessage(t, message) : undefined;
  };
  const lf = brand.data;

  return (
    <div
      className="relative flex min-h-full flex-col items-center justify-center overflow-hidden bg-brand-bg px-4 py-10"
      style={loginAccentVariables(lf) as CSSProperties}
      data-testid="login-page"
    >
      <WaveBackground />
      <div className="absolute top-4 right-4 z-10 inline-flex rounded-lg border border-border bg-surface/80 p-0.5 backdrop-blur" role="group" aria-label={t('userMenu.language')}>
        <LanguageButtons current={i18n.language} onPick={setLanguage} />
      </div>

      <main className="relative z-10 w-full max-w-[400px] animate-pop-in">
        <div className="rounded-2xl border border-border bg-surface/95 p-8 shadow-pop backdrop-blur">
          <div className="mb-6 flex flex-col items-center text-center">
            {brand.isPending ? (
              <div className="flex h-28 items-center">
                <Spinner />
              </div>
            ) : lf?.loginImage ? (
              <img src={lf.loginImage} alt="" className="h-28 max-w-full object-contain" data-testid="login-image" />
            ) : (
              <DefaultArtwork className="h-28" />
            )}
            <h1 className="mt-4 text-xl font-semibold tracking-tight text-login-text dark:text-text">{t('login.title')}</h1>
            <p className="mt-1 text-sm text-muted">{t('login.subtitle', { corp })}</p>
          </div>

          {errorKey ? (
            <div role="alert" className="mb-5 flex items-start gap-2 rounded-lg border border-danger/30 bg-danger-soft px-3 py-2.5 text-sm text-danger" data-testid="login-error">
              <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{t(errorKey)}</span>
            </div>
          ) : null}

          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <FormField id="login-nick" label={t('login.nick')} error={fieldError('nick')}>
              <Input
                id="login-nick"
                data-testid="login-nick"
                autoComplete="username"
                autoFocus
                aria-invalid={fieldError('nick') ? true : undefined}
                aria-describedby={fieldError('nick') ? 'login-nick-error' : undefined}
                {...form.register('nick')}
              />
            </FormField>
            <FormField id="login-pass" label={t('login.pass')} error={fieldError('pass')}>
              <Controller
                control={form.control}
                name="pass"
                render={({ field }) => (
                  <PasswordInput
                    id="login-pass"
                    data-testid="login-pass"
                    autoComplete="current-password"
                    aria-invalid={fieldError('pass') ? true : undefined}
                    aria-describedby={fieldError('pass') ? 'login-pass-error' : undefined}
                    {...field}
                  />
                )}
              />
            </FormField>
            <Button type="submit" size="lg" className="mt-2 w-full" loading={submitting} data-testid="login-submit">
              {submitting ? null : <LogIn />}
              {t('login.submit')}
            </Button>
          </form>
        </div>
        {lf?.loginBottomImage ? (
          <img src={lf.loginBottomImage} alt="" className="mx-auto mt-6 h-12 max-w-[200px] object-contain" data-testid="login-bottom-image" />
        ) : null}
      </main>
    </div>
  );
}
