/**
 * What `npm test` makes of the JSON reports (scripts/test-report.mjs), on small fake reports shaped as
 * Vitest 4 and Playwright write them: a flaky e2e test counts as failed (J-TEST-01), and where the
 * Asterisk kit is installed a skipped real-Asterisk test does too (J-TEST-02).
 */
import { describe, expect, it } from 'vitest';
import {
  flakyLine,
  isRealAsteriskFile,
  playwrightCounts,
  playwrightTests,
  realAsteriskTally,
  requireRealAsterisk,
  vitestCounts,
  vitestTests,
  type PlaywrightReport,
  type StageResult,
  type VitestReport,
} from '../../scripts/test-report.mjs';

const ROOT = '/clone/callboard';

/** Playwright's JSON: one spec per outcome, the flaky one with its failed first attempt. */
const e2e: PlaywrightReport = {
  stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 1 },
  suites: [
    {
      specs: [
        { file: 'login.test.ts', line: 5, title: 'logs in', tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
        {
          file: 'kiosk.test.ts',
          line: 12,
          title: 'survives a reconnect',
          tests: [{ status: 'flaky', results: [{ status: 'failed', error: { message: 'Timed out 10000ms\nwaiting for LIVE' } }, { status: 'passed' }] }],
        },
      ],
      suites: [
        {
          specs: [
            {
              file: 'reports.test.ts',
              line: 40,
              title: 'exports the CDR',
              tests: [{ status: 'unexpected', results: [{ status: 'failed', error: { message: 'first' } }, { status: 'failed', error: { message: 'second try\nstack' } }] }],
            },
            { file: 'webphone-asterisk.test.ts', line: 171, title: 'B-WP-03 registers and calls', tests: [{ status: 'skipped', results: [{ status: 'skipped' }] }] },
            { file: 'rooms.test.ts', line: 9, title: 'lists rooms', tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
          ],
        },
      ],
    },
  ],
};

const test = (fullName: string, status: string, failureMessages: string[] = []) => ({ fullName, status, failureMessages });

/** Vitest's JSON: a real-Asterisk file skipped whole, one that ran, and an ordinary file. */
const server: VitestReport = {
  numPassedTests: 4,
  numFailedTests: 1,
  numPendingTests: 3,
  numTodoTests: 0,
  testResults: [
    { name: `${ROOT}/tests/server/pbx/asterisk/asterisk-dialplan.test.ts`, assertionResults: [test('dialplan routes a call', 'skipped'), test('dialplan follows a change', 'skipped')] },
    { name: `${ROOT}/tests/server/pbx/ari/ari-asterisk-dial-out.test.ts`, assertionResults: [test('C-DIA dials out', 'passed'), test('C-DIA busy', 'failed', ['expected 486\n  at line 3'])] },
    { name: `${ROOT}/tests/server/pbx/ari/ari-rest.test.ts`, assertionResults: [test('hangup()', 'passed'), test('originate()', 'passed')] },
    { name: `${ROOT}/tests/server/reports/dashboard.test.ts`, assertionResults: [test('D-GEN-02 KPI [postgres]', 'skipped'), test('D-GEN-02 KPI [pglite]', 'passed')] },
  ],
};

const rows = (): StageResult[] => [
  { name: 'server', ok: true, passed: 4, failed: 1, skipped: 3 },
  { name: 'e2e', ok: true, passed: 2, failed: 2, skipped: 1 },
];

describe('J-TEST-01 flaky e2e tests count as failed', () => {
  it('a flaky test is counted with the failed, not the passed', () => {
    expect(playwrightCounts(e2e, false)).toEqual({ passed: 2, failed: 2, skipped: 1 });
  });

  it('a report with only flaky tests is a failed stage even when Playwright exited 0', () => {
    expect(playwrightCounts({ stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 0 } }, true)).toEqual({ passed: 3, failed: 1, skipped: 0 });
  });

  it('a non-zero exit without a failed test still counts one failure (Playwright and Vitest)', () => {
    expect(playwrightCounts({ stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 } }, false).failed).toBe(1);
    expect(playwrightCounts({ stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 } }, true).failed).toBe(0);
    expect(vitestCounts({ ...server, numFailedTests: 0 }, false).failed).toBe(1);
    expect(vitestCounts(server, false)).toEqual({ passed: 4, failed: 1, skipped: 3 });
  });

  it('names the flaky test with the message of its failed attempt, the failed one with its last attempt', () => {
    expect(playwrightTests(e2e, ['flaky'])).toEqual([{ file: 'kiosk.test.ts', name: 'kiosk.test.ts:12 > survives a reconnect', status: 'flaky', message: 'Timed out 10000ms' }]);
    expect(playwrightTests(e2e, ['unexpected']).map((t) => t.message)).toEqual(['second try']);
    expect(playwrightTests(e2e, ['expected']).map((t) => t.name)).toEqual(['login.test.ts:5 > logs in', 'rooms.test.ts:9 > lists rooms']);
  });

  it('the summary line says how many were flaky and names them; none, no line', () => {
    expect(flakyLine('e2e', playwrightTests(e2e, ['flaky']))).toBe('e2e: 1 flaky test counted as failed (passed only on a retry): kiosk.test.ts:12 > survives a reconnect');
    expect(flakyLine('e2e', [])).toBeNull();
  });
});

