// Types of test-report.mjs for its test (tsconfig has no allowJs: the script stays plain JavaScript for node).

/** The parts of Vitest's JSON report that test-report.mjs reads. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

export interface PlaywrightSuite {
  specs?: { file: string; line: number; title: string; tests?: { status: string; results?: { status: string; error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** The parts of Playwright's JSON report that test-report.mjs reads. */
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** One row of the summary. */
export interface StageResult extends Counts {
  name: string;
  ok: boolean;
}

export interface TestEntry {
  file: string;
  name: string;
  status: string;
  message: string;
}

export interface RealAsteriskTally {
  stage: string;
  ran: number;
  /** file → how many of its tests skipped */
  skipped: Map<string, number>;
}

export function vitestCounts(report: VitestReport, ok: boolean): Counts;
export function playwrightCounts(report: PlaywrightReport, ok: boolean): Counts;
export function vitestTests(report: VitestReport, statuses: string[], root?: string): TestEntry[];
export function playwrightTests(report: PlaywrightReport, statuses: string[]): TestEntry[];
export function isRealAsteriskFile(file: string): boolean;
export function realAsteriskTally(stage: string, tests: TestEntry[]): RealAsteriskTally;
export function requireRealAsterisk(results: StageResult[], tallies: RealAsteriskTally[], required: boolean): string;
export function flakyLine(stage: string, flaky: TestEntry[]): string | null;
