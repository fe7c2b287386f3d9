import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Deps } from '../deps';
import { PROJECT_ROOT } from '../paths';
import { publicDataLoader } from './page-data';

// Server rendering of the public pages (D20). `npm run build:site` produces the browser build
// (site/dist/index.html and its assets) and the server build (site/dist/server/entry-server.js); this
// module fills the built index.html with a page's head tags, its HTML and its data.

export const SITE_DIST = path.join(PROJECT_ROOT, 'site', 'dist');
const SERVER_ENTRY = path.join(SITE_DIST, 'server', 'entry-server.js');

interface ServerEntry {
  render(input: { url: string; origin: string; load: (path: string) => Promise<unknown> }): Promise<{
    status: number;
    head: string;
    html: string;
    payload: string;
  }>;
}

export interface RenderedPage {
  status: number;
  html: string;
}

interface Template {
  parts: [string, string, string, string];
}

function readTemplate(): Template {
  let html = fs.readFileSync(path.join(SITE_DIST, 'index.html'), 'utf8');
  // The stylesheet is small: inlined, it blocks nothing and the first paint needs no second request.
  html = html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
    const css = fs.readFileSync(path.join(SITE_DIST, href), 'utf8');
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  const [a, rest1] = html.split('<!--app-head-->');
  const [b, rest2] = (rest1 ?? '').split('<!--app-html-->');
  const [c, d] = (rest2 ?? '').split('<!--app-data-->');
  if (d === undefined) throw new Error('site/dist/index.html lacks the <!--app-head-->, <!--app-html--> or <!--app-data--> marker');

  return { parts: [a, b, c, d] };
}

function missingBuild(): RenderedPage {
  return {
    status: 503,
    html: '<!doctype html><html lang="en"><title>Build missing</title><p>The public site is not built. Run <code>npm run build:site</code>.</p></html>',
  };
}

export interface PublicRenderer {
  render(url: string): Promise<RenderedPage>;
}

/** The build's identity: when `npm run build:site` runs again, the renderer and template are reloaded. */
function buildStamp(): string | null {
  try {
    const a = fs.statSync(SERVER_ENTRY);
    const b = fs.statSync(path.join(SITE_DIST, 'index.html'));
    return `${a.mtimeMs}:${b.mtimeMs}`;
  } catch {
    return null;
  }
}

/**
 * Loads the built renderer on first use, and again after a rebuild (a running server would otherwise keep
 * pointing at the old hashed assets); without a build every page says how to make one.
 */
export function createPublicRenderer(deps: Deps): PublicRenderer {
  const load = publicDataLoader(deps);
  let ready: Promise<{ entry: ServerEntry; template: Template } | null> | null = null;
  let loadedStamp: string | null = null;
  let checkedAt = 0;
  const init = () => {
    const now = Date.now();
    if (ready && now - checkedAt < 1000) return ready;
    checkedAt = now;
    const stamp = buildStamp();
    if (ready && stamp === loadedStamp) return ready;
    loadedStamp = stamp;
    ready = (async () => {
      if (!stamp) return null;
      const entry = (await import(`${pathToFileURL(SERVER_ENTRY).href}?v=${encodeURIComponent(stamp)}`)) as ServerEntry;
      return { entry, template: readTemplate() };
    })().catch((err: unknown) => {
      // A build caught half-written: try again on the next request.
      loadedStamp = null;
      throw err;
    });
    return ready;
  };

  return {
    async render(url) {
      const built = await init();
      if (!built) return missingBuild();
      const { entry, template } = built;
      const page = await entry.render({
        url,
        origin: deps.config.publicUrl,
        load: async (p) => {
          try {
            return await load(p);
          } catch (err) {
            deps.logger.error('render_data_failed', { path: p, error: (err as Error).message });
            throw err;
          }
        },
      });
      const [a, b, c, d] = template.parts;
      const head = page.head;
      const data = `<script type="application/json" id="app-data">${page.payload}</script>`;
      return { status: page.status, html: a + head + b + page.html + c + data + d };
    },
  };
}
