import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/constants/booking';
import { CHECK_IN_MESSAGES } from '../../../shared/domain/check-in-messages';
import { startTestApp, type TestApp } from '../support/test-app';

// The day at the desk: check-in and the chair (DESK-10 to DESK-13), with times from the server's clock and
// an audit row for each step; the appointment answers carry arrivedAt, inChairAt and the invoice that bills
// the visit (DESK-15).

const NOW = '2026-11-23T05:00:00Z'; // Monday 23 November 2026, 10:30 in Pune
const TODAY = '2026-11-23';

const base = {
  firstName: 'Sunita',
  lastName: 'Joshi',
  email: 'sunita@example.in',
  phone: '+91 98220 10000',
  treatment: 'cleaning',
  preferredDate: TODAY,
  preferredTime: '10:00',
  status: 'confirmed' as AppointmentStatus,
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
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('invoices').delete();
  await app.deps.knex('appointments').delete();
});

async function insert(row: Partial<typeof base> = {}): Promise<number> {
  const [{ id }] = await app.deps.knex('appointments').insert({ ...base, ...row }).returning('id');
  return id;
}

const step = (id: number, what: 'arrived' | 'in-chair', method: 'POST' | 'DELETE' = 'POST') =>
  app.request(`/api/admin/appointments/${id}/${what}`, { method, cookie });

async function expectConflict(res: Response, message: string) {
  expect(res.status, await res.clone().text()).toBe(409);
  expect((await res.json()).error).toBe(message);
}

describe('arriving (check-in)', () => {
  it("stores the server's time of arrival and answers it, and the list carries it", async () => {
    const id = await insert();
    app.clock.set('2026-11-23T04:32:10Z');
    const res = await step(id, 'arrived');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id, arrivedAt: '2026-11-23T04:32:10.000Z', inChairAt: null, status: 'confirmed', invoiceId: null });
    const list = await (await app.request(`/api/admin/appointments?from=${TODAY}&to=${TODAY}`, { cookie })).json();
    expect(list[0]).toMatchObject({ id, arrivedAt: '2026-11-23T04:32:10.000Z', inChairAt: null });
    const calendar = await (await app.request(`/api/admin/appointments/calendar?from=${TODAY}&to=${TODAY}`, { cookie })).json();
    const inCalendar = calendar.days[0].slots.flatMap((s: { appointments: { id: number }[] }) => s.appointments).find((a: { id: number }) => a.id === id);
    expect(inCalendar).toMatchObject({ arrivedAt: '2026-11-23T04:32:10.000Z', inChairAt: null });
  });

  it('confirms a pending booking that arrives, without emailing the patient at the desk', async () => {
    const id = await insert({ status: 'pending' });
    const body = await (await step(id, 'arrived')).json();
    expect(body.status).toBe('confirmed');
    expect(Number((await app.deps.knex('email_outbox').count('* as n').first())?.n)).toBe(0);
  });

  it("refuses an appointment of another day, a closed visit, and a second arrival, each with 409 and why", async () => {
    await expectConflict(await step(await insert({ preferredDate: '2026-11-24' }), 'arrived'), CHECK_IN_MESSAGES.notToday);
    await expectConflict(await step(await insert({ preferredDate: '2026-11-22' }), 'arrived'), CHECK_IN_MESSAGES.notToday);
    for (const status of ['completed', 'cancelled', 'no-show'] as const) {
      await expectConflict(await step(await insert({ status }), 'arrived'), CHECK_IN_MESSAGES.notOpen(status));
    }
    const id = await insert();
    expect((await step(id, 'arrived')).status).toBe(200);
    await expectConflict(await step(id, 'arrived'), CHECK_IN_MESSAGES.alreadyArrived);
    expect((await step(999_999, 'arrived')).status).toBe(404);
  });

  it("reads today by the clinic's clock: 00:10 in Pune is already the next day", async () => {
    const id = await insert({ preferredDate: '2026-11-24' });
    app.clock.set('2026-11-23T18:40:00Z'); // 00:10 on the 24th in Pune
    expect((await step(id, 'arrived')).status).toBe(200);
  });

  it('writes an audit row naming the step', async () => {
    const id = await insert();
    await step(id, 'arrived');
    await step(id, 'in-chair');
    await step(id, 'in-chair', 'DELETE');
    const rows = await app.deps.knex('auditLog').where({ entity: 'appointment', entityId: String(id) }).orderBy('id').select('action');
    expect(rows.map((r) => r.action)).toEqual(['arrived', 'in-chair', 'undo-in-chair']);
  });
});

