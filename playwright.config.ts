import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);

/**
 * E2E runs in Debian's chromium (no browser downloads on our machines). The server is started on an
 * empty temporary data directory by scripts/e2e-server.mjs, so every run sees the demo data fresh.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A test that passes only on its retry is flaky, and flaky fails the run (J-TEST-01): Playwright exits
  // non-zero and `npm test` counts it as failed. CI still retries once, for diagnosis only: the report
  // then tells a race (failed, then passed: "flaky") from a steady break (failed twice), and keeps the
  // trace of the failed attempt. Locally a failure is looked at at once, so no retry.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
