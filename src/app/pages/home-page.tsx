import { ArrowRight, Building } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEVEL, LEVEL_LABEL_KEY } from '../../../domain/levels';
import { Dashboard } from '../../features/dashboard/dashboard-screen';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { usePaths } from '../paths';
import { useSession, useUser } from '../session';

/**
 * Home (D-HOME-01): who is signed in, then the dashboard: the general one for level 1 (every corp, or
 * its working corp), the corp's home dashboard for everyone else.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const { workingCorp } = useSession();
  const paths = usePaths();

  return (
    <div className="flex flex-col gap-4" data-testid="home-page">
      <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4" data-print-hide>
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted">{t('home.welcome')}</p>
          <h2 className="text-lg font-semibold tracking-tight" data-testid="home-name">
            {user.name || user.nick}
          </h2>
        </div>
        <Badge tone="primary">{t(LEVEL_LABEL_KEY[user.level])}</Badge>
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <Building className="size-4" aria-hidden />
          {user.level === LEVEL.supervisor ? (workingCorp ? workingCorp.name : t('home.noWorkingCorp')) : user.corpName}
        </span>
        {user.level === LEVEL.supervisor ? (
          <Link to={paths.toEntry('corp')} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline" data-testid="home-working-corp">
            {t('home.chooseCorp')}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        ) : null}
      </Card>
      <Dashboard />
    </div>
  );
}
