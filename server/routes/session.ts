import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { ipKey, nickKey } from '../auth/login-throttle';
import { burnVerify, hashPassword, verifyPassword } from '../auth/passwords';
import { signToken, TOKEN_TTL_SECONDS } from '../auth/tokens';
import { appUser, corp, roleGroup } from '../db/schema';
import { ApiFailure, unauthorized } from '../errors';

const tags = ['session'];
const statusBody = z.object({ status: z.number() });

/** Login, token refresh, the signed-in user and their preferences (A-LOG, A-SES, A-THM, A-I18N, A-PRF). */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signed = requireUser(ctx);
  const ttl = ctx.config.tokenTtlSeconds ?? TOKEN_TTL_SECONDS;

  r.post(
    '/login',
    { schema: { tags, summary: 'Sign in (nick is unique within the corp named by corpoName)', body: loginBodySchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const { nick, pass } = request.body;
      const corpUrl = request.body.corpoName.trim() || DEFAULT_CORP;
      const nickThrottle = nickKey(corpUrl, nick.trim());
      const keys = [nickThrottle, ipKey(request.ip)];
      if (await ctx.throttle.isBlocked(keys)) throw new ApiFailure(429, 'errors.tooManyRequests');

      const [user] = await ctx.db
        .select({ id: appUser.id, hash: appUser.passHash, level: appUser.level, corpId: appUser.corpId, enabled: appUser.enabled, corpEnabled: corp.enabled })
        .from(appUser)
        .innerJoin(corp, eq(corp.id, appUser.corpId))
        .where(and(sql`lower(${corp.url}) = lower(${corpUrl})`, sql`lower(${appUser.nick}) = lower(${nick.trim()})`))
        .limit(1);
      // the same work whether or not the nick exists, so timing does not tell
      const ok = user ? await verifyPassword(user.hash, pass) : await burnVerify(ctx.config.hash, pass);
      if (!user || !ok || !user.enabled || !user.corpEnabled || !isLevel(user.level)) {
        await ctx.throttle.recordFailure(keys);
        throw new ApiFailure(401, 'errors.credentials');
      }
      await ctx.throttle.reset(nickThrottle);
      return signToken({ sub: String(user.id), corp: user.corpId, lvl: user.level, kind: 'user' }, ctx.key, ttl);
    },
  );

  r.post('/refresh', { schema: { tags, summary: 'A fresh token for the signed-in user', response: { 200: loginResponseSchema } }, onRequest: signed }, async (request) => {
    const p = principalOf(request);
    return signToken({ sub: String(p.userId), corp: p.corpId, lvl: p.level, kind: 'user' }, ctx.key, ttl);
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
      allowCustom: row.allowCustom,
      costEnabled: row.costEnabled,
      roomEnabled: row.roomEnabled,
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

  r.put('/user/profile', { schema: { tags, summary: 'Own mail and password (A-PRF)', body: profileSchema, response: { 200: statusBody } }, onRequest: signed }, async (request) => {
    const passHash = await hashPassword(request.body.pass, ctx.config.hash);
    await ctx.db.update(appUser).set({ mail: request.body.mail, passHash }).where(eq(appUser.id, principalOf(request).userId));
    return { status: 200 };
  });
}
