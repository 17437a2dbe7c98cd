import { and, eq, sql } from 'drizzle-orm';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_CORP,
  defaultViews,
  isLanguage,
  isLevel,
  loginBodySchema,
  loginResponseSchema,
  profileSchema,
  setLangSchema,
  setThemeSchema,
  type MyUser,
} from '../../domain';
import { principalOf, requireUser } from '../auth/guard';
import { DEFAULT_THROTTLE, pairKey, type LoginThrottle } from '../auth/login-throttle';
import { rateLimitStore } from '../auth/shared-counters';
import { burnVerify, hashPassword, verifyPassword } from '../auth/passwords';
import { signToken, TOKEN_TTL_SECONDS, userTokenKey } from '../auth/tokens';
import { corpZone } from '../corp-zone';
import { appUser, corp, roleGroup } from '../db/schema';
import { ApiFailure, invalid, unauthorized } from '../errors';

const tags = ['session'];

/** Login, token refresh, the signed-in user and their preferences (A-LOG, A-SES, A-THM, A-I18N, A-PRF). */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signed = requireUser(ctx);
  const ttl = ctx.config.tokenTtlSeconds ?? TOKEN_TTL_SECONDS;

  // the per-address ceiling of login attempts (any user, malformed ones too: it runs before the body is read)
  await app.register(fastifyRateLimit, { global: false, ...rateLimitStore(ctx.counters, 'login') });
  const throttle = ctx.config.loginThrottle ?? DEFAULT_THROTTLE;

  r.post(
    '/login',
    {
      schema: { tags, summary: 'Sign in (nick is unique within the corp named by corpoName)', body: loginBodySchema, response: { 200: loginResponseSchema } },
      config: { rateLimit: { max: throttle.perAddressPerMinute, timeWindow: 60_000, keyGenerator: (request) => `login:${request.ip}` } },
    },
    async (request, reply) => {
      const { nick, pass } = request.body;
      const corpUrl = request.body.corpoName.trim() || DEFAULT_CORP;
      // one user from one address: failures slow that pair down, never the user elsewhere
      const pair = pairKey(corpUrl, nick.trim(), request.ip);
      await refuseWhileWaiting(ctx.throttle, pair, reply);

      const [user] = await ctx.db
        .select({ id: appUser.id, hash: appUser.passHash, level: appUser.level, corpId: appUser.corpId, enabled: appUser.enabled, corpEnabled: corp.enabled })
        .from(appUser)
        .innerJoin(corp, eq(corp.id, appUser.corpId))
        .where(and(sql`lower(${corp.url}) = lower(${corpUrl})`, sql`lower(${appUser.nick}) = lower(${nick.trim()})`))
        .limit(1);
      // the same work whether or not the nick exists, so timing does not tell
      const ok = user ? await verifyPassword(user.hash, pass) : await burnVerify(ctx.config.hash, pass);
      if (!user || !ok || !user.enabled || !user.corpEnabled || !isLevel(user.level)) {
        await ctx.throttle.recordFailure(pair);
        throw new ApiFailure(401, 'errors.credentials');
      }
      await ctx.throttle.reset(pair);
      return signToken({ sub: String(user.id), corp: user.corpId, lvl: user.level, kind: 'user' }, userTokenKey(ctx.key, user.hash), ttl);
    },
  );

  r.post('/refresh', { schema: { tags, summary: 'A fresh token for the signed-in user', response: { 200: loginResponseSchema } }, onRequest: signed }, async (request) => {
    const p = principalOf(request);
    const [row] = await ctx.db.select({ hash: appUser.passHash }).from(appUser).where(eq(appUser.id, p.userId)).limit(1);
    if (!row) throw unauthorized();
    return signToken({ sub: String(p.userId), corp: p.corpId, lvl: p.level, kind: 'user' }, userTokenKey(ctx.key, row.hash), ttl);
  });

  r.get('/myuser', { schema: { tags, summary: 'The signed-in user (MyUser)' }, onRequest: signed }, async (request): Promise<MyUser> => {
    const p = principalOf(request);
    const [row] = await ctx.db
      .select({
        id: appUser.id,
        nick: appUser.nick,
        name: appUser.name,
        mail: appUser.mail,
        theme: appUser.theme,
        lang: appUser.lang,
        corpName: corp.name,
        corpUrl: corp.url,
        allowCustom: corp.allowCustom,
        costEnabled: corp.costEnabled,
        roomEnabled: corp.roomEnabled,
        timeZone: corp.timeZone,
        groupViews: roleGroup.views,
      })
      .from(appUser)
      .innerJoin(corp, eq(corp.id, appUser.corpId))
      .leftJoin(roleGroup, eq(roleGroup.id, appUser.roleGroupId))
      .where(eq(appUser.id, p.userId))
      .limit(1);
    if (!row) throw unauthorized();
    return {
      id: row.id,
      nick: row.nick,
      name: row.name,
      mail: row.mail,
      level: p.level,
      corpId: p.corpId,
      corpName: row.corpName,
      corpUrl: row.corpUrl,
      views: row.groupViews ?? defaultViews(p.level),
      liveActions: p.liveActions,
      allowCustom: row.allowCustom,
      costEnabled: row.costEnabled,
      roomEnabled: row.roomEnabled,
      timeZone: corpZone(row.timeZone),
      theme: row.theme === 1 ? 1 : 0,
      lang: isLanguage(row.lang) ? row.lang : null,
    };
  });

  r.post('/user/setTheme', { schema: { tags, body: setThemeSchema }, onRequest: signed }, async (request) => {
    const theme = request.body.theme;
    await ctx.db.update(appUser).set({ theme }).where(eq(appUser.id, principalOf(request).userId));
    return { theme };
  });

  r.get('/user/getTheme', { schema: { tags, response: { 200: z.object({ theme: z.number() }) } }, onRequest: signed }, async (request) => {
    const [row] = await ctx.db.select({ theme: appUser.theme }).from(appUser).where(eq(appUser.id, principalOf(request).userId));
    return { theme: row?.theme === 1 ? 1 : 0 };
  });

  r.post('/user/setLang', { schema: { tags, body: setLangSchema }, onRequest: signed }, async (request) => {
    const lang = request.body.lang;
    await ctx.db.update(appUser).set({ lang }).where(eq(appUser.id, principalOf(request).userId));
    return { lang };
  });

  r.get('/user/getLang', { schema: { tags, response: { 200: z.object({ lang: z.string().nullable() }) } }, onRequest: signed }, async (request) => {
    const [row] = await ctx.db.select({ lang: appUser.lang }).from(appUser).where(eq(appUser.id, principalOf(request).userId));
    return { lang: isLanguage(row?.lang) ? row.lang : null };
  });

  /**
   * Own mail and password (A-PRF-02..05). The current password is asked first (a session left open
   * on a desk does not give the account away; wrong answers slow down like logins), and the change
   * ends the user's other sessions: their tokens were signed for the old password, their hub
   * connections are closed. This session goes on with the token in the answer.
   */
  r.put(
    '/user/profile',
    { schema: { tags, summary: 'Own mail and password (A-PRF); ends the other sessions', body: profileSchema, response: { 200: profileAnswer } }, onRequest: signed },
    async (request, reply) => {
      const p = principalOf(request);
      const pair = `profile:${p.userId}`;
      await refuseWhileWaiting(ctx.throttle, pair, reply);
      const [row] = await ctx.db.select({ hash: appUser.passHash }).from(appUser).where(eq(appUser.id, p.userId)).limit(1);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.hash, request.body.currentPass))) {
        await ctx.throttle.recordFailure(pair);
        throw invalid([{ path: 'currentPass', message: 'validation.currentPassword' }]);
      }
      await ctx.throttle.reset(pair);
      const passHash = await hashPassword(request.body.pass, ctx.config.hash);
      await ctx.db.update(appUser).set({ mail: request.body.mail, passHash }).where(eq(appUser.id, p.userId));
      ctx.live?.endSessions(p.userId, 'Session ended: the password was changed.');
      const session = await signToken({ sub: String(p.userId), corp: p.corpId, lvl: p.level, kind: 'user' }, userTokenKey(ctx.key, passHash), ttl);
      return { status: 200, ...session };
    },
  );
}

const profileAnswer = z.object({ status: z.number(), token: z.string(), expiration: z.string() });

/** 429 with Retry-After while a pair (a user at an address, a password check) waits out its backoff. */
async function refuseWhileWaiting(throttle: LoginThrottle, pair: string, reply: FastifyReply): Promise<void> {
  const wait = await throttle.waitMs(pair);
  if (wait <= 0) return;
  reply.header('retry-after', String(Math.ceil(wait / 1000)));
  throw new ApiFailure(429, 'errors.tooManyRequests');
}
