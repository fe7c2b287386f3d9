import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublicRenderer } from '../../render/renderer';
import { createBlogPost } from '../../services/content/blog-posts';
import { saveClinicSettings, getClinicSettings } from '../../services/appointments/clinic-settings';
import { PageCache, preparePage } from '../../platform/page-cache';
import { writeSiteSetting } from '../../services/content/site-settings';
import { startTestApp, type TestApp } from '../support/test-app';

// SITE-27: rendered public pages are kept as their final bytes (with brotli and gzip twins and an ETag)
// and dropped with the data they show, by the service that changed it and, across processes,
// through PostgreSQL (api/test/operations/two-servers.test.ts). A direct database write in this file is a
// change no service announced: a kept page does not see it, which is how these tests tell a kept page from
// a fresh render. Needs the built site (npm run build:site), as the other page tests do.

let app: TestApp;
let cookie: string;
const MONDAY = '2026-11-23T05:00:00Z'; // 10:30 in Kolkata

beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(MONDAY);
  await app.deps.knex('blog_posts').delete();
  await app.deps.knex('gallery_images').delete();
  await app.deps.knex('reviews').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('closed_dates').delete();
  app.deps.cache.invalidate('');
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET with exactly these headers (fetch would add Accept-Encoding and decode), the body as sent. */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const page = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, html: await res.text(), etag: res.headers.get('etag') };
};
const kept = () => app.deps.cache.pages.keys().sort();
const directPost = (title: string) =>
  app.deps.knex('blog_posts').insert({ title, slug: title.toLowerCase().replace(/\W+/g, '-'), excerpt: 'E', content: '<p>C</p>', author: 'A', isPublished: true, publishedAt: new Date() });
const post = { excerpt: 'Signs to watch for.', content: '<p>Text.</p>', isPublished: true, imageUrl: null };

