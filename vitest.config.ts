import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/{domain,machines,streams,src,kiosk,scripts}/**/*.test.ts'],
          environment: 'node',
          // a hang guard, not a speed goal: npm test runs the unit tests beside the server suites and the
          // browser tests, and a test that starts ESLint or a worker (import-rules, the bench options) took
          // over vitest's 5 s default on a machine at load 9
          testTimeout: 30_000,
          // projects with different maxWorkers need their own group (vitest 4): unit first, then server
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // the demo database is built once for the run and copied into each suite (fixtures/demo-template.ts)
          globalSetup: ['tests/server/fixtures/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One worker process runs many files: the server's modules (Fastify, drizzle, PGlite...) are
          // imported once per worker instead of once per file (import summed 285 s -> 15 s). What a file
          // leaves in the process (environment variables, fake timers) is undone by
          // fixtures/file-isolation.ts. Whole stage, same 2-core machine shared with other work,
          // 2026-11-29: isolated, 2 workers 1,034 s wall, 918 s CPU (load 8.4); shared, 2 workers 573 s,
          // 491 s CPU (load 4.3).
          isolate: false,
          setupFiles: ['tests/server/fixtures/file-isolation.ts'],
          // Shared, the suites keep under one core of two busy (491 s CPU over 573 s): most of their time
          // is waiting on real Asterisk calls, timers, Redis and PostgreSQL. A third worker fills the
          // idle core: 387 s wall, 528 s CPU (load 3.1), no test slower than with two (the longest file,
          // asterisk-transfer, 128 s either way, ends mid-run; the last files end within 8 s of each other).
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
