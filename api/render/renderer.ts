import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Deps } from '../deps';
import { PROJECT_ROOT } from '../paths';
import { publicDataSource } from './page-data';
import { DEVANAGARI_UNICODE_RANGE } from '../../shared/i18n/devanagari';

// Server rendering of the public pages (SITE-19). `npm run build:site` produces the browser build
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
    /** The page's language and its Indian locale (I18N-1); older builds lack them. */
    lang?: string;
    htmlLang?: string;
  }>;
}

export interface RenderedPage {
  status: number;
  html: string;
  /**
   * The keys of the data the page shows (api/render/page-data.ts), for the page cache (SITE-27); null when
   * it may not be kept: it read something personal, or there is no build.
   */
  reads: string[] | null;
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

/**
 * I18N-4: the self-hosted Devanagari fonts (site/public/fonts, made by site/scripts/subset-font.ts), never
 * another host (SITE-24). Two cuts of Noto Sans Devanagari, both `font-display: swap` and limited by their
 * unicode-range to Devanagari (Latin keeps the system stack):
 *   - the language's own font: exactly the glyphs of the site's words in Marathi or Hindi (13-16 KB),
 *     preloaded on that language's pages, where it draws every word the site writes;
 *   - the whole block (39 KB), for what visitors and the staff wrote (`.user-text`, inputs: reviews, blog
 *     posts, names), fetched by the browser only when such text shows Devanagari; it also stands behind the
 *     language's font for any character that font lacks.
 * The smaller preload costs the first paint on a slow phone far less (docs/benchmarks.md). Not `optional`
 * without a preload: a device with no Devanagari font of its own then drew the first page as boxes.
 */
export const DEVANAGARI_FONT = '/fonts/noto-sans-devanagari-subset.woff2';
const languageFont = (lang: 'mr' | 'hi') => `/fonts/noto-sans-devanagari-${lang}.woff2`;
const SYSTEM_FONTS = 'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif';
const fontFace = (family: string, url: string, range = DEVANAGARI_UNICODE_RANGE) =>
  `@font-face{font-family:"${family}";src:url(${url}) format("woff2");font-weight:100 900;font-style:normal;font-display:swap;unicode-range:${range}}`;
/** Visitors' and staff's words: the whole font (loaded only if such text is Devanagari). */
const USER_TEXT_FONT = fontFace('Noto Sans Devanagari', DEVANAGARI_FONT);

function devanagariFontTags(lang: 'mr' | 'hi'): string {
  return (
    `<link rel="preload" href="${languageFont(lang)}" as="font" type="font/woff2" crossorigin />\n    ` +
    `<style>${fontFace('Noto Sans Devanagari Site', languageFont(lang))}${USER_TEXT_FONT}` +
    `html:root{--font:"Noto Sans Devanagari Site","Noto Sans Devanagari",${SYSTEM_FONTS};--font-user:"Noto Sans Devanagari",${SYSTEM_FONTS}}</style>`
  );
}

/** English pages: only the switcher's 'मराठी' and 'हिन्दी' are the site's Devanagari; a font of those letters (5 KB), not preloaded. */
const SWITCHER_FONT = '/fonts/noto-sans-devanagari-names.woff2';
function switcherFontTags(): string {
  return (
    `<style>${fontFace('Noto Sans Devanagari Names', SWITCHER_FONT, 'U+0900-097F')}${USER_TEXT_FONT}` +
    `html:root{--font-user:"Noto Sans Devanagari",${SYSTEM_FONTS}}` +
    `.lang-link{font-family:"Noto Sans Devanagari Names",var(--font)}</style>`
  );
}

function missingBuild(): RenderedPage {
  return {
    status: 503,
    html: '<!doctype html><html lang="en"><title>Build missing</title><p>The public site is not built. Run <code>npm run build:site</code>.</p></html>',
    reads: null,
  };
}

export interface PublicRenderer {
  render(url: string): Promise<RenderedPage>;
  /**
   * The build the next render uses (its files' times, looked at once a second at most): a kept page from
   * another build is stale. Null without a build.
   */
  build(): string | null;
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
  const source = publicDataSource(deps);
  let ready: Promise<{ entry: ServerEntry; template: Template } | null> | null = null;
  let loadedStamp: string | null = null;
  let currentStamp: string | null = null;
  let checkedAt = -Infinity;
  const build = () => {
    const now = performance.now();
    if (now - checkedAt >= 1000) {
      checkedAt = now;
      currentStamp = buildStamp();
    }
    return currentStamp;
  };
  const init = () => {
    const stamp = build();
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
    build,
    async render(url) {
      const built = await init();
      if (!built) return missingBuild();
      const { entry, template } = built;
      const reads: (string | null)[] = [];
      const page = await entry.render({
        url,
        origin: deps.config.publicUrl,
        load: async (p) => {
          try {
            const data = source(p);
            reads.push(data.key);
            return await data.read();
          } catch (err) {
            deps.logger.error('render_data_failed', { path: p, error: (err as Error).message });
            throw err;
          }
        },
      });
      const [template0, b, c, d] = template.parts;
      // <html lang> is the page's language (I18N-1); Marathi and Hindi pages also get the Devanagari font.
      const a = template0.replace('<html lang="en-IN">', `<html lang="${page.htmlLang ?? 'en-IN'}">`);
      const head = `${page.head}\n    ${page.lang === 'mr' || page.lang === 'hi' ? devanagariFontTags(page.lang) : switcherFontTags()}`;
      const data = `<script type="application/json" id="app-data">${page.payload}</script>`;
      const keys = reads.includes(null) ? null : (reads as string[]);
      return { status: page.status, html: a + head + b + page.html + c + data + d, reads: keys };
    },
  };
}
