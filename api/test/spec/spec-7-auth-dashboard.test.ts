import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { ADMIN, cookieFrom, startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, bookingPayload, client, insertAppointment } from '../support/spec-api';

// SPEC 7, "Auth and dashboard": sign-in, sign-out, the dashboard's figures and its recent appointments.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(SPEC_NOW);
  await app.deps.knex('appointments').delete();
});

describe('SPEC 7 auth and dashboard', () => {
  it(spec('SPEC 7', 'POST /api/auth/login | email, password | success, user, error'), async () => {
    const res = await app.request('/api/auth/login', { method: 'POST', json: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, user: { email: ADMIN.email } });
    expect(cookieFrom(res)).toMatch(/^sid=/);

    const wrong = await client(app).post('/api/auth/login', { email: ADMIN.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, error: expect.any(String) });
    expect(wrong.body.user).toBeUndefined();
  });

  it(spec('SPEC 7', 'POST /api/auth/logout | none'), async () => {
    const cookie = await app.signIn();
    const out = await client(app, cookie).post('/api/auth/logout');
    expect(out.status).toBe(200);
    // The session has ended: the same cookie no longer opens the admin.
    expect((await client(app, cookie).get('/api/admin/stats')).status).toBe(401);
  });

  it(spec('SPEC 7', 'GET /api/admin/stats | none | totalPatients, todayAppointments, pendingInvoices, monthlyRevenue'), async () => {
    const cookie = await app.signIn();
    await insertAppointment(app, { preferredDate: '2026-11-23', preferredTime: '17:00', status: 'confirmed' });
    const res = await client(app, cookie).get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['monthlyRevenue', 'pendingInvoices', 'todayAppointments', 'totalPatients']));
    expect(res.body.todayAppointments).toBe(1);
    for (const key of ['totalPatients', 'todayAppointments', 'pendingInvoices', 'monthlyRevenue']) {
      expect(typeof res.body[key], key).toBe('number');
    }
  });

  it(spec('SPEC 7', 'GET /api/admin/recent-appointments | none | list (first 5 shown)'), async () => {
    const cookie = await app.signIn();
    for (let i = 0; i < 7; i += 1) await insertAppointment(app, { firstName: `Patient${'abcdefg'[i]}` });
    const res = await client(app, cookie).get('/api/admin/recent-appointments');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(5);
    expect(res.body[0]).toMatchObject({ lastName: bookingPayload.lastName, treatment: bookingPayload.treatment });
  });
});
