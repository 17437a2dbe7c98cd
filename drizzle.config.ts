import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations for both PGlite and PostgreSQL (one dialect). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
