import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations for both PGlite and PostgreSQL (one dialect). */
export default defineConfig({
  dialect: 'postgresql',
  // the main schema and the tables of an area in their own file (server/db/schema-reports.ts ...)
  schema: ['./server/db/schema.ts', './server/db/schema-*.ts'],
  out: './server/db/migrations',
});