describe('J-TEST-02 a skipped real-Asterisk test fails where the kit is installed', () => {
  const tallies = () => [
    realAsteriskTally('server', vitestTests(server, ['passed', 'failed', 'skipped', 'pending', 'todo'], ROOT)),
    realAsteriskTally('e2e', playwrightTests(e2e, ['expected', 'unexpected', 'flaky', 'skipped'])),
  ];

  it('real-Asterisk files are those with "asterisk" in their path below the project', () => {
    expect(isRealAsteriskFile('tests/server/pbx/asterisk/asterisk-realtime.test.ts')).toBe(true);
    expect(isRealAsteriskFile('tests/server/pbx/ari/real-asterisk-live.test.ts')).toBe(true);
    expect(isRealAsteriskFile('webphone-asterisk.test.ts')).toBe(true);
    expect(isRealAsteriskFile('tests/server/pbx/ari/ari-rest.test.ts')).toBe(false);
    // a clone in a folder named after Asterisk does not make every test a real-Asterisk one: paths are
    // taken relative to the project
    const clone = '/home/asterisk/callboard';
    const elsewhere: VitestReport = { ...server, testResults: [{ name: `${clone}/tests/server/reports/dashboard.test.ts`, assertionResults: [test('D-GEN-02 KPI [postgres]', 'skipped')] }] };
    expect(vitestTests(elsewhere, ['skipped'], clone).map((t) => t.file)).toEqual(['tests/server/reports/dashboard.test.ts']);
    expect(realAsteriskTally('server', vitestTests(elsewhere, ['skipped'], clone))).toEqual({ stage: 'server', ran: 0, skipped: new Map() });
  });

  it('tallies what ran and which files skipped, per stage; other skips (the PostgreSQL variant) are not its business', () => {
    const [s, e] = tallies();
    expect(s).toEqual({ stage: 'server', ran: 2, skipped: new Map([['tests/server/pbx/asterisk/asterisk-dialplan.test.ts', 2]]) });
    expect(e).toEqual({ stage: 'e2e', ran: 0, skipped: new Map([['webphone-asterisk.test.ts', 1]]) });
  });

  it('required: the skipped tests move from skipped to failed, the stages turn red, the line names the files', () => {
    const results = rows();
    const line = requireRealAsterisk(results, tallies(), true);
    expect(results).toEqual([
      { name: 'server', ok: false, passed: 4, failed: 3, skipped: 1 },
      { name: 'e2e', ok: false, passed: 2, failed: 3, skipped: 0 },
    ]);
    expect(line).toBe(
      'real Asterisk: required (CALLBOARD_REQUIRE_ASTERISK=1): 2 tests ran, 3 skipped and counted as failed: tests/server/pbx/asterisk/asterisk-dialplan.test.ts (2), webphone-asterisk.test.ts (1) (each suite printed why)',
    );
  });

  it('required and nothing skipped: the rows stay as they are, the line says so', () => {
    const results = rows();
    const ran = [{ stage: 'server', ran: 40, skipped: new Map<string, number>() }];
    expect(requireRealAsterisk(results, ran, true)).toBe('real Asterisk: required (CALLBOARD_REQUIRE_ASTERISK=1): 40 tests ran, 0 skipped');
    expect(results).toEqual(rows());
  });

  it('not required (no kit): skips stay skips, and the line says why they do not fail', () => {
    const results = rows();
    const line = requireRealAsterisk(results, tallies(), false);
    expect(results).toEqual(rows());
    expect(line).toMatch(/^real Asterisk: not required \(CALLBOARD_REQUIRE_ASTERISK is not 1; .*\): 2 tests ran, 3 skipped: tests\/server\/pbx\/asterisk\/asterisk-dialplan.test.ts \(2\), webphone-asterisk.test.ts \(1\)/);
  });
});
