import { treatments } from '../../shared/constants/treatments';
import { languages, localeOf, localizePath } from '../../shared/i18n/types';
import type { Deps } from '../deps';
import { publishedPostsForSitemap } from '../render/page-data';
import { createRouter } from './router';

// GET /robots.txt   everything but the admin and the API may be crawled; points at the sitemap (SITE-21)
// GET /sitemap.xml  every public page, every treatment, every published post, in English, Marathi and Hindi
//                   (I18N-1), each with its hreflang alternates

const STATIC_PAGES = ['/', '/about', '/treatments', '/blogs', '/gallery', '/contact'];

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function seoRoutes(deps: Deps) {
  const router = createRouter({ body: 'none' });
  const origin = deps.config.publicUrl;

  router.get('/robots.txt', async (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
  });

  router.get('/sitemap.xml', async (ctx) => {
    const posts = await publishedPostsForSitemap(deps);
    const links = (path: string) =>
      [
        ...languages.map((l) => `<xhtml:link rel="alternate" hreflang="${localeOf[l]}" href="${xmlEscape(origin + localizePath(l, path))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(origin + path)}"/>`,
      ].join('');
    // Every page once per language, English first (the addresses it always had).
    const url = (path: string, lastmod?: string | null) =>
      languages.map(
        (l) =>
          `  <url><loc>${xmlEscape(origin + localizePath(l, path))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${links(path)}</url>`,
      );
    const pages: [string, string | null][] = [
      ...STATIC_PAGES.map((p): [string, null] => [p, null]),
      ...treatments.map((t): [string, null] => [`/treatments/${t.slug}`, null]),
      ...posts.map((p): [string, string | null] => [`/blogs/${encodeURIComponent(p.slug)}`, p.publishedAt]),
    ];
    const lines = pages.flatMap(([p, lastmod]) => url(p, lastmod));
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, no-cache');
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
      `${lines.join('\n')}\n</urlset>\n`;
  });

  return router;
}
