import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../ui/button';
import { Card } from '../../ui/card';
import { usePaths } from '../paths';

/** Unknown paths (A-RTE-03): a not-found screen with a button back to home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <Card className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 px-8 py-12 text-center" data-testid="not-found-page">
      <span className="text-5xl font-bold tracking-tight text-primary">404</span>
      <SearchX className="size-8 text-muted" aria-hidden />
      <h2 className="text-lg font-semibold">{t('notFound.title')}</h2>
      <p className="max-w-md text-sm text-muted">{t('notFound.body')}</p>
      <Link to={paths.home} className={buttonVariants()} data-testid="not-found-home">
        {t('common.backHome')}
      </Link>
    </Card>
  );
}
