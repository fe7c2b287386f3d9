import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

// Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

const valid = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  email: 'priya@example.in',
  phone: '+91 98220 12345',
  address: 'Flat 3, Moshi, Pune',
  dateOfBirth: '1990-05-17',
};

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('invoices').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('patients').delete();
});

const api = (path: string, init: Parameters<TestApp['request']>[1] = {}) =>
  app.request(`/api/admin/patients${path}`, { cookie, ...init });
const create = async (body: object = valid) => {
  const res = await api('', { method: 'POST', json: body });
  expect(res.status).toBe(201);
  return res.json();
};

/** Inserts patients whose createdAt is one minute apart, oldest first. */
async function seedPatients(people: { firstName: string; lastName: string; email: string; phone: string }[]) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows = people.map((p, i) => ({ ...p, createdAt: new Date(base + i * 60_000) }));
  return app.deps.knex('patients').insert(rows).returning('id');
}

async function insertInvoice(patientId: number | null, number = 'INV/2026-27/0001') {
  const [row] = await app.deps
    .knex('invoices')
    .insert({
      invoiceNumber: number,
      financialYear: '2026-27',
      sequence: Number(number.slice(-4)),
      patientId,
      billTo: JSON.stringify({ name: 'Priya Kulkarni', email: 'priya@example.in', phone: null, address: null }),
      issueDate: '2026-11-20',
      subtotal: '1000.00',
      taxPercentage: '0.00',
      taxAmount: '0.00',
      totalAmount: '1000.00',
      status: 'pending',
    })
    .returning('id');
  return row.id as number;
}

