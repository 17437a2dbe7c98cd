// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** STYLE 13: one file-naming rule for the whole repo (kebab-case). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    return {
      Program(node) {
        const base = path.basename(context.filename).replace(/(\.d)?\.(test\.)?[cm]?[jt]sx?$/, '').replace(/\.config$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) context.report({ node, messageId: 'name', data: { name: base } });
      },
    };
  },
};

/** STYLE 13 / ARCHITECTURE layout: which top-level folders a folder may import from. */
const layers = {
  domain: [],
  machines: ['domain'],
  streams: ['domain', 'machines'],
  // kiosk also uses src/hub's transport (hub-client.ts: the one SignalR connection, no React, no session)
  kiosk: ['domain', 'machines', 'streams', 'src/ui', 'src/hub'],
  src: ['domain', 'machines', 'streams', 'kiosk'],
  server: ['domain'],
};
const allFolders = ['domain', 'machines', 'streams', 'kiosk', 'src', 'server', 'tests', 'bench'];

function restrictionsFor(folder) {
  const allowed = layers[folder];
  // a folder allowed only in part (kiosk: src/ui, src/hub) stays forbidden apart from that part (below)
  const forbidden = allFolders.filter((f) => f !== folder && !allowed.includes(f) && !allowed.some((a) => a.startsWith(`${f}/`)));
  const patterns = forbidden.map((f) => ({
    group: [`**/${f}`, `**/${f}/**`],
    message: `${folder}/ may not import from ${f}/ (see ARCHITECTURE.md layout).`,
  }));
  if (folder === 'kiosk') {
    patterns.push(
      { regex: '(^|/)src(/(?!ui/|hub/)|$)', message: 'kiosk/ may import only src/ui and the hub transport from src/.' },
      { regex: 'src/hub(/index|/hub-provider|/hub-holder)?$', message: 'kiosk/ uses src/hub/hub-client directly (the provider needs the admin session).' },
    );
  }
  const paths = [];
  if (['domain', 'machines', 'streams'].includes(folder)) {
    patterns.push({ group: ['react', 'react-dom', 'react/*', 'node:*', '@microsoft/signalr'], message: `${folder}/ stays free of React, the DOM, Node and SignalR.` });
  }
  if (folder === 'domain') {
    patterns.push({ regex: '^(?!zod$|\\.{1,2}/)', message: 'domain/ imports nothing but zod.' });
  }
  return { 'no-restricted-imports': ['error', { patterns, paths }] };
}

/**
 * Issue 24 ("the house"): the layering inside src/ and server/ (ARCHITECTURE.md layout), checked by
 * import-x/no-restricted-paths on the resolved path of every import, type-only ones included. A part may
 * import the parts below it, never one above: what two parts share moves down to where both can import it.
 * `target` is the importing part, `from` what it may not import, `message` why.
 */
