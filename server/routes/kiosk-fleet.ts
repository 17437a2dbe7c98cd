/**
 * The fleet of wall TVs over REST (H-FLEET-01, H-TICK-01, H-NOC-01); the work is in server/fleet/:
 * - GET /kiosk/fleet: every screen of the corp live, stale, dark or on an old version (kiosk read);
 * - GET /kiosk/ticker, POST /kiosk/ticker, DELETE /kiosk/ticker/{id}: the ticker band's messages
 *   (read: kiosk read; write: domain KIOSK_TICKER_ACCESS);
 * - GET /kiosk/noc and POST /kiosk/noc/token (a NOC screen's kiosk token): the corps it rotates
 *   across, and a 60 s read-only token of one of them for the page that shows it.
 * The corp is the caller's (a supervisor's working corp), as everywhere.
 */
import { asc, eq, inArray, and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAccess, KIOSK_FLEET_ACCESS, KIOSK_TICKER_ACCESS, nocTokenSchema, tickerInputSchema, type AccessRequest, type NocCorp } from '../../domain';
import { idParam } from '../../domain/resources/fields';
import { kioskOfRequest, principalOf, resolvePrincipal, type Guard } from '../auth/guard';
import { nocMayRead, signNocPageToken } from '../auth/kiosk-token';
import { homeCorpId, type AppContext } from '../context';
import { corp } from '../db/schema';
import { forbidden, notFound } from '../errors';
import type { LiveRuntime } from '../live/live-runtime';

const tags = ['kioskScreen'];

/** Guard: signed in (not a TV) and allowed the request, with its level ceilings. */
function requireKioskAccess(ctx: AppContext, access: AccessRequest): Guard {
  return async (request) => {
    const principal = await resolvePrincipal(ctx, request);
    request.principal = principal;
    if (!canAccess(principal, access)) throw forbidden();
  };
}

const heartbeat = z.object({ version: z.string(), width: z.number(), height: z.number(), fps: z.number(), reconnects: z.number(), dataAgeMs: z.number().nullable(), stale: z.boolean() });
const fleetEntry = z.object({
  screenId: z.number().int(),
  corpId: z.number().int(),
  name: z.string(),
  seenAt: z.number().nullable(),
  heartbeat: heartbeat.nullable(),
  state: z.enum(['live', 'stale', 'dark', 'oldVersion']),
});
const tickerMessage = z.object({
  id: z.number().int(),
  corpId: z.number().int(),
  text: z.string(),
  priority: z.enum(['info', 'warning', 'critical']),
  screens: z.array(z.number().int()),
  createdAt: z.number(),
  expiresAt: z.number(),
  author: z.string(),
});
const nocCorp = z.object({ id: z.number().int(), name: z.string(), url: z.string() });

export function kioskFleetRoutes(live: LiveRuntime) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx = app.ctx;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const reader = requireKioskAccess(ctx, KIOSK_FLEET_ACCESS);
    const writer = requireKioskAccess(ctx, KIOSK_TICKER_ACCESS);
    // a kiosk token first (401 before the body is looked at); the handler reads the screen again
    const screenGuard: Guard = async (request) => void (await kioskOfRequest(ctx, request));
    const author = (request: Parameters<typeof principalOf>[0]) => {
      const p = principalOf(request);
      return { userId: p.userId, nick: p.nick };
    };

    r.get(
      '/kiosk/fleet',
      { schema: { tags, summary: "The corp's wall TVs: last heartbeat, live, stale, dark or on an old version (H-FLEET-01)", response: { 200: z.array(fleetEntry) } }, onRequest: reader },
      async (request) => live.fleet.list(homeCorpId(principalOf(request))),
    );

    r.get(
      '/kiosk/ticker',
      { schema: { tags, summary: "The corp's unexpired ticker messages, newest first (H-TICK-01)", response: { 200: z.array(tickerMessage) } }, onRequest: reader },
      async (request) => live.ticker.active(homeCorpId(principalOf(request))),
    );

    r.post(
      '/kiosk/ticker',
      { schema: { tags, summary: 'Push a message to chosen screens: text, priority, expiry in minutes (H-TICK-01)', body: tickerInputSchema, response: { 201: tickerMessage } }, onRequest: writer },
      async (request, reply) => {
        const created = await live.ticker.push(author(request), homeCorpId(principalOf(request)), request.body);
        return reply.code(201).send(created);
      },
    );

    r.delete(
      '/kiosk/ticker/:id',
      { schema: { tags, summary: 'Take a ticker message off the band before it expires', params: z.object({ id: idParam }), response: { 204: z.null() } }, onRequest: writer },
      async (request, reply) => {
        if (!(await live.ticker.remove(author(request), homeCorpId(principalOf(request)), request.params.id))) throw notFound();
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/kiosk/noc',
      { schema: { tags, summary: "A NOC screen's corps, in page order (its kiosk token; H-NOC-01)", response: { 200: z.array(nocCorp) } }, onRequest: screenGuard },
      async (request) => {
        const screen = await kioskOfRequest(ctx, request);
        if (screen.nocCorps === null) throw forbidden();
        const rows = await ctx.db
          .select({ id: corp.id, name: corp.name, url: corp.url })
          .from(corp)
          .where(and(eq(corp.enabled, true), eq(corp.system, false), ...(screen.nocCorps.length > 0 ? [inArray(corp.id, screen.nocCorps)] : [])))
          .orderBy(asc(corp.name));
        const order = screen.nocCorps;
        const pages: NocCorp[] = order.length > 0 ? order.flatMap((id) => rows.filter((c) => c.id === id)) : rows;
        // the list is re-checked per corp as each page's token is made (nocMayRead)
        const allowed = await Promise.all(pages.map((c) => nocMayRead(ctx.db, screen, c.id)));
        return pages.filter((_, i) => allowed[i]);
      },
    );

    r.post(
      '/kiosk/noc/token',
      {
        schema: { tags, summary: "A 60 s read-only token of one of a NOC screen's corps (its kiosk token; H-NOC-01)", body: nocTokenSchema, response: { 200: z.object({ token: z.string(), expiration: z.string(), corpId: z.number().int() }) } },
        onRequest: screenGuard,
      },
      async (request) => {
        const screen = await kioskOfRequest(ctx, request);
        // a page token (whose corp is the page's) makes no further tokens: nocMayRead wants the system corp's screen
        if (!(await nocMayRead(ctx.db, screen, request.body.corpId))) throw forbidden();
        const { token, expiration } = await signNocPageToken(ctx, screen, request.body.corpId);
        return { token, expiration, corpId: request.body.corpId };
      },
    );
  };
}
