import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, SPEC_TOMORROW, bookingPayload, client, insertAppointment, patientPayload } from '../support/spec-api';

// SPEC 3: the fields of each entity, as the API answers them to the screens that read them.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(SPEC_NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
});

const admin = () => client(app, cookie);
const fieldsOf = (o: object) => Object.keys(o);

describe('SPEC 3 entities', () => {
  it(spec('SPEC 3', 'firstName, lastName, email, phone, preferredDate (yyyy-MM-dd), preferredTime (HH:mm), treatment (a treatment code), notes (optional)'), async () => {
    const { notes: _notes, ...withoutNotes } = bookingPayload;
    const res = await client(app).post('/api/appointments', withoutNotes);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ preferredDate: SPEC_TOMORROW, preferredTime: '10:00', treatment: 'cleaning' });
    // Another date format or a 12-hour time is not a booking.
    expect((await client(app).post('/api/appointments', { ...bookingPayload, preferredDate: '24/11/2026' })).status).toBe(400);
    expect((await client(app).post('/api/appointments', { ...bookingPayload, preferredTime: '10:00 AM' })).status).toBe(400);
  });

  it(spec('SPEC 3', 'Appointment (admin): id, firstName, lastName, email, phone, treatment, preferredDate, preferredTime, notes (optional), status'), async () => {
    const id = await insertAppointment(app);
    const plain = await insertAppointment(app, { notes: null, preferredTime: '11:00' });
    const res = await admin().get('/api/admin/appointments');
    const [withNotes, withoutNotes] = res.body;
    expect(fieldsOf(withNotes)).toEqual(
      expect.arrayContaining(['id', 'firstName', 'lastName', 'email', 'phone', 'treatment', 'preferredDate', 'preferredTime', 'notes', 'status']),
    );
    expect(withNotes).toMatchObject({
      id,
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      treatment: 'cleaning',
      preferredDate: SPEC_TOMORROW,
      preferredTime: '10:00',
      notes: 'Sensitive teeth',
      status: 'pending',
    });
    expect(withoutNotes.id).toBe(plain);
    expect(withoutNotes.notes ?? null).toBeNull();
  });

  it(spec('SPEC 3', 'The dashboard reads id, firstName, lastName, treatment, preferredDate, preferredTime, status'), async () => {
    const id = await insertAppointment(app);
    const res = await admin().get('/api/admin/recent-appointments');
    expect(res.body[0]).toMatchObject({ id, firstName: 'Priya', lastName: 'Kulkarni', treatment: 'cleaning', preferredDate: SPEC_TOMORROW, preferredTime: '10:00', status: 'pending' });
  });

  it(spec('SPEC 3', 'Patient: id, firstName, lastName, email, phone, address (optional), dateOfBirth (optional, date), createdAt'), async () => {
    const full = await admin().post('/api/admin/patients', patientPayload);
    expect(full.body).toMatchObject({ id: expect.any(Number), firstName: 'Asha', lastName: 'Deshmukh', email: 'asha@example.in', address: 'Moshi, Pune', dateOfBirth: '1980-05-17' });
    expect(full.body.phone).toMatch(/9822098220$/);
    expect(new Date(full.body.createdAt).toString()).not.toBe('Invalid Date');
    const { address: _a, dateOfBirth: _d, ...bare } = patientPayload;
    const minimal = await admin().post('/api/admin/patients', { ...bare, phone: '9822011111' });
    expect(minimal.status).toBe(201);
    expect(minimal.body).toMatchObject({ address: null, dateOfBirth: null });
  });

  it(spec('SPEC 3', 'Blog post: id, title, slug, excerpt, content (HTML), author, publishedAt (public), createdAt (admin), imageUrl (optional), isPublished'), async () => {
    const created = await admin().post('/api/admin/blog-posts', { title: 'Healthy Gums', excerpt: 'Gums', content: '<p><strong>Floss</strong></p>', isPublished: true });
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      title: 'Healthy Gums',
      slug: expect.stringMatching(/^healthy-gums/),
      excerpt: 'Gums',
      content: '<p><strong>Floss</strong></p>',
      author: ADMIN.name,
      createdAt: expect.any(String),
      imageUrl: null,
      isPublished: true,
    });
    const list = await client(app).get('/api/blog-posts');
    expect(list.body.find((p: { id: number }) => p.id === created.body.id)).toMatchObject({ slug: created.body.slug, publishedAt: expect.any(String) });
  });

  it(spec('SPEC 3', 'Gallery image: id, title, description (optional), imageUrl, thumbnailUrl (optional), category (optional), isActive, order'), async () => {
    const created = await admin().post('/api/admin/gallery', { title: 'Front desk', imageUrl: '/images/desk.jpg' });
    expect(created.status).toBe(201);
    const list = await client(app).get('/api/gallery');
    const shown = list.body.find((g: { id: number }) => g.id === created.body.id);
    expect(shown).toMatchObject({ id: created.body.id, title: 'Front desk', description: null, imageUrl: '/images/desk.jpg', thumbnailUrl: null, isActive: true, order: 0 });
    expect(fieldsOf(shown)).toEqual(expect.arrayContaining(['category']));
  });

  it(spec('SPEC 3', 'Site setting: key and value; the key used is doctor_image (holds the doctor photo address)'), async () => {
    const saved = await admin().put('/api/admin/site-settings/doctor_image', { value: '/media/doctor.png' });
    expect(saved.body).toMatchObject({ key: 'doctor_image', value: '/media/doctor.png' });
    expect((await client(app).get('/api/site-settings/doctor_image')).body).toMatchObject({ key: 'doctor_image', value: '/media/doctor.png' });
  });

  it(spec('SPEC 3', 'Follow-up payload: followUpDate (ISO string), customMessage'), async () => {
    const id = await insertAppointment(app, { preferredDate: '2026-11-20', status: 'completed' });
    const iso = await admin().post(`/api/admin/appointments/${id}/follow-up`, { followUpDate: new Date('2026-12-01T04:30:00Z').toISOString(), customMessage: 'See you' });
    expect(iso.status).toBe(200);
    const empty = await admin().post(`/api/admin/appointments/${id}/follow-up`, { followUpDate: '2026-12-02T04:30:00.000Z', customMessage: '' });
    expect(empty.status).toBe(200);
  });

  it(spec('SPEC 3', 'Image upload response: success flag, imageUrl, error text'), async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const good = new FormData();
    good.append('image', new Blob([Buffer.from(png)], { type: 'image/png' }), 'a.png');
    const ok = await (await app.request('/api/admin/upload', { method: 'POST', body: good, cookie })).json();
    expect(ok).toMatchObject({ success: true, imageUrl: expect.any(String), error: null });
    const bad = new FormData();
    bad.append('image', new Blob(['plain words'], { type: 'image/png' }), 'a.png');
    const refused = await (await app.request('/api/admin/upload', { method: 'POST', body: bad, cookie })).json();
    expect(refused).toMatchObject({ success: false, imageUrl: null, error: expect.any(String) });
  });

  it(spec('SPEC 3', 'Stored user (from login)', 'D6'), async () => {
    const res = await client(app).post('/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
    expect(res.body.user).toMatchObject({ email: ADMIN.email });
    expect(JSON.stringify(res.body.user)).not.toMatch(/passwordHash|\$2[aby]\$/);
  });

  it(spec('SPEC 3', 'Dashboard stats: totalPatients, todayAppointments, pendingInvoices, monthlyRevenue'), async () => {
    const res = await admin().get('/api/admin/stats');
    for (const key of ['totalPatients', 'todayAppointments', 'pendingInvoices', 'monthlyRevenue']) expect(res.body, key).toHaveProperty(key);
  });
});
