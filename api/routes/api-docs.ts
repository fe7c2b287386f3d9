import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { openApiDocument } from '../openapi/document';
import { PROJECT_ROOT } from '../paths';
import { createRouter } from './router';

// GET /api/openapi.json   the OpenAPI 3.1 document of every route the app mounts (API-8)
// GET /api/docs           a browsable reference of it (Swagger UI), public like the document
// GET /api/docs/<file>    the reference page's own script and styles, from node_modules/swagger-ui-dist:
//                         served by this server, never from another host (API-8)

const require = createRequire(path.join(PROJECT_ROOT, 'package.json'));
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const VERSION = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The page's start-up script: a file, not inline, so the page keeps the site's script-src 'self'. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null, tryItOutEnabled: false });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Smile Care Dental Clinic</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** The only files the page loads: a fixed list, so no name in the address reaches the file system. */
const ASSETS: Record<string, { type: string; read: () => string | Buffer }> = {
  'swagger-ui.css': { type: 'text/css', read: () => fs.readFileSync(path.join(SWAGGER_DIR, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': { type: 'text/javascript', read: () => fs.readFileSync(path.join(SWAGGER_DIR, 'swagger-ui-bundle.js')) },
  'init.js': { type: 'text/javascript', read: () => INIT_SCRIPT },
};

export function apiDocsRoutes(_deps: Deps, routers: () => import('@koa/router').default[]) {
  const router = createRouter({ prefix: '/api', body: 'none' });
  let document: string | undefined;
  const cache = new Map<string, string | Buffer>();

  router.get('/openapi.json', (ctx) => {
    // Built on first use from the routers the app mounts (they do not change while it runs).
    document ??= JSON.stringify(openApiDocument(routers(), VERSION));
    ctx.type = 'json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  });

  router.get('/docs', (ctx) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.body = PAGE;
  });

  router.get('/docs/:file', (ctx) => {
    const name = ctx.params.file;
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw notFound('File');
    if (!cache.has(name)) cache.set(name, asset.read());
    ctx.type = asset.type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = cache.get(name);
  });

  return router;
}
