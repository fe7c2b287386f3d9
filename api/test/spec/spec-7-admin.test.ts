import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, client, insertAppointment, outbox, patientPayload } from '../support/spec-api';

// SPEC 7, "Admin": every admin call but the invoices', with the payloads SPEC 7 lists, as the signed-in
// admin's browser makes them. Status codes follow D9 (201 on creation, 204 on DELETE).

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
});

const admin = () => client(app, cookie);

describe('SPEC 7 admin: patients', () => {
  // D43, one person one patient: SPEC 7's payload is posted into a clinic that does not hold Asha yet (the
  // same mobile and first name again is a duplicate, 409, unless createAnyway), so each test starts without her.
  beforeEach(async () => {
    await app.deps.knex('patients').delete();
  });

  it(spec('SPEC 7', 'GET /api/admin/patients | none; array', 'D10'), async () => {
    await admin().post('/api/admin/patients', patientPayload);
    const res = await admin().get('/api/admin/patients');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((p: { firstName: string }) => p.firstName)).toEqual(['Asha']);
  });

  it(spec('SPEC 7', 'POST /api/admin/patients | firstName, lastName, email, phone, address, dateOfBirth', 'D9', 'D43'), async () => {
    const res = await admin().post('/api/admin/patients', patientPayload);
    expect(res.status).toBe(201);
    // D43: phones are stored in one normal form (+91 for Indian mobiles).
    expect(res.body).toMatchObject({ ...patientPayload, phone: '+919822098220', id: expect.any(Number) });
  });

  it(spec('SPEC 7', 'PUT /api/admin/patients/{id} | same plus id'), async () => {
    const created = await admin().post('/api/admin/patients', patientPayload);
    const id = created.body.id;
    const res = await admin().put(`/api/admin/patients/${id}`, { ...patientPayload, id, address: 'Chikhali, Pune' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, address: 'Chikhali, Pune', firstName: 'Asha' });
    expect((await admin().put('/api/admin/patients/999999', { ...patientPayload, id: 999999 })).status).toBe(404);
  });

  it(spec('SPEC 7', 'DELETE /api/admin/patients/{id} | none', 'D9'), async () => {
    const created = await admin().post('/api/admin/patients', patientPayload);
    const res = await admin().delete(`/api/admin/patients/${created.body.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const list = await admin().get('/api/admin/patients');
    expect(list.body.map((p: { id: number }) => p.id)).not.toContain(created.body.id);
    const again = await admin().delete(`/api/admin/patients/${created.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toMatch(/not found$/);
  });
});

describe('SPEC 7 admin: appointments', () => {
  it(spec('SPEC 7', 'GET /api/admin/appointments | none; array'), async () => {
    const id = await insertAppointment(app);
    const res = await admin().get('/api/admin/appointments');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { id: number }) => a.id)).toEqual([id]);
  });

  it(spec('SPEC 7', 'PUT /api/admin/appointments/{id} | status'), async () => {
    const id = await insertAppointment(app);
    const res = await admin().put(`/api/admin/appointments/${id}`, { status: 'confirmed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'confirmed' });
  });

  it(spec('SPEC 7', 'PATCH /api/admin/appointments/{id}/cancel | none; server emails patient'), async () => {
    const id = await insertAppointment(app, { email: 'cancel.me@example.in' });
    const res = await admin().patch(`/api/admin/appointments/${id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'cancelled' });
    expect((await outbox(app)).map((m) => m.toAddress)).toContain('cancel.me@example.in');
  });

  it(spec('SPEC 7', 'DELETE /api/admin/appointments/{id} | none', 'D9'), async () => {
    const id = await insertAppointment(app);
    const res = await admin().delete(`/api/admin/appointments/${id}`);
    expect(res.status).toBe(204);
    expect(await app.deps.knex('appointments').where({ id }).first()).toBeUndefined();
    expect(await outbox(app)).toEqual([]);
  });

  it(spec('SPEC 7', 'POST /api/admin/appointments/{id}/follow-up | followUpDate, customMessage; server emails patient'), async () => {
    const id = await insertAppointment(app, { preferredDate: '2026-11-20', status: 'completed', email: 'follow@example.in' });
    const res = await admin().post(`/api/admin/appointments/${id}/follow-up`, {
      followUpDate: '2026-12-10T04:30:00.000Z',
      customMessage: 'Please come for the crown fitting.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'completed' });
    const mail = await outbox(app);
    expect(mail.map((m) => m.toAddress)).toEqual(['follow@example.in']);
  });
});

describe('SPEC 7 admin: blog posts', () => {
  it(spec('SPEC 7', 'GET /api/admin/blog-posts | none'), async () => {
    await admin().post('/api/admin/blog-posts', { title: 'A draft', excerpt: 'Soon', content: '<p>x</p>', isPublished: false });
    const res = await admin().get('/api/admin/blog-posts');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { title: string }) => p.title)).toContain('A draft');
  });

  it(spec('SPEC 7', 'POST /api/admin/blog-posts | title, excerpt, content, isPublished', 'D9'), async () => {
    const res = await admin().post('/api/admin/blog-posts', { title: 'Kids and sweets', excerpt: 'Sugar', content: '<p>Less</p>', isPublished: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), title: 'Kids and sweets', excerpt: 'Sugar', content: '<p>Less</p>', isPublished: true });
  });

  it(spec('SPEC 7', 'PUT /api/admin/blog-posts/{id} | same plus id'), async () => {
    const created = await admin().post('/api/admin/blog-posts', { title: 'Gum care', excerpt: 'Gums', content: '<p>a</p>', isPublished: false });
    const id = created.body.id;
    const res = await admin().put(`/api/admin/blog-posts/${id}`, { id, title: 'Gum care at home', excerpt: 'Gums', content: '<p>b</p>', isPublished: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Gum care at home', content: '<p>b</p>', isPublished: true });
  });

  it(spec('SPEC 7', 'DELETE /api/admin/blog-posts/{id} | none'), async () => {
    const created = await admin().post('/api/admin/blog-posts', { title: 'Short lived', excerpt: 'x', content: '<p>x</p>', isPublished: true });
    expect((await admin().delete(`/api/admin/blog-posts/${created.body.id}`)).status).toBe(204);
    expect((await client(app).get(`/api/blog-posts/${created.body.slug}`)).status).toBe(404);
    expect((await admin().delete(`/api/admin/blog-posts/${created.body.id}`)).status).toBe(404);
  });
});

describe('SPEC 7 admin: gallery', () => {
  const image = { title: 'Waiting room', description: 'Calm', imageUrl: '/images/waiting.jpg', category: 'clinic', isActive: true, order: 3 };

  it(spec('SPEC 7', 'GET /api/admin/gallery | none'), async () => {
    await admin().post('/api/admin/gallery', { ...image, title: 'Hidden one', isActive: false });
    const res = await admin().get('/api/admin/gallery');
    expect(res.status).toBe(200);
    expect(res.body.map((g: { title: string }) => g.title)).toContain('Hidden one');
  });

  it(spec('SPEC 7', 'POST /api/admin/gallery | title, description, imageUrl, category, isActive, order', 'D9'), async () => {
    const res = await admin().post('/api/admin/gallery', image);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...image, id: expect.any(Number) });
  });

  it(spec('SPEC 7', 'PUT /api/admin/gallery/{id} | same fields'), async () => {
    const created = await admin().post('/api/admin/gallery', image);
    const res = await admin().put(`/api/admin/gallery/${created.body.id}`, { ...image, title: 'Chair', category: 'equipment', order: 1, isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, title: 'Chair', category: 'equipment', order: 1, isActive: false });
  });

  it(spec('SPEC 7', 'DELETE /api/admin/gallery/{id} | none'), async () => {
    const created = await admin().post('/api/admin/gallery', image);
    expect((await admin().delete(`/api/admin/gallery/${created.body.id}`)).status).toBe(204);
    expect((await admin().delete(`/api/admin/gallery/${created.body.id}`)).status).toBe(404);
  });
});

describe('SPEC 7 admin: upload and site settings', () => {
  it(spec('SPEC 7', 'POST /api/admin/upload | multipart, field image; answer success, imageUrl, error', 'D18'), async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 100, b: 50 } } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([Buffer.from(png)], { type: 'image/png' }), 'doctor.png');
    const res = await app.request('/api/admin/upload', { method: 'POST', body: form, cookie });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, imageUrl: expect.stringMatching(/^\/media\//), error: null });
    expect((await app.request(body.imageUrl)).status).toBe(200);
  });

  it(spec('SPEC 7', 'GET /api/admin/site-settings/doctor_image | none; value'), async () => {
    await admin().put('/api/admin/site-settings/doctor_image', { value: '/images/dr.jpg' });
    const res = await admin().get('/api/admin/site-settings/doctor_image');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'doctor_image', value: '/images/dr.jpg' });
  });

  it(spec('SPEC 7', 'PUT /api/admin/site-settings/{key} | value'), async () => {
    const res = await admin().put('/api/admin/site-settings/doctor_image', { value: 'https://example.in/doctor.jpg' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'doctor_image', value: 'https://example.in/doctor.jpg' });
    expect((await client(app).get('/api/site-settings/doctor_image')).body.value).toBe('https://example.in/doctor.jpg');
  });
});
