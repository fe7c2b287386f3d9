import path from 'node:path';
import send from 'koa-send';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { createRouter } from './router';

// GET /desktop/updates/<file>   the desktop app's update feed (DESK-8): the app reads latest.yml
// (latest-linux.yml, latest-mac.yml) and its signature latest.yml.sig (DESK-9) here, then the installer and
// its .blockmap it names.
// The operator drops the files of a release into DESKTOP_UPDATES_DIR (docs/desktop.md). Served read-only:
// one plain file name, no folders, no dot files, no listing; anything else is 404.

/** A release file's name: letters, digits, dot, dash, underscore, space and plus; not starting with a dot. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._ +-]{0,199}$/;

const TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.sig': 'text/plain; charset=utf-8',
  '.blockmap': 'application/octet-stream',
};

/** The feed and its signature change with each release and must be read fresh, together. */
const FRESH = /\.ya?ml(\.sig)?$/i;

export function desktopUpdateRoutes(deps: Deps) {
  const router = createRouter({ prefix: '/desktop/updates', body: 'none' });
  const root = deps.config.desktopUpdatesDir;

  router.get('/:file', async (ctx) => {
    const name = ctx.params.file;
    if (!FILE_NAME.test(name) || name.includes('..')) throw notFound('File');
    // koa-send also refuses anything that would leave `root` and serves no directories.
    const served = await send(ctx, name, { root, hidden: false, index: false, maxage: 0 }).catch(() => undefined);
    if (!served) throw notFound('File');
    const type = TYPES[path.extname(name).toLowerCase()];
    if (type) ctx.type = type;
    // The feed must be read fresh (a new latest.yml); installers are named by version and never change.
    ctx.set('Cache-Control', FRESH.test(name) ? 'no-cache' : 'public, max-age=86400');
  });

  return router;
}
