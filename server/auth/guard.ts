import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { canAccess, defaultLiveActions, defaultViews, isLevel, normaliseLiveActions, type Action, type Level, type View, type ViewGrant } from '../../domain';
import { withinCeiling, type LevelCeiling } from '../../domain/level-ceilings';
import { parseId } from '../../domain/resources/fields';
import type { AppContext, Principal } from '../context';
import { appUser, corp, kioskScreen, roleGroup } from '../db/schema';
import { ApiFailure, forbidden, unauthorized } from '../errors';
import { isKioskPrincipalId, KIOSK_VIEWS, kioskPrincipalId, kioskRevokedFailure, screenOfKioskToken } from './kiosk-token';
import { claimedUserId, userTokenKey, verifyToken } from './tokens';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolves the principal from the bearer token. The user row is read on every request, so a
 * disabled or deleted user's token stops working at once (401), and a changed level or role group
 * applies at once.
 */
export async function resolvePrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  // kiosk tokens are refused here: they only open the kiosk routes (requireKiosk) and the hub
  const user = (await signedInUserOfToken(ctx, token))?.principal;
  if (!user) throw unauthorized();
  const level = user.level;
  let workingCorpId: number | null = null;
  if (level === 1) workingCorpId = await workingCorp(ctx, request);
  return { ...user, workingCorpId };
}

/**
 * Who a token names for the hub: a signed-in user, or a kiosk screen as a read-only level-5
 * principal of its corp (views panel and kiosk read; userId is minus the screen id, so it never
 * meets a user's). Null for a bad or expired token, a disabled or deleted user, a revoked or
 * deleted screen. No working corp (that comes from a request header).
 */
export async function userOfToken(ctx: Pick<AppContext, 'db' | 'key'>, token: string): Promise<Omit<Principal, 'workingCorpId'> | null> {
  return (await sessionOfToken(ctx, token))?.principal ?? null;
}

/** A principal and what its session was granted under (sessionGrant): the hub keeps both per connection. */
export interface TokenSession {
  principal: Omit<Principal, 'workingCorpId'>;
  session: string;
}

/**
 * What a session was granted under, as a short digest: a user's password hash or a screen's key
 * digest. A password change or a rotate changes it, so a connection opened before is found out by
 * sessionStillValid without its (possibly expired) token.
 */
export const sessionGrant = (secretVersion: string): string => createHash('sha256').update(`session:${secretVersion}`).digest('base64url').slice(0, 22);

/** userOfToken with the session's grant. */
export async function sessionOfToken(ctx: Pick<AppContext, 'db' | 'key'>, token: string): Promise<TokenSession | null> {
  const user = await signedInUserOfToken(ctx, token);
  if (user) return { principal: user.principal, session: sessionGrant(user.passHash) };
  const screen = await screenOfKioskToken(ctx, token);
  if (!screen || screen === 'revoked') return null;
  return { principal: kioskPrincipal(screen), session: sessionGrant(screen.keyHash) };
}

/**
 * Whether a session granted under `session` still stands (I-INST-05): the user exists, is enabled and
 * has the same password; the kiosk screen exists, is not revoked and has the same key.
 */
export async function sessionStillValid(ctx: Pick<AppContext, 'db'>, principalId: number, session: string): Promise<boolean> {
  if (isKioskPrincipalId(principalId)) {
    const [screen] = await ctx.db.select({ keyHash: kioskScreen.keyHash, revokedAt: kioskScreen.revokedAt }).from(kioskScreen).where(eq(kioskScreen.id, -principalId)).limit(1);
    return !!screen && screen.revokedAt === null && sessionGrant(screen.keyHash) === session;
  }
  const [user] = await ctx.db.select({ enabled: appUser.enabled, passHash: appUser.passHash }).from(appUser).where(eq(appUser.id, principalId)).limit(1);
  return !!user && user.enabled && sessionGrant(user.passHash) === session;
}

/** A screen as a read-only level-5 principal of its corp (userId minus the screen id). */
function kioskPrincipal(screen: typeof kioskScreen.$inferSelect): Omit<Principal, 'workingCorpId'> {
  return { userId: kioskPrincipalId(screen.id), nick: `kiosk:${screen.name}`, level: 5, corpId: screen.corpId, views: KIOSK_VIEWS.map((v) => ({ ...v, actions: [...v.actions] })), liveActions: [] };
}

