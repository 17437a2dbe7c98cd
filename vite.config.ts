import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/**
 * One id per build, compiled into the bundle and written to /version.json: a kiosk TV compares them
 * and reloads itself when a new version is deployed (kiosk/chrome/version-watch.ts).
 */
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
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
  define: { __CALLBOARD_BUILD_ID__: JSON.stringify(buildId) },
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
