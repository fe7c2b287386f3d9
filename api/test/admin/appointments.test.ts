import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/constants/booking';
import { startTestApp, type TestApp } from '../support/test-app';

// Monday 23 November 2026, 10:30 in Pune (05:00 UTC).
const NOW = '2026-11-23T05:00:00Z';

const base = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  email: 'priya@example.in',
  phone: '+91 98220 12345',
  treatment: 'rootcanal',
  preferredDate: '2026-11-24',
  preferredTime: '17:00',
  notes: 'Upper left molar',
};

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ poolMax: 20 });
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
});

type Row = Partial<Omit<typeof base, 'notes'>> & { status?: AppointmentStatus; createdAt?: Date; notes?: string | null };

async function insert(row: Row = {}): Promise<number> {
  const [{ id }] = await app.deps.knex('appointments').insert({ ...base, ...row }).returning('id');
  return id;
}

const api = (path: string, init: Parameters<TestApp['request']>[1] = {}) =>
  app.request(`/api/admin/appointments${path}`, { cookie, ...init });
const setStatus = (id: number, status: string) => api(`/${id}`, { method: 'PUT', json: { status } });
const outbox = () => app.deps.knex('email_outbox').orderBy('id');
const stored = (id: number) => app.deps.knex('appointments').where({ id }).first();

describe('GET /api/admin/appointments', () => {
  it("answers APPT-1's fields plus createdAt, by preferred date then time", async () => {
    const late = await insert({ preferredDate: '2026-11-25', preferredTime: '10:00' });
    const evening = await insert({ preferredDate: '2026-11-24', preferredTime: '18:00', notes: null });
    const morning = await insert({ preferredDate: '2026-11-24', preferredTime: '11:00' });
    const res = await api('');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((a: { id: number }) => a.id)).toEqual([morning, evening, late]);
    expect(body[1]).toEqual({
      id: evening,
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      phone: '+91 98220 12345',
      treatment: 'rootcanal',
      preferredDate: '2026-11-24',
      preferredTime: '18:00',
      notes: null,
      patientNote: null,
      status: 'pending',
      createdAt: expect.any(String),
      patientId: null,
      source: 'online',
      bookedAnyway: false,
      bookedBy: null,
      hasMedicalAlerts: false,
      medicalAlertsUnconfirmed: false,
      requested: null,
      language: 'en',
      arrivedAt: null,
      inChairAt: null,
      invoiceId: null,
    });
  });

  describe('search and filters', () => {
    beforeEach(async () => {
      await insert({ firstName: 'Priya', lastName: 'Kulkarni', email: 'priya@example.in', phone: '9822012345', treatment: 'rootcanal', preferredTime: '10:00' });
      await insert({ firstName: 'Rohan', lastName: 'Joshi', email: 'ROHAN@MAIL.EXAMPLE', phone: '9876500000', treatment: 'cleaning', preferredTime: '11:00', status: 'confirmed' });
      await insert({ firstName: 'Sneha', lastName: 'Patil', email: 'sneha@example.in', phone: '020 2712 3456', treatment: 'whitening', preferredTime: '12:00', status: 'completed' });
      await insert({ firstName: 'Amit', lastName: 'Shah', email: 'amit@example.in', phone: '9000011111', treatment: 'braces', preferredDate: '2026-11-30', preferredTime: '10:00', status: 'cancelled' });
    });
    const names = async (query: string) =>
      (await (await api(query)).json()).map((a: { firstName: string }) => a.firstName);

    it('finds by case-insensitive name, full name, email, plain phone and treatment', async () => {
      expect(await names('?q=KULK')).toEqual(['Priya']);
      expect(await names('?q=rohan%20jo')).toEqual(['Rohan']);
      expect(await names('?q=rohan@mail')).toEqual(['Rohan']);
      expect(await names('?q=2712%203')).toEqual(['Sneha']);
      expect(await names('?q=whiten')).toEqual(['Sneha']);
      expect(await names('?q=nobody')).toEqual([]);
    });

    it("finds by the treatment's label as well as its code", async () => {
      expect(await names('?q=root%20canal')).toEqual(['Priya']);
      expect(await names('?q=Teeth%20Cleaning')).toEqual(['Rohan']);
    });

    it('filters by status, case-insensitively, with "all" meaning every status', async () => {
      expect(await names('?status=confirmed')).toEqual(['Rohan']);
      expect(await names('?status=Cancelled')).toEqual(['Amit']);
      expect(await names('?status=all')).toEqual(['Priya', 'Rohan', 'Sneha', 'Amit']);
      expect(await names('?status=completed&q=sneha')).toEqual(['Sneha']);
      expect(await names('?status=pending&q=sneha')).toEqual([]);
    });

    it('refuses an unknown status with 400', async () => {
      const res = await api('?status=archived');
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Please select a valid status');
    });

    it('filters by a range of preferred dates', async () => {
      expect(await names('?from=2026-11-25')).toEqual(['Amit']);
      expect(await names('?to=2026-11-24')).toEqual(['Priya', 'Rohan', 'Sneha']);
      expect((await api('?from=soon')).status).toBe(400);
    });

    it('pages with limit and offset in list order', async () => {
      expect(await names('?limit=2')).toEqual(['Priya', 'Rohan']);
      expect(await names('?limit=2&offset=2')).toEqual(['Sneha', 'Amit']);
      expect(await names('?limit=2&offset=4')).toEqual([]);
      expect((await api('?limit=0')).status).toBe(400);
    });

    it('gives the number of matches in X-Total-Count when a page is asked for, and not otherwise', async () => {
      expect((await api('?limit=2')).headers.get('x-total-count')).toBe('4');
      expect((await api('?status=completed&limit=1')).headers.get('x-total-count')).toBe('1');
      expect((await api('?q=example.in&offset=1')).headers.get('x-total-count')).toBe('3');
      expect((await api('?status=pending')).headers.get('x-total-count')).toBeNull();
    });
  });
});

