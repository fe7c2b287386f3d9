import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, client, insertAppointment, outbox } from '../support/spec-api';

// SPEC 4's transitions, made through SPEC 7's calls: the appointment statuses, the blog's draft and
// published, the gallery's active and hidden with their defaults.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(SPEC_NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('blog_posts').delete();
  await app.deps.knex('gallery_images').delete();
});

const admin = () => client(app, cookie);
const status = async (id: number) => (await app.deps.knex('appointments').where({ id }).first('status')).status;

describe('SPEC 4 appointment statuses', () => {
  it(spec('SPEC 4', 'Appointment status values: pending, confirmed, completed, cancelled'), async () => {
    const id = await insertAppointment(app);
    const res = await admin().put(`/api/admin/appointments/${id}`, { status: 'archived' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('status');
    expect(await status(id)).toBe('pending');
  });

  it(spec('SPEC 4', 'matched case-insensitively'), async () => {
    const id = await insertAppointment(app);
    const res = await admin().put(`/api/admin/appointments/${id}`, { status: 'Confirmed' });
    expect(res.status).toBe(200);
    expect(await status(id)).toBe('confirmed');
  });

  it(spec('SPEC 4', 'pending to confirmed via Approve (status update)'), async () => {
    const id = await insertAppointment(app);
    const res = await admin().put(`/api/admin/appointments/${id}`, { status: 'confirmed' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('confirmed');
  });

  it(spec('SPEC 4', 'pending or confirmed to cancelled via Cancel … patient notified by email'), async () => {
    for (const from of ['pending', 'confirmed']) {
      await app.deps.knex('email_outbox').delete();
      const id = await insertAppointment(app, { status: from, email: `${from}@example.in` });
      const res = await admin().patch(`/api/admin/appointments/${id}/cancel`);
      expect(res.status, from).toBe(200);
      expect(await status(id)).toBe('cancelled');
      expect((await outbox(app)).map((m) => m.toAddress), from).toContain(`${from}@example.in`);
    }
  });

  it(spec('SPEC 4', 'confirmed to completed via Mark Completed'), async () => {
    const id = await insertAppointment(app, { status: 'confirmed', preferredDate: '2026-11-23' });
    const res = await admin().put(`/api/admin/appointments/${id}`, { status: 'completed' });
    expect(res.status).toBe(200);
    expect(await status(id)).toBe('completed');
  });

  it(spec('SPEC 4', 'completed: a Send Follow-up Email action appears; it emails and leaves the status unchanged'), async () => {
    const id = await insertAppointment(app, { status: 'completed', preferredDate: '2026-11-20', email: 'done@example.in' });
    const res = await admin().post(`/api/admin/appointments/${id}/follow-up`, { followUpDate: '2026-12-15T05:00:00.000Z', customMessage: '' });
    expect(res.status).toBe(200);
    expect(await status(id)).toBe('completed');
    expect((await outbox(app)).map((m) => m.toAddress)).toEqual(['done@example.in']);
  });

  it(spec('SPEC 4', 'Delete is offered in every status (after a prompt; permanent; no notification)'), async () => {
    for (const s of ['pending', 'confirmed', 'completed', 'cancelled']) {
      const id = await insertAppointment(app, { status: s, preferredDate: '2026-11-20' });
      expect((await admin().delete(`/api/admin/appointments/${id}`)).status, s).toBe(204);
      expect(await app.deps.knex('appointments').where({ id }).first(), s).toBeUndefined();
    }
    expect(await outbox(app)).toEqual([]);
  });
});

describe('SPEC 4 blog and gallery', () => {
  it(spec('SPEC 4', 'new posts default to draft'), async () => {
    const res = await admin().post('/api/admin/blog-posts', { title: 'No switch given', excerpt: 'e', content: '<p>c</p>' });
    expect(res.status).toBe(201);
    expect(res.body.isPublished).toBe(false);
    expect((await client(app).get('/api/blog-posts')).body).toEqual([]);
  });

  it(spec('SPEC 4', 'Blog post: draft (isPublished false) or published, toggled by the switch … Public views show only published posts.'), async () => {
    const post = await admin().post('/api/admin/blog-posts', { title: 'Toggle me', excerpt: 'e', content: '<p>c</p>', isPublished: false });
    const { id, slug } = post.body;
    expect((await client(app).get(`/api/blog-posts/${slug}`)).status).toBe(404);
    await admin().put(`/api/admin/blog-posts/${id}`, { title: 'Toggle me', excerpt: 'e', content: '<p>c</p>', isPublished: true });
    expect((await client(app).get(`/api/blog-posts/${slug}`)).status).toBe(200);
    expect((await client(app).get('/api/blog-posts')).body.map((p: { id: number }) => p.id)).toEqual([id]);
    await admin().put(`/api/admin/blog-posts/${id}`, { title: 'Toggle me', excerpt: 'e', content: '<p>c</p>', isPublished: false });
    expect((await client(app).get(`/api/blog-posts/${slug}`)).status).toBe(404);
    expect((await client(app).get('/api/blog-posts')).body).toEqual([]);
  });

  it(spec('SPEC 4', 'Gallery image: active or hidden via isActive; defaults: active, category clinic, order 0'), async () => {
    const res = await admin().post('/api/admin/gallery', { title: 'Defaults', imageUrl: '/images/defaults.jpg' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isActive: true, category: 'clinic', order: 0 });
  });

  it(spec('SPEC 4', 'Public views show only active ones.'), async () => {
    const shown = await admin().post('/api/admin/gallery', { title: 'Shown', imageUrl: '/images/a.jpg', isActive: true });
    const hidden = await admin().post('/api/admin/gallery', { title: 'Hidden', imageUrl: '/images/b.jpg', isActive: false });
    expect((await client(app).get('/api/gallery')).body.map((g: { id: number }) => g.id)).toEqual([shown.body.id]);
    await admin().put(`/api/admin/gallery/${hidden.body.id}`, { title: 'Hidden', imageUrl: '/images/b.jpg', isActive: true, order: 5 });
    expect((await client(app).get('/api/gallery')).body.map((g: { id: number }) => g.id)).toEqual([shown.body.id, hidden.body.id]);
  });

  it(spec('SPEC 4', 'Public pages need no sign-in.'), async () => {
    for (const path of ['/api/blog-posts', '/api/gallery', '/api/site-settings/doctor_image']) {
      expect((await client(app).get(path)).status, path).toBe(200);
    }
  });
});
