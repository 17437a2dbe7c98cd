import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkImage,
  DEFAULT_COLOURS,
  IMAGE_FIELDS,
  IMAGE_MAX_BYTES,
  lookAndFeelSchema,
  msg,
  sniffImage,
  type ImageField,
  type LookAndFeel,
} from '../../domain';
import { principalOf, requireAccess, requireUser } from '../auth/guard';
import { homeCorpId } from '../context';
import type { Db } from '../db/database';
import { corp, lookAndFeel } from '../db/schema';
import { readMultipart } from '../crud/multipart';
import { checkImageBytes } from '../files/image-check';
import { forbidden, invalid, notFound, zodIssues, type Issue } from '../errors';

const tags = ['lookAndFeel'];
const IMAGE_NAMES = Object.keys(IMAGE_FIELDS) as ImageField[];
const IMAGE_SIZE_MESSAGE = msg('validation.imageSize', { max: `${IMAGE_MAX_BYTES / (1024 * 1024)} MB` });
const MIME_COLUMN = { loginImage: 'loginImageMime', loginBottomImage: 'loginBottomImageMime', favIconImage: 'favIconImageMime' } as const;
/** the upload names of spec 2 §7 (imageLogin ...) and our field names both name an image */
const UPLOAD_TO_FIELD = new Map<string, ImageField>(IMAGE_NAMES.flatMap((field) => [[IMAGE_FIELDS[field].upload, field] as const, [field, field] as const]));

const lookAndFeelBody = z.object({
  ...lookAndFeelSchema.shape,
  imageLogin: z.string().optional().describe('JSON only: base64 or data URL; multipart sends a file'),
  imageLoginBottom: z.string().optional(),
  imageFavIcon: z.string().optional(),
});

/** Look and feel of a corp (C-LF): public read by corp url, images as URLs; auth read/write of one's corp. */
export async function lookAndFeelRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/lookandfeel/:corpName', { schema: { tags, summary: 'Public look and feel of a corp by url (unknown corp: defaults)', params: z.object({ corpName: z.string().max(100) }) } }, async (request) => {
    const found = await corpByUrl(ctx.db, request.params.corpName);
    return found ? readLookAndFeel(ctx.db, found.id, found.url) : defaults();
  });

  r.get(
    '/lookandfeel/:corpName/images/:image',
    { schema: { tags, summary: 'An uploaded image (no auth)', params: z.object({ corpName: z.string().max(100), image: z.enum(IMAGE_NAMES) }) } },
    async (request, reply) => {
      const found = await corpByUrl(ctx.db, request.params.corpName);
      if (!found) throw notFound();
      const field = request.params.image;
      const [row] = await ctx.db
        .select({ bytes: lookAndFeel[field], mime: lookAndFeel[MIME_COLUMN[field]], updatedAt: lookAndFeel.updatedAt })
        .from(lookAndFeel)
        .where(eq(lookAndFeel.corpId, found.id))
        .limit(1);
      if (!row?.bytes) throw notFound();
      const etag = `"${createHash('sha1').update(row.bytes).digest('base64url')}"`;
      reply
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('etag', etag)
        .header('last-modified', row.updatedAt.toUTCString())
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(row.mime ?? sniffImage(row.bytes) ?? 'application/octet-stream').send(row.bytes);
    },
  );

  r.get('/lookandfeel', { schema: { tags, summary: "The request corp's look and feel" }, onRequest: requireUser(ctx) }, async (request) => {
    const corpId = homeCorpId(principalOf(request));
    const [found] = await ctx.db.select({ id: corp.id, url: corp.url }).from(corp).where(eq(corp.id, corpId)).limit(1);
    return found ? readLookAndFeel(ctx.db, found.id, found.url) : defaults();
  });

  r.put(
    '/lookandfeel',
    {
      schema: {
        tags,
        summary: 'Save look and feel: multipart (colours, tabName, files imageLogin, imageLoginBottom, imageFavIcon) or JSON',
        body: lookAndFeelBody,
        consumes: ['multipart/form-data', 'application/json'],
      },
      // the body is read below (multipart or JSON); the schema documents it
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      bodyLimit: 4 * IMAGE_MAX_BYTES + 64 * 1024,
      onRequest: requireAccess(ctx, 'lookAndFeel', 'update'),
    },
    async (request) => {
      const corpId = homeCorpId(principalOf(request));
      const [target] = await ctx.db.select({ id: corp.id, url: corp.url, allowCustom: corp.allowCustom }).from(corp).where(eq(corp.id, corpId)).limit(1);
      // A-RTE-11: customising needs the corp's allowCustom flag
      if (!target?.allowCustom) throw forbidden();

      const { fields, images, issues } = request.isMultipart() ? await readLookAndFeelMultipart(request) : readJson(request.body);
      const parsed = lookAndFeelSchema.safeParse(fields);
      if (!parsed.success) issues.unshift(...zodIssues(parsed.error));
      const mimes = new Map<ImageField, string>();
      for (const [field, { bytes, path }] of images) {
        const problem = checkImage(field, bytes);
        // the first bytes only say what a file claims to be: the picture is read whole (C-LF-07..09)
        const decoded = problem ? null : checkImageBytes(bytes, IMAGE_FIELDS[field].accept);
        if (problem) issues.push({ path, message: problem === 'validation.imageSize' ? IMAGE_SIZE_MESSAGE : problem });
        else if (decoded && !decoded.ok) issues.push({ path, message: decoded.problem });
        else if (decoded?.ok) mimes.set(field, decoded.mime);
      }
      if (issues.length > 0 || !parsed.success) throw invalid(issues);

      const values: Partial<typeof lookAndFeel.$inferInsert> = { ...parsed.data, updatedAt: new Date() };
      for (const [field, { bytes }] of images) {
        values[field] = bytes;
        values[MIME_COLUMN[field]] = mimes.get(field) ?? null;
      }
      // C-LF-10: images not sent keep their stored value
      await ctx.db
        .insert(lookAndFeel)
        .values({ ...DEFAULT_COLOURS, ...values, corpId })
        .onConflictDoUpdate({ target: lookAndFeel.corpId, set: values });
      return readLookAndFeel(ctx.db, corpId, target.url);
    },
  );
}