/** The signed-in user a login token names (every REST route but the kiosk ones): kiosk tokens give null. */
async function signedInUserOfToken(ctx: Pick<AppContext, 'db' | 'key'>, token: string): Promise<{ principal: Omit<Principal, 'workingCorpId'>; passHash: string } | null> {
  const userId = claimedUserId(token);
  if (userId === null) return null;

  const [row] = await ctx.db
    .select({
      id: appUser.id,
      nick: appUser.nick,
      level: appUser.level,
      corpId: appUser.corpId,
      enabled: appUser.enabled,
      passHash: appUser.passHash,
      views: roleGroup.views,
      liveActions: roleGroup.liveActions,
      corpEnabled: corp.enabled,
    })
    .from(appUser)
    .innerJoin(corp, eq(corp.id, appUser.corpId))
    .leftJoin(roleGroup, eq(roleGroup.id, appUser.roleGroupId))
    .where(eq(appUser.id, userId))
    .limit(1);
  if (!row || !row.enabled || !isLevel(row.level)) return null;
  // signed for the user's current password: a token from before a password change fails here
  const claims = await verifyToken(token, userTokenKey(ctx.key, row.passHash));
  if (!claims || claims.kind !== 'user' || Number(claims.sub) !== row.id) return null;

  const level: Level = row.level;
  const views: ViewGrant[] = row.views ?? defaultViews(level);
  // no role group: the level's; a group: what it grants (a group of before G-PRM kept hang-up, migration 0018)
  const liveActions = row.views === null ? defaultLiveActions(level) : normaliseLiveActions(row.liveActions ?? []);
  return { principal: { userId: row.id, nick: row.nick, level, corpId: row.corpId, views, liveActions }, passHash: row.passHash };
}

/** `x-working-corp` (level 1 only): 0 or absent = none; otherwise it must name an existing corp. */
async function workingCorp(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const raw = request.headers['x-working-corp'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '' || value.trim() === '0') return null;
  // an id as everywhere: plain decimal, at most 2^31-1 (a bigger one used to fail in the database)
  const id = parseId(value.trim());
  if (id === null) throw new ApiFailure(400, 'errors.workingCorp');
  const [found] = await ctx.db.select({ id: corp.id }).from(corp).where(eq(corp.id, id)).limit(1);
  if (!found) throw new ApiFailure(400, 'errors.workingCorp');
  return id;
}

/**
 * A route guard, run as the route's onRequest hook: before the body is parsed or validated, so an
 * anonymous or forbidden caller learns nothing about the body's rules (401/403 first).
 */
export type Guard = (request: FastifyRequest) => Promise<void>;

/** Guard: any signed-in user. */
export function requireUser(ctx: AppContext): Guard {
  return async (request) => {
    request.principal = await resolvePrincipal(ctx, request);
  };
}

/** Guard: signed in and within a named ceiling of domain/level-ceilings (`CEILING.x`, J-ONE-01); above it 403. */
export function requireLevel(ctx: AppContext, ceiling: LevelCeiling): Guard {
  return async (request) => {
    const principal = await resolvePrincipal(ctx, request);
    request.principal = principal;
    if (!withinCeiling(principal.level, ceiling)) throw forbidden();
  };
}

/** Guard: signed in and canAccess(view, action). */
export function requireAccess(ctx: AppContext, view: View, action: Action): Guard {
  return async (request) => {
    const principal = await resolvePrincipal(ctx, request);
    request.principal = principal;
    if (!canAccess(principal, { view, action })) throw forbidden();
  };
}

/**
 * Guard of the wallboard data routes: a kiosk token (its screen as a read-only level-5 principal of
 * its corp; 401 errors.kioskRevoked once revoked), or a signed-in user with canAccess(view, action)
 * (level 1 with its working corp, as everywhere).
 */
export function requireAccessOrKiosk(ctx: AppContext, view: View, action: Action): Guard {
  const userGuard = requireAccess(ctx, view, action);
  return async (request) => {
    const token = bearer(request);
    const screen = token ? await screenOfKioskToken(ctx, token) : null;
    if (screen === 'revoked') throw kioskRevokedFailure(401);
    if (!screen) return userGuard(request);
    const principal: Principal = { ...kioskPrincipal(screen), workingCorpId: null };
    request.principal = principal;
    if (!canAccess(principal, { view, action })) throw forbidden();
  };
}

/**
 * The screen of a kiosk token (the kiosk routes): 401 errors.unauthorized without one, 401
 * errors.kioskRevoked once the screen is revoked (checked on every request, no cache).
 */
export async function kioskOfRequest(ctx: AppContext, request: FastifyRequest): Promise<typeof kioskScreen.$inferSelect> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const screen = await screenOfKioskToken(ctx, token);
  if (screen === 'revoked') throw kioskRevokedFailure(401);
  if (!screen) throw unauthorized();
  return screen;
}

/** The principal a guarded handler runs with. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
