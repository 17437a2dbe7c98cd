import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { WEBPHONE_POPUP_PATH } from '../domain';

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that lets the built
 * client do exactly what it does, and no more: its own scripts (and the one inline script of
 * index.html, by its hash), the hub's WebSocket and REST on the same origin ('self' covers ws/wss of
 * the origin), uploaded and previewed images (data:, blob:), recordings and sounds played from blob:
 * URLs; nothing framed from elsewhere, no plugins. No upgrade-insecure-requests: a PBX console is often
 * served over plain HTTP on a LAN, where that directive would break every request.
 */
export async function securityHeaders(app: FastifyInstance, clientDir: string | null): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...inlineScriptHashes(clientDir)],
        // the web phone pop-up's document alone also reaches the PBX's SIP WebSocket, another origin
        // (parameter webrtcserver, B-WP-04); its scripts are still only our own
        'connect-src': ["'self'", (req) => (WEBPHONE_POPUP_PATH.test(req.url ?? '') ? 'ws: wss:' : '')],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    // HTTPS only (browsers ignore it over HTTP); not the company's other subdomains
    hsts: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  });
}

/** The CSP hashes of the inline scripts of the built index.html (the theme painted before React starts). */
export function inlineScriptHashes(clientDir: string | null): string[] {
  const index = clientDir ? path.join(clientDir, 'index.html') : null;
  if (!index || !existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}
