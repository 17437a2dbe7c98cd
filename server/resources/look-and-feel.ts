import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkImage,
  DEFAULT_COLOURS,
  IMAGE_FIELDS,
  IMAGE_MAX_BYTES,
  lookAndFeelSchema,
  lookAndFeelSingleton,
  msg,
  type Corp,
  type ImageField,
  type LookAndFeel,
} from '../../domain';
import { readMultipart } from '../crud/multipart';
import { bindSingleton, type SingletonBody } from '../crud/singleton';
import type { CorpData } from '../crud/tenant';
import { lookAndFeel } from '../db/schema';
import { forbidden, type Issue } from '../errors';
import { checkImageBytes } from '../files/image-check';

export const IMAGE_NAMES = Object.keys(IMAGE_FIELDS) as ImageField[];
const IMAGE_SIZE_MESSAGE = msg('validation.imageSize', { max: `${IMAGE_MAX_BYTES / (1024 * 1024)} MB` });
const MIME_COLUMN = { loginImage: 'loginImageMime', loginBottomImage: 'loginBottomImageMime', favIconImage: 'favIconImageMime' } as const;
/** the upload names of spec 2 §7 (imageLogin ...) and our field names both name an image */
const UPLOAD_TO_FIELD = new Map<string, ImageField>(IMAGE_NAMES.flatMap((field) => [[IMAGE_FIELDS[field].upload, field] as const, [field, field] as const]));

/** An image a save carries, checked whole: its bytes and the type it decoded as. */
interface CheckedImage {
  bytes: Buffer;
  mime: string;
}
type Images = Map<ImageField, CheckedImage>;
type Upload = { bytes: Buffer; path: string };

/** The defaults of a corp that saved nothing, or of an unknown corp (C-LF-05). */
export function defaultLookAndFeel(): LookAndFeel {
  return { ...DEFAULT_COLOURS, tabName: '', loginImage: null, loginBottomImage: null, favIconImage: null };
}

/**
 * A corp's look and feel (C-LF), the singleton of J-ONE-02: one row per corp, read and written through
 * the corp's tenant accessor. The save reads multipart (colours, tabName, the images) or JSON (images
 * in base64); the images are decoded whole before they are kept (C-LF-07..09), and an image not sent
 * keeps its stored value (C-LF-10).
 */
export const lookAndFeelBinding = bindSingleton<LookAndFeel, z.output<typeof lookAndFeelSchema>, Images>({
  definition: lookAndFeelSingleton,
  table: lookAndFeel,
  async read(scope) {
    const found = await scope.data.find<Corp>('corp', scope.corpId!);
    return found ? readLookAndFeel(scope.data, found.url) : defaultLookAndFeel();
  },
  // A-RTE-11: customising needs the corp's allowCustom flag
  async guard(scope) {
    const target = await scope.data.find<Corp>('corp', scope.corpId!);
    if (!target?.allowCustom) throw forbidden();
  },
  async readBody(request) {
    return request.isMultipart() ? readMultipartBody(request) : readJsonBody(request.body);
  },
  async write(input, op, images) {
    const values: Partial<typeof lookAndFeel.$inferInsert> = { ...input, updatedAt: new Date() };
    for (const [field, image] of images ?? []) {
      values[field] = image.bytes;
      values[MIME_COLUMN[field]] = image.mime;
    }
    // C-LF-10: images not sent keep their stored value
    await op.db
      .insert(lookAndFeel)
      .values({ ...DEFAULT_COLOURS, ...values, corpId: op.corpId! })
      .onConflictDoUpdate({ target: lookAndFeel.corpId, set: values });
  },
  documentedBody: z.object({
    ...lookAndFeelSchema.shape,
    imageLogin: z.string().optional().describe('JSON only: base64 or data URL; multipart sends a file'),
    imageLoginBottom: z.string().optional(),
    imageFavIcon: z.string().optional(),
  }),
  consumes: ['multipart/form-data', 'application/json'],
  bodyLimit: 4 * IMAGE_MAX_BYTES + 64 * 1024,
});

/** The look and feel of the accessor's corp: colours, tab name and the URLs of the images it holds. */
async function readLookAndFeel(data: CorpData, corpUrl: string): Promise<LookAndFeel> {
  const [row] = await data.db
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
    .where(data.own(lookAndFeel.corpId))
    .limit(1);
  if (!row) return defaultLookAndFeel();
  const url = (field: ImageField) => (row[field] ? `/api/v1/lookandfeel/${encodeURIComponent(corpUrl)}/images/${field}` : null);
  return { ...row, loginImage: url('loginImage'), loginBottomImage: url('loginBottomImage'), favIconImage: url('favIconImage') };
}

/** One stored image of the accessor's corp (the public images route), or null. */
export async function storedImage(data: CorpData, field: ImageField): Promise<{ bytes: Buffer; mime: string | null; updatedAt: Date } | null> {
  const [row] = await data.db
    .select({ bytes: lookAndFeel[field], mime: lookAndFeel[MIME_COLUMN[field]], updatedAt: lookAndFeel.updatedAt })
    .from(lookAndFeel)
    .where(data.own(lookAndFeel.corpId))
    .limit(1);
  return row?.bytes ? { bytes: row.bytes, mime: row.mime, updatedAt: row.updatedAt } : null;
}

/** The multipart save (C-LF-12): the shared reader; the image parts by their upload or field names. */
async function readMultipartBody(request: FastifyRequest): Promise<SingletonBody<Images>> {
  const body = await readMultipart(request, { maxBytes: IMAGE_MAX_BYTES, files: 3, fields: 20 });
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body.fields)) if (typeof value === 'string') fields[key] = value;
  const uploads = new Map<ImageField, Upload>();
  for (const upload of body.uploads.values()) {
    const field = UPLOAD_TO_FIELD.get(upload.field);
    if (field) uploads.set(field, { bytes: upload.bytes, path: upload.field });
  }
  const issues = body.issues.map((issue) => (UPLOAD_TO_FIELD.has(issue.path) ? { path: issue.path, message: IMAGE_SIZE_MESSAGE } : issue));
  return checked(fields, uploads, issues);
}

/** The JSON save: the images as base64 or data URLs. */
function readJsonBody(body: unknown): SingletonBody<Images> {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const uploads = new Map<ImageField, Upload>();
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
    else if (bytes.length > 0) uploads.set(field, { bytes, path: key });
  }
  return checked(fields, uploads, issues);
}

/** Each image checked by its size and first bytes, then decoded whole (C-LF-07..09): the problems are field issues. */
function checked(fields: Record<string, string>, uploads: Map<ImageField, Upload>, issues: Issue[]): SingletonBody<Images> {
  const images: Images = new Map();
  for (const [field, { bytes, path }] of uploads) {
    const problem = checkImage(field, bytes);
    // the first bytes only say what a file claims to be: the picture is read whole
    const decoded = problem ? null : checkImageBytes(bytes, IMAGE_FIELDS[field].accept);
    if (problem) issues.push({ path, message: problem === 'validation.imageSize' ? IMAGE_SIZE_MESSAGE : problem });
    else if (decoded && !decoded.ok) issues.push({ path, message: decoded.problem });
    else if (decoded?.ok) images.set(field, { bytes, mime: decoded.mime });
  }
  return { body: fields, issues, files: images };
}

function decodeBase64(value: string): Buffer | null {
  const data = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  if (!/^[A-Za-z0-9+/=\s_-]*$/.test(data)) return null;
  return Buffer.from(data, 'base64');
}