const serverParts = ['asterisk', 'auth', 'crud', 'db', 'dialer', 'files', 'fleet', 'hub', 'mail', 'pbx', 'realtime', 'records'];
/** @type {{ target: string | string[], from: string[], message: string, except?: string[] }[]} */
const importZones = [
  { target: 'domain', from: allFolders.filter((f) => f !== 'domain').concat('scripts', 'locales'), message: 'domain/ is pure and shared by all.' },
  // src/: ui, api, hub (transport) → app (session, i18n, paths) → resources (generic screens) → features → app/shell, router
  { target: 'src/ui', from: ['src/app', 'src/hub', 'src/resources', 'src/features'], message: 'ui/ holds generic components.' },
  { target: 'src/api', from: ['src/ui', 'src/app', 'src/hub', 'src/resources', 'src/features'], message: 'api/ is the one fetch client, below every screen.' },
  { target: 'src/hub', from: ['src/ui', 'src/app', 'src/resources', 'src/features'], message: 'hub/ is the SignalR transport; the provider that follows the session is app/session-hub.' },
  { target: 'src/resources', from: ['src/features'], message: 'the generic screens know no feature: a field or hook both use lives in resources/ or app/.' },
  { target: 'src/app/shell', from: ['src/features'], message: 'the router hands the shell its feature parts (ShellParts), it imports none.' },
  {
    // all of src/ but app/ and the two entry points (the globs leave them out)
    target: ['src/!(app|admin-main.tsx|main.tsx)', 'src/!(app)/**/*'],
    from: ['src/app/shell', 'src/app/router.tsx', 'src/app/screens.tsx'],
    message: 'the shell, router and screen list are the top of the admin app.',
  },
  // server/: db, errors → auth, crud, hub, pbx, ... → resources (bindings), realtime → live (wiring) → routes → app.ts, main.ts
  ...serverParts.map((part) => ({
    target: `server/${part}`,
    from: ['server/routes', 'server/resources', 'server/live', 'server/app.ts', 'server/main.ts'],
    message: 'routes, bindings and the live wiring sit above the parts they use.',
  })),
  { target: 'server/routes', from: ['server/app.ts', 'server/main.ts'], message: 'app.ts mounts the routes.' },
  { target: 'server/live', from: ['server/routes', 'server/app.ts', 'server/main.ts'], message: 'live/ wires the parts; the routes use it, not the other way.' },
  { target: 'server/resources', from: ['server/routes', 'server/live', 'server/app.ts', 'server/main.ts'], message: 'a binding is below the special routes.' },
  { target: 'server/db', from: ['server/crud', 'server/hub', 'server/realtime', 'server/dialer', 'server/records'], message: 'the data layer is below what uses it.' },
  { target: 'server/crud', from: ['server/hub', 'server/realtime', 'server/dialer', 'server/records', 'server/pbx'], message: 'the generic write pipeline knows no PBX or hub.' },
  { target: 'server/hub', from: ['server/realtime', 'server/crud', 'server/pbx'], message: 'hub/ is the SignalR protocol server; realtime and live feed it.' },
  { target: 'server/pbx', from: ['server/hub', 'server/realtime', 'server/crud', 'server/dialer', 'server/records'], message: 'pbx/ is the adapter, below its users.' },
];
/**
 * Imports that still run up, each in a file another piece of work owns now: move the import down when that lands.
 * @type {{ file: string, import: string }[]}
 */
const zoneExceptions = [
  // none left: the hub's live methods take the live actions' interfaces from server/hub/live-contract.ts
];

/**
 * The zones for one file with its listed exceptions: each zone that forbids the import lets exactly that module
 * through (`except` is relative to the forbidden folder). A config block for that file alone carries them, so
 * the exception is as narrow as the list says: the same import from any other file is still an error.
 * @param {string[]} imports the forbidden modules this file may import, relative to the repository
 */
function zonesAllowing(imports) {
  return importZones.map((zone) => {
    const except = [zone.from]
      .flat()
      .flatMap((from) => imports.filter((i) => i.startsWith(`${from}/`)).map((i) => path.posix.relative(from, i)));
    return except.length === 0 ? zone : { ...zone, except: [...(zone.except ?? []), ...except] };
  });
}
const exceptionFiles = [...new Set(zoneExceptions.map((e) => e.file))];
const zoneExceptionBlocks = exceptionFiles.map((file) => ({
  files: [file],
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: zonesAllowing(zoneExceptions.filter((e) => e.file === file).map((e) => e.import)) }],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { 'kebab-case': kebabCase } }, 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // import-x reads (parses) only modules with these extensions, with the TypeScript parser, and walks no package
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'tsconfig.json') })],
    },
    rules: {
      'local/kebab-case': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: importZones }],
      // issue 24: no chain of runtime imports leads back to where it began; type-only imports are never followed,
      // dynamic import() (the router's lazy screens) is allowed to close one, packages are not walked into
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...Object.keys(layers).map((folder) => ({ files: [`${folder}/**/*.{ts,tsx}`], rules: restrictionsFor(folder) })),
  ...zoneExceptionBlocks,
);
