import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sniffImage } from '../../domain';
import type { Db } from '../db/database';
import { corp } from '../db/schema';
import { notFound } from '../errors';
import { defaultLookAndFeel, IMAGE_NAMES, storedImage } from '../resources/look-and-feel';

const tags = ['lookAndFeel'];

/**
 * What the look and feel singleton (GET/PUT /lookandfeel, server/resources/look-and-feel.ts) has
 * beside it: the public read by corp url for the login page (A-LOG-05) and the images (C-LF), no token.
 * Both read through the singleton's pipeline and the corp's tenant accessor.
 */
export async function lookAndFeelRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pipeline = app.singletons.get('lookAndFeel')!;

  r.get('/lookandfeel/:corpName', { schema: { tags, summary: 'Public look and feel of a corp by url (unknown corp: defaults)', params: z.object({ corpName: z.string().max(100) }) } }, async (request) => {
    const found = await corpByUrl(ctx.db, request.params.corpName);
    return found ? pipeline.readOf(found.id) : defaultLookAndFeel();
  });

  r.get(
    '/lookandfeel/:corpName/images/:image',
    { schema: { tags, summary: 'An uploaded image (no auth)', params: z.object({ corpName: z.string().max(100), image: z.enum(IMAGE_NAMES) }) } },
    async (request, reply) => {
      const found = await corpByUrl(ctx.db, request.params.corpName);
      if (!found) throw notFound();
      const image = await storedImage(pipeline.dataOf(found.id), request.params.image);
      if (!image) throw notFound();
      const etag = `"${createHash('sha1').update(image.bytes).digest('base64url')}"`;
      reply
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('etag', etag)
        .header('last-modified', image.updatedAt.toUTCString())
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(image.mime ?? sniffImage(image.bytes) ?? 'application/octet-stream').send(image.bytes);
    },
  );
}

/** A corp by its url, whatever its case (the login page's address). */
async function corpByUrl(db: Db, url: string) {
  const [found] = await db
    .select({ id: corp.id, url: corp.url })
    .from(corp)
    .where(sql`lower(${corp.url}) = lower(${url})`)
    .limit(1);
  return found ?? null;
}
