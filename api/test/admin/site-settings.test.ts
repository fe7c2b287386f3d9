import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.deps.knex('site_settings').delete();
  app.deps.cache.invalidate('setting');
});

const PATH = '/api/admin/site-settings/doctor_image';
const put = (value: unknown, path = PATH) => app.request(path, { method: 'PUT', json: { value }, cookie });
const get = (path = PATH) => app.request(path, { cookie });

describe('GET /api/admin/site-settings/:key', () => {
  it('answers a null value while the doctor image is unset', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: 'doctor_image', value: null });
  });

  it('answers 404 for an unknown key', async () => {
    const res = await get('/api/admin/site-settings/admin_password');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Setting not found' });
  });
});

describe('PUT /api/admin/site-settings/:key', () => {
  it('saves an http(s) URL, then a /media path, answering { key, value }', async () => {
    const first = await put('https://cdn.example.org/doctor.jpg');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ key: 'doctor_image', value: 'https://cdn.example.org/doctor.jpg' });
    expect(await (await get()).json()).toEqual({ key: 'doctor_image', value: 'https://cdn.example.org/doctor.jpg' });

    // Saving again replaces the value (one row per key).
    const media = '/media/00000000-0000-4000-8000-000000000000.jpg';
    expect(await (await put(`  ${media}  `)).json()).toEqual({ key: 'doctor_image', value: media });
    expect(await app.deps.knex('site_settings').select('key', 'value')).toEqual([{ key: 'doctor_image', value: media }]);
  });

  it.each([
    ['a javascript: address', 'javascript:alert(1)'],
    ['a data: address', 'data:image/png;base64,AAAA'],
    ['plain text', 'not a url'],
    ['a protocol-relative address', '//evil.example/x.jpg'],
    ['an empty value', ''],
    ['no value', undefined],
    ['a number', 42],
  ])('refuses %s with 400', async (_what, value) => {
    const res = await put(value);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Please enter a valid image URL', fields: { value: 'Please enter a valid image URL' } });
    expect(await app.deps.knex('site_settings').count('* as n').first()).toEqual({ n: 0 });
  });

  it('answers 404 for an unknown key and stores nothing', async () => {
    const res = await put('https://cdn.example.org/x.jpg', '/api/admin/site-settings/clinic_name');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Setting not found' });
    expect(await app.deps.knex('site_settings').count('* as n').first()).toEqual({ n: 0 });
  });

  it('shows the new value on the public endpoint at once (the public cache is dropped)', async () => {
    const before = await app.request('/api/site-settings/doctor_image');
    expect(await before.json()).toEqual({ key: 'doctor_image', value: null });
    await put('https://cdn.example.org/new-doctor.jpg');
    const after = await app.request('/api/site-settings/doctor_image');
    expect(await after.json()).toEqual({ key: 'doctor_image', value: 'https://cdn.example.org/new-doctor.jpg' });
  });
});

describe('without a session', () => {
  it.each([
    ['GET', PATH],
    ['PUT', PATH],
    ['GET', '/api/admin/site-settings/unknown'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await app.request(path, { method, json: method === 'PUT' ? { value: 'https://x.example/a.jpg' } : undefined });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
  });
});

describe('PUT /api/admin/site-settings/gstin (SET-5)', () => {
  const GSTIN_PATH = '/api/admin/site-settings/gstin';

  it('saves a valid GSTIN upper-cased without spaces, reads it back, and clears it with an empty value', async () => {
    const res = await put(' 27aapfu0939f1zv ', GSTIN_PATH);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: 'gstin', value: '27AAPFU0939F1ZV' });
    expect(await (await get(GSTIN_PATH)).json()).toEqual({ key: 'gstin', value: '27AAPFU0939F1ZV' });
    expect(await (await put('', GSTIN_PATH)).json()).toEqual({ key: 'gstin', value: null });
    expect(await (await get(GSTIN_PATH)).json()).toEqual({ key: 'gstin', value: null });
    expect(await app.deps.knex('site_settings').count('* as n').first()).toEqual({ n: 0 });
  });

  it.each([
    ['27AAPFU0939F1Z', 'GSTIN must be 15 characters'],
    ['27AAPFU0939F1Z!', 'GSTIN may contain only letters and digits'],
    ['44AAPFU0939F1ZV', 'GSTIN must start with a valid state code (for example 27 for Maharashtra)'],
    ['27AAPF10939F1ZV', 'GSTIN characters 3 to 12 must be a PAN (5 letters, 4 digits, 1 letter)'],
    ['27AAPFU0939F0ZV', 'GSTIN character 13 must be a digit from 1 to 9 or a letter'],
    ['27AAPFU0939F1XV', 'GSTIN character 14 must be Z'],
    ['27AAPFU0939F1ZA', 'GSTIN check character does not match: please check it for a typing mistake'],
    [42, 'Please enter the GSTIN, or leave it empty if the clinic is not registered'],
  ])('refuses %s with "%s" and keeps the GSTIN it had', async (value, message) => {
    await put('27AAPFU0939F1ZV', GSTIN_PATH);
    const res = await put(value, GSTIN_PATH);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, fields: { value: message } });
    expect(await (await get(GSTIN_PATH)).json()).toEqual({ key: 'gstin', value: '27AAPFU0939F1ZV' });
  });

  it('is not readable on the public settings endpoint', async () => {
    await put('27AAPFU0939F1ZV', GSTIN_PATH);
    expect((await app.request('/api/site-settings/gstin')).status).toBe(404);
  });
});

describe('PUT /api/admin/site-settings/upi_id (SET-5)', () => {
  const UPI_PATH = '/api/admin/site-settings/upi_id';

  it('saves a UPI ID and clears it with null', async () => {
    expect(await (await put(' smilecare@okicici ', UPI_PATH)).json()).toEqual({ key: 'upi_id', value: 'smilecare@okicici' });
    expect(await (await get(UPI_PATH)).json()).toEqual({ key: 'upi_id', value: 'smilecare@okicici' });
    expect(await (await put(null, UPI_PATH)).json()).toEqual({ key: 'upi_id', value: null });
  });

  it.each(['smilecare', 'smile care@okicici', 'smilecare@', '@okicici', 'a@b@c', `${'x'.repeat(300)}@ybl`])('refuses %s', async (value) => {
    const res = await put(value, UPI_PATH);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Please enter a valid UPI ID, like clinicname@okicici',
      fields: { value: 'Please enter a valid UPI ID, like clinicname@okicici' },
    });
  });
});
