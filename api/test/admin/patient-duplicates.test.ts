import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

// PAT-18 (one person, one patient, BOOK-17): Add Patient with the mobile and first name of a patient on file
// answers 409 naming that record and its id, unless the desk says `createAnyway: true`. The mobile is
// compared in its normal form (PAT-9) and the first name as a booking compares it (BOOK-17), so the spelling
// of either does not slip a duplicate through; a merged record is not "on file".

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set('2026-12-07T05:00:00Z');
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.deps.knex('patients').update({ guardianId: null });
  await app.deps.knex('patients').delete();
});

const aarav = { firstName: 'Aarav', lastName: 'Patil', email: 'aarav@example.in', phone: '+91 98220 10000' };
const post = async (body: object) => {
  const res = await app.request('/api/admin/patients', { method: 'POST', cookie, json: body });
  return { status: res.status, body: await res.json() };
};
const count = async () => Number((await app.deps.knex('patients').count('* as n').first())!.n);

it('refuses the same mobile and first name as a patient on file with 409, naming the record and giving its id', async () => {
  const first = await post(aarav);
  expect(first.status).toBe(201);
  const again = await post({ ...aarav, firstName: ' aarav ', lastName: 'Patil-Shah', email: '', phone: '098220 10000' });
  expect(again).toEqual({
    status: 409,
    body: {
      error: `Aarav Patil (${first.body.fileNumber}) is already registered with this mobile number and first name`,
      existingPatientId: first.body.id,
      existingPatient: { id: first.body.id, fileNumber: first.body.fileNumber, firstName: 'Aarav', lastName: 'Patil' },
    },
  });
  expect(await count()).toBe(1);
});

it('adds the second record when the request says createAnyway: true', async () => {
  const first = await post(aarav);
  const anyway = await post({ ...aarav, createAnyway: true });
  expect(anyway.status).toBe(201);
  expect(anyway.body.id).not.toBe(first.body.id);
  expect(anyway.body).not.toHaveProperty('createAnyway');
  expect(await count()).toBe(2);
});

it('lets a family share a mobile: another first name on the same mobile is another patient', async () => {
  await post(aarav);
  expect((await post({ ...aarav, firstName: 'Ananya' })).status).toBe(201);
  expect((await post({ ...aarav, phone: '+91 98220 10001' })).status).toBe(201);
});

it('checks the fields first: a bad field of a duplicate is a 400 on that field', async () => {
  await post(aarav);
  const bad = await post({ ...aarav, email: 'not-an-email' });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toMatchObject({ email: expect.any(String) });
});

// Last: the merge it makes stays in the database.
it('does not count a merged record as on file', async () => {
  const kept = await post({ ...aarav, firstName: 'Aaravv' });
  const merged = await post(aarav);
  const res = await app.request(`/api/admin/patients/${kept.body.id}/merge`, { method: 'POST', cookie, json: { otherPatientId: merged.body.id, reason: 'Same person, typo' } });
  expect(res.status).toBe(200);
  expect((await post(aarav)).status).toBe(201);
});
