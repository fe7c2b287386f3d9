import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, SPEC_TOMORROW, bookingPayload, client } from '../support/spec-api';

// SPEC 7, "Public": the five calls the public site makes, as a visitor's browser makes them (no cookie).

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(SPEC_NOW);
  await app.deps.knex('appointments').delete();
  await app.deps.knex('blog_posts').delete();
  await app.deps.knex('gallery_images').delete();
});

const visitor = () => client(app);
const admin = () => client(app, cookie);

describe('SPEC 7 public calls', () => {
  it(spec('SPEC 7', 'POST /api/appointments | firstName, lastName, email, phone, preferredDate, preferredTime, treatment, notes'), async () => {
    const res = await visitor().post('/api/appointments', bookingPayload);
    expect(res.status).toBe(201);
    const stored = await app.deps.knex('appointments').first();
    expect(stored).toMatchObject({
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      preferredDate: SPEC_TOMORROW,
      preferredTime: '10:00',
      treatment: 'cleaning',
      notes: 'Sensitive teeth',
      status: 'pending',
    });
  });

  it(spec('SPEC 7', 'success refreshes appointment list'), async () => {
    // The booking is in the admin's appointment list at once.
    const booked = await visitor().post('/api/appointments', { ...bookingPayload, notes: undefined });
    expect(booked.status).toBe(201);
    const list = await admin().get('/api/admin/appointments');
    expect(list.body.map((a: { id: number }) => a.id)).toEqual([booked.body.id]);
  });

  it(spec('SPEC 7', 'GET /api/site-settings/doctor_image | none | reads value'), async () => {
    const before = await visitor().get('/api/site-settings/doctor_image');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ key: 'doctor_image', value: null });
    expect((await admin().put('/api/admin/site-settings/doctor_image', { value: '/images/doctor.jpg' })).status).toBe(200);
    const after = await visitor().get('/api/site-settings/doctor_image');
    expect(after.body).toMatchObject({ key: 'doctor_image', value: '/images/doctor.jpg' });
  });

  it(spec('SPEC 7', 'GET /api/blog-posts | none | list; client keeps published'), async () => {
    const published = await admin().post('/api/admin/blog-posts', { title: 'Brushing right', excerpt: 'Two minutes', content: '<p>Twice a day</p>', isPublished: true });
    const draft = await admin().post('/api/admin/blog-posts', { title: 'Draft thoughts', excerpt: 'Not yet', content: '<p>Later</p>', isPublished: false });
    expect([published.status, draft.status]).toEqual([201, 201]);
    const list = await visitor().get('/api/blog-posts');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    // The server already keeps the published ones only; the client's filter then keeps all it gets.
    expect(list.body.map((p: { title: string; isPublished: boolean }) => [p.title, p.isPublished])).toEqual([['Brushing right', true]]);
  });

  it(spec('SPEC 7', 'GET /api/blog-posts/{slug} | none | title, excerpt, content, author, publishedAt, imageUrl, isPublished'), async () => {
    const created = await admin().post('/api/admin/blog-posts', {
      title: 'Flossing daily',
      excerpt: 'Why floss',
      content: '<p>Between the teeth</p>',
      isPublished: true,
      imageUrl: '/images/floss.jpg',
    });
    const res = await visitor().get(`/api/blog-posts/${created.body.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Flossing daily',
      excerpt: 'Why floss',
      content: '<p>Between the teeth</p>',
      author: expect.any(String),
      publishedAt: expect.any(String),
      imageUrl: '/images/floss.jpg',
      isPublished: true,
    });
    expect(res.body.author.length).toBeGreaterThan(0);
    expect((await visitor().get('/api/blog-posts/no-such-post')).status).toBe(404);
  });

  it(spec('SPEC 7', 'GET /api/gallery | none | list; client keeps active, sorts by order'), async () => {
    const add = (title: string, order: number, isActive: boolean) =>
      admin().post('/api/admin/gallery', { title, imageUrl: `/images/${order}.jpg`, category: 'clinic', isActive, order });
    await add('Chair', 2, true);
    await add('Hidden', 0, false);
    await add('Reception', 1, true);
    const list = await visitor().get('/api/gallery');
    expect(list.status).toBe(200);
    expect(list.body.map((g: { title: string; order: number; isActive: boolean }) => [g.title, g.order, g.isActive])).toEqual([
      ['Reception', 1, true],
      ['Chair', 2, true],
    ]);
  });
});
