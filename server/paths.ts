import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set to true by scripts/build-server.mjs in the bundle it writes (dist/server/main.js); undefined in the TypeScript. */
declare const __CALLBOARD_SERVER_BUNDLE__: boolean | undefined;

const BUNDLED = typeof __CALLBOARD_SERVER_BUNDLE__ !== 'undefined' && __CALLBOARD_SERVER_BUNDLE__;

/**
 * The project's folder (where package.json, dist/client and server/db/migrations are). This module
 * is server/paths.ts when the TypeScript runs (tests, `npm run dev`) and part of
 * dist/server/main.js when the built server runs (`npm start`): `import.meta.url` is then the
 * bundle's, one folder deeper.
 */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), BUNDLED ? '../..' : '..');

/** The drizzle migrations, read at start (never bundled: drizzle's migrator reads the folder). */
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

/**
 * The client `vite build` writes and the server serves. CALLBOARD_CLIENT_DIR points a server at
 * another build (`vite build --outDir …`), so two work trees' e2e runs do not overwrite one client.
 */
export const CLIENT_DIR = process.env.CALLBOARD_CLIENT_DIR ? path.resolve(process.env.CALLBOARD_CLIENT_DIR) : path.join(PROJECT_ROOT, 'dist', 'client');
