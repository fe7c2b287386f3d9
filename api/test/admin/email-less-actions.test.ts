import { afterAll, beforeAll, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// PAT-19 (PAT-11): the emails staff ask for (the invoice, the recall, the follow-up) need an address. For a
// patient without one the API answers 400 naming them and saying what to do instead, queues nothing, and
// says where an invoice would go (`emailTo`), so the screens offer Email only when there is somewhere to send it.

let clinic: ClinicalClinic;
let patientId: number;
let appointmentId: number;
let invoiceId: number;
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-24T04:30:00Z');
  const made = await clinic.call('owner', 'POST', '/api/admin/patients', { firstName: 'Shantabai', lastName: 'Jadhav', email: '', phone: '98220 10077' });
  patientId = made.body.id;
  const booked = await clinic.call('owner', 'POST', '/api/admin/appointments', { patientId, treatment: 'cleaning', preferredDate: '2026-11-24', preferredTime: '11:00', status: 'confirmed' });
  expect(booked.status).toBe(201);
  appointmentId = booked.body.id;
  await clinic.app.deps.knex('appointments').where({ id: appointmentId }).update({ preferredDate: '2026-05-04', status: 'completed' });
  // A typed item at 0% (worked by hand: 1 x 1800 = 1800, no tax).
  const invoice = await clinic.call('owner', 'POST', '/api/admin/invoices', {
    patientId,
    dueDate: '',
    taxPercentage: 0,
    subtotal: 1800,
    taxAmount: 0,
    totalAmount: 1800,
    notes: '',
    items: [{ description: 'Scaling', quantity: 1, unitPrice: 1800, totalPrice: 1800 }],
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  invoiceId = invoice.body.id;
});
afterAll(() => clinic?.app.close());

const outbox = async () => Number((await clinic.app.deps.knex('email_outbox').count('* as n').first())!.n);

it('answers an invoice email for a patient without an address with 400 naming them, and queues nothing', async () => {
  const before = await outbox();
  const res = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoiceId}/send`);
  expect(res).toEqual({ status: 400, body: { error: 'Shantabai Jadhav has no email address. Add one to their record, or download the PDF and share it another way.' } });
  expect(await outbox()).toBe(before);
});

it('says in the invoice list and the invoice where Email would send it: nowhere, then the address once added', async () => {
  const list = (await clinic.call('owner', 'GET', '/api/admin/invoices')).body as { id: number; emailTo: string | null }[];
  expect(list.find((i) => i.id === invoiceId)?.emailTo).toBeNull();
  expect((await clinic.call('owner', 'GET', `/api/admin/invoices/${invoiceId}`)).body.emailTo).toBeNull();
  await clinic.app.deps.knex('patients').where({ id: patientId }).update({ email: 'shanta@example.in' });
  const again = (await clinic.call('owner', 'GET', '/api/admin/invoices')).body as { id: number; emailTo: string | null }[];
  expect(again.find((i) => i.id === invoiceId)?.emailTo).toBe('shanta@example.in');
  expect((await clinic.call('owner', 'POST', `/api/admin/invoices/${invoiceId}/send`)).status).toBe(200);
  await clinic.app.deps.knex('patients').where({ id: patientId }).update({ email: null });
});

it('answers a follow-up email for an appointment without an address with 400, and queues nothing', async () => {
  const before = await outbox();
  const res = await clinic.call('owner', 'POST', `/api/admin/appointments/${appointmentId}/follow-up`, { followUpDate: '2027-05-04' });
  expect(res).toEqual({ status: 400, body: { error: 'Shantabai Jadhav has no email address. Please call them or send a WhatsApp message instead.' } });
  expect(await outbox()).toBe(before);
  const audit = await clinic.app.deps.knex('audit_log').where({ entity: 'appointment', action: 'follow-up', entityId: String(appointmentId) });
  expect(audit).toEqual([]);
});

it('answers a recall email for a patient without an address with 400, and queues nothing', async () => {
  const before = await outbox();
  const res = await clinic.call('owner', 'POST', `/api/admin/recall/${patientId}/email`);
  expect(res).toEqual({ status: 400, body: { error: 'Shantabai Jadhav has no email address. Please call them or send a WhatsApp message instead.' } });
  expect(await outbox()).toBe(before);
});