type Upload = { bytes: Buffer; path: string };
interface SaveRequest {
  fields: Record<string, string>;
  images: Map<ImageField, Upload>;
  issues: Issue[];
}

/** The multipart save (C-LF-12): the shared reader; the image parts by their upload or field names. */
async function readLookAndFeelMultipart(request: FastifyRequest): Promise<SaveRequest> {
  const body = await readMultipart(request, { maxBytes: IMAGE_MAX_BYTES, files: 3, fields: 20 });
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body.fields)) if (typeof value === 'string') fields[key] = value;
  const images = new Map<ImageField, Upload>();
  for (const upload of body.uploads.values()) {
    const field = UPLOAD_TO_FIELD.get(upload.field);
    if (field) images.set(field, { bytes: upload.bytes, path: upload.field });
  }
  const issues = body.issues.map((issue) => (UPLOAD_TO_FIELD.has(issue.path) ? { path: issue.path, message: IMAGE_SIZE_MESSAGE } : issue));
  return { fields, images, issues };
}

function readJson(body: unknown): SaveRequest {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const images = new Map<ImageField, Upload>();
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(record)) {
    const field = UPLOAD_TO_FIELD.get(key);
    if (!field) {
      if (typeof value === 'string') fields[key] = value;
      continue;
    }
    if (value === undefined || value === null || value === '') continue;
    const bytes = typeof value === 'string' ? decodeBase64(value) : null;
    if (!bytes) issues.push({ path: key, message: 'validation.imageType' });
    else if (bytes.length > 0) images.set(field, { bytes, path: key });
  }
  return { fields, images, issues };
}

function decodeBase64(value: string): Buffer | null {
  const data = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  if (!/^[A-Za-z0-9+/=\s_-]*$/.test(data)) return null;
  return Buffer.from(data, 'base64');
}

async function corpByUrl(db: Db, url: string) {
  const [found] = await db
    .select({ id: corp.id, url: corp.url })
    .from(corp)
    .where(sql`lower(${corp.url}) = lower(${url})`)
    .limit(1);
  return found ?? null;
}

function defaults(): LookAndFeel {
  return { ...DEFAULT_COLOURS, tabName: '', loginImage: null, loginBottomImage: null, favIconImage: null };
}

export async function readLookAndFeel(db: Db, corpId: number, corpUrl: string): Promise<LookAndFeel> {
  const [row] = await db
    .select({
      menuIconColor: lookAndFeel.menuIconColor,
      menuFontColor: lookAndFeel.menuFontColor,
      hoverColor: lookAndFeel.hoverColor,
      menuColor: lookAndFeel.menuColor,
      backgroundColor: lookAndFeel.backgroundColor,
      loginTextColor: lookAndFeel.loginTextColor,
      tabName: lookAndFeel.tabName,
      loginImage: sql<boolean>`${lookAndFeel.loginImage} is not null`,
      loginBottomImage: sql<boolean>`${lookAndFeel.loginBottomImage} is not null`,
      favIconImage: sql<boolean>`${lookAndFeel.favIconImage} is not null`,
    })
    .from(lookAndFeel)
    .where(eq(lookAndFeel.corpId, corpId))
    .limit(1);
  if (!row) return defaults();
  const url = (field: ImageField) => (row[field] ? `/api/v1/lookandfeel/${encodeURIComponent(corpUrl)}/images/${field}` : null);
  return { ...row, loginImage: url('loginImage'), loginBottomImage: url('loginBottomImage'), favIconImage: url('favIconImage') };
}
