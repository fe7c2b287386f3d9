import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

// Cross-site requests cannot change anything: a state-changing request that a browser marks as coming
// from another site is refused (403), and the API reads JSON bodies only (415 for a form post or a
// text/plain "simple" request, which another site's page can send without asking).

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: 'https://clinic.example', desktopOrigins: ['app://clinic'] } });
  cookie = await app.signIn();
});
afterAll(() => app?.close());

const patient = { firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '9876543210', address: '', dateOfBirth: '' };
// Each accepted request adds another person (PAT-18 refuses the same mobile and first name twice).
let added = 0;
const nextPatient = () => JSON.stringify({ ...patient, firstName: `Asha ${String.fromCharCode(97 + (added++ % 26))}` });
const addPatient = (headers: Record<string, string>, body: string = nextPatient()) =>
  app.request('/api/admin/patients', { method: 'POST', cookie, headers: { 'content-type': 'application/json', ...headers }, body });

describe('cross-site requests', () => {
  it('refuses an admin change from another site, by Origin or by Sec-Fetch-Site, and stores nothing', async () => {
    const before = await app.deps.knex('patients').count('* as n').first();
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://blog.clinic.example' },
      { origin: 'null' },
    ]) {
      const res = await addPatient(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ error: 'Cross-site requests are not allowed' });
    }
    expect(await app.deps.knex('patients').count('* as n').first()).toEqual(before);
  });

  it('refuses cross-site deletes, status changes and sign-ins alike', async () => {
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await app.request('/api/admin/patients/1', { method: 'DELETE', cookie, headers: evil })).status).toBe(403);
    expect((await app.request('/api/auth/logout', { method: 'POST', cookie, headers: evil })).status).toBe(403);
    const login = await app.request('/api/auth/login', { method: 'POST', headers: evil, json: { email: 'a@b.in', password: 'whatever1' } });
    expect(login.status).toBe(403);
    const booking = await app.request('/api/appointments', { method: 'POST', headers: evil, json: {} });
    expect(booking.status).toBe(403);
  });

  it('accepts the same change from the site itself, from the desktop app, and from programs', async () => {
    expect((await addPatient({ origin: 'https://clinic.example', 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await addPatient({ origin: app.url })).status).toBe(201); // the address the request came to
    expect((await addPatient({ origin: 'app://clinic', 'sec-fetch-site': 'cross-site' })).status).toBe(201);
    expect((await addPatient({ 'sec-fetch-site': 'none' })).status).toBe(201); // typed by the user
    expect((await addPatient({})).status).toBe(201); // curl, the desktop's main process
  });

  it('lets other sites read public pages and lists (reads change nothing)', async () => {
    const res = await app.request('/api/gallery', { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('JSON bodies only', () => {
  it('refuses a form-encoded or text/plain admin change with 415 and stores nothing', async () => {
    const before = await app.deps.knex('patients').count('* as n').first();
    const form = new URLSearchParams(patient as Record<string, string>).toString();
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', form],
      ['text/plain', JSON.stringify(patient)],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const res = await addPatient({ 'content-type': type }, body);
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ error: 'Please send the request as JSON (Content-Type: application/json)' });
    }
    expect(await app.deps.knex('patients').count('* as n').first()).toEqual(before);
  });

  it('refuses a body sent without a content type', async () => {
    const res = await app.request('/api/admin/patients', { method: 'POST', cookie, body: JSON.stringify(patient) });
    expect(res.status).toBe(415);
  });

  it('refuses a form-encoded status change even with an empty body', async () => {
    const res = await app.request('/api/admin/appointments/1/cancel', {
      method: 'PATCH',
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(415);
  });

  it('accepts JSON with a charset, and body-less actions without a content type', async () => {
    expect((await addPatient({ 'content-type': 'application/json; charset=utf-8' })).status).toBe(201);
    // Mark paid, send, cancel: no body at all, as the admin sends them.
    const res = await app.request('/api/admin/appointments/999999/cancel', { method: 'PATCH', cookie });
    expect(res.status).toBe(404);
  });

  it('refuses a form-encoded public booking and sign-in too', async () => {
    const booking = await app.request('/api/appointments', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=Spam',
    });
    expect(booking.status).toBe(415);
    const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(login.status).toBe(415);
  });
});
