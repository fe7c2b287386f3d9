import { expect, test } from '@playwright/test';
import { clinic } from '../../shared/constants/clinic';
import { treatments } from '../../shared/constants/treatments';
import { demoDrafts, demoPublished, firstParagraph, jsonLdOf, typesOf } from './support/public-helpers';

// SITE-19: the first HTML response of every public URL (a plain request, no browser, no JavaScript) holds the
// page's title, description, canonical link, Open Graph tags, structured data and main text.

interface Expectation {
  path: string;
  status: number;
  title: RegExp;
  jsonLd: string[];
  text: string[];
}

function attr(html: string, re: RegExp): string | undefined {
  return re.exec(html)?.[1];
}

test('every public URL answers its content and head tags in the first HTML response', { tag: '@desktop-only' }, async ({ request }) => {
  const post = demoPublished[0];
  const root = treatments.find((t) => t.slug === 'root-canal')!;
  const pages: Expectation[] = [
    { path: '/', status: 200, title: /Smile Care Dental Clinic/, jsonLd: ['Dentist', 'MedicalClinic'], text: [clinic.tagline1, 'Flexible EMI options available', 'Invisible Aligners', 'What our patients say'] },
    { path: '/about', status: 200, title: /About/, jsonLd: ['Dentist', 'MedicalClinic'], text: [clinic.doctorName, 'Education', 'Specializations', '5+ Years'] },
    { path: '/treatments', status: 200, title: /Dental Treatments/, jsonLd: ['ItemList'], text: ['21+ Treatments Available', 'Preventive Care', 'Orthodontics', ...treatments.map((t) => t.name)] },
    { path: '/treatments/root-canal', status: 200, title: /Root Canal Treatment/, jsonLd: ['MedicalProcedure', 'BreadcrumbList'], text: ['About This Treatment', root.price, root.duration, 'Related treatments'] },
    { path: '/blogs', status: 200, title: /Blog/, jsonLd: ['Blog'], text: ['Featured Article', 'Latest Articles', ...demoPublished.map((p) => p.title)] },
    { path: '/gallery', status: 200, title: /Gallery/, jsonLd: ['ImageGallery'], text: ['All Photos', 'Before and After', 'Welcoming reception', 'Digital X-ray'] },
    { path: '/contact', status: 200, title: /Contact/, jsonLd: ['Dentist', 'MedicalClinic'], text: [clinic.phone, clinic.email, 'Opening Hours', 'Book an Appointment', 'Open in Google Maps'] },
    { path: '/no-such-page', status: 404, title: /404 Page Not Found/, jsonLd: [], text: ['404 Page Not Found'] },
    { path: '/treatments/no-such-treatment', status: 404, title: /Treatment Not Found/, jsonLd: [], text: ['Treatment Not Found', 'View All Treatments'] },
    { path: '/blogs/no-such-article', status: 404, title: /Article Not Found/, jsonLd: [], text: ['Article Not Found', 'View All Articles'] },
    { path: `/blogs/${demoDrafts[0].slug}`, status: 404, title: /Article Not Found/, jsonLd: [], text: ['Article Not Found'] },
    { path: `/blogs/${post.slug}`, status: 200, title: /Brushing Habits for Children/, jsonLd: ['BlogPosting'], text: [post.title, firstParagraph(post.content).slice(0, 60), 'Share', 'Related Articles'] },
  ];

  for (const p of pages) {
    const res = await request.get(p.path, { headers: { Accept: 'text/html' } });
    expect(res.status(), p.path).toBe(p.status);
    expect(res.headers()['content-type'], p.path).toContain('text/html');
    const html = await res.text();
    const text = html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'");
    expect(attr(html, /<title>([^<]*)<\/title>/), p.path).toMatch(p.title);
    expect(attr(html, /<meta name="description" content="([^"]{50,})"/), `${p.path} description`).toBeTruthy();
    const canonical = attr(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical, p.path).toMatch(/^https?:\/\//);
    expect(new URL(canonical!).pathname, p.path).toBe(p.path);
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/), p.path).toBeTruthy();
    expect(attr(html, /<meta property="og:url" content="([^"]+)"/), p.path).toBe(canonical);
    expect(attr(html, /<meta property="og:image" content="([^"]+)"/), p.path).toMatch(/^https?:\/\//);
    const types = typesOf(jsonLdOf(html));
    for (const t of p.jsonLd) expect(types, `${p.path} JSON-LD`).toContain(t);
    if (p.status === 404) expect(html, p.path).toContain('<meta name="robots" content="noindex"');
    for (const t of p.text) expect(text, `${p.path} text`).toContain(t);
  }
});

test('/treatments describes every treatment it lists as a MedicalProcedure', { tag: '@desktop-only' }, async ({ request }) => {
  const html = await (await request.get('/treatments')).text();
  const list = jsonLdOf(html).find((b) => b['@type'] === 'ItemList') as { itemListElement: { item: Record<string, unknown> }[] };
  const procedures = list.itemListElement.map((e) => e.item);
  expect(procedures.map((p) => p['@type'])).toEqual(treatments.map(() => 'MedicalProcedure'));
  expect(procedures.map((p) => p.name)).toEqual(treatments.map((t) => t.name));
  expect(procedures[0]).toMatchObject({ description: treatments[0].description, url: expect.stringMatching(new RegExp(`/treatments/${treatments[0].slug}$`)) });
});

test('the embedded page data cannot close its script element', { tag: '@desktop-only' }, async ({ request }) => {
  const html = await (await request.get('/blogs')).text();
  const data = /<script type="application\/json" id="app-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(data).toBeTruthy();
  expect(data).not.toContain('<');
  expect(JSON.parse(data!)).toHaveProperty('data');
});

test('robots.txt keeps crawlers out of /admin and points at the sitemap, which lists every public page', { tag: '@desktop-only' }, async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const body = await robots.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/admin$/m);
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(body)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const p of ['/', '/about', '/treatments', '/blogs', '/gallery', '/contact']) expect(locs).toContain(p);
  for (const t of treatments) expect(locs).toContain(`/treatments/${t.slug}`);
  for (const p of demoPublished) expect(locs).toContain(`/blogs/${p.slug}`);
  for (const p of demoDrafts) expect(locs).not.toContain(`/blogs/${p.slug}`);
  expect(locs.some((l) => l.startsWith('/admin'))).toBe(false);
});

test('a trailing slash redirects to the one address of a page; the admin is not indexed', { tag: '@desktop-only' }, async ({ request }, testInfo) => {
  const res = await request.get('/about/', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/about');
  const admin = await request.get('/admin/login');
  expect(admin.headers()['x-robots-tag']).toContain('noindex');
  // '//host/' must not turn into a redirect to another site.
  const evil = await request.get(`${testInfo.project.use.baseURL}//evil.example/`, { maxRedirects: 0 });
  expect(evil.status()).toBe(301);
  expect(evil.headers().location).toBe('/evil.example');
});

test('pages and assets are sent compressed', { tag: '@desktop-only' }, async ({ request }) => {
  const page = await request.get('/treatments', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  const script = /<script type="module"[^>]* src="([^"]+)"/.exec(await page.text())?.[1];
  expect(script).toMatch(/^\/assets\//);
  const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toContain('immutable');
});

test('the server renderer and the build reports are not served', { tag: '@desktop-only' }, async ({ request }) => {
  for (const path of ['/server/entry-server.js', '/.vite/public-modules.json', '/.vite/public-manifest.json']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
