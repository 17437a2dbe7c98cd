import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeMessage, isLanguage, LANGUAGES, type Language } from '../domain';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pt from '../locales/pt.json';
import { appUser } from './db/schema';

/**
 * The server's side of the texts (J-UX-01): an error answers its message key and, beside it, the
 * sentence the client would show, in the request's language. The same locale files as the client,
 * the same `{{name}}` placeholders, English when a language lacks a key.
 */
const TEXTS: Record<Language, unknown> = { en, es, pt };

function lookup(texts: unknown, key: string): string | null {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/** A message key (with its `|{params}`) as a sentence; null when no locale knows the key. */
export function translate(message: string, lang: Language): string | null {
  const { key, params } = decodeMessage(message);
  const text = lookup(TEXTS[lang], key) ?? lookup(TEXTS.en, key);
  if (text === null) return null;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The first of our languages an Accept-Language header asks for, by its q weights; null for none. */
export function languageOfHeader(header: string | undefined): Language | null {
  if (!header) return null;
  const asked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...options] = part.trim().split(';');
      const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && (LANGUAGES as readonly string[]).includes(entry.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return asked.length > 0 ? (asked[0].lang as Language) : null;
}

/**
 * The language of a request's answer: Accept-Language (the client sends the language it shows),
 * else the signed-in user's chosen language, else English.
 */
export async function languageOf(request: FastifyRequest): Promise<Language> {
  const asked = languageOfHeader(request.headers['accept-language']);
  if (asked) return asked;
  const principal = request.principal;
  if (!principal) return 'en';
  try {
    const [row] = await request.server.ctx.db.select({ lang: appUser.lang }).from(appUser).where(eq(appUser.id, principal.userId)).limit(1);
    return isLanguage(row?.lang) ? row.lang : 'en';
  } catch {
    // the database away (503): the answer still goes out, in English
    return 'en';
  }
}
