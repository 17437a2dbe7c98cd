import { createHmac } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import { rateLimitStore } from '../auth/shared-counters';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import {
  c2cOutcomeStatus,
  C2C_RULES,
  c2cHistoryQuery,
  c2cKeyId,
  c2cLoginSchema,
  c2cRequestSchema,
  parseC2cKeyId,
  STATUS,
  type C2cCalling,
  type C2cHistoryPage,
  type C2cOutcome,
  type C2cRequest,
  type C2cSource,
} from '../../domain';
import { CEILING, picksWorkingCorp } from '../../domain/level-ceilings';
import { c2cSecretMatches } from '../auth/click-to-call-secret';
import { principalOf, requireLevel } from '../auth/guard';
import { homeCorpId, type Principal } from '../context';
import { dataOf, type CorpData } from '../crud/tenant';
import type { Db } from '../db/database';
import { clickToCallKey, clickToCallRequest } from '../db/schema-click-to-call';
import { appUser, parameter } from '../db/schema';
import { ApiFailure } from '../errors';
import type { LiveRuntime } from '../live/live-runtime';
import { originateFromExtension } from '../live/originate';
import { lookupBinding } from '../resources';

const tags = ['clickToCall'];
type KeyRecord = typeof clickToCallKey.$inferSelect;

/**
 * The data of the corp whose history an administrator reads (the tenant accessor: no corp filter of
 * its own here): its own corp, or level 1's working corp (none: 400, like the keys' resource).
 */
function historyData(db: Db, principal: Principal): CorpData {
  if (picksWorkingCorp(principal.level) && principal.workingCorpId === null) throw new ApiFailure(STATUS.badRequest, 'errors.workingCorpRequired');
  return dataOf(db, principal, lookupBinding);
}

/* ---- the login step's token (E-C2C-06) ------------------------------------------------------- */

/**
 * The token of the spec's two-step shape (login, then makecall with a bearer token): signed with a
 * key bound to the app key and the click-to-call key's digest, kind 'c2c', so it never verifies as a
 * user's or a kiosk's token nor the other way round. Revocation is read from the row on every use.
 */
function c2cTokenKey(appKey: Uint8Array, secretHash: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', appKey).update(`c2c:${secretHash}`).digest());
}

async function signC2cToken(appKey: Uint8Array, record: KeyRecord): Promise<{ token: string; expiration: string }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + C2C_RULES.tokenTtlSeconds;
  const token = await new SignJWT({ kind: 'c2c', corp: record.corpId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(record.id))
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(c2cTokenKey(appKey, record.secretHash));
  return { token, expiration: new Date(exp * 1000).toISOString() };
}

/** The key row a c2c token claims, before its signature is checked (only to find the key to check it with). */
function claimedKeyId(token: string): number | null {
  try {
    const { sub, kind } = decodeJwt(token);
    return kind === 'c2c' && typeof sub === 'string' ? parseC2cKeyId(`c2c_${sub}`) : null;
  } catch {
    return null;
  }
}

async function tokenMatches(appKey: Uint8Array, token: string, record: KeyRecord): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, c2cTokenKey(appKey, record.secretHash), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    return payload.kind === 'c2c' && payload.sub === String(record.id) && payload.corp === record.corpId;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return false;
    throw error;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

/* ---- the routes ------------------------------------------------------------------------------ */

/**
 * Click-to-call (issue 11, E-C2C-01..08, spec 1 §2/§3/§5/§7):
 * - keys (levels 1-3; level 1 in its working corp): a resource of the registry since issue 24
 *   (resources/click-to-call-key.ts: list, create with the secret answered once, revoke), not here;
 * - the CRM API, no user session: POST /clicktocall/makecall {exten, destination, key, passwd}, where
 *   `key` is the key's public id (`c2c_12`) and `passwd` its secret — the spec's request (E-C2C-05)
 *   carries both, and a key id with a secret reads as what a dialer's "key" and "passwd" are; or
 *   first POST /clicktocall/login {user, password} (the same id and secret) for a 5-minute bearer
 *   token, then makecall with `Authorization: Bearer` (E-C2C-06's two steps). E-C2C-07 (the legacy
 *   client sent an unresolved token) is not reproduced: the token is awaited;
 * - the form of a signed-in user: POST /clicktocall/call, the same pipeline with the user's corp and
 *   the ID and password typed (so the form exercises a real key);
 * - the history (E-C2C-08: real requests, not sample rows), newest first, paged.
 *
 * Every request whose corp is known (an existing key, or the user's session) is recorded, refusals
 * included. A request refused before that (an unknown key id, the per-address limit) is not: it names
 * no corp. Bad key: 401 on the API (403 on the form, whose session is valid: a 401 would sign the user
 * out); the per-key limit 429 with Retry-After; unknown extension 404, unregistered 409, PBX 503.
 */
