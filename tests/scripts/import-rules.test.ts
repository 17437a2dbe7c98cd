/**
 * The import-graph lint rules of issue 24 ("the house"), as eslint.config.js sets them up with
 * eslint-plugin-import-x: zones inside src/ and server/ (an import may not run back up to a part above,
 * import-x/no-restricted-paths) and no cycle of runtime imports (import-x/no-cycle). Every case runs
 * ESLint's API on the real config: the zones on snippets placed in the real tree (they import real
 * modules), the cycles on a small tree of real files in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const config = path.join(repo, 'eslint.config.js');
const importRules = new Set(['import-x/no-restricted-paths', 'import-x/no-cycle']);

/** The import-rule messages for `text` linted as if it were the file `file`, with the real config. */
async function lintAt(cwd: string, file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd, overrideConfigFile: config });
  const [result] = await eslint.lintText(text, { filePath: path.join(cwd, file) });
  return result.messages.filter((m) => m.ruleId && importRules.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}
const inRepo = (file: string, text: string) => lintAt(repo, file, text);

describe('issue 24 zones: an import may not run back up (real eslint.config.js)', () => {
  it('issue 24: src/resources importing src/features is an error with its reason, a type-only import too', async () => {
    const runtime = await inRepo('src/resources/zone-probe.ts', "import * as f from '../features/live/live-rows';\nexport const x = f;\n");
    expect(runtime).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../features/live/live-rows" imported in restricted zone. the generic screens know no feature: a field or hook both use lives in resources/ or app/.',
    ]);
    const typeOnly = await inRepo('src/resources/zone-probe.ts', "import type * as f from '../features/live/live-rows';\nexport type X = typeof f;\n");
    expect(typeOnly).toHaveLength(1);
  });

  it('issue 24: the shell, router and screen list are off limits to src/ but app/ and the entry points', async () => {
    const router = "import * as r from './app/router';\nexport const x = r;\n";
    expect(await inRepo('src/zone-probe.ts', router)).toHaveLength(1);
    expect(await inRepo('src/features/zone-probe.ts', router.replace('./app/', '../app/'))).toHaveLength(1);
    expect(await inRepo('src/main.tsx', router)).toEqual([]);
    expect(await inRepo('src/app/zone-probe.ts', router.replace('./app/', './'))).toEqual([]);
  });

  it('issue 24: server parts may not import routes, live or app.ts; domain imports no other folder', async () => {
    expect(await inRepo('server/db/zone-probe.ts', "import * as a from '../app';\nexport const x = a;\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../app" imported in restricted zone. routes, bindings and the live wiring sit above the parts they use.',
    ]);
    expect(await inRepo('server/live/zone-probe.ts', "import * as r from '../routes/reports/report-scope';\nexport const x = r;\n")).toHaveLength(1);
    expect(await inRepo('domain/zone-probe.ts', "import * as s from '../server/errors';\nexport const x = s;\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../server/errors" imported in restricted zone. domain/ is pure and shared by all.',
    ]);
  });

  it('issue 24: importing downwards is fine; the exceptions that went (live-methods, history-backfill) are errors again', async () => {
    expect(await inRepo('src/features/zone-probe.ts', "import * as r from '../resources/children';\nexport const x = r;\n")).toEqual([]);
    expect(await inRepo('server/routes/zone-probe.ts', "import * as l from '../live/agent-actions';\nexport const x = l;\n")).toEqual([]);
    // history-backfill's exception went with queryRows' move to db/sql, live-methods' two with the live
    // actions' interfaces moving to hub/live-contract: the same imports are errors again
    const scope = "import * as r from '../routes/reports/report-scope';\nexport const x = r;\n";
    expect(await inRepo('server/live/history-backfill.ts', scope)).toHaveLength(1);
    expect(await inRepo('server/hub/live-methods.ts', "import * as a from '../live/agent-actions';\nimport * as c from '../live/call-actions';\nexport const x = [a, c];\n")).toHaveLength(2);
    expect(await inRepo('server/hub/live-methods.ts', "import * as l from './live-contract';\nexport const x = l;\n")).toEqual([]);
    expect(await inRepo('server/hub/live-methods.ts', "import * as l from '../live/live-ops';\nexport const x = l;\n")).toHaveLength(1);
    expect(await inRepo('server/hub/zone-probe.ts', "import * as a from '../live/agent-actions';\nexport const x = a;\n")).toHaveLength(1);
  });
});

describe('issue 24 no-cycle: no chain of runtime imports leads back (real eslint.config.js)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'b.ts': "import { c } from './c';\nexport const b = c;\n",
    'c.ts': "import { a } from './a';\nexport const c = 1;\nexport const d = a;\n",
    'p.ts': "import type { Q } from './q';\nexport interface P { q?: Q }\n",
    'q.ts': "import type { P } from './p';\nimport { type R } from './r';\nexport interface Q { p?: P; r?: R }\n",
    'r.ts': "export type R = 1;\nexport const lazy = () => import('./s');\n",
    's.ts': "export * from './r';\n",
    't.ts': "export type { U } from './u';\nexport const t = 1;\n",
    'u.ts': "import { t } from './t';\nexport type U = 1;\nexport const u = t;\n",
  };
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  const lint = (file: string) => lintAt(dir, file, files[file]);

  it('issue 24: a three-module cycle is reported with its route', async () => {
    expect(await lint('a.ts')).toEqual(['import-x/no-cycle: Dependency cycle via "./c:1"']);
    expect(await lint('b.ts')).toHaveLength(1);
  });

  it('issue 24: type-only imports and dynamic import() close no cycle', async () => {
    expect(await lint('p.ts')).toEqual([]);
    expect(await lint('q.ts')).toEqual([]);
    expect(await lint('s.ts')).toEqual([]);
    expect(await lint('r.ts')).toEqual([]);
    expect(await lint('u.ts')).toEqual([]);
  });
});
