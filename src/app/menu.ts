import { LEVEL, type Level } from '../../domain/levels';
import { externalHref, hostOf } from './external-links';
import { canOpen, type GuardSubject } from './guards';
import type { GroupKey, IconName, MenuCondition, MenuLevel, MenuPlacement } from '../../domain/navigation';
import { MENU_GROUPS, MONITOR_LINKS, NAVIGATION, findEntry } from './navigation';

export interface MenuLink {
  kind: 'link';
  key: string;
  titleKey: string;
  icon: IconName;
  /** path under /:corp/:lang/ */
  path: string;
}

export interface MenuExternal {
  kind: 'external';
  key: string;
  titleKey: string;
  icon: IconName;
  href: string;
}

export type MenuLeaf = MenuLink | MenuExternal;

export interface MenuGroup {
  kind: 'group';
  key: GroupKey;
  titleKey: string;
  /** shown instead of the title key (the working corp's name) */
  label?: string;
  icon: IconName;
  closable: boolean;
  children: MenuLeaf[];
}

export type MenuNode = MenuLeaf | MenuGroup;

export interface MenuContext {
  user: GuardSubject & { nick: string; roomEnabled: boolean };
  /** getAllParams as key → value */
  params: Record<string, string>;
  workingCorp: { id: number; name: string } | null;
}

const PARAMSVOIP = 'paramsvoip';

function holds(condition: MenuCondition, ctx: MenuContext): boolean {
  switch (condition) {
    case 'notParamsvoip':
      return ctx.user.nick !== PARAMSVOIP;
    case 'onlyParamsvoip':
      return ctx.user.nick === PARAMSVOIP;
    case 'param:clickToCall':
      return ctx.params.clickToCall === 'yes';
    case 'param:webphone':
      return ctx.params.webphone === 'yes';
    case 'param:webadmin':
      return ctx.params.webadmin === 'yes';
    case 'roomEnabled':
      return ctx.user.roomEnabled;
    case 'workingCorp':
      return !!ctx.workingCorp && ctx.workingCorp.id > 0;
    case 'externalHost':
      return hostOf(ctx.params.webrtcserver) !== null;
  }
}

function visible(placement: MenuPlacement, ctx: MenuContext): boolean {
  return (placement.when ?? []).every((c) => holds(c, ctx));
}

function menuLevel(level: Level): MenuLevel | null {
  if (level === LEVEL.supervisor) return 1;
  if (level === LEVEL.administrator) return 3;
  if (level === LEVEL.user) return 4;
  // owners (A-MENU-10) and monitors (A-MENU-01) have no side menu
  return null;
}

/**
 * The side menu of a user (A-MENU-01..11), derived from NAVIGATION: the entries placed for the
 * user's level, whose conditions hold and whose route guard opens, grouped and ordered.
 */
export function buildMenu(ctx: MenuContext): MenuNode[] {
  const level = menuLevel(ctx.user.level);
  if (level === null) return [];

  const top: { order: number; node: MenuNode }[] = [];
  const grouped = new Map<GroupKey, { order: number; leaf: MenuLeaf }[]>();

  for (const entry of NAVIGATION) {
    for (const placement of entry.menu ?? []) {
      if (placement.level !== level || !visible(placement, ctx) || !canOpen(entry, ctx.user)) continue;
      let leaf: MenuLeaf | null;
      const href = entry.external ? externalHref(entry.external, ctx.params) : null;
      if (href) {
        leaf = { kind: 'external', key: entry.key, titleKey: entry.titleKey, icon: entry.icon, href };
      } else if (entry.external && !entry.path) {
        // an external page whose address is unknown, and no screen of ours: nothing to open
        leaf = null;
      } else {
        // a screen of ours; also Logmon when the PBX host is unknown (B-LOG-01, second reading)
        leaf = { kind: 'link', key: entry.key, titleKey: entry.titleKey, icon: entry.icon, path: entry.path!.replace(/\/:[^/]+\?$/, '') };
      }
      if (!leaf) continue;
      if (placement.group) {
        const list = grouped.get(placement.group) ?? [];
        list.push({ order: placement.order, leaf });
        grouped.set(placement.group, list);
      } else {
        top.push({ order: placement.order, node: leaf });
      }
    }
  }

  for (const group of MENU_GROUPS) {
    const placement = group.placements.find((p) => p.level === level && visible(p, ctx));
    const children = grouped.get(group.key);
    if (!placement || !children || children.length === 0) continue;
    top.push({
      order: placement.order,
      node: {
        kind: 'group',
        key: group.key,
        titleKey: group.titleKey,
        label: group.key === 'workingCorp' ? ctx.workingCorp?.name : undefined,
        icon: group.icon,
        closable: group.closable ?? false,
        children: children.sort((a, b) => a.order - b.order).map((c) => c.leaf),
      },
    });
  }

  return top.sort((a, b) => a.order - b.order).map((t) => t.node);
}

/** Keys of a menu, flattened as `group/key`; handy in tests and for finding the active item. */
export function menuKeys(menu: readonly MenuNode[]): string[] {
  return menu.flatMap((node) => (node.kind === 'group' ? node.children.map((c) => `${node.key}/${c.key}`) : [node.key]));
}

/**
 * The links a level 5 user gets instead of a side menu (A-MENU-01: it has none; A-LOG-16: it lives on
 * the panel), shown on the panel: the entries of MONITOR_LINKS whose guard opens for the user.
 */
export function monitorLinks(user: GuardSubject | null | undefined): MenuLink[] {
  if (!user || user.level !== LEVEL.monitor) return [];
  return MONITOR_LINKS.flatMap((key) => {
    const entry = findEntry(key);
    if (!entry?.path || !canOpen(entry, user)) return [];
    return [{ kind: 'link' as const, key: entry.key, titleKey: entry.titleKey, icon: entry.icon, path: entry.path.replace(/\/:[^/]+\?$/, '') }];
  });
}
