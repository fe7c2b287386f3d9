import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';

// What a visitor reads (API-1): published posts only, active gallery images by order, the
// doctor image; and an admin's change shows at once although the lists are cached.

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
  await app.deps.knex('gallery_images').delete();
  await app.deps.knex('site_settings').delete();
  for (const prefix of ['blog', 'gallery', 'setting']) app.deps.cache.invalidate(prefix);
});

const post = { title: 'Healthy Gums', excerpt: 'Signs to watch for.', content: '<p>Bleeding gums are a warning.</p>' };

async function adminJson(method: string, path: string, json?: unknown) {
  const res = await app.request(path, { method, json, cookie });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.status === 204 ? null : res.json();
}
const createPost = (body: object) => adminJson('POST', '/api/admin/blog-posts', { ...post, ...body });
const createImage = (body: object) =>
  adminJson('POST', '/api/admin/gallery', { title: 'Photo', imageUrl: 'https://cdn.example.org/p.jpg', ...body });
const publicJson = async (path: string) => (await app.request(path)).json();

describe('GET /api/blog-posts and /api/blog-posts/:slug', () => {
  it('shows published posts only, newest published first, without their content in the list', async () => {
    app.clock.set('2026-01-10T00:00:00Z');
    await createPost({ title: 'Older post', isPublished: true });
    app.clock.set('2026-02-10T00:00:00Z');
    await createPost({ title: 'Draft post' });
    await createPost({ title: 'Newer post', isPublished: true });

    const list = await publicJson('/api/blog-posts');
    expect(list.map((p: { title: string }) => p.title)).toEqual(['Newer post', 'Older post']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      title: 'Newer post',
      slug: 'newer-post',
      excerpt: post.excerpt,
      author: ADMIN.name,
      publishedAt: '2026-02-10T00:00:00.000Z',
      imageUrl: null,
      isPublished: true,
    });
  });

  it('answers a published post by slug with its content, and 404 for a draft or an unknown slug', async () => {
    await createPost({ title: 'Published one', isPublished: true });
    await createPost({ title: 'Secret draft' });

    const res = await app.request('/api/blog-posts/published-one');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'Published one', content: post.content, isPublished: true, author: ADMIN.name });

    for (const slug of ['secret-draft', 'no-such-post']) {
      const missing = await app.request(`/api/blog-posts/${slug}`);
      expect(missing.status, slug).toBe(404);
      expect(await missing.json()).toEqual({ error: 'Blog post not found' });
    }
  });

  it('serves clean HTML even for a post stored with scripts, handlers, javascript: links and frames', async () => {
    const { id } = await createPost({ title: 'Tampered', isPublished: true });
    await app.deps
      .knex('blog_posts')
      .where({ id })
      .update({
        content:
          '<p onclick="x()">Text</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">a</a><iframe src="https://evil.example"></iframe>',
      });
    app.deps.cache.invalidate('blog');
    const { content } = await publicJson('/api/blog-posts/tampered');
    expect(content).toBe('<p>Text</p><a>a</a>');
  });

  it('shows a change at once: publishing, editing, unpublishing and deleting', async () => {
    const { id } = await createPost({ title: 'Coming soon' });
    // Visitors have read (and the server has cached) the list and the missing post.
    expect(await publicJson('/api/blog-posts')).toEqual([]);
    expect((await app.request('/api/blog-posts/coming-soon')).status).toBe(404);

    await adminJson('PUT', `/api/admin/blog-posts/${id}`, { ...post, title: 'Coming soon', isPublished: true });
    expect((await publicJson('/api/blog-posts')).map((p: { slug: string }) => p.slug)).toEqual(['coming-soon']);
    expect((await publicJson('/api/blog-posts/coming-soon')).content).toBe(post.content);

    await adminJson('PUT', `/api/admin/blog-posts/${id}`, { ...post, title: 'Coming soon', content: '<p>Updated</p>', isPublished: true });
    expect((await publicJson('/api/blog-posts/coming-soon')).content).toBe('<p>Updated</p>');

    await adminJson('PUT', `/api/admin/blog-posts/${id}`, { ...post, title: 'Coming soon', isPublished: false });
    expect(await publicJson('/api/blog-posts')).toEqual([]);
    expect((await app.request('/api/blog-posts/coming-soon')).status).toBe(404);

    await adminJson('PUT', `/api/admin/blog-posts/${id}`, { ...post, title: 'Coming soon', isPublished: true });
    await adminJson('DELETE', `/api/admin/blog-posts/${id}`);
    expect(await publicJson('/api/blog-posts')).toEqual([]);
    expect((await app.request('/api/blog-posts/coming-soon')).status).toBe(404);
  });
});

describe('GET /api/gallery', () => {
  it('shows active images only, sorted by order (then id), with `order` named as the API names it', async () => {
    await createImage({ title: 'Third', order: 5 });
    await createImage({ title: 'Hidden', order: 0, isActive: false });
    await createImage({ title: 'First', order: 1 });
    await createImage({ title: 'Second', order: 1 });

    const list = await publicJson('/api/gallery');
    expect(list.map((g: { title: string }) => g.title)).toEqual(['First', 'Second', 'Third']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      title: 'First',
      description: null,
      imageUrl: 'https://cdn.example.org/p.jpg',
      thumbnailUrl: null,
      category: 'clinic',
      isActive: true,
      order: 1,
    });
  });

  it('shows a change at once: hiding, showing, reordering and deleting', async () => {
    const a = await createImage({ title: 'A', order: 1 });
    const b = await createImage({ title: 'B', order: 2 });
    const titles = async () => (await publicJson('/api/gallery')).map((g: { title: string }) => g.title);
    expect(await titles()).toEqual(['A', 'B']);

    await adminJson('PUT', `/api/admin/gallery/${a.id}`, { title: 'A', imageUrl: a.imageUrl, isActive: false });
    expect(await titles()).toEqual(['B']);

    await adminJson('PUT', `/api/admin/gallery/${a.id}`, { title: 'A', imageUrl: a.imageUrl, isActive: true, order: 3 });
    expect(await titles()).toEqual(['B', 'A']);

    await adminJson('DELETE', `/api/admin/gallery/${b.id}`);
    expect(await titles()).toEqual(['A']);
  });
});

describe('GET /api/site-settings/doctor_image', () => {
  it('answers null until the admin sets it, then the new address', async () => {
    expect(await publicJson('/api/site-settings/doctor_image')).toEqual({ key: 'doctor_image', value: null });
    await adminJson('PUT', '/api/admin/site-settings/doctor_image', { value: 'https://cdn.example.org/dr.jpg' });
    expect(await publicJson('/api/site-settings/doctor_image')).toEqual({ key: 'doctor_image', value: 'https://cdn.example.org/dr.jpg' });
  });
});
