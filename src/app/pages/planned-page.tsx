import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../ui/button';
import { Card } from '../../ui/card';
import type { NavEntry } from '../navigation';
import { usePaths } from '../paths';

/** Every declared screen that is not built yet says so plainly; it never fakes content. */
export default function PlannedPage({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <Card className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 px-8 py-12 text-center" data-testid="planned-page">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-warning-soft text-warning">
        <Construction className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{t(entry.titleKey)}</h2>
      <p className="max-w-md text-sm text-muted">{t('planned.body')}</p>
      <Link to={paths.home} className={buttonVariants({ variant: 'secondary' })}>
        {t('common.backHome')}
      </Link>
    </Card>
  );
}