describe('PUT /api/admin/appointments/:id (status)', () => {
  it('confirms a pending appointment, stamps confirmedAt and emails the patient in the same transaction (MAIL-4)', async () => {
    const id = await insert();
    const nudges = app.outboxNudges();
    const res = await setStatus(id, 'confirmed');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'confirmed', preferredDate: '2026-11-24', email: 'priya@example.in' });
    const row = await stored(id);
    expect(row.confirmedAt.toISOString()).toBe(new Date(NOW).toISOString());

    const mail = await outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'appointment-confirmed', toAddress: 'priya@example.in' });
    expect(mail[0].subject).toContain('confirmed');
    expect(mail[0].textBody).toContain('Dear Priya Kulkarni,');
    expect(mail[0].textBody).toContain('Date: 24 November 2026');
    expect(mail[0].textBody).toContain('Time: 5:00 PM');
    expect(mail[0].textBody).toContain('Treatment: Root Canal Treatment');
    expect(mail[0].html).toContain('Root Canal Treatment');
    expect(app.outboxNudges()).toBe(nudges + 1);
  });

  it('marks a confirmed appointment completed without emailing anyone', async () => {
    const id = await insert({ status: 'confirmed' });
    const res = await setStatus(id, 'completed');
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('completed');
    expect((await stored(id)).completedAt.toISOString()).toBe(new Date(NOW).toISOString());
    expect(await outbox()).toEqual([]);
  });

  it.each([['pending'], ['confirmed']] as const)('cancels a %s appointment and emails the patient', async (from) => {
    const id = await insert({ status: from });
    const res = await setStatus(id, 'cancelled');
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('cancelled');
    expect((await stored(id)).cancelledAt.toISOString()).toBe(new Date(NOW).toISOString());
    const mail = await outbox();
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([['appointment-cancelled', 'priya@example.in']]);
    expect(mail[0].textBody).toContain('has been cancelled');
  });

  it('accepts the status in any letter case', async () => {
    const id = await insert();
    expect((await setStatus(id, 'Confirmed')).status).toBe(200);
  });

  it.each([
    ['pending', 'completed', 'A pending appointment cannot be changed to completed.'],
    ['confirmed', 'pending', 'A confirmed appointment cannot be changed to pending.'],
    ['completed', 'pending', 'A completed appointment cannot be changed to pending.'],
    ['completed', 'confirmed', 'A completed appointment cannot be changed to confirmed.'],
    ['completed', 'cancelled', 'A completed appointment cannot be changed to cancelled.'],
    ['cancelled', 'pending', 'A cancelled appointment cannot be changed to pending.'],
    ['cancelled', 'confirmed', 'A cancelled appointment cannot be changed to confirmed.'],
    ['confirmed', 'confirmed', 'This appointment is already confirmed.'],
    ['cancelled', 'cancelled', 'This appointment is already cancelled.'],
  ] as const)('refuses %s -> %s with 409 "%s", changing and sending nothing', async (from, to, message) => {
    const id = await insert({ status: from });
    const res = await setStatus(id, to);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: message });
    expect((await stored(id)).status).toBe(from);
    expect(await outbox()).toEqual([]);
  });

  it('refuses a status that does not exist with 400', async () => {
    const id = await insert();
    for (const body of [{ status: 'done' }, {}, { status: 3 }]) {
      const res = await api(`/${id}`, { method: 'PUT', json: body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Please select a valid status', fields: { status: 'Please select a valid status' } });
    }
  });

  // On the embedded database the single connection serialises them; the real server (CI) races them.
  it('lets only one of two admins clicking Approve at once confirm, and emails once', async () => {
    const id = await insert();
    const results = await Promise.all(Array.from({ length: 10 }, () => setStatus(id, 'confirmed')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect(await outbox()).toHaveLength(1);
  });

  it('never both cancels and completes an appointment when two admins act at once', async () => {
    const id = await insert({ status: 'confirmed' });
    const [a, b] = await Promise.all([setStatus(id, 'completed'), api(`/${id}/cancel`, { method: 'PATCH' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const final = (await stored(id)).status;
    expect((await outbox()).length).toBe(final === 'cancelled' ? 1 : 0);
  });
});

describe('PATCH /api/admin/appointments/:id/cancel', () => {
  it('cancels a pending appointment and queues the cancellation email to the patient', async () => {
    const id = await insert({ email: 'rohan@example.in', firstName: 'Rohan' });
    const res = await api(`/${id}/cancel`, { method: 'PATCH' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'cancelled' });
    const mail = await outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'appointment-cancelled', toAddress: 'rohan@example.in' });
    expect(mail[0].textBody).toContain('Dear Rohan Kulkarni,');
    expect(mail[0].textBody).toContain('Date: 24 November 2026');
    // APPT-22: the appointment's notes are internal; the cancellation does not carry them.
    expect(mail[0].textBody).not.toContain('Upper left molar');
  });

  it('cancels a confirmed appointment', async () => {
    const id = await insert({ status: 'confirmed' });
    expect((await api(`/${id}/cancel`, { method: 'PATCH' })).status).toBe(200);
  });

  it.each([['completed'], ['cancelled']] as const)('refuses to cancel a %s appointment with 409', async (from) => {
    const id = await insert({ status: from });
    const res = await api(`/${id}/cancel`, { method: 'PATCH' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/cancel/);
    expect(await outbox()).toEqual([]);
  });
});

describe('DELETE /api/admin/appointments/:id', () => {
  it.each([['pending'], ['confirmed'], ['completed'], ['cancelled']] as const)(
    'deletes a %s appointment with 204 and emails no one',
    async (status) => {
      const id = await insert({ status });
      const res = await api(`/${id}`, { method: 'DELETE' });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(await stored(id)).toBeUndefined();
      expect(await outbox()).toEqual([]);
    },
  );
});

describe('POST /api/admin/appointments/:id/follow-up', () => {
  const followUp = (id: number, body: object) => api(`/${id}/follow-up`, { method: 'POST', json: body });

  it('emails the patient of a completed appointment the suggested date, the previous visit and the message', async () => {
    const id = await insert({ status: 'completed', preferredDate: '2026-11-03', preferredTime: '10:00' });
    const nudges = app.outboxNudges();
    const res = await followUp(id, { followUpDate: '2030-12-01', customMessage: 'Please avoid cold drinks until then.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'completed' });
    expect((await stored(id)).status).toBe('completed');

    const mail = await outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'appointment-follow-up', toAddress: 'priya@example.in' });
    const text: string = mail[0].textBody;
    expect(mail[0].subject).toContain('01/12/2030');
    expect(text).toContain('Dear Priya Kulkarni,');
    expect(text).toMatch(/Suggested follow-up date\n\nDate: 01\/12\/2030/);
    // MAIL-6: an online booking's notes are the visitor's own words, shown back to them.
    expect(text).toMatch(/Your previous appointment\n\nDate: 03\/11\/2026\nTime: 10:00 AM\nTreatment: Root Canal Treatment\nYour note: Upper left molar\n/);
    expect(text).toContain('Please avoid cold drinks until then.');
    expect(mail[0].html).toContain('Please avoid cold drinks until then.');
    expect(app.outboxNudges()).toBe(nudges + 1);
    const staff = await insert({ status: 'completed', preferredDate: '2026-11-03', source: 'staff' } as Row);
    await followUp(staff, { followUpDate: '2030-12-01' });
    expect((await outbox())[1].textBody).not.toContain('Upper left molar'); // APPT-22: a staff booking's notes stay internal
  });

  it("takes an ISO timestamp from the date picker and writes the clinic's calendar date", async () => {
    const id = await insert({ status: 'completed' });
    // Midnight of 1 December 2030 in Pune.
    expect((await followUp(id, { followUpDate: '2030-11-30T18:30:00.000Z' })).status).toBe(200);
    const [mail] = await outbox();
    expect(mail.textBody).toContain('Date: 01/12/2030');
    expect(mail.textBody).not.toContain('A message from the clinic');
  });

  it.each([['pending'], ['confirmed'], ['cancelled']] as const)(
    'refuses a follow-up for a %s appointment with 409 and sends nothing',
    async (status) => {
      const id = await insert({ status });
      const res = await followUp(id, { followUpDate: '2030-12-01' });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: 'A follow-up email can only be sent for a completed appointment.' });
      expect(await outbox()).toEqual([]);
    },
  );

  it.each([
    ['a past date', { followUpDate: '2026-01-10' }, 'Follow-up date must be in the future.'],
    // The clinic's clock says 23 November 2026: today is not in the future.
    ['today at the clinic', { followUpDate: '2026-11-23' }, 'Follow-up date must be in the future.'],
    ['an instant before now', { followUpDate: '2026-11-23T04:59:00Z' }, 'Follow-up date must be in the future.'],
    ['no date', { customMessage: 'hello' }, 'Please select a follow-up appointment date.'],
    ['an empty date', { followUpDate: '' }, 'Please select a follow-up appointment date.'],
    ['a date that is not a date', { followUpDate: 'next week' }, 'Please select a follow-up appointment date.'],
    ['a message over 2000 characters', { followUpDate: '2030-12-01', customMessage: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
  ])('refuses %s with 400 and the form message', async (_case, body, message) => {
    const id = await insert({ status: 'completed' });
    const res = await followUp(id, body);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.error).toBe(message);
    expect(Object.values(answer.fields)).toEqual([message]);
    expect(await outbox()).toEqual([]);
  });
});

describe('unknown appointments', () => {
  it.each([
    ['PUT', '/999999', { status: 'confirmed' }],
    ['PATCH', '/999999/cancel', undefined],
    ['DELETE', '/999999', undefined],
    ['POST', '/999999/follow-up', { followUpDate: '2030-12-01' }],
    ['PUT', '/abc', { status: 'confirmed' }],
    ['DELETE', '/99999999999', undefined],
  ])('%s %s answers 404 "Appointment not found"', async (method, path, json) => {
    const res = await api(path, { method, json });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Appointment not found' });
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '', undefined],
    ['PUT', '/:id', { status: 'confirmed' }],
    ['PATCH', '/:id/cancel', undefined],
    ['DELETE', '/:id', undefined],
    ['POST', '/:id/follow-up', { followUpDate: '2030-12-01' }],
  ])('%s /api/admin/appointments%s answers 401 and changes nothing', async (method, path, json) => {
    const id = await insert({ status: 'completed' });
    const res = await app.request(`/api/admin/appointments${path.replace(':id', String(id))}`, { method, json });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
    expect((await stored(id)).status).toBe('completed');
    expect(await outbox()).toEqual([]);
  });
});
