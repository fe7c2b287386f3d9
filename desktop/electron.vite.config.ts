import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { APP_CSP } from './src/main/constants';

// Builds the desktop app into desktop/out: main (out/main/index.js), preload (out/preload/index.js) and the
// renderer (out/renderer). Main and preload are CommonJS (desktop/package.json says "type": "commonjs") so
// the preload can run sandboxed: a sandboxed preload is a plain script that may require only 'electron'.
// Every dependency is bundled (externalizeDeps: false): the installer carries no node_modules at all.
const here = fileURLToPath(new URL('.', import.meta.url));
const at = (path: string) => resolve(here, path);

const nodeBundle = (entry: string, outDir: string) => ({
  build: {
    outDir: at(outDir),
    externalizeDeps: false,
    lib: { entry: at(entry), formats: ['cjs' as const] },
    rolldownOptions: { output: { format: 'cjs' as const, entryFileNames: '[name].js' } },
  },
});

/** The page's CSP, also as a <meta> (the protocol handler sends it as a header too); one source: APP_CSP.
 * frame-ancestors has no effect in a <meta>, so it is left to the header. */
function contentSecurityPolicyMeta(): Plugin {
  const policy = APP_CSP.split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  return {
    name: 'clinic-desk:csp-meta',
    transformIndexHtml: (html) => html.replace('%APP_CSP%', policy),
  };
}

export default defineConfig({
  main: nodeBundle('src/main/index.ts', 'out/main'),
  preload: nodeBundle('src/preload/index.ts', 'out/preload'),
  renderer: {
    root: at('src/renderer'),
    plugins: [react(), contentSecurityPolicyMeta()],
    build: {
      outDir: at('out/renderer'),
      minify: true,
      // Read from the local disk, not a network: one large admin chunk costs nothing to download.
      chunkSizeWarningLimit: 1500,
      emptyOutDir: true,
      rolldownOptions: { input: at('src/renderer/index.html') },
    },
  },
});