describe('POST /api/admin/patients', () => {
  it('registers a patient and answers it with 201 in the shape of PAT-1', async () => {
    const body = await create();
    expect(body).toEqual({
      id: expect.any(Number),
      fileNumber: expect.stringMatching(/^SC-\d{6}$/),
      ...valid,
      phone: '+919822012345',
      allergies: '',
      conditions: '',
      medications: '',
      notes: '',
      guardianId: null,
      mergedIntoId: null,
      createdAt: expect.any(String),
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'address', 'createdAt', 'dateOfBirth', 'email', 'firstName', 'id', 'lastName', 'phone',
        'allergies', 'conditions', 'medications', 'notes', 'fileNumber', 'guardianId', 'mergedIntoId',
      ].sort(),
    );
    expect(new Date(body.createdAt).toISOString()).toBe(new Date(NOW).toISOString());
  });

  it('stores empty optional fields as null and trims the required ones', async () => {
    const body = await create({ ...valid, firstName: '  Priya ', address: '  ', dateOfBirth: '' });
    expect(body).toMatchObject({ firstName: 'Priya', address: null, dateOfBirth: null });
    const { address: _a, dateOfBirth: _d, ...required } = valid;
    expect(await create({ ...required, phone: '+91 98220 54321' })).toMatchObject({ address: null, dateOfBirth: null });
  });

  it('allows two patients of one family to share an email address', async () => {
    await create();
    expect(await create({ ...valid, firstName: 'Aarav' })).toMatchObject({ firstName: 'Aarav', email: valid.email });
  });

  it.each([
    ['firstName', { firstName: 'P' }, 'First name must be at least 2 characters'],
    ['firstName', { firstName: undefined }, 'First name must be at least 2 characters'],
    ['lastName', { lastName: '' }, 'Last name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['phone', { phone: '98220' }, 'Phone number must be at least 10 digits'],
    ['phone', { phone: '98220abcde12' }, 'Phone number may contain only digits, spaces, +, - and brackets'],
    ['dateOfBirth', { dateOfBirth: '17/05/1990' }, 'Please enter a valid date of birth'],
    ['dateOfBirth', { dateOfBirth: '2100-01-01' }, 'Date of birth cannot be in the future'],
    ['address', { address: 'x'.repeat(501) }, 'Address must be at most 500 characters'],
  ])('refuses a bad %s with the form message "%s"', async (field, change, message) => {
    const res = await api('', { method: 'POST', json: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, fields: { [field]: message } });
    expect(await app.deps.knex('patients').count('* as n').first()).toEqual({ n: 0 });
  });

  it('names every bad field at once', async () => {
    const res = await api('', { method: 'POST', json: { firstName: 'P', lastName: 'K', email: 'x', phone: '1' } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
    });
  });
});

describe('GET /api/admin/patients', () => {
  it('lists every patient, newest first', async () => {
    await seedPatients([
      { firstName: 'Oldest', lastName: 'One', email: 'a@example.in', phone: '9000000001' },
      { firstName: 'Middle', lastName: 'Two', email: 'b@example.in', phone: '9000000002' },
      { firstName: 'Newest', lastName: 'Three', email: 'c@example.in', phone: '9000000003' },
    ]);
    const res = await api('');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.map((p: { firstName: string }) => p.firstName)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      fileNumber: expect.stringMatching(/^SC-\d{6}$/),
      guardianId: null,
      mergedIntoId: null,
      firstName: 'Newest',
      lastName: 'Three',
      email: 'c@example.in',
      phone: '9000000003',
      address: null,
      dateOfBirth: null,
      // DATA-11: whether an alert exists, never what it is.
      hasAlerts: false,
      notes: '',
      createdAt: '2026-01-01T00:02:00.000Z',
    });
  });

  it('answers an empty array when no patient is registered', async () => {
    expect(await (await api('')).json()).toEqual([]);
  });

  describe('search with ?q=', () => {
    beforeEach(async () => {
      await seedPatients([
        { firstName: 'Priya', lastName: 'Kulkarni', email: 'priya.k@example.in', phone: '+91 98220 12345' },
        { firstName: 'Rohan', lastName: 'Joshi', email: 'rohan@mail.example', phone: '9876500000' },
        { firstName: 'Sneha', lastName: 'Patil', email: 'SNEHA@EXAMPLE.IN', phone: '020 2712 3456' },
        { firstName: 'Odd_Name', lastName: '100%', email: 'odd@example.in', phone: '9999999999' },
      ]);
    });
    const names = async (q: string) =>
      (await (await api(`?q=${encodeURIComponent(q)}`)).json()).map((p: { firstName: string }) => p.firstName);

    it('matches a case-insensitive part of the first, last or full name', async () => {
      expect(await names('PRIYA')).toEqual(['Priya']);
      expect(await names('joshi')).toEqual(['Rohan']);
      expect(await names('priya kul')).toEqual(['Priya']);
      expect(await names('a k')).toEqual(['Priya']);
    });

    it('matches a case-insensitive part of the email', async () => {
      expect(await names('sneha@example')).toEqual(['Sneha']);
      expect(await names('@mail.')).toEqual(['Rohan']);
    });

    it('matches a plain part of the phone number', async () => {
      expect(await names('98220 123')).toEqual(['Priya']);
      expect(await names('2712')).toEqual(['Sneha']);
    });

    it('takes % and _ literally', async () => {
      expect(await names('100%')).toEqual(['Odd_Name']);
      expect(await names('d_n')).toEqual(['Odd_Name']);
      expect(await names('%')).toEqual(['Odd_Name']);
    });

    it('answers nothing for text nobody matches, and everyone for blank text', async () => {
      expect(await names('zzz')).toEqual([]);
      expect(await names('   ')).toHaveLength(4);
    });

    it('refuses search text longer than 100 characters', async () => {
      const res = await api(`?q=${'a'.repeat(101)}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Search text must be at most 100 characters');
    });
  });

  describe('paging with ?limit=&offset=', () => {
    beforeEach(async () => {
      await seedPatients(
        Array.from({ length: 7 }, (_, i) => ({
          firstName: `Patient${i}`,
          lastName: 'Test',
          email: `p${i}@example.in`,
          phone: `900000000${i}`,
        })),
      );
    });
    const page = async (query: string) =>
      (await (await api(query)).json()).map((p: { firstName: string }) => p.firstName);

    it('answers one page at a time, newest first', async () => {
      expect(await page('?limit=3')).toEqual(['Patient6', 'Patient5', 'Patient4']);
      expect(await page('?limit=3&offset=3')).toEqual(['Patient3', 'Patient2', 'Patient1']);
      expect(await page('?limit=3&offset=6')).toEqual(['Patient0']);
      expect(await page('?limit=3&offset=9')).toEqual([]);
      expect(await page('?offset=5')).toEqual(['Patient1', 'Patient0']);
    });

    it('gives the number of matches in X-Total-Count when a page is asked for, and not otherwise', async () => {
      expect((await api('?limit=3')).headers.get('x-total-count')).toBe('7');
      expect((await api('?limit=3&offset=6')).headers.get('x-total-count')).toBe('7');
      expect((await api('?q=patient1&limit=3')).headers.get('x-total-count')).toBe('1');
      expect((await api('')).headers.get('x-total-count')).toBeNull();
    });

    it('pages a search', async () => {
      expect(await page('?q=patient&limit=2&offset=1')).toEqual(['Patient5', 'Patient4']);
    });

    it.each([['limit=0'], ['limit=501'], ['limit=abc'], ['limit=2.5'], ['offset=-1'], ['offset=x']])(
      'refuses ?%s with 400',
      async (query) => {
        const res = await api(`?${query}`);
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(/^(limit|offset) must be a whole number/);
      },
    );
  });
});

describe('GET /api/admin/patients/:id', () => {
  it('answers one patient, with the language of their latest booking: English without one (I18N-3)', async () => {
    const created = await create();
    expect(await (await api(`/${created.id}`)).json()).toEqual({ ...created, language: 'en', guardian: null, dependants: [], mergedInto: null, lastVisit: null, merges: [] });
  });
});

describe('PUT /api/admin/patients/:id', () => {
  it('updates every field and answers the record, ignoring an id in the body', async () => {
    const created = await create();
    const other = await create({ ...valid, firstName: 'Other' });
    const change = {
      id: other.id,
      firstName: 'Priyanka',
      lastName: 'Deshmukh',
      email: 'priyanka@example.in',
      phone: '9822000000',
      address: 'Chakan, Pune',
      dateOfBirth: '1991-01-02',
    };
    const res = await api(`/${created.id}`, { method: 'PUT', json: change });
    expect(res.status).toBe(200);
    const { id: _ignored, ...fields } = change;
    expect(await res.json()).toEqual({
      ...fields,
      phone: '+919822000000',
      fileNumber: created.fileNumber,
      guardianId: null,
      mergedIntoId: null,
      allergies: '',
      conditions: '',
      medications: '',
      notes: '',
      id: created.id,
      createdAt: created.createdAt,
    });
    expect(await (await api(`/${other.id}`)).json()).toMatchObject({ firstName: 'Other' });
  });

  it('clears the optional fields when they are sent empty', async () => {
    const created = await create();
    const res = await api(`/${created.id}`, { method: 'PUT', json: { ...valid, address: '', dateOfBirth: null } });
    expect(await res.json()).toMatchObject({ address: null, dateOfBirth: null });
  });

  it('refuses a bad field with the form message and changes nothing', async () => {
    const created = await create();
    const res = await api(`/${created.id}`, { method: 'PUT', json: { ...valid, email: 'nope' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid email address', fields: { email: 'Invalid email address' } });
    expect(await (await api(`/${created.id}`)).json()).toEqual({ ...created, language: 'en', guardian: null, dependants: [], mergedInto: null, lastVisit: null, merges: [] });
  });
});

describe('DELETE /api/admin/patients/:id', () => {
  it('deletes the patient with 204 and no body', async () => {
    const created = await create();
    const res = await api(`/${created.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await (await api('')).json()).toEqual([]);
  });

  it('keeps their invoices and appointments, no longer linked to anyone (PAT-4)', async () => {
    const patient = await create();
    const invoiceId = await insertInvoice(patient.id);
    await app.deps.knex('appointments').insert({
      patientId: patient.id,
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      phone: '9822012345',
      treatment: 'cleaning',
      preferredDate: '2026-11-24',
      preferredTime: '10:00',
    });
    expect((await api(`/${patient.id}`, { method: 'DELETE' })).status).toBe(204);

    const invoice = await app.deps.knex('invoices').where({ id: invoiceId }).first();
    expect(invoice).toMatchObject({ patientId: null, invoiceNumber: 'INV/2026-27/0001' });
    const appointments = await app.deps.knex('appointments').select('patientId', 'firstName');
    expect(appointments).toEqual([{ patientId: null, firstName: 'Priya' }]);
  });
});

describe('GET /api/admin/patients/:id/usage', () => {
  it("counts the patient's invoices and appointments for the delete prompt (PAT-4)", async () => {
    const patient = await create();
    const other = await create({ ...valid, firstName: 'Other' });
    await insertInvoice(patient.id, 'INV/2026-27/0001');
    await insertInvoice(patient.id, 'INV/2026-27/0002');
    await insertInvoice(other.id, 'INV/2026-27/0003');
    const appointment = {
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      phone: '9822012345',
      treatment: 'cleaning',
      preferredDate: '2026-11-24',
      preferredTime: '10:00',
    };
    await app.deps.knex('appointments').insert([{ ...appointment, patientId: patient.id }, { ...appointment, patientId: null }]);

    expect(await (await api(`/${patient.id}/usage`)).json()).toEqual({ invoices: 2, appointments: 1 });
    expect(await (await api(`/${other.id}/usage`)).json()).toEqual({ invoices: 1, appointments: 0 });
  });
});

describe('unknown patients', () => {
  it.each([
    ['GET', '/999999'],
    ['GET', '/999999/usage'],
    ['PUT', '/999999'],
    ['DELETE', '/999999'],
    ['GET', '/abc'],
    ['DELETE', '/0'],
    ['PUT', '/99999999999'],
  ])('%s %s answers 404 "Patient not found"', async (method, path) => {
    const res = await api(path, { method, json: method === 'PUT' ? valid : undefined });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Patient not found' });
  });
});

describe('without a session', () => {
  it.each([
    ['GET', ''],
    ['POST', ''],
    ['GET', '/1'],
    ['GET', '/1/usage'],
    ['PUT', '/1'],
    ['DELETE', '/1'],
  ])('%s /api/admin/patients%s answers 401 and changes nothing', async (method, path) => {
    const existing = await create();
    const res = await app.request(`/api/admin/patients${path.replace('/1', `/${existing.id}`)}`, {
      method,
      json: method === 'POST' || method === 'PUT' ? valid : undefined,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
    expect(await app.deps.knex('patients').select('firstName')).toEqual([{ firstName: 'Priya' }]);
  });
});
