import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { timeSlots } from '../../../shared/constants/booking';
import { startTestApp, type TestApp } from '../support/test-app';

// APPT-14 (the calendar's data), PAT-5 (a patient's history) and PAT-7 (medical alerts on appointments).
// Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

const person = { firstName: 'Anil', lastName: 'More', email: 'anil@example.in', phone: '+91 98220 33333' };

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('invoice_payments').delete();
  await app.deps.knex('invoice_items').delete();
  await app.deps.knex('invoices').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('closed_dates').delete();
  await app.deps.knex('patients').delete();
});

async function appointment(row: Record<string, unknown>): Promise<number> {
  const [{ id }] = await app.deps
    .knex('appointments')
    .insert({ ...person, treatment: 'cleaning', preferredDate: '2026-11-24', preferredTime: '10:00', status: 'confirmed', ...row })
    .returning('id');
  return id;
}
const calendar = async (query: string) => app.request(`/api/admin/appointments/calendar${query}`, { cookie });

describe('GET /api/admin/appointments/calendar', () => {
  it('answers each day with its slots, capacity, bookings and closures; cancelled ones are left out (ten slots, ruling D45)', async () => {
    const [{ id: patientId }] = await app.deps.knex('patients').insert({ ...person, allergies: 'Latex' }).returning('id');
    const a = await appointment({ preferredTime: '10:00', patientId, notes: 'Line "one"\nand two' });
    const b = await appointment({ preferredTime: '10:00', email: 'b@example.in' });
    await appointment({ preferredTime: '10:00', status: 'cancelled' });
    const odd = await appointment({ preferredTime: '15:30', bookedAnyway: true, source: 'staff' });
    await appointment({ preferredDate: '2026-11-30', preferredTime: '11:00' });
    await app.deps.knex('closed_dates').insert({ date: '2026-11-27', reason: 'Staff training' });

    const res = await calendar('?from=2026-11-23&to=2026-11-29');
    expect(res.status).toBe(200);
    const { days } = await res.json();
    expect(days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29',
    ]);
    const tuesday = days[1];
    expect(tuesday.closed).toBe(false);
    // The ten slots of CLINIC-5 (14:00 included, APPT-20), the odd booking at 15:30 after 14:00.
    expect(tuesday.slots.map((s: { time: string }) => s.time)).toEqual([...timeSlots.slice(0, 5), '15:30', ...timeSlots.slice(5)]);
    const ten = tuesday.slots[0];
    expect(ten).toMatchObject({ time: '10:00', capacity: 2, booked: 2 });
    expect(ten.appointments.map((x: { id: number }) => x.id)).toEqual([a, b]);
    expect(tuesday.slots[5]).toMatchObject({ time: '15:30', capacity: 0, booked: 1 });
    expect(tuesday.slots[5].appointments[0]).toMatchObject({ id: odd, bookedAnyway: true, source: 'staff' });
    // The calendar's appointment is the list's, field for field.
    const list = await (await app.request('/api/admin/appointments?from=2026-11-24&to=2026-11-24', { cookie })).json();
    expect(list.find((x: { id: number }) => x.id === odd)).toEqual(tuesday.slots[5].appointments[0]);
    expect(list.find((x: { id: number }) => x.id === a)).toEqual(ten.appointments[0]);
    expect(days[4]).toMatchObject({ date: '2026-11-27', closed: true, reason: 'The clinic is closed on 27 November 2026: Staff training' });
    expect(days[6]).toEqual({
      date: '2026-11-29',
      closed: true,
      reason: 'The clinic is closed on Sundays. For emergencies, please call us.',
      slots: [],
    });
  });

  it('refuses a missing or malformed range, a reversed one and more than 42 days', async () => {
    expect((await calendar('')).status).toBe(400);
    expect((await calendar('?from=2026-11-23&to=2026-13-01')).status).toBe(400);
    expect((await calendar('?from=2026-11-23&to=2026-11-22')).status).toBe(400);
    expect((await calendar('?from=2026-11-01&to=2026-12-12')).status).toBe(200);
    const long = await calendar('?from=2026-11-01&to=2026-12-13');
    expect(long.status).toBe(400);
    expect((await long.json()).error).toBe('The calendar shows at most 42 days at a time');
  });
});