export function clickToCallRoutes(live: LiveRuntime | null) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx = app.ctx;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = requireLevel(ctx, CEILING.clickToCallKeys);

    // per address: before the body is read, so junk is limited too; per key: after the key is checked
    await app.register(fastifyRateLimit, { global: false, ...rateLimitStore(ctx.counters, 'c2c') });
    const perAddress = { rateLimit: { max: C2C_RULES.perAddressPerMinute, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `c2c:${request.ip}` } };
    const keyOfRequest = new WeakMap<FastifyRequest, number>();
    const perKey = app.createRateLimit({ max: C2C_RULES.perKeyPerMinute, timeWindow: 60_000, keyGenerator: (request) => `c2c-key:${keyOfRequest.get(request) ?? 0}` });

    /** Appends one row to the history. */
    const record = (entry: { corpId: number; source: C2cSource; keyId: number | null; userId: number | null; body: C2cRequest; outcome: C2cOutcome; status: number; channelId?: string; ip: string }) =>
      ctx.db.insert(clickToCallRequest).values({
        corpId: entry.corpId,
        source: entry.source,
        keyId: entry.keyId,
        userId: entry.userId,
        exten: entry.body.exten,
        destination: entry.body.destination,
        outcome: entry.outcome,
        status: entry.status,
        channelId: entry.channelId ?? null,
        remoteAddress: entry.ip.slice(0, 64),
      });

    const loadKey = async (id: number | null): Promise<KeyRecord | null> => {
      if (id === null) return null;
      const [row] = await ctx.db.select().from(clickToCallKey).where(eq(clickToCallKey.id, id)).limit(1);
      return row ?? null;
    };

    const enabled = async (): Promise<boolean> => {
      const [row] = await ctx.db.select({ value: parameter.value }).from(parameter).where(eq(parameter.key, 'clickToCall')).limit(1);
      return row?.value === 'yes';
    };

    /**
     * The one pipeline of the API and the form. `key`: the key row the request named (null: none
     * found), `authenticated`: whether its secret or token matched; `corpId`: the corp to record in.
     */
    async function place(request: FastifyRequest, body: C2cRequest, who: { source: C2cSource; corpId: number; key: KeyRecord | null; authenticated: boolean; userId: number | null }): Promise<C2cCalling> {
      const { source, corpId, key, userId } = who;
      const write = async (outcome: C2cOutcome, status: number, channelId?: string) => {
        await record({ corpId, source, keyId: key?.corpId === corpId ? key.id : null, userId, body, outcome, status, channelId, ip: request.ip });
      };
      const refuse = async (outcome: C2cOutcome, failure: ApiFailure): Promise<never> => {
        await write(outcome, failure.status);
        throw failure;
      };
      if (!key || !who.authenticated || key.corpId !== corpId) return refuse('badKey', new ApiFailure(c2cOutcomeStatus('badKey', source), 'errors.clickToCallKey'));
      if (key.revokedAt !== null) return refuse('keyRevoked', new ApiFailure(c2cOutcomeStatus('keyRevoked', source), 'errors.clickToCallKeyRevoked'));
      if (!(await enabled())) return refuse('disabled', new ApiFailure(c2cOutcomeStatus('disabled'), 'errors.clickToCallOff'));

      keyOfRequest.set(request, key.id);
      // (isAllowed is only true for an allow list; isExceeded says whether this one is over the limit)
      const limit = await perKey(request);
      if (!limit.isAllowed && limit.isExceeded) {
        await write('rateLimited', c2cOutcomeStatus('rateLimited'));
        throw Object.assign(new ApiFailure(c2cOutcomeStatus('rateLimited'), 'errors.tooManyRequests'), { retryAfter: limit.ttlInSeconds });
      }
      await ctx.db.update(clickToCallKey).set({ lastUsedAt: new Date() }).where(eq(clickToCallKey.id, key.id));

      const result = await originateFromExtension(ctx.db, live, { corpId, from: body.exten, to: body.destination });
      if (result.outcome !== 'calling') return refuse(result.outcome, result.failure);
      await write('calling', c2cOutcomeStatus('calling'), result.channelId);
      return { status: 'calling', channelId: result.channelId };
    }

    /** The key an API request names: by its bearer token (login step), else by key id and secret. */
    async function keyOfApiRequest(request: FastifyRequest, body: C2cRequest): Promise<{ key: KeyRecord | null; authenticated: boolean }> {
      const token = bearerOf(request);
      if (token) {
        const key = await loadKey(claimedKeyId(token));
        return { key, authenticated: key !== null && (await tokenMatches(ctx.key, token, key)) };
      }
      const key = await loadKey(parseC2cKeyId(body.key ?? ''));
      // a digest is computed either way, so a missing key answers as slowly as a wrong secret
      const matches = c2cSecretMatches(body.passwd ?? '', key?.secretHash ?? '0'.repeat(64));
      return { key, authenticated: key !== null && body.passwd !== undefined && matches };
    }

    const withRetryAfter = async <T>(reply: { header: (name: string, value: number) => unknown }, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        const retry = (error as { retryAfter?: unknown }).retryAfter;
        if (typeof retry === 'number') reply.header('retry-after', retry);
        throw error;
      }
    };

    const calling = z.object({ status: z.literal('calling'), channelId: z.string() });

    r.post(
      '/clicktocall/makecall',
      {
        schema: {
          tags,
          summary: 'Click-to-call for outside systems: ring `exten`, then dial `destination` (key id + secret, or the bearer token of /clicktocall/login)',
          body: c2cRequestSchema,
          response: { 200: calling },
          security: [],
        },
        config: perAddress,
      },
      async (request, reply) => {
        const { key, authenticated } = await keyOfApiRequest(request, request.body);
        // an unknown key names no corp: nothing to record
        if (!key) throw new ApiFailure(c2cOutcomeStatus('badKey'), 'errors.clickToCallKey');
        return withRetryAfter(reply, () => place(request, request.body, { source: 'api', corpId: key.corpId, key, authenticated, userId: null }));
      },
    );

    r.post(
      '/clicktocall/login',
      {
        schema: { tags, summary: 'The login step of click-to-call (E-C2C-06): key id and secret → a 5-minute bearer token for makecall', body: c2cLoginSchema, security: [] },
        config: perAddress,
      },
      async (request) => {
        const key = await loadKey(parseC2cKeyId(request.body.user));
        const matches = c2cSecretMatches(request.body.password, key?.secretHash ?? '0'.repeat(64));
        if (!key || !matches) throw new ApiFailure(c2cOutcomeStatus('badKey'), 'errors.clickToCallKey');
        if (key.revokedAt !== null) throw new ApiFailure(c2cOutcomeStatus('keyRevoked'), 'errors.clickToCallKeyRevoked');
        return signC2cToken(ctx.key, key);
      },
    );

    r.post(
      '/clicktocall/call',
      {
        schema: { tags, summary: 'The click-to-call form (E-C2C-01..04): from → exten, to → destination, ID → key, password → passwd, in the user’s corp', body: c2cRequestSchema, response: { 200: calling } },
        onRequest: requireLevel(ctx, CEILING.clickToCall),
        config: perAddress,
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const corpId = homeCorpId(principal);
        const body = request.body;
        const key = await loadKey(parseC2cKeyId(body.key ?? ''));
        const matches = c2cSecretMatches(body.passwd ?? '', key?.secretHash ?? '0'.repeat(64));
        const authenticated = key !== null && body.passwd !== undefined && matches;
        return withRetryAfter(reply, () => place(request, body, { source: 'form', corpId, key, authenticated, userId: principal.userId }));
      },
    );

    r.get(
      '/clicktocall/history',
      { schema: { tags, summary: 'The corp’s click-to-call requests, newest first (paged)', querystring: c2cHistoryQuery }, onRequest: admin },
      async (request): Promise<C2cHistoryPage> => {
        const { page, size } = request.query;
        const where = historyData(ctx.db, principalOf(request)).own(clickToCallRequest.corpId);
        const [{ total }] = await ctx.db.select({ total: count() }).from(clickToCallRequest).where(where);
        const rows = await ctx.db
          .select({ row: clickToCallRequest, nick: appUser.nick, label: clickToCallKey.label })
          .from(clickToCallRequest)
          .leftJoin(appUser, eq(appUser.id, clickToCallRequest.userId))
          .leftJoin(clickToCallKey, eq(clickToCallKey.id, clickToCallRequest.keyId))
          .where(where)
          .orderBy(desc(clickToCallRequest.at), desc(clickToCallRequest.id))
          .limit(size)
          .offset(page * size);
        return {
          total: Number(total),
          page,
          size,
          rows: rows.map(({ row, nick, label }) => ({
            id: row.id,
            at: row.at.toISOString(),
            source: row.source === 'form' ? 'form' : 'api',
            keyId: row.keyId === null ? null : c2cKeyId(row.keyId),
            keyLabel: label,
            userNick: nick,
            exten: row.exten,
            destination: row.destination,
            outcome: row.outcome as C2cOutcome,
            status: row.status,
            channelId: row.channelId,
            remoteAddress: row.remoteAddress,
          })),
        };
      },
    );
  };
}
