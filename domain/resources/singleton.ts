import type { z } from 'zod';
import type { Action, LevelCeilings, View } from '../permissions';
import type { SchemaContext } from './define';

/**
 * A singleton resource (J-ONE-02): one value per corp (a corp's look and feel, its tariff) or one for
 * the platform (the system and mail parameters). It is read and saved whole, never listed, created or
 * deleted: the server mounts GET and the save (PUT, and PATCH where the value is an object) at its path
 * through the same write pipeline as every resource (authorisation, tenant scoping, the definition's
 * schema, one transaction, change events), and answers 405 to the methods it has not.
 */
export interface SingletonDefinition {
  /** registry name, also the query key root and the change events' resource */
  name: string;
  /** REST path under /api/v1 */
  path: string;
  /** permission view guarding it (STYLE 3) */
  view: View;
  /** the singleton's own level ceilings on top of its view's */
  levels?: LevelCeilings;
  /**
   * whose value it is: each corp's, or the platform's. A corp singleton is the request's corp: the
   * token's, or a supervisor's working corp; without one, a supervisor gets their own corp's (`home`)
   * or is asked to choose a working corp (`choose`, 400 errors.workingCorpRequired)
   */
  scope: { of: 'platform' } | { of: 'corp'; withoutWorkingCorp: 'home' | 'choose' };
  /**
   * any signed-in user reads it (the shell needs it), not only the view's readers; what those others
   * see is the server binding's `openly` (the public system parameters, A-MENU-06/08)
   */
  openRead?: boolean;
  /** the spec's method of a save: PUT (default), or POST where the spec saves with it (getAllParams) */
  save?: 'PUT' | 'POST';
  /** the value is an object whose fields a PATCH may change one by one (J-API-02) */
  patch?: boolean;
  /** the body of a save, shared by the screen's form and the server */
  schema: (ctx: SchemaContext) => z.ZodType;
}

export function defineSingleton<T extends SingletonDefinition>(definition: T): T {
  return definition;
}

/** The HTTP methods a singleton answers at its path: GET, its save, and PATCH where it has one. */
export function singletonMethods(definition: Pick<SingletonDefinition, 'save' | 'patch'>): ('GET' | 'PUT' | 'POST' | 'PATCH')[] {
  return ['GET', definition.save ?? 'PUT', ...(definition.patch ? (['PATCH'] as const) : [])];
}

/** The write methods a singleton refuses with 405 errors.methodNotAllowed (no list, create or delete). */
export function refusedSingletonMethods(definition: Pick<SingletonDefinition, 'save' | 'patch'>): ('PUT' | 'POST' | 'PATCH' | 'DELETE')[] {
  const answered: readonly string[] = singletonMethods(definition);
  return (['POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((method) => !answered.includes(method));
}

/** The canAccess request of an action on a singleton: its view and its own level ceilings. */
export function singletonAccess(definition: Pick<SingletonDefinition, 'view' | 'levels'>, action: Extract<Action, 'read' | 'update'>): { view: View; action: Action; levels?: LevelCeilings } {
  return { view: definition.view, action, levels: definition.levels };
}
