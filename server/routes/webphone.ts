import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sipUsername,
  WEBPHONE_PARAM,
  WEBPHONE_PORT_TYPE,
  webphoneCredentialsSchema,
  webphoneExtensionSchema,
  webphoneSocketUrl,
  WEBRTC_SERVER_PARAM,
  type WebphonePbx,
} from '../../domain';
import { CEILING, withinCeiling } from '../../domain/level-ceilings';
import { principalOf, requireLevel } from '../auth/guard';
import { homeCorpId, type Principal } from '../context';
import type { Db } from '../db/database';
import { appUser, extension, parameter } from '../db/schema';
import { ApiFailure, forbidden, notFound } from '../errors';

async function parameters(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: parameter.key, value: parameter.value })
    .from(parameter)
    .where(inArray(parameter.key, [WEBPHONE_PARAM, WEBRTC_SERVER_PARAM]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/**
 * The web phone's two calls (B-WP-01..04).
 *
 * Who: levels 1-4 (level 5 lives on the panel: 403), and only while the system parameter `webphone` is
 * `yes` (B-WP-01: otherwise 403 webphone.errors.disabled).
 *
 * - GET /webphone/extensions: the dropdown (B-WP-02), "the user's extensions whose port type is WSS":
 *   read literally, the extensions linked to the signed-in user (extension.userId), enabled, of port
 *   type WSS, in the user's corp. A corp administrator gets no list of everyone's phones here: the
 *   dropdown is about the phone on the admin's own desk, and the spec names no other.
 * - GET /webphone/credentials/:number: what the pop-up registers with. The SIP secret goes to the
 *   extension's own user, or to levels 1-3 of its corp (they set and read extension passwords in the
 *   extension dialog anyway, so this reveals nothing new to them); anyone else: 404, like a row of
 *   another corp. The corp is the caller's own (a supervisor's working corp when picked). A non-WSS
 *   extension is refused with 409 webphone.errors.notWss: a UDP phone's endpoint cannot take a
 *   WebSocket registration. `pbx` tells the pop-up whether a real PBX is there: with the simulator,
 *   which speaks no SIP, it says so instead of pretending.
 */
export async function webphoneRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webphone'];
  const user = requireLevel(ctx, CEILING.webphone);
  const pbxKind = (): WebphonePbx => app.live?.kind ?? 'none';

  async function enabled(): Promise<Map<string, string>> {
    const params = await parameters(ctx.db);
    if ((params.get(WEBPHONE_PARAM) ?? '').trim().toLowerCase() !== 'yes') throw forbidden('webphone.errors.disabled');
    return params;
  }

  const corpOf = (principal: Principal) => homeCorpId(principal);

  r.get(
    '/webphone/extensions',
    { schema: { tags, summary: "The signed-in user's enabled extensions of port type WSS (B-WP-02)", response: { 200: z.array(webphoneExtensionSchema) } }, onRequest: user },
    async (request: FastifyRequest) => {
      await enabled();
      const principal = principalOf(request);
      return ctx.db
        .select({ id: extension.id, number: extension.number, description: extension.description })
        .from(extension)
        .where(
          and(
            eq(extension.corpId, corpOf(principal)),
            eq(extension.userId, principal.userId),
            eq(extension.portType, WEBPHONE_PORT_TYPE),
            eq(extension.enabled, true),
          ),
        )
        .orderBy(asc(extension.number));
    },
  );

  r.get(
    '/webphone/credentials/:number',
    {
      schema: {
        tags,
        summary: 'SIP credentials and WebSocket URL for the web phone of one WSS extension (B-WP-03/04)',
        params: z.object({ number: z.string().regex(/^\d{1,10}$/, { error: 'validation.digits' }) }),
        response: { 200: webphoneCredentialsSchema },
      },
      // a phone that is not a WSS one (webphone.errors.notWss)
      config: { doc: { refusals: [409] } },
      onRequest: user,
    },
    async (request) => {
      const params = await enabled();
      const principal = principalOf(request);
      const corpId = corpOf(principal);
      const [row] = await ctx.db
        .select({ id: extension.id, number: extension.number, pass: extension.pass, userId: extension.userId, portType: extension.portType, description: extension.description, userName: appUser.name })
        .from(extension)
        .leftJoin(appUser, eq(appUser.id, extension.userId))
        .where(and(eq(extension.corpId, corpId), eq(extension.number, String(Number(request.params.number))), eq(extension.enabled, true)))
        .limit(1);
      if (!row) throw notFound();
      const own = row.userId === principal.userId;
      if (!own && !withinCeiling(principal.level, CEILING.webphoneOtherExtensions)) throw notFound();
      if (row.portType !== WEBPHONE_PORT_TYPE) throw new ApiFailure(409, 'webphone.errors.notWss');
      return {
        extensionId: row.id,
        number: row.number,
        corpId,
        username: sipUsername(corpId, row.number),
        password: row.pass,
        displayName: (row.userName ?? '').trim() || row.description || row.number,
        socketUrl: webphoneSocketUrl(params.get(WEBRTC_SERVER_PARAM)),
        pbx: pbxKind(),
      };
    },
  );
}
