import { withinCeiling } from '../../domain/level-ceilings';
import { LEVEL, type Level } from '../../domain/levels';
import { canAccess, type ViewGrant } from '../../domain/permissions';
import type { Guard, NavEntry } from './navigation';

/** What a guard looks at: the signed-in user (MyUser has all of it). */
export interface GuardSubject {
  level: Level;
  views: readonly ViewGrant[];
  allowCustom: boolean;
}

export type GuardResult = { allow: true } | { allow: false; redirectTo?: string };

/**
 * Decides whether a route opens (A-RTE-09..16). Redirect rules come first (level 4 on the
 * configuration home goes to extension, level 5 on home goes to the panel); then the level ceiling
 * (a named one of domain/level-ceilings, J-ONE-01),
 * the one permission check (domain canAccess) and the special predicates.
 */
export function checkGuard(guard: Guard, user: GuardSubject | null | undefined): GuardResult {
  if (!user) return { allow: false };
  const special = guard.special ?? [];
  if (special.includes('level4ToExtension') && user.level === LEVEL.user) return { allow: false, redirectTo: 'extension' };
  if (special.includes('level5ToPanel') && user.level === LEVEL.monitor) return { allow: false, redirectTo: 'panel' };
  if (guard.maxLevel !== undefined && !withinCeiling(user.level, guard.maxLevel)) return { allow: false };
  if (special.includes('notLevel4') && user.level === LEVEL.user) return { allow: false };
  if (special.includes('allowCustom') && !user.allowCustom) return { allow: false };
  if (guard.view && !canAccess(user, { view: guard.view, action: guard.action ?? 'read', levels: guard.levels })) return { allow: false };
  return { allow: true };
}

export function canOpen(entry: NavEntry, user: GuardSubject | null | undefined): boolean {
  return checkGuard(entry.guard, user).allow;
}
