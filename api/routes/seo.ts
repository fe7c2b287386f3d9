import { treatments } from '../../shared/constants/treatments';
import type { Deps } from '../deps';
import { publishedPostsForSitemap } from '../render/page-data';
import { createRouter } from './router';

// GET /robots.txt   everything but the admin and the API may be crawled; points at the sitemap (D20)
// GET /sitemap.xml  every public page, every treatment, every published post

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
    const url = (path: string, lastmod?: string | null) =>
      `  <url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
    const lines = [
      ...STATIC_PAGES.map((p) => url(p)),
      ...treatments.map((t) => url(`/treatments/${t.slug}`)),
      ...posts.map((p) => url(`/blogs/${encodeURIComponent(p.slug)}`, p.publishedAt)),
    ];
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, no-cache');
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
  });

  return router;
}
