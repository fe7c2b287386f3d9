import path from 'node:path';
import zlib from 'node:zlib';
import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

// Three builds from this one file (package.json "build:site" runs them in this order):
//
//   vite build -c site/vite.config.ts --mode public   the public site (index.html) -> site/dist
//   vite build -c site/vite.config.ts                 the admin back office (admin.html) -> site/dist
//   vite build -c site/vite.config.ts --mode ssr      the public site's server renderer -> site/dist/server
//
// The public site is written against React's API but runs on Preact (preact/compat) in the browser and on
// the server: React DOM alone is 66 KB gzipped, which with the booking form's react-hook-form + zod
// (38 KB) leaves nothing of the 110 KB page budget (docs/public-site.md). The admin keeps real React and
// antd, so it is a separate build: one bundle cannot resolve 'react' two ways. The public entry never
// imports admin code or antd (SITE-23); site/scripts/check-bundle.ts fails the build if it does.

const root = path.resolve(import.meta.dirname);

/**
 * The public shell: everything a page needs besides its own page module and the booking form. (A small
 * shared module the router reads, such as manage-appointment.ts, must be in it: left to a chunk of its own
 * it came out as a broken facade, and no page hydrated.)
 */
const SHELL_MODULES =
  /node_modules\/preact\/|site\/src\/public\/(start\.tsx|app\/|components\/(chrome|dialog|toast|icons|book-button)\.tsx|booking\/(booking-context|lazy-booking-form)\.tsx|pages\/not-found\.tsx)|site\/src\/lib\/|shared\/constants\/clinic\.ts|shared\/schemas\/manage-appointment\.ts/;

const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** Writes .br and .gz beside every text asset, so the server sends them precompressed (koa-send). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'clinic:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(outDir, file);
        if (!fs.existsSync(full)) continue;
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The public entry script (and the chunks it imports) is fetched at low priority: the page is already
 * rendered by the server, and on a slow connection the first paint (the hero poster, the text) should not
 * share the line with it.
 */
function lowPriorityEntry(): Plugin {
  return {
    name: 'clinic:low-priority-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=')
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" fetchpriority="low" crossorigin href='),
    },
  };
}

/**
 * Lists the modules of every chunk, for site/scripts/check-bundle.ts: no antd or admin code in a public
 * chunk, and the admin's sign-in page and screens within their budgets.
 */
function moduleReport(file: string): Plugin {
  return {
    name: 'clinic:module-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, { modules: string[]; dynamicImports: string[]; imports: string[]; isEntry: boolean }> = {};
      for (const [name, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        report[name] = {
          modules: out.moduleIds.map((id) => path.relative(path.resolve(root, '..'), id)),
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          isEntry: out.isEntry,
        };
      }
      this.emitFile({ type: 'asset', fileName: file, source: JSON.stringify(report, null, 1) });
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'public') {
    return {
      root,
      plugins: [react(), precompress(), moduleReport('.vite/public-modules.json'), lowPriorityEntry()],
      resolve: { alias: preactAliases },
      build: {
        outDir: 'dist',
        emptyOutDir: true,
        // No preload helper: the entry stays a few hundred bytes that import nothing before the page loads.
        modulePreload: false,
        manifest: '.vite/public-manifest.json',
        rollupOptions: {
          input: { public: path.resolve(root, 'index.html') },
          output: {
            // The code every page needs (Preact, the router, the chrome) travels as one file, fetched by
            // the tiny entry (main.ts) once the page has loaded: on HTTP/1.1 each file costs a connection.
            codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'shell', test: SHELL_MODULES, priority: 10 }] },
          },
        },
      },
    };
  }
  if (mode === 'ssr') {
    return {
      root,
      plugins: [react()],
      resolve: { alias: preactAliases },
      // Everything is bundled, so react-hook-form and react-query get the aliased 'react' too.
      ssr: { noExternal: true, target: 'node' },
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        ssr: path.resolve(root, 'src/public/entry-server.tsx'),
        rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
      },
    };
  }
  // The admin back office (the second entry). The public build ran first and emptied dist.
  return {
    root,
    plugins: [react(), precompress(), moduleReport('.vite/admin-modules.json')],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      rollupOptions: {
        input: {
          admin: path.resolve(root, 'admin.html'),
        },
      },
    },
    server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  };
});
