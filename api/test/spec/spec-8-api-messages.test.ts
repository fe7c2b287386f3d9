import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, bookingPayload, client, insertAppointment } from '../support/spec-api';

// SPEC 8's texts where the server supplies them: the error text the booking toast, the sign-in and the
// admin's mutation toasts show (D9: the server's `error`, else the client's fallback).

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
});

const admin = () => client(app, cookie);

describe('SPEC 8 texts the server gives', () => {
  it(spec('SPEC 8', "Booking failure: destructive toast 'Booking Failed' with the error message", 'D12'), async () => {
    // The message the toast shows is the server's error text: one plain sentence, never a status line.
    const sunday = await client(app).post('/api/appointments', { ...bookingPayload, preferredDate: '2026-11-29' });
    expect(sunday.status).toBe(400);
    expect(sunday.body.error).toBe('The clinic is closed on Sundays. For emergencies, please call us.');
    const unknown = await client(app).post('/api/appointments', { ...bookingPayload, treatment: 'tattoo' });
    expect(unknown.body.error).toBe('Please select a valid treatment');
    await client(app).post('/api/appointments', bookingPayload);
    await client(app).post('/api/appointments', { ...bookingPayload, email: 'second@example.in' });
    const full = await client(app).post('/api/appointments', { ...bookingPayload, email: 'third@example.in' });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('This time slot is fully booked. Please choose another time.');
  });

  it(spec('SPEC 8', "HTTP failure shows the server's error text or 'Login failed'"), async () => {
    const res = await client(app).post('/api/auth/login', { email: ADMIN.email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(res.body.error).not.toMatch(/HTTP|stack|SQL/i);
  });

  it(spec('SPEC 8', "Admin mutation failures: destructive toast with a title and the server's message", 'D8'), async () => {
    const missing = await admin().put('/api/admin/appointments/999999', { status: 'confirmed' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Appointment not found' });
    const patient = await admin().delete('/api/admin/patients/999999');
    expect(patient.body).toEqual({ error: 'Patient not found' });
    const post = await admin().delete('/api/admin/blog-posts/999999');
    expect(post.body.error).toMatch(/not found$/);
    const image = await admin().delete('/api/admin/gallery/999999');
    expect(image.body.error).toMatch(/not found$/);
    const bad = await admin().post('/api/admin/blog-posts', { title: '', excerpt: 'e', content: 'c' });
    expect(bad.body).toEqual({ error: 'Title is required', fields: { title: 'Title is required' } });
  });

  it(spec('SPEC 8', 'Success toasts: Patient added / updated / deleted; Status updated ("Appointment status changed to {status}.")'), async () => {
    // The toast names the status the server answers.
    const id = await insertAppointment(app);
    const res = await admin().put(`/api/admin/appointments/${id}`, { status: 'CONFIRMED' });
    expect(res.body.status).toBe('confirmed');
  });

  it(spec('SPEC 8', 'Appointment cancelled ("...notification sent to patient.")'), async () => {
    const id = await insertAppointment(app, { email: 'notify@example.in' });
    await app.deps.knex('email_outbox').delete();
    await admin().patch(`/api/admin/appointments/${id}/cancel`);
    const mail = await app.deps.knex('email_outbox').select('toAddress', 'subject');
    expect(mail.map((m: { toAddress: string }) => m.toAddress)).toContain('notify@example.in');
  });

  it(spec('SPEC 8', 'Upload: "Invalid file type", "File too large", "Upload failed" (server error text or "Failed to upload image")', 'D18'), async () => {
    const form = new FormData();
    form.append('image', new Blob(['just text'], { type: 'text/plain' }), 'notes.txt');
    const res = await app.request('/api/admin/upload', { method: 'POST', body: form, cookie });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.error).toBe('Please select an image file');
    const none = await app.request('/api/admin/upload', { method: 'POST', body: new FormData(), cookie });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toEqual(expect.any(String));
  });

  it(spec('SPEC 8', 'Unknown route: 404 page.', 'D20'), async () => {
    const page = await app.request('/no-such-page');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('404 Page Not Found');
    const api = await app.request('/api/no-such-call');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
  });
});