describe('medical alerts on appointments (PAT-7, DATA-11)', () => {
  it("says that the linked patient has alerts, never what they are, in the list and the calendar", async () => {
    const [{ id: patientId }] = await app.deps
      .knex('patients')
      .insert({ ...person, allergies: 'Latex', medications: 'Warfarin' })
      .returning('id');
    await appointment({ patientId });
    await appointment({ email: 'x@example.in' });
    const list = await (await app.request('/api/admin/appointments', { cookie })).json();
    expect(list.map((a: { hasMedicalAlerts: boolean }) => a.hasMedicalAlerts)).toEqual([true, false]);
    expect(list[0]).not.toHaveProperty('medicalAlerts');
    expect(JSON.stringify(list)).not.toMatch(/Latex|Warfarin/);
    const { days } = await (await calendar('?from=2026-11-24&to=2026-11-24')).json();
    const day = days[0].slots.flatMap((s: { appointments: unknown[] }) => s.appointments);
    expect(day.map((a: { hasMedicalAlerts: boolean }) => a.hasMedicalAlerts)).toEqual([true, false]);
    expect(JSON.stringify(days)).not.toMatch(/Latex|Warfarin/);
  });

  it('keeps alerts a PUT leaves out (an older form) or sends back unchanged, and refuses other text for them (MED-5)', async () => {
    const created = await (await app.request('/api/admin/patients', { method: 'POST', cookie, json: { ...person, notes: 'Anxious' } })).json();
    await app.deps.knex('patients').where({ id: created.id }).update({ allergies: 'Penicillin' });
    const kept = await (await app.request(`/api/admin/patients/${created.id}`, { method: 'PUT', cookie, json: { ...person, address: 'Pune' } })).json();
    expect(kept).toMatchObject({ address: 'Pune', allergies: 'Penicillin', notes: 'Anxious' });
    const echoed = await (await app.request(`/api/admin/patients/${created.id}`, { method: 'PUT', cookie, json: { ...person, allergies: 'Penicillin', notes: null } })).json();
    expect(echoed).toMatchObject({ allergies: 'Penicillin', notes: '' });
    const cleared = await app.request(`/api/admin/patients/${created.id}`, { method: 'PUT', cookie, json: { ...person, allergies: '' } });
    expect(cleared.status).toBe(400);
    expect(await cleared.json()).toMatchObject({ error: 'Allergies, conditions and medicines are kept in the medical history: record them there' });
  });

});

describe('GET /api/admin/patients/:id/history (PAT-5)', () => {
  async function invoice(patientId: number, n: number, total: string, paid: string, status = 'pending') {
    await app.deps.knex('invoices').insert({
      invoiceNumber: `INV-2026-27-${String(n).padStart(4, '0')}`,
      financialYear: '2026-27',
      sequence: n,
      patientId,
      billTo: JSON.stringify({ name: 'Anil More' }),
      issueDate: `2026-11-0${n}`,
      dueDate: '2026-11-30',
      subtotal: total,
      taxPercentage: '0.00',
      taxAmount: '0.00',
      totalAmount: total,
      amountPaid: paid,
      status,
      cancelledAt: status === 'cancelled' ? new Date() : null,
    });
  }

  it('answers the patient, appointments linked by id, email or phone (newest first), invoices and totals', async () => {
    const [{ id }] = await app.deps.knex('patients').insert(person).returning('id');
    const byId = await appointment({ patientId: id, preferredDate: '2026-10-01', email: 'old@example.in', phone: '1111111111' });
    const byEmail = await appointment({ email: 'ANIL@example.in', phone: '2222222222', preferredDate: '2026-11-24' });
    const byPhone = await appointment({ email: 'other@example.in', phone: '098220 33333', preferredDate: '2026-12-01' });
    await appointment({ email: 'stranger@example.in', phone: '9999999999' });
    await invoice(id, 1, '1000.00', '1000.00', 'paid');
    await invoice(id, 2, '2500.50', '500.00');
    await invoice(id, 3, '700.00', '0.00', 'cancelled');

    const res = await app.request(`/api/admin/patients/${id}/history`, { cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.patient).toMatchObject({ id, ...person });
    expect(body.appointments.map((a: { id: number }) => a.id)).toEqual([byPhone, byEmail, byId]);
    expect(body.invoices).toEqual([
      { id: expect.any(Number), invoiceNumber: 'INV-2026-27-0003', issueDate: '2026-11-03', total: 700, paid: 0, balance: 0, status: 'cancelled' },
      { id: expect.any(Number), invoiceNumber: 'INV-2026-27-0002', issueDate: '2026-11-02', total: 2500.5, paid: 500, balance: 2000.5, status: 'partially-paid' },
      { id: expect.any(Number), invoiceNumber: 'INV-2026-27-0001', issueDate: '2026-11-01', total: 1000, paid: 1000, balance: 0, status: 'paid' },
    ]);
    expect(body.totals).toEqual({ billed: 3500.5, paid: 1500, due: 2000.5 });
  });

  it('answers 404 for an unknown patient', async () => {
    expect((await app.request('/api/admin/patients/999999/history', { cookie })).status).toBe(404);
  });
});
