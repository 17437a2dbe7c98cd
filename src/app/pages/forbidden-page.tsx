import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../ui/button';
import { Card } from '../../ui/card';
import { usePaths } from '../paths';

/** A route whose guard refuses the user. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <Card className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 px-8 py-12 text-center" data-testid="forbidden-page">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-danger-soft text-danger">
        <Lock className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{t('forbidden.title')}</h2>
      <p className="max-w-md text-sm text-muted">{t('forbidden.body')}</p>
      <Link to={paths.home} className={buttonVariants({ variant: 'secondary' })}>
        {t('common.backHome')}
      </Link>
    </Card>
  );
}