describe('a kept page', () => {
  it('is the same bytes as a fresh render, in brotli, gzip and uncompressed, with one ETag', async () => {
    await createBlogPost(app.deps, { ...post, title: 'Kept Bytes' }, 'Dr A');
    for (const path of ['/', '/blogs', '/blogs/kept-bytes', '/mr/about', '/hi/treatments/root-canal']) {
      const first = await raw(path, { 'accept-encoding': 'identity' });
      expect(first.status, path).toBe(200);
      const fresh = await createPublicRenderer(app.deps).render(path);
      expect(fresh.status).toBe(200);
      const br = await raw(path, { 'accept-encoding': 'br' });
      const gz = await raw(path, { 'accept-encoding': 'gzip' });
      const plain = await raw(path, { 'accept-encoding': 'identity' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(first.body.toString()).toBe(fresh.html);
      expect(plain.body.toString()).toBe(fresh.html);
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(fresh.html);
      expect(zlib.gunzipSync(gz.body).toString()).toBe(fresh.html);
      expect(new Set([first, br, gz, plain].map((a) => a.headers.etag)).size).toBe(1);
      for (const answer of [br, gz, plain]) {
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers.vary).toContain('Accept-Encoding');
        expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      }
    }
    expect(kept()).toEqual(['/', '/blogs', '/blogs/kept-bytes', '/hi/treatments/root-canal', '/mr/about']);
  });

  it('answers 304 to If-None-Match with its ETag (plain, weak, in a list), and 200 once the page changed', async () => {
    const first = await raw('/gallery', { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await raw('/gallery', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await raw('/gallery', { 'if-none-match': '"other"' })).status).toBe(200);

    const added = await app.request('/api/admin/gallery', { method: 'POST', cookie, json: { title: 'New Chair', imageUrl: 'https://cdn.example.org/chair.jpg' } });
    expect(added.status).toBe(201);
    const changed = await raw('/gallery', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(zlib.brotliDecompressSync(changed.body).toString()).toContain('New Chair');
  });

  it('is kept per language: /, /mr and /hi are three pages', async () => {
    const [en, mr, hi] = [await page('/'), await page('/mr'), await page('/hi')];
    expect([en, mr, hi].map((p) => /<html lang="([^"]+)"/.exec(p.html)?.[1])).toEqual(['en-IN', 'mr-IN', 'hi-IN']);
    expect(kept()).toEqual(['/', '/hi', '/mr']);
    expect((await page('/mr')).html).toBe(mr.html);
  });
});

describe('what is never kept', () => {
  it('unknown addresses, unknown posts and treatments, and the personal pages, however many are asked', async () => {
    for (let i = 0; i < 40; i += 1) {
      expect((await page(`/no-such-page-${i}`)).status).toBe(404);
      expect((await page(`/mr/blogs/no-such-post-${i}`)).status).toBe(404);
    }
    expect((await page('/treatments/no-such-treatment')).status).toBe(404);
    expect((await page('/appointment/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await page('/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).not.toBe(200);
    expect(kept()).toEqual([]);
    expect(app.deps.cache.pages.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('anything while the process cannot hear other processes (its listener down)', async () => {
    app.deps.cache.suspend();
    try {
      expect((await page('/blogs')).html).not.toContain('Written Directly');
      await directPost('Written Directly');
      expect((await page('/blogs')).html).toContain('Written Directly');
      expect(kept()).toEqual([]);
    } finally {
      app.deps.cache.resume();
    }
  });
});

describe('dropped with the data it shows, by the service that changed it', () => {
  it('blog posts: the lists and posts in every language, not the other pages', async () => {
    await createBlogPost(app.deps, { ...post, title: 'First Post' }, 'Dr A');
    for (const path of ['/blogs', '/mr/blogs', '/hi/blogs/first-post', '/gallery', '/about']) expect((await page(path)).status).toBe(200);
    await directPost('Unannounced Post');
    expect((await page('/blogs')).html).not.toContain('Unannounced Post'); // kept

    await createBlogPost(app.deps, { ...post, title: 'Second Post' }, 'Dr A');
    expect(kept()).toEqual(['/about', '/gallery']);
    for (const path of ['/blogs', '/mr/blogs']) {
      const html = (await page(path)).html;
      expect(html).toContain('Second Post');
      expect(html).toContain('Unannounced Post');
    }
  });

  it('the doctor photo (a site setting): the About page', async () => {
    expect((await page('/about')).status).toBe(200);
    await page('/contact');
    await writeSiteSetting(app.deps, 'doctor_image', '/media/new-doctor-photo.jpg');
    expect(kept()).toEqual(['/contact']);
    expect((await page('/about')).html).toContain('/media/new-doctor-photo.jpg');
  });

  it('clinic settings and closed dates: every page (each embeds the booking rules)', async () => {
    for (const path of ['/', '/contact', '/hi/gallery']) await page(path);
    const settings = await getClinicSettings(app.deps);
    await saveClinicSettings(app.deps, { ...settings, bookingWindowDays: settings.bookingWindowDays + 1 });
    expect(kept()).toEqual([]);
    await page('/contact');
    const closed = await app.request('/api/admin/closed-dates', { method: 'POST', cookie, json: { date: '2026-11-27', reason: 'Staff Training Day' } });
    expect(closed.status, await closed.clone().text()).toBe(201);
    expect(kept()).toEqual([]);
    expect((await page('/contact')).html).toContain('Staff Training Day');
    expect((await app.request('/api/admin/closed-dates/2026-11-27', { method: 'DELETE', cookie })).status).toBe(204);
    expect((await page('/contact')).html).not.toContain('Staff Training Day');
  });

  it("approving a review: the home page's testimonials and rating in every language, not the blog", async () => {
    const [{ id: appointmentId }] = await app.deps
      .knex('appointments')
      .insert({ firstName: 'Rohan', lastName: 'Patil', email: 'r@example.in', phone: '+91 98220 55555', treatment: 'cleaning', preferredDate: '2026-11-20', preferredTime: '10:00', status: 'completed' })
      .returning('id');
    const [{ id }] = await app.deps.knex('reviews').insert({ appointmentId, rating: 5, text: 'Painless and kind', displayName: 'R. P.' }).returning('id');
    for (const path of ['/', '/mr', '/blogs']) expect((await page(path)).html).not.toContain('Painless and kind');

    const approve = await app.request(`/api/admin/reviews/${id}`, { method: 'PATCH', cookie, json: { status: 'approved' } });
    expect(approve.status).toBe(200);
    expect(kept()).toEqual(['/blogs']);
    expect((await page('/')).html).toContain('Painless and kind');
    expect((await page('/mr')).html).toContain('Painless and kind');
  });

  it('a new day at the clinic: the closed dates the pages embed start from today', async () => {
    app.clock.set('2026-11-23T18:00:00Z'); // 23:30 on Monday in Kolkata
    await page('/contact');
    await app.deps.knex('closed_dates').insert({ date: '2026-11-30', reason: 'Unannounced Holiday' });
    expect((await page('/contact')).html).not.toContain('Unannounced Holiday'); // kept
    app.clock.set('2026-11-23T18:31:00Z'); // 00:01 on Tuesday
    expect((await page('/contact')).html).toContain('Unannounced Holiday');
  });
});

describe('the page cache itself', () => {
  const render = (html: string, reads: string[] | null = ['clinic'], status = 200) => async () => ({ status, html, reads });

  it('holds at most its entries and bytes, the least recently used going first', async () => {
    const one = await preparePage('x'.repeat(1000), [], 's');
    const cache = new PageCache({ maxEntries: 3, maxBytes: one.bytes * 10 });
    for (const key of ['/a', '/b', '/c']) await cache.fill(key, 's', render('x'.repeat(1000)));
    expect(cache.lookup('/a', 's')).toBeDefined(); // /a is now the most recent
    await cache.fill('/d', 's', render('x'.repeat(1000)));
    expect(cache.keys()).toEqual(['/c', '/a', '/d']);

    const small = new PageCache({ maxEntries: 100, maxBytes: one.bytes * 2 + 10 });
    for (const key of ['/a', '/b', '/c']) await small.fill(key, 's', render('x'.repeat(1000)));
    expect(small.keys()).toEqual(['/b', '/c']);
    expect(small.size.bytes).toBeLessThanOrEqual(one.bytes * 2 + 10);
    await small.fill('/huge', 's', render(Math.random().toString(36).repeat(2000)));
    expect(small.keys()).toEqual(['/b', '/c']); // larger than the whole cache: served, never kept

    const none = new PageCache({ maxEntries: 600, maxBytes: 0 }); // PAGE_CACHE_MB=0
    expect('etag' in (await none.fill('/a', 's', render('page')))).toBe(true);
    expect(none.keys()).toEqual([]);
  });

  it('keeps only 200 pages whose every read is known, and renders once for visits that miss together', async () => {
    const cache = new PageCache();
    await cache.fill('/404', 's', render('missing', ['clinic'], 404));
    await cache.fill('/personal', 's', render('mine', null));
    expect(cache.keys()).toEqual([]);

    let renders = 0;
    const slow = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { status: 200, html: 'page', reads: ['blog:list'] };
    };
    const answers = await Promise.all([cache.fill('/blogs', 's', slow), cache.fill('/blogs', 's', slow), cache.fill('/blogs', 's', slow)]);
    expect(renders).toBe(1);
    expect(new Set(answers).size).toBe(1);
    // A visit after a change does not join a render that began before it.
    const before = cache.fill('/gallery', 's', slow);
    cache.invalidate('gallery');
    const after = cache.fill('/gallery', 's', slow);
    await Promise.all([before, after]);
    expect(renders).toBe(3);
  });

  it('does not keep a page whose render raced a change, nor one from another stamp', async () => {
    const cache = new PageCache();
    await cache.fill('/blogs', 's', async () => {
      cache.invalidate('blog');
      return { status: 200, html: 'old', reads: ['blog:list'] };
    });
    expect(cache.keys()).toEqual([]);
    await cache.fill('/blogs', 'build1|2026-11-23', render('page'));
    expect(cache.lookup('/blogs', 'build1|2026-11-24')).toBeUndefined();
    expect(cache.keys()).toEqual([]);
  });
});
