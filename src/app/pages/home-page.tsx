import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Building, ExternalLink } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEVEL, LEVEL_LABEL_KEY } from '../../../domain/levels';
import { paramsQuery } from '../../api/system';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { buildMenu, type MenuLeaf } from '../menu';
import { NAV_ICONS } from '../nav-icons';
import { usePaths } from '../paths';
import { useSession, useUser } from '../session';

/** Home: who is signed in, the working corp, and shortcuts to what the user may open. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const { workingCorp } = useSession();
  const paths = usePaths();
  const parameters = useQuery(paramsQuery());
  const shortcuts = useMemo(() => {
    const menu = buildMenu({ user, params: parameters.data ?? {}, workingCorp });
    const leaves: MenuLeaf[] = menu.flatMap((n) => (n.kind === 'group' ? (n.key === 'workingCorp' ? [] : n.children) : [n]));
    return leaves.filter((l) => l.key !== 'home');
  }, [user, parameters.data, workingCorp]);

  return (
    <div className="flex flex-col gap-6" data-testid="home-page">
      <Card className="relative overflow-hidden p-6">
        <div className="pointer-events-none absolute -top-16 -right-16 size-56 rounded-full bg-primary-soft" aria-hidden />
        <div className="relative flex flex-wrap items-center gap-4">
          <div className="min-w-0 flex-1">
            <p className="text-sm text-muted">{t('home.welcome')}</p>
            <h2 className="mt-1 text-2xl font-semibold tracking-tight" data-testid="home-name">
              {user.name || user.nick}
            </h2>
            <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <Badge tone="primary">{t(LEVEL_LABEL_KEY[user.level])}</Badge>
              <span className="inline-flex items-center gap-1.5 text-muted">
                <Building className="size-4" aria-hidden />
                {user.corpName}
              </span>
            </div>
          </div>
        </div>
      </Card>

      {user.level === LEVEL.supervisor ? (
        <Card className="flex flex-wrap items-center gap-3 p-5" data-testid="home-working-corp">
          <Building className="size-5 text-primary" aria-hidden />
          <div className="min-w-0 flex-1">
            <div className="text-sm font-medium">{t('home.workingCorp')}</div>
            <div className="text-sm text-muted">{workingCorp ? workingCorp.name : t('home.noWorkingCorp')}</div>
          </div>
          <Link to={paths.toEntry('corp')} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
            {t('home.chooseCorp')}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </Card>
      ) : null}

      {shortcuts.length > 0 ? (
        <section aria-labelledby="home-shortcuts">
          <h3 id="home-shortcuts" className="mb-3 text-sm font-semibold text-muted">
            {t('home.shortcuts')}
          </h3>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {shortcuts.map((leaf) => {
              const Icon = NAV_ICONS[leaf.icon];
              const inner = (
                <>
                  <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <Icon className="size-[18px]" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{t(leaf.titleKey)}</span>
                  {leaf.kind === 'external' ? <ExternalLink className="size-4 text-muted" aria-hidden /> : <ArrowRight className="size-4 text-muted" aria-hidden />}
                </>
              );
              const className =
                'flex items-center gap-3 rounded-xl border border-border bg-surface p-3 shadow-card transition-colors hover:border-primary/40 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring';
              return (
                <li key={leaf.key}>
                  {leaf.kind === 'external' ? (
                    <a href={leaf.href} target="_blank" rel="noopener noreferrer" className={className}>
                      {inner}
                    </a>
                  ) : (
                    <Link to={paths.to(leaf.path)} className={className}>
                      {inner}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
