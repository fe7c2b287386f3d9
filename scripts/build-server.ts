import { build } from 'esbuild';
import { SERVER_ENTRY_POINTS } from './server-entries';

// `npm run build:server` (OPS-16): the server and its command-line tools as plain JavaScript in dist/api,
// so production runs `node dist/api/server.js` with no TypeScript compiler in the process. Packages stay
// in node_modules (the production image installs them with `npm ci --omit=dev`); the product's own code
// (api/ and shared/) is bundled, one file per entry (scripts/server-entries.ts). api/supervisor.ts is what
// `npm start` runs (OPS-22): it starts dist/api/server.js beside it.
const entryPoints = SERVER_ENTRY_POINTS;

await build({
  entryPoints,
  outbase: 'api',
  outdir: 'dist/api',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // What the server loads on first use (import() in the source: the PDF renderer, sharp) stays out of the
  // entry file: a module of its own (dist/api/chunk-*.js), so its packages load only then too (OPS-16,
  // docs/operations.md "Memory"). Code two entries share also goes into such a chunk.
  splitting: true,
  sourcemap: true,
  logLevel: 'warning',
});
process.stdout.write(`Built ${entryPoints.length} entries into dist/api\n`);
