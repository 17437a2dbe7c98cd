// `npm test`: typecheck, lint, unit tests, server integration tests (PGlite always, PostgreSQL when it
// answers), client build and Playwright e2e in Debian chromium. Runs every stage even after a failure,
// then prints one summary and the closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const results = [];

function run(name, command, args, { counts } = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const ok = r.status === 0;
  const entry = { name, ok, seconds: Math.round((Date.now() - started) / 1000), passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  if (counts) Object.assign(entry, counts(ok));
  results.push(entry);
  return ok;
}

function vitestCounts(file) {
  return (ok) => {
    try {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests + (ok || report.numFailedTests ? 0 : 1), skipped: report.numPendingTests + report.numTodoTests };
    } catch {
      return { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
    }
  };
}

function playwrightCounts(file) {
  return (ok) => {
    try {
      const { stats } = JSON.parse(readFileSync(file, 'utf8'));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected + (ok || stats.unexpected ? 0 : 1), skipped: stats.skipped };
    } catch {
      return { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
    }
  };
}

/** Says which databases the server suites ran on (names carry [pglite] or [postgres]). */
function reportDatabases(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const tally = { pglite: { passed: 0, skipped: 0, failed: 0 }, postgres: { passed: 0, skipped: 0, failed: 0 } };
    for (const f of report.testResults) {
      for (const t of f.assertionResults) {
        const kind = t.fullName.includes('[postgres]') ? 'postgres' : t.fullName.includes('[pglite]') ? 'pglite' : null;
        if (!kind) continue;
        const bucket = t.status === 'passed' ? 'passed' : t.status === 'failed' ? 'failed' : 'skipped';
        tally[kind][bucket] += 1;
      }
    }
    for (const [kind, n] of Object.entries(tally)) {
      console.log(`[server] ${kind}: ${n.passed} passed, ${n.failed} failed, ${n.skipped} skipped${kind === 'postgres' && n.passed === 0 ? ' (PostgreSQL did not answer at 127.0.0.1:5432: variant skipped)' : ''}`);
    }
  } catch (error) {
    console.log(`[server] could not read ${file}: ${error.message}`);
  }
}

const npx = 'npx';
run('typecheck', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit'], { counts: (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }) });
run('lint', npx, ['eslint', '.', '--max-warnings', '0'], { counts: (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }) });
run('unit', npx, ['vitest', 'run', '--project', 'unit', '--reporter', 'default', '--reporter', 'json', '--outputFile.json', 'test-results/unit.json'], {
  counts: vitestCounts('test-results/unit.json'),
});
run('server', npx, ['vitest', 'run', '--project', 'server', '--reporter', 'default', '--reporter', 'json', '--outputFile.json', 'test-results/server.json'], {
  counts: vitestCounts('test-results/server.json'),
});
reportDatabases('test-results/server.json');
const built = run('build', npx, ['vite', 'build', '--logLevel', 'warn'], { counts: (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }) });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`\n=== e2e: SKIPPED, no chromium at ${chromium} (install Debian's chromium, or set CHROMIUM_PATH)`);
  if (process.env.CI) results.push({ name: 'e2e', ok: false, seconds: 0, passed: 0, failed: 1, skipped: 0 });
} else if (built) {
  run('e2e', npx, ['playwright', 'test'], { counts: playwrightCounts('test-results/e2e.json') });
}

/** Names the failed tests with the first line of their message, so the tail of a CI log says what broke. */
function failedVitestTests(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return report.testResults.flatMap((f) =>
      f.assertionResults.filter((t) => t.status === 'failed').map((t) => `${f.name.replace(process.cwd() + '/', '')} > ${t.fullName}: ${(t.failureMessages[0] ?? '').split('\n')[0]}`),
    );
  } catch {
    return [];
  }
}

function failedPlaywrightTests(file) {
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failed.push(`${spec.file}:${spec.line} > ${spec.title}: ${(test.results.at(-1)?.error?.message ?? '').split('\n')[0]}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  try {
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  } catch {
    // no report: the stage's own output says why
  }
  return failed;
}

const failures = [...failedVitestTests('test-results/unit.json'), ...failedVitestTests('test-results/server.json'), ...failedPlaywrightTests('test-results/e2e.json')];
if (failures.length > 0) {
  console.log('\n=== Failed tests');
  for (const line of failures) console.log(`- ${line.slice(0, 400)}`);
}

console.log('\n=== Summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} passed ${String(r.passed).padStart(4)}  failed ${String(r.failed).padStart(3)}  skipped ${String(r.skipped).padStart(3)}  ${r.seconds}s`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
