import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../ui/card';
import { canOpen } from '../guards';
import { NAV_ICONS } from '../nav-icons';
import { NAVIGATION } from '../navigation';
import { usePaths } from '../paths';
import { useUser } from '../session';

/** configuration/home: the configuration screens this user may open (level 4 is sent to extension). */
export default function ConfigHomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const paths = usePaths();
  const entries = NAVIGATION.filter(
    (e) => e.path?.startsWith('configuration/') && e.key !== 'configHome' && !e.titleSuffixKey && !e.path.includes(':') && canOpen(e, user),
  );
  const seen = new Set<string>();
  const unique = entries.filter((e) => (seen.has(e.titleKey) ? false : (seen.add(e.titleKey), true)));
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="config-home">
      {unique.map((entry) => {
        const Icon = NAV_ICONS[entry.icon];
        return (
          <li key={entry.key}>
            <Card className="h-full transition-colors hover:border-primary/40">
              <Link to={paths.to(entry.path!)} className="flex h-full items-center gap-3 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-ring">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1 text-sm font-medium">{t(entry.titleKey)}</span>
                <ArrowRight className="size-4 text-muted" aria-hidden />
              </Link>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
