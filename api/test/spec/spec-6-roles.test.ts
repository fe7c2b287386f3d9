import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, bookingPayload, client, insertAppointment, patientPayload } from '../support/spec-api';

// SPEC 6: the visitor's and the admin's reach. D6 makes the server enforce it: every /api/admin/* call
// without a session answers 401 { error: 'Not signed in' }.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(() => app.clock.set(SPEC_NOW));

const admin = () => client(app, cookie);

// Every admin call of SPEC 7 (the invoices' included: the guard is the same), as a visitor would try it.
const ADMIN_CALLS: [string, string][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/recent-appointments'],
  ['GET', '/api/admin/patients'],
  ['POST', '/api/admin/patients'],
  ['PUT', '/api/admin/patients/1'],
  ['DELETE', '/api/admin/patients/1'],
  ['GET', '/api/admin/appointments'],
  ['PUT', '/api/admin/appointments/1'],
  ['PATCH', '/api/admin/appointments/1/cancel'],
  ['DELETE', '/api/admin/appointments/1'],
  ['POST', '/api/admin/appointments/1/follow-up'],
  ['GET', '/api/admin/invoices'],
  ['POST', '/api/admin/invoices'],
  ['GET', '/api/admin/invoices/1/pdf'],
  ['POST', '/api/admin/invoices/1/send'],
  ['PATCH', '/api/admin/invoices/1/mark-paid'],
  ['DELETE', '/api/admin/invoices/1'],
  ['GET', '/api/admin/blog-posts'],
  ['POST', '/api/admin/blog-posts'],
  ['PUT', '/api/admin/blog-posts/1'],
  ['DELETE', '/api/admin/blog-posts/1'],
  ['GET', '/api/admin/gallery'],
  ['POST', '/api/admin/gallery'],
  ['PUT', '/api/admin/gallery/1'],
  ['DELETE', '/api/admin/gallery/1'],
  ['POST', '/api/admin/upload'],
  ['GET', '/api/admin/site-settings/doctor_image'],
  ['PUT', '/api/admin/site-settings/doctor_image'],
];

describe('SPEC 6 roles', () => {
  it(spec('SPEC 6', 'Server-side enforcement: not shown.', 'D6'), async () => {
    for (const [method, path] of ADMIN_CALLS) {
      const res = await app.request(path, { method, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json(), `${method} ${path}`).toEqual({ error: 'Not signed in' });
    }
    const logout = await app.request('/api/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(401);
    expect(await app.request('/api/admin/patients', { cookie: 'sid=made-up-session' }).then((r) => r.status)).toBe(401);
  });

  it(spec('SPEC 6', 'Visitor (anonymous): browse public pages, submit booking requests'), async () => {
    for (const path of ['/api/blog-posts', '/api/gallery', '/api/site-settings/doctor_image']) {
      expect((await client(app).get(path)).status, path).toBe(200);
    }
    for (const page of ['/', '/about', '/treatments', '/gallery', '/blogs', '/contact']) {
      expect((await app.request(page)).status, page).toBe(200);
    }
    expect((await client(app).post('/api/appointments', bookingPayload)).status).toBe(201);
  });

  it(spec('SPEC 6', 'Admin may add, edit and delete patients'), async () => {
    const added = await admin().post('/api/admin/patients', { ...patientPayload, phone: '9000000001' });
    expect(added.status).toBe(201);
    expect((await admin().put(`/api/admin/patients/${added.body.id}`, { ...patientPayload, phone: '9000000001', firstName: 'Ashwini' })).status).toBe(200);
    expect((await admin().delete(`/api/admin/patients/${added.body.id}`)).status).toBe(204);
  });

  it(spec('SPEC 6', 'change, cancel and delete appointments and send follow-ups'), async () => {
    const a = await insertAppointment(app);
    expect((await admin().put(`/api/admin/appointments/${a}`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin().patch(`/api/admin/appointments/${a}/cancel`)).status).toBe(200);
    expect((await admin().delete(`/api/admin/appointments/${a}`)).status).toBe(204);
    const done = await insertAppointment(app, { status: 'completed', preferredDate: '2026-11-20' });
    expect((await admin().post(`/api/admin/appointments/${done}/follow-up`, { followUpDate: '2026-12-01T05:00:00.000Z' })).status).toBe(200);
  });

  it(spec('SPEC 6', 'create, edit and delete blog posts and gallery images'), async () => {
    const post = await admin().post('/api/admin/blog-posts', { title: 'Roles', excerpt: 'e', content: '<p>c</p>' });
    expect(post.status).toBe(201);
    expect((await admin().put(`/api/admin/blog-posts/${post.body.id}`, { title: 'Roles 2', excerpt: 'e', content: '<p>c</p>' })).status).toBe(200);
    expect((await admin().delete(`/api/admin/blog-posts/${post.body.id}`)).status).toBe(204);
    const image = await admin().post('/api/admin/gallery', { title: 'Roles', imageUrl: '/images/r.jpg' });
    expect(image.status).toBe(201);
    expect((await admin().put(`/api/admin/gallery/${image.body.id}`, { title: 'Roles 2', imageUrl: '/images/r.jpg' })).status).toBe(200);
    expect((await admin().delete(`/api/admin/gallery/${image.body.id}`)).status).toBe(204);
  });

  it(spec('SPEC 6', 'update the doctor image setting'), async () => {
    expect((await admin().put('/api/admin/site-settings/doctor_image', { value: '/images/doctor.jpg' })).status).toBe(200);
  });

  it(spec('SPEC 6', 'Admin calls carry the session cookie.', 'D7'), async () => {
    const res = await app.request('/api/auth/login', { method: 'POST', json: { email: 'admin@clinic.test', password: 'correct-horse-battery' } });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
  });
});
