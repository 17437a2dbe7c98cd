import { ACTIONS, VIEWS, type Action, type View, type ViewGrant } from '../../domain/permissions';

/** DOM-free rules of the role group grid (C-RG-04/06): read is visibility; the rest need it. */
export function asGrants(value: unknown): ViewGrant[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is ViewGrant =>
      !!v && typeof v === 'object' && (VIEWS as readonly string[]).includes((v as ViewGrant).name) && Array.isArray((v as ViewGrant).actions),
  );
}

export function hasAction(grants: readonly ViewGrant[], view: View, action: Action): boolean {
  return grants.some((g) => g.name === view && g.actions.includes(action));
}

/**
 * Switches one action. Turning read off removes the whole view; turning create/update/delete on
 * without read does nothing (the switch is disabled anyway). Order follows VIEWS and ACTIONS.
 */
export function setAction(grants: readonly ViewGrant[], view: View, action: Action, on: boolean): ViewGrant[] {
  const byName = new Map<View, Set<Action>>(grants.map((g) => [g.name, new Set(g.actions)]));
  const current = byName.get(view) ?? new Set<Action>();
  if (action === 'read') {
    if (on) current.add('read');
    else current.clear();
  } else if (current.has('read')) {
    if (on) current.add(action);
    else current.delete(action);
  }
  byName.set(view, current);
  const out: ViewGrant[] = [];
  for (const name of VIEWS) {
    const set = byName.get(name);
    if (set && set.has('read')) out.push({ name, actions: ACTIONS.filter((a) => set.has(a)) });
  }
  return out;
}
