// What `npm test` (scripts/test-all.mjs) reads from the Vitest and Playwright JSON reports: the counts of
// a stage, the names of the tests that failed or were flaky, and whether the real-Asterisk tests ran.
// Pure functions over the parsed reports, so tests/scripts/test-report.test.ts can feed them small fake
// reports instead of running the suites. Plain JavaScript: test-all.mjs runs in node without a loader.

/**
 * A Vitest stage's counts. Vitest runs each test once (vitest.config.ts sets no `retry`), so it has no
 * flaky result to count. A stage that exited non-zero with no failed test (a file that did not load,
 * a crash) still counts one failure, so the closing line never says "0 failed" for a red stage.
 */
export function vitestCounts(report, ok) {
  const failed = report.numFailedTests;
  return { passed: report.numPassedTests, failed: failed + (ok || failed ? 0 : 1), skipped: report.numPendingTests + report.numTodoTests };
}

/**
 * A Playwright stage's counts. A flaky test (failed, then passed on a retry) counts as failed, not as
 * passed: it proved the code or the test wrong at least once (J-TEST-01).
 */
export function playwrightCounts(report, ok) {
  const { stats } = report;
  const failed = stats.unexpected + stats.flaky;
  return { passed: stats.expected, failed: failed + (ok || failed ? 0 : 1), skipped: stats.skipped };
}

/**
 * Vitest's tests of the given statuses ('passed', 'failed', 'skipped', 'pending', 'todo'), each with its
 * file (relative to root), a name that says where it is, and the first line of its failure.
 */
export function vitestTests(report, statuses, root) {
  const wanted = new Set(statuses);
  return report.testResults.flatMap((f) => {
    const file = relative(f.name, root);
    return f.assertionResults
      .filter((t) => wanted.has(t.status))
      .map((t) => ({ file, name: `${file} > ${t.fullName}`, status: t.status, message: firstLine(t.failureMessages?.[0]) }));
  });
}

/**
 * Playwright's tests of the given outcomes ('expected', 'unexpected', 'flaky', 'skipped'). The message is the
 * error of the failed attempt: the last one for a failure, the first failed one for a flaky test.
 */
export function playwrightTests(report, statuses) {
  const wanted = new Set(statuses);
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (!wanted.has(test.status)) continue;
        const failedAttempt = test.status === 'flaky' ? test.results?.find((r) => r.status !== 'passed') : test.results?.at(-1);
        found.push({ file: spec.file, name: `${spec.file}:${spec.line} > ${spec.title}`, status: test.status, message: firstLine(failedAttempt?.error?.message) });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

/**
 * A real-Asterisk test is one whose file has "asterisk" in its path below the project (or Playwright's
 * test folder): tests/server/pbx/ari/*asterisk*, tests/server/pbx/asterisk/ and tests/e2e/webphone-asterisk.
 * The pure dialplan tests in tests/server/pbx/asterisk/ match too; they never skip, so they cost nothing,
 * and a suite added there later is covered without a list to keep up to date.
 */
export function isRealAsteriskFile(file) {
  return /asterisk/i.test(file);
}

/** The real-Asterisk tests of one stage: how many ran, and the files whose tests skipped (file → count). */
export function realAsteriskTally(stage, tests) {
  const mine = tests.filter((t) => isRealAsteriskFile(t.file));
  const skipped = new Map();
  for (const t of mine) if (isSkipped(t.status)) skipped.set(t.file, (skipped.get(t.file) ?? 0) + 1);
  return { stage, ran: mine.filter((t) => !isSkipped(t.status)).length, skipped };
}

/**
 * J-TEST-02: where the Asterisk kit is installed (CI sets CALLBOARD_REQUIRE_ASTERISK=1 then), a skipped
 * real-Asterisk test is a failure, whatever made it skip (an Asterisk that does not start here, missing
 * sipp scenarios, PostgreSQL not answering): each such test moves from its stage's skipped to its failed
 * and the stage turns red. Otherwise the skips stay skips (a developer without the kit). Changes the rows
 * in place; returns the summary line, which says which case applied and names the files that skipped.
 */
export function requireRealAsterisk(results, tallies, required) {
  const ran = tallies.reduce((n, t) => n + t.ran, 0);
  const files = tallies.flatMap((t) => [...t.skipped].map(([file, n]) => ({ stage: t.stage, file, n })));
  const skipped = files.reduce((n, f) => n + f.n, 0);
  const where = files.map((f) => `${f.file} (${f.n})`).join(', ');
  if (!required) {
    return `real Asterisk: not required (CALLBOARD_REQUIRE_ASTERISK is not 1; .ci/run sets it where /usr/sbin/asterisk and sipp are installed): ${ran} tests ran, ${skipped} skipped${skipped ? `: ${where} (each suite printed why)` : ''}`;
  }
  for (const f of files) {
    const row = results.find((r) => r.name === f.stage);
    if (!row) continue;
    row.skipped -= f.n;
    row.failed += f.n;
    row.ok = false;
  }
  return `real Asterisk: required (CALLBOARD_REQUIRE_ASTERISK=1): ${ran} tests ran, ${skipped} skipped${skipped ? ` and counted as failed: ${where} (each suite printed why)` : ''}`;
}

/** The summary's line about flaky tests: null when there is none. */
export function flakyLine(stage, flaky) {
  if (flaky.length === 0) return null;
  return `${stage}: ${flaky.length} flaky test${flaky.length === 1 ? '' : 's'} counted as failed (passed only on a retry): ${flaky.map((t) => t.name).join('; ')}`;
}

function isSkipped(status) {
  return status === 'skipped' || status === 'pending' || status === 'todo';
}

function relative(file, root) {
  return root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

function firstLine(text) {
  return (text ?? '').split('\n')[0];
}
