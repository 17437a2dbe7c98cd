// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { 'kebab-case': kebabCase } }, 'react-hooks': reactHooks },
    rules: {
      'local/kebab-case': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...Object.keys(layers).map((folder) => ({ files: [`${folder}/**/*.{ts,tsx}`], rules: restrictionsFor(folder) })),
);
