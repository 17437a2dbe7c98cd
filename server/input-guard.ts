import type { FastifyInstance } from 'fastify';
import { invalid } from './errors';

/** The deepest a body is walked; deeper values are left to the schemas (no body of ours nests so far). */
const MAX_DEPTH = 32;

/**
 * The dotted path of the first string (value or key) holding a NUL character, or null. PostgreSQL's
 * text types cannot store a NUL: a query carrying one fails, so it must never get that far.
 */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path === '' ? key : `${path}.${key}`;
    if (key.includes('\u0000')) return here;
    const found = nulPath(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One gate for every route, public ones included (login, kiosk session, look and feel by corp name):
 * a NUL in the path, the query or a parsed body is a 400 before any schema or handler runs. Multipart
 * text parts are checked where they are read (crud/multipart.ts).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = nulPath(request.params) ?? nulPath(request.query) ?? nulPath(request.body);
    if (path !== null) throw invalid([{ path, message: 'validation.characters' }]);
  });
}
