import { LEVEL, type Level } from './levels';

/**
 * Permission views (F-PERM-05, two readings). We use the screen-level names of spec 1 §3 (plus
 * `home`, `statistics` and `lookAndFeel` from the role-group editor's list) as the one set of names:
 * each screen looks up exactly the view it is guarded by, and the role-group editor grants those same
 * names, so what an administrator ticks is what the server checks.
 */
export const VIEWS = [
  'home',
  'statistics',
  'cdr',
  'panel',
  'corp',
  'destinationGroup',
  'dialer',
  'extension',
  'follow',
  'integration',
  'ivr',
  'lookAndFeel',
  'mediaServer',
  'mohCorp',
  'mohQueue',
  'polls',
  'queue',
  'restrictionCorp',
  'restrictionExten',
  'roleGroup',
  'server',
  'sipRoutes',
  'time',
  'trunk',
  'user',
  'voiceMail',
  'kiosk',
] as const;
export type View = (typeof VIEWS)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export interface ViewGrant {
  name: View;
  actions: Action[];
}

/** Views only the supervisor may touch, whatever a role group says (F-PERM-03, A-RTE-12). */
export const SYSTEM_VIEWS: readonly View[] = ['corp', 'server', 'sipRoutes', 'mediaServer'];

const ALL: Action[] = ['read', 'create', 'update', 'delete'];
const CORP_ADMIN_VIEWS: View[] = VIEWS.filter((v) => !SYSTEM_VIEWS.includes(v));

/**
 * Views a user has when no role group is assigned. Owners and administrators run their corp;
 * a plain user reads statistics, voice mail and manages (updates) extensions (A-MENU-09);
 * a monitor only watches the panel (A-LOG-16).
 */
export function defaultViews(level: Level): ViewGrant[] {
  switch (level) {
    case LEVEL.supervisor:
      return VIEWS.map((name) => ({ name, actions: [...ALL] }));
    case LEVEL.owner:
    case LEVEL.administrator:
      return CORP_ADMIN_VIEWS.map((name) => ({ name, actions: [...ALL] }));
    case LEVEL.user:
      return [
        { name: 'home', actions: ['read'] },
        { name: 'statistics', actions: ['read'] },
        { name: 'cdr', actions: ['read'] },
        { name: 'voiceMail', actions: ['read'] },
        { name: 'extension', actions: ['read', 'update'] },
        { name: 'follow', actions: ['read'] },
      ];
    case LEVEL.monitor:
      return [
        { name: 'panel', actions: ['read'] },
        { name: 'kiosk', actions: ['read'] },
      ];
  }
}

export interface PermissionSubject {
  level: Level;
  views: readonly ViewGrant[];
}

/**
 * The one permission check (STYLE 3), used by the server on every route and by the client's menu,
 * guards and buttons. Level ceilings apply whatever a role group grants: system views need level 1,
 * user administration is refused to levels 4 and 5 (A-RTE-15), a monitor never writes, a plain user
 * never creates or deletes extensions (C-EXT-06).
 */
export function canAccess(user: PermissionSubject | null | undefined, request: { view: View; action: Action }): boolean {
  if (!user) return false;
  if (user.level === LEVEL.supervisor) return true;
  if (SYSTEM_VIEWS.includes(request.view)) return false;
  if (request.view === 'user' && user.level >= LEVEL.user) return false;
  if (request.view === 'roleGroup' && user.level >= LEVEL.user) return false;
  if (user.level === LEVEL.monitor && request.action !== 'read') return false;
  // C-EXT-06: a plain user may change an extension (enabled, action) but never create or delete one
  if (request.view === 'extension' && user.level === LEVEL.user && (request.action === 'create' || request.action === 'delete')) return false;
  const grant = user.views.find((v) => v.name === request.view);
  return !!grant && grant.actions.includes(request.action);
}

/**
 * Normalises a grant list from the role-group editor: read is the visibility switch, and create,
 * update and delete only count when the view is visible (C-RG-06).
 */
export function normaliseGrants(views: readonly ViewGrant[]): ViewGrant[] {
  const byName = new Map<View, Set<Action>>();
  for (const v of views) {
    const set = byName.get(v.name) ?? new Set<Action>();
    v.actions.forEach((a) => set.add(a));
    byName.set(v.name, set);
  }
  const out: ViewGrant[] = [];
  for (const name of VIEWS) {
    const set = byName.get(name);
    if (!set || !set.has('read')) continue;
    out.push({ name, actions: ACTIONS.filter((a) => set.has(a)) });
  }
  return out;
}
