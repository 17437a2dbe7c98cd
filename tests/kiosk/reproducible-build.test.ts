import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A real `vite build` of the tree into a fresh temporary folder (as kiosk-bundle-budget.test.ts builds). */
function build(outDir: string, env: Record<string, string> = {}): void {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would build React's development runtime
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  expect(result.status, result.stderr).toBe(0);
}

/** every file of a build, relative to its folder, sorted */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const buildIdOf = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'version.json'), 'utf8')) as { id: string }).id;

/**
 * I-INST-06: hosts that build the same commit separately serve one client. The build id a TV
 * compares with /version.json comes from the content of the build's inputs (vite.config.ts), not from
 * the clock or chance, so the asset names (content hashes of chunks that hold the id) agree too.
 */
describe('I-INST-06 reproducible client builds', () => {
  const dirs = [0, 1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'callboard-repro-')));
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('I-INST-06 two builds of the same tree have the same asset names, the same /version.json and the same index.html; other inputs give another id', () => {
    const [first, second, other] = dirs;
    build(first);
    build(second);
    const names = files(first);
    expect(names.filter((name) => name.startsWith('assets/') && name.endsWith('.js')).length).toBeGreaterThan(5);
    expect(files(second)).toEqual(names);
    expect(readFileSync(path.join(second, 'version.json'), 'utf8')).toBe(readFileSync(path.join(first, 'version.json'), 'utf8'));
    expect(readFileSync(path.join(second, 'index.html'), 'utf8')).toBe(readFileSync(path.join(first, 'index.html'), 'utf8'));
    // the id is compiled into the bundle the TV runs (version-watch.ts compares the two)
    const id = buildIdOf(first);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const bundled = names.filter((name) => name.endsWith('.js')).some((name) => new RegExp(`["'\`]${id}["'\`]`).test(readFileSync(path.join(first, name), 'utf8')));
    expect(bundled, 'the build id in a chunk').toBe(true);
    // a setting that changes the output (readable names for profiles) is an input too: another id
    build(other, { CALLBOARD_NO_MINIFY: '1' });
    expect(buildIdOf(other)).not.toBe(id);
  }, 240_000);
});