describe('the chair, and undoing in reverse order', () => {
  it('seats only a patient who arrived, and once', async () => {
    const id = await insert();
    await expectConflict(await step(id, 'in-chair'), CHECK_IN_MESSAGES.notArrived);
    app.clock.set('2026-11-23T04:30:00Z');
    await step(id, 'arrived');
    app.clock.set('2026-11-23T04:47:00Z');
    const body = await (await step(id, 'in-chair')).json();
    expect(body).toMatchObject({ arrivedAt: '2026-11-23T04:30:00.000Z', inChairAt: '2026-11-23T04:47:00.000Z' });
    await expectConflict(await step(id, 'in-chair'), CHECK_IN_MESSAGES.alreadyInChair);
  });

  it('undoes the chair first, then the arrival; never the arrival of a seated patient', async () => {
    const id = await insert();
    await expectConflict(await step(id, 'arrived', 'DELETE'), CHECK_IN_MESSAGES.notArrived);
    await step(id, 'arrived');
    await step(id, 'in-chair');
    await expectConflict(await step(id, 'arrived', 'DELETE'), CHECK_IN_MESSAGES.inChairFirst);
    const out = await (await step(id, 'in-chair', 'DELETE')).json();
    expect(out).toMatchObject({ inChairAt: null, arrivedAt: expect.any(String) });
    await expectConflict(await step(id, 'in-chair', 'DELETE'), CHECK_IN_MESSAGES.notInChair);
    const back = await (await step(id, 'arrived', 'DELETE')).json();
    expect(back).toMatchObject({ arrivedAt: null, inChairAt: null, status: 'confirmed' });
  });

  it('keeps the times of a completed visit: no undo once completed', async () => {
    const id = await insert();
    await step(id, 'arrived');
    await step(id, 'in-chair');
    const done = await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', cookie, json: { status: 'completed' } });
    expect((await done.json()).inChairAt).toEqual(expect.any(String));
    await expectConflict(await step(id, 'in-chair', 'DELETE'), CHECK_IN_MESSAGES.undoClosed('completed'));
    await expectConflict(await step(id, 'arrived', 'DELETE'), CHECK_IN_MESSAGES.undoClosed('completed'));
  });

  it('refuses a no-show for a patient who arrived (DESK-13)', async () => {
    const id = await insert({ preferredTime: '09:00' });
    await step(id, 'arrived');
    const res = await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', cookie, json: { status: 'no-show' } });
    await expectConflict(res, CHECK_IN_MESSAGES.noShowArrived);
  });
});

describe('the invoice that bills a visit (DESK-15)', () => {
  it('links the invoice to the appointment, shows it on the appointment, and forgets it when cancelled', async () => {
    const id = await insert({ status: 'completed' });
    const [{ id: patientId }] = await app.deps.knex('patients').insert({ firstName: 'Sunita', lastName: 'Joshi', email: 'sunita@example.in', phone: '+919822010000' }).returning('id');
    await app.deps.knex('appointments').where({ id }).update({ patientId });
    const item = { description: 'Consultation', quantity: 1, unitPrice: 500, totalPrice: 500, sacCode: '999312', taxRate: 0 };
    const body = { patientId, appointmentId: id, taxPercentage: 18, subtotal: 500, taxAmount: 0, totalAmount: 500, items: [item] };
    const res = await app.request('/api/admin/invoices', { method: 'POST', cookie, json: body });
    expect(res.status, await res.clone().text()).toBe(201);
    const invoice = await res.json();
    expect(invoice.appointmentId).toBe(id);
    const list = await (await app.request(`/api/admin/appointments?from=${TODAY}&to=${TODAY}`, { cookie })).json();
    expect(list[0].invoiceId).toBe(invoice.id);
    // A second invoice for the same visit is allowed (the screen warns); the newest is shown.
    const again = await (await app.request('/api/admin/invoices', { method: 'POST', cookie, json: body })).json();
    expect((await (await app.request(`/api/admin/appointments?from=${TODAY}&to=${TODAY}`, { cookie })).json())[0].invoiceId).toBe(again.id);
    await app.request(`/api/admin/invoices/${again.id}`, { method: 'DELETE', cookie });
    await app.request(`/api/admin/invoices/${invoice.id}`, { method: 'DELETE', cookie });
    expect((await (await app.request(`/api/admin/appointments?from=${TODAY}&to=${TODAY}`, { cookie })).json())[0].invoiceId).toBeNull();
  });

  it("refuses a visit that does not exist or is another patient's", async () => {
    const [{ id: patientId }] = await app.deps.knex('patients').insert({ firstName: 'A', lastName: 'B', email: 'a@example.in', phone: '+919822010001' }).returning('id');
    const [{ id: otherId }] = await app.deps.knex('patients').insert({ firstName: 'C', lastName: 'D', email: 'c@example.in', phone: '+919822010002' }).returning('id');
    const visit = await insert();
    await app.deps.knex('appointments').where({ id: visit }).update({ patientId: otherId });
    const item = { description: 'Consultation', quantity: 1, unitPrice: 500, totalPrice: 500, sacCode: '999312', taxRate: 0 };
    const body = { patientId, taxPercentage: 18, subtotal: 500, taxAmount: 0, totalAmount: 500, items: [item] };
    const missing = await app.request('/api/admin/invoices', { method: 'POST', cookie, json: { ...body, appointmentId: 999_999 } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toEqual({ appointmentId: 'Please select a valid appointment' });
    const other = await app.request('/api/admin/invoices', { method: 'POST', cookie, json: { ...body, appointmentId: visit } });
    expect(other.status).toBe(400);
    expect((await other.json()).fields).toEqual({ appointmentId: "This visit is another patient's appointment" });
  });
});
