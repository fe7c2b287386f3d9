import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, client } from '../support/spec-api';

// SPEC 7's "After blog changes /api/blog-posts is refreshed; after gallery changes /api/gallery; after saving
// the setting /api/site-settings/doctor_image", from the visitor's side: a visitor who read the list (so the
// server holds it, and the rendered page, in its public cache) gets the change on the very next read.
// And SPEC 3's invoice item as an invoice answers it.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(() => app.clock.set(SPEC_NOW));

const visitor = () => client(app);
const admin = () => client(app, cookie);

describe('SPEC 7: what a visitor reads after an admin change', () => {
  it(spec('SPEC 7', 'After blog changes /api/blog-posts is refreshed'), async () => {
    const before = await visitor().get('/api/blog-posts');
    expect(before.status).toBe(200);
    const created = await admin().post('/api/admin/blog-posts', { title: 'Caring for milk teeth', excerpt: 'Why they matter', content: '<p>They hold the place.</p>', isPublished: true });
    expect(created.status).toBe(201);
    const after = await visitor().get('/api/blog-posts');
    expect(after.body.map((p: { title: string }) => p.title)).toContain('Caring for milk teeth');
    const page = await app.request('/blogs');
    expect(await page.text()).toContain('Caring for milk teeth');

    expect((await admin().put(`/api/admin/blog-posts/${created.body.id}`, { id: created.body.id, title: 'Caring for milk teeth', excerpt: 'Why they matter', content: '<p>x</p>', isPublished: false })).status).toBe(200);
    expect((await visitor().get('/api/blog-posts')).body.map((p: { title: string }) => p.title)).not.toContain('Caring for milk teeth');
  });

  it(spec('SPEC 7', 'after gallery changes /api/gallery'), async () => {
    await visitor().get('/api/gallery');
    const created = await admin().post('/api/admin/gallery', { title: 'The new chair', description: '', imageUrl: 'https://example.com/chair.jpg', category: 'equipment', isActive: true, order: 0 });
    expect(created.status).toBe(201);
    expect((await visitor().get('/api/gallery')).body.map((g: { title: string }) => g.title)).toContain('The new chair');
    expect((await admin().delete(`/api/admin/gallery/${created.body.id}`)).status).toBe(204);
    expect((await visitor().get('/api/gallery')).body.map((g: { title: string }) => g.title)).not.toContain('The new chair');
  });

  it(spec('SPEC 7', 'after saving the setting /api/site-settings/doctor_image'), async () => {
    await visitor().get('/api/site-settings/doctor_image');
    await app.request('/about');
    expect((await admin().put('/api/admin/site-settings/doctor_image', { value: 'https://example.com/dr-new.jpg' })).status).toBe(200);
    expect((await visitor().get('/api/site-settings/doctor_image')).body).toMatchObject({ value: 'https://example.com/dr-new.jpg' });
    expect(await (await app.request('/about')).text()).toContain('https://example.com/dr-new.jpg');
  });
});

describe('SPEC 3: the invoice item', () => {
  it(spec('SPEC 3', 'Invoice item: description, quantity, unitPrice, totalPrice.'), async () => {
    const [patient] = await app.deps.knex('patients').insert({ firstName: 'Asha', lastName: 'Deshmukh', email: 'asha@example.in', phone: '+91 98220 98220' }).returning('id');
    const created = await admin().post('/api/admin/invoices', {
      patientId: patient.id,
      dueDate: '2026-12-07',
      subtotal: 1250,
      taxPercentage: 0,
      taxAmount: 0,
      totalAmount: 1250,
      notes: '',
      items: [{ description: 'Scaling and polishing', quantity: 1, unitPrice: 1250, totalPrice: 1250 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await admin().get(`/api/admin/invoices/${created.body.id}`);
    expect(read.body.items).toHaveLength(1);
    expect(read.body.items[0]).toMatchObject({ description: 'Scaling and polishing', quantity: 1, unitPrice: 1250, totalPrice: 1250 });
  });
});
