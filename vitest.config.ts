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
          // each file opens its own database; two cores do not gain from more
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
