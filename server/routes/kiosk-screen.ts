import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kioskSessionSchema } from '../../domain';
import { exchangeKioskKey, kioskScreenConfigOf, signKioskToken } from '../auth/kiosk-token';
import { kioskOfRequest } from '../auth/guard';

const tags = ['kioskScreen'];

/**
 * What is special about kiosk screens beside the generic CRUD of /kiosk:
 * - POST /kiosk/session (public): corp url name, screen id or name and key → a 60 s kiosk token and
 *   the screen's configuration; the TV calls it again before the token expires;
 * - GET /kiosk/self (kiosk token): the screen's configuration, 401 errors.kioskRevoked once revoked;
 * Revoke and rotate are the resource's row actions (server/resources/kiosk-screen.ts).
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
}
