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
  'speedDial',
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

/**
 * Level ceilings: per action, the highest level number allowed (1 = the supervisor only), whatever a
 * role group grants. A view's ceilings hold for every screen and route of that view; a resource may add
 * its own (ResourceDefinition.levels) and passes them to canAccess, so each rule is declared once.
 */
export type LevelCeilings = Partial<Record<Action, Level>>;

const ALL_ACTIONS = (level: Level): LevelCeilings => ({ read: level, create: level, update: level, delete: level });

const VIEW_CEILINGS: Partial<Record<View, LevelCeilings>> = {
  ...Object.fromEntries(SYSTEM_VIEWS.map((view) => [view, ALL_ACTIONS(LEVEL.supervisor)])),
  // user administration and role groups are refused to levels 4 and 5 (A-RTE-15)
  user: ALL_ACTIONS(LEVEL.administrator),
  roleGroup: ALL_ACTIONS(LEVEL.administrator),
  // C-EXT-06: a plain user may change an extension (enabled, action) but never create or delete one
  extension: { create: LEVEL.administrator, delete: LEVEL.administrator },
  // C-TRK-05: only the supervisor creates and deletes trunks; others change a trunk's action (C-TRK-04)
  trunk: { create: LEVEL.supervisor, delete: LEVEL.supervisor },
  // destination groups are the platform's (level 1 menu only); corps read them for their restrictions
  destinationGroup: { create: LEVEL.supervisor, update: LEVEL.supervisor, delete: LEVEL.supervisor },
};

/** The ceiling of one action: the lower of the view's and the resource's. */
function ceilingOf(view: View, action: Action, extra: LevelCeilings | undefined): number {
  return Math.min(VIEW_CEILINGS[view]?.[action] ?? LEVEL.monitor, extra?.[action] ?? LEVEL.monitor);
}

const ALL: Action[] = ['read', 'create', 'update', 'delete'];
const CORP_ADMIN_VIEWS: View[] = VIEWS.filter((v) => !SYSTEM_VIEWS.includes(v));

/**
 * Views a user has when no role group is assigned. Owners and administrators run their corp;
 * a plain user reads statistics, voice mail and manages (updates) extensions (A-MENU-09);
 * a monitor only watches the panel (A-LOG-16): it reads what the panel shows, and the kiosk boards.
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
      // spec 1: a panel-only user (F-PERM-01) who lands on the panel (A-LOG-16). The panel shows the
      // corp's extensions (cards, info tooltip, IP dialog: B-PNL-01..06) and queues with their members
      // (B-PNL-08, B-PNL-12), so the monitor reads those two views; it never writes (canAccess).
      return [
        { name: 'panel', actions: ['read'] },
        { name: 'extension', actions: ['read'] },
        { name: 'queue', actions: ['read'] },
        { name: 'kiosk', actions: ['read'] },
      ];
  }
}

export interface PermissionSubject {
  level: Level;
  views: readonly ViewGrant[];
}

/**
 * The actions on the floor (G-PRM-01), each a permission of the role group editor beside the views:
 * hang up a call, transfer it, listen, whisper or barge into it, record it on demand, pause or
 * unpause another agent, log another agent in or out of queues. An agent pausing or logging in its own
 * extensions needs none of them (G-PAU-03, G-QLI-02).
 */
export const LIVE_ACTIONS = ['hangUp', 'transfer', 'listen', 'whisper', 'barge', 'record', 'pauseOthers', 'loginOthers'] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/** What a user may do on the floor when no role group says: the corp's runners all of it, others nothing. */
export function defaultLiveActions(level: Level): LiveAction[] {
  return level <= LEVEL.administrator ? [...LIVE_ACTIONS] : [];
}

export interface LiveActionSubject {
  level: Level;
  /** the role group's actions, or defaultLiveActions(level) */
  liveActions: readonly LiveAction[];
}

/** The one check of an action on the floor, on the server (REST and hub) and in the client's menus. */
export function canAct(user: LiveActionSubject | null | undefined, action: LiveAction): boolean {
  if (!user) return false;
  if (user.level === LEVEL.supervisor) return true;
  // a monitor only watches (F-PERM-01), whatever a group grants
  if (user.level === LEVEL.monitor) return false;
  return user.liveActions.includes(action);
}

/** A grant list from the role-group editor: known actions once each, in the canonical order. */
export function normaliseLiveActions(actions: readonly string[]): LiveAction[] {
  return LIVE_ACTIONS.filter((a) => actions.includes(a));
}

export interface AccessRequest {
  view: View;
  action: Action;
  /** the resource's own ceilings (ResourceDefinition.levels), on top of the view's */
  levels?: LevelCeilings;
}

/**
 * The one permission check (STYLE 3), used by the server on every route and by the client's menu,
 * guards and buttons. The supervisor may do everything; a monitor never writes; the level ceilings of
 * the view and of the resource hold whatever a role group grants; then the user's views decide.
 */
export function canAccess(user: PermissionSubject | null | undefined, request: AccessRequest): boolean {
  if (!user) return false;
  if (user.level === LEVEL.supervisor) return true;
  if (user.level === LEVEL.monitor && request.action !== 'read') return false;
  if (user.level > ceilingOf(request.view, request.action, request.levels)) return false;
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

/**
 * H-FLEET-01, H-FLEET-02: who sees the corp's TVs live, stale, dark or on an old version, and gets the
 * alert when one goes dark: whoever reads the kiosk screens (levels 1-3 and the wall's level 5 by
 * default; a role group may take it away). Never a TV itself (the server checks kiosk principals apart).
 */
export const KIOSK_FLEET_ACCESS: AccessRequest = { view: 'kiosk', action: 'read' };

/**
 * H-TICK-01: a message on the corp's TVs is a change of what its kiosk screens show, so it takes the
 * kiosk view's update right, as writing a screen does: the supervisor (level 1, in its working corp),
 * an owner (2) and a corp administrator (3) by default, never an agent (4) or the wall (5), and a
 * role group that withholds kiosk update withholds the ticker too.
 */
export const KIOSK_TICKER_ACCESS: AccessRequest = { view: 'kiosk', action: 'update', levels: { update: LEVEL.administrator } };
