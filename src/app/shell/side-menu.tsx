import { ChevronDown, ExternalLink, Headset, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useMatches } from 'react-router';
import { cn } from '../../ui/cn';
import type { MenuGroup, MenuLeaf, MenuNode } from '../menu';
import { NAV_ICONS } from '../nav-icons';
import { findEntry } from '../navigation';

interface SideMenuProps {
  menu: readonly MenuNode[];
  collapsed: boolean;
  onToggle: () => void;
  /** builds /{corp}/{lang}/{path} */
  to: (path: string) => string;
  onDeselectCorp: () => void;
  brandName: string;
}

/** The collapsible side menu (A-MENU-02): mini ↔ 220 px. */
export function SideMenu({ menu, collapsed, onToggle, to, onDeselectCorp, brandName }: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});

  // a screen reached from a menu item (the day view, a meeting's detail: menuAs) marks that item
  const matches = useMatches();
  const navKey = (matches[matches.length - 1]?.handle as { navKey?: string } | undefined)?.navKey;
  const currentAs = navKey ? findEntry(navKey)?.menuAs : undefined;
  const groupIsActive = (group: MenuGroup) => group.children.some((c) => c.kind === 'link' && (location.pathname.endsWith(`/${c.path}`) || c.key === currentAs));
  const isOpen = (group: MenuGroup) => openGroups[group.key] ?? (group.key === 'workingCorp' || groupIsActive(group));

  return (
    <aside
      className={cn(
        'relative z-20 flex h-full shrink-0 flex-col bg-menu text-menu-fg transition-[width] duration-200 ease-out',
        collapsed ? 'w-16' : 'w-[220px]',
      )}
      data-testid="side-menu-panel"
      data-collapsed={collapsed}
    >
      <div className={cn('flex h-14 shrink-0 items-center gap-2 border-b border-menu-fg/10', collapsed ? 'justify-center px-2' : 'px-4')}>
        {!collapsed ? (
          <span className="flex min-w-0 flex-1 items-center gap-2 font-semibold tracking-tight">
            <span className="inline-flex size-7 items-center justify-center rounded-lg bg-menu-icon/20 text-menu-icon">
              <Headset className="size-4" aria-hidden />
            </span>
            <span className="truncate">{brandName}</span>
          </span>
        ) : null}
        <button
          type="button"
          onClick={onToggle}
          className="menu-item inline-flex size-9 items-center justify-center rounded-lg text-menu-fg/80 hover:text-menu-fg"
          aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
          aria-expanded={!collapsed}
          data-testid="menu-toggle"
        >
          {collapsed ? <PanelLeftOpen className="size-4" /> : <PanelLeftClose className="size-4" />}
        </button>
      </div>
      <nav aria-label={t('menu.label')} data-testid="side-menu" className="scroll-thin min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-2 py-3">
        <ul className="flex flex-col gap-0.5">
          {menu.map((node) =>
            node.kind === 'group' ? (
              <li key={node.key} className={cn(node.key === 'workingCorp' && 'mb-2 rounded-xl bg-menu-fg/5 pb-1')}>
                <div className="flex items-center">
                  <button
                    type="button"
                    className={cn(
                      'menu-item flex h-9 min-w-0 flex-1 items-center gap-3 rounded-lg px-2.5 text-left text-[13px] font-medium',
                      collapsed && 'justify-center px-0',
                    )}
                    aria-expanded={!collapsed && isOpen(node)}
                    title={collapsed ? (node.label ?? t(node.titleKey)) : undefined}
                    data-testid={`menu-group-${node.key}`}
                    onClick={() => {
                      if (collapsed) {
                        onToggle();
                        setOpenGroups((g) => ({ ...g, [node.key]: true }));
                      } else setOpenGroups((g) => ({ ...g, [node.key]: !isOpen(node) }));
                    }}
                  >
                    <MenuIcon name={node.icon} />
                    {!collapsed ? (
                      <>
                        <span className="min-w-0 flex-1 truncate">{node.label || t(node.titleKey)}</span>
                        <ChevronDown className={cn('size-4 shrink-0 opacity-60 transition-transform', isOpen(node) ? 'rotate-0' : '-rotate-90')} aria-hidden />
                      </>
                    ) : null}
                  </button>
                  {node.closable && !collapsed ? (
                    <button
                      type="button"
                      onClick={onDeselectCorp}
                      className="menu-item ml-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-menu-fg/80"
                      aria-label={t('menu.deselectCorp')}
                      title={t('menu.deselectCorp')}
                      data-testid="menu-deselect-corp"
                    >
                      <X className="size-4" />
                    </button>
                  ) : null}
                </div>
                {!collapsed && isOpen(node) ? (
                  <ul className="mt-0.5 ml-4 flex flex-col gap-0.5 border-l border-menu-fg/15 pl-2">
                    {node.children.map((leaf) => (
                      <li key={leaf.key}>
                        <Leaf leaf={leaf} to={to} collapsed={false} nested current={leaf.key === currentAs} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ) : (
              <li key={node.key}>
                <Leaf leaf={node} to={to} collapsed={collapsed} current={node.key === currentAs} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </aside>
  );
}

function MenuIcon({ name }: { name: keyof typeof NAV_ICONS }) {
  const Icon = NAV_ICONS[name];
  return <Icon className="size-[18px] shrink-0 text-menu-icon" aria-hidden />;
}

function Leaf({ leaf, to, collapsed, nested = false, current = false }: { leaf: MenuLeaf; to: (path: string) => string; collapsed: boolean; nested?: boolean; current?: boolean }) {
  const { t } = useTranslation();
  const title = t(leaf.titleKey);
  const className = cn(
    'menu-item flex items-center gap-3 rounded-lg text-[13px] text-menu-fg transition-colors',
    nested ? 'h-8 px-2' : 'h-9 px-2.5 font-medium',
    collapsed && 'justify-center px-0',
  );
  if (leaf.kind === 'external') {
    return (
      <a href={leaf.href} target="_blank" rel="noopener noreferrer" className={className} title={collapsed ? title : undefined} data-testid={`menu-${leaf.key}`}>
        <MenuIcon name={leaf.icon} />
        {!collapsed ? (
          <>
            <span className="min-w-0 flex-1 truncate">{title}</span>
            <ExternalLink className="size-3.5 opacity-60" aria-label={t('menu.opensNewTab')} />
          </>
        ) : null}
      </a>
    );
  }
  return (
    <NavLink to={to(leaf.path)} end className={className} title={collapsed ? title : undefined} data-testid={`menu-${leaf.key}`} data-current={current ? 'true' : undefined}>
      {nested ? null : <MenuIcon name={leaf.icon} />}
      {!collapsed ? <span className="min-w-0 flex-1 truncate">{title}</span> : null}
    </NavLink>
  );
}
