import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonVariants } from '../../ui/button';
import { cn } from '../../ui/cn';
import type { GuardSubject } from '../guards';
import { monitorLinks } from '../menu';
import { NAV_ICONS } from '../nav-icons';

/**
 * A level 5 user has no side menu (A-MENU-01) and lives on the panel (A-LOG-16): this strip links the
 * screens it may open (MONITOR_LINKS: the panel and the kiosk boards), so it need not type their
 * address, and can get back to the panel. Renders nothing for the other levels.
 */
export function MonitorNav({ user, to }: { user: GuardSubject; to: (path: string) => string }) {
  const { t } = useTranslation();
  const links = monitorLinks(user);
  if (links.length === 0) return null;
  return (
    <nav aria-label={t('panel.monitorLinks')} className="mb-4 flex flex-wrap items-center gap-2" data-testid="monitor-links">
      {links.map((link) => {
        const Icon = NAV_ICONS[link.icon];
        return (
          <NavLink
            key={link.key}
            to={to(link.path)}
            end
            className={({ isActive }) => cn(buttonVariants({ variant: isActive ? 'primary' : 'secondary', size: 'sm' }))}
            data-testid={`monitor-link-${link.key}`}
          >
            <Icon aria-hidden />
            {t(link.titleKey)}
          </NavLink>
        );
      })}
    </nav>
  );
}
