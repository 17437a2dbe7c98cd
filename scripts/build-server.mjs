// `npm run build:server`: the server compiled ahead of time, so that `npm start` runs plain JavaScript
// in one process (no TypeScript loader at run time). esbuild bundles server/main.ts and everything it
// imports from the project (server/, domain/) into dist/server/main.js; the packages stay external
// and load from node_modules as they do under tsx. The bundle reads the project's files
// (dist/client, server/db/migrations) from the project's folder: see server/paths.ts.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir DIR` (tests): another folder two levels below the project's, as dist/server is (the
// bundle finds the project's folder at ../.. from itself)
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? path.resolve(root, process.argv[at + 1]) : path.join(root, 'dist', 'server');
if (path.relative(root, path.resolve(outdir, '..', '..')) !== '') throw new Error(`--outdir must be two levels below ${root}`);
const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  define: { __CALLBOARD_SERVER_BUNDLE__: 'true' },
  // names kept for readable stack traces and profiles; the map is there for `node --enable-source-maps`
  sourcemap: 'linked',
  minify: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const out = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('main.js'));
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`server built: ${path.relative(root, path.resolve(root, out[0]))} (${Math.round(out[1].bytes / 1024)} kB from ${inputs} files) in ${Date.now() - started} ms`);
