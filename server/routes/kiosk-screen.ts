import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAccess, kioskSessionSchema } from '../../domain';
import { idParam } from '../../domain/resources/fields';
import { exchangeKioskKey, kioskPrincipalId, kioskScreenConfigOf, kioskScreenRow, newKioskKey, signKioskToken } from '../auth/kiosk-token';
import { kioskOfRequest, principalOf, resolvePrincipal } from '../auth/guard';
import { scopeCorpId, type Principal } from '../context';
import { kioskScreen } from '../db/schema';
import { forbidden, notFound } from '../errors';

const tags = ['kioskScreen'];
const idParams = z.object({ id: idParam });

/**
 * What is special about kiosk screens beside the generic CRUD of /kiosk:
 * - POST /kiosk/session (public): corp url name, screen id or name and key → a 60 s kiosk token and
 *   the screen's configuration; the TV calls it again before the token expires;
 * - GET /kiosk/self (kiosk token): the screen's configuration, 401 errors.kioskRevoked once revoked;
 * - POST /kiosk/:id/revoke and /kiosk/:id/rotate (level 3 or better with kiosk update): revoke stops
 *   the key and every token issued for it; rotate makes a new key (returned once), un-revokes, and
 *   the tokens of the old key stop. Both close the screen's open hub connections at once with a
 *   Close `errors.kioskRevoked` (the TV reconnects, is refused and shows why).
 */
export async function kioskRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/kiosk/session', { schema: { tags, summary: 'Exchange a kiosk key for a 60 s read-only token (public)', body: kioskSessionSchema, security: [] } }, async (request) => {
    const { corp, screen, key } = request.body;
    const record = await exchangeKioskKey(ctx.db, corp, screen, key);
    const { token, expiration } = await signKioskToken(ctx, record);
    return { token, expiration, screen: kioskScreenConfigOf(record), corpId: record.corpId };
  });

  r.get('/kiosk/self', { schema: { tags, summary: 'The screen of a kiosk token (kiosk tokens only)' } }, async (request) => {
    const record = await kioskOfRequest(ctx, request);
    return { screen: kioskScreenConfigOf(record), corpId: record.corpId, revoked: false };
  });

  /** level 3 or better with the kiosk view's update action */
  const requireAdmin = async (request: FastifyRequest): Promise<void> => {
    const principal = await resolvePrincipal(ctx, request);
    request.principal = principal;
    if (principal.level > 3 || !canAccess(principal, { view: 'kiosk', action: 'update' })) throw forbidden();
  };

  /** ends the hub connections of a screen's tokens (their principal's userId is minus the screen id) */
  const disconnect = (screenId: number) => app.live?.hub.closeUser(kioskPrincipalId(screenId), 'errors.kioskRevoked');

  /** the screen by id within the caller's tenancy (other corps' screens are 404) */
  const scoped = (principal: Principal, id: number) => {
    const corpId = scopeCorpId(principal);
    return corpId === null ? eq(kioskScreen.id, id) : and(eq(kioskScreen.id, id), eq(kioskScreen.corpId, corpId));
  };

  r.post('/kiosk/:id/revoke', { schema: { tags, summary: 'Revoke a kiosk screen key', params: idParams }, onRequest: requireAdmin }, async (request) => {
    const principal = principalOf(request);
    const [record] = await ctx.db.select().from(kioskScreen).where(scoped(principal, request.params.id)).limit(1);
    if (!record) throw notFound();
    if (record.revokedAt !== null) return kioskScreenRow(record);
    const [updated] = await ctx.db.update(kioskScreen).set({ revokedAt: new Date() }).where(eq(kioskScreen.id, record.id)).returning();
    if (!updated) throw notFound();
    disconnect(record.id);
    return kioskScreenRow(updated);
  });

  r.post('/kiosk/:id/rotate', { schema: { tags, summary: 'Give a kiosk screen a new key (returned once)', params: idParams }, onRequest: requireAdmin }, async (request) => {
    const principal = principalOf(request);
    const [record] = await ctx.db.select({ id: kioskScreen.id }).from(kioskScreen).where(scoped(principal, request.params.id)).limit(1);
    if (!record) throw notFound();
    const { key, keyHash, keyHint } = newKioskKey();
    const [updated] = await ctx.db.update(kioskScreen).set({ keyHash, keyHint, revokedAt: null }).where(eq(kioskScreen.id, record.id)).returning();
    if (!updated) throw notFound();
    disconnect(record.id);
    return { ...kioskScreenRow(updated), key };
  });
}
