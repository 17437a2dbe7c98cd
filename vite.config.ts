import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * What the client is built from: its sources, its texts, the locked package versions and this
 * configuration. Folders are read whole (a file no chunk imports only makes the id change more often,
 * never two builds look alike); dot-files are left out (an editor's or a system's, not the commit's).
 */
const BUILD_INPUTS = ['index.html', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'src', 'kiosk', 'domain', 'machines', 'streams', 'locales'];

/**
 * One id per build, compiled into the bundle and written to /version.json: a kiosk TV compares them
 * and reloads itself when a new version is deployed (kiosk/chrome/version-watch.ts). Derived from the
 * content of the build's inputs (and the settings that change its output), never from the clock or
 * chance (I-INST-06): two hosts building the same commit serve the same id and the same asset names, so
 * a TV moved between them by a balancer does not reload in a loop. The chunk holding the id changes
 * name whenever the id does, so a browser cache never pairs an old chunk with a new id.
 */
function contentBuildId(): string {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const full = path.join(ROOT, relative);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!name.startsWith('.')) add(path.posix.join(relative, name));
      return;
    }
    hash.update(relative).update('\0').update(readFileSync(full)).update('\0');
  };
  for (const input of BUILD_INPUTS) add(input);
  hash.update(`NODE_ENV=${process.env.NODE_ENV ?? ''}\0CALLBOARD_NO_MINIFY=${process.env.CALLBOARD_NO_MINIFY ?? ''}`);
  return hash.digest('hex').slice(0, 16);
}

const buildId = contentBuildId();
/** The version of package.json, shown on the About page (J-UX-02). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
const versionFile: Plugin = {
  name: 'callboard-version-file',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ id: buildId }) + '\n' });
  },
};

/**
 * `virtual:kiosk-locales`: the kiosk's texts cut out of locales/{en,es,pt}.json at build time (the
 * `kiosk` texts, the extension status names and the two kiosk errors), so the kiosk route does not
 * load the admin app's translations (the files stay the one source of every text).
 */
const KIOSK_LOCALES_ID = 'virtual:kiosk-locales';
const kioskLocales: Plugin = {
  name: 'callboard-kiosk-locales',
  resolveId: (id) => (id === KIOSK_LOCALES_ID ? `\0${KIOSK_LOCALES_ID}` : undefined),
  load(id) {
    if (id !== `\0${KIOSK_LOCALES_ID}`) return undefined;
    const pick = (lang: string) => {
      const file = new URL(`./locales/${lang}.json`, import.meta.url);
      this.addWatchFile(file.pathname);
      const all = JSON.parse(readFileSync(file, 'utf8'));
      return { kiosk: all.kiosk, panel: { status: all.panel.status }, errors: { kioskRevoked: all.errors.kioskRevoked, kioskKey: all.errors.kioskKey } };
    };
    return `export default ${JSON.stringify({ en: pick('en'), es: pick('es'), pt: pick('pt') })};`;
  },
};

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), versionFile, kioskLocales],
  define: { __CALLBOARD_BUILD_ID__: JSON.stringify(buildId), __CALLBOARD_VERSION__: JSON.stringify(packageVersion()) },
  // CALLBOARD_NO_MINIFY=1: readable names in profiles (bench:wallboard --profile)
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    minify: !process.env.CALLBOARD_NO_MINIFY,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // the libraries the kiosk and the admin app share, in one chunk: split by importer they made
          // five chunks of the kiosk route, each gzipped alone (1.3 kB more, bench/README.md "Kiosk JavaScript")
          groups: [{ name: 'live-vendor', test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|rxjs|tslib|use-sync-external-store)[\\/]/, priority: 20 }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/hub': { target: apiTarget, ws: true },
    },
  },
});
