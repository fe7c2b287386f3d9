import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalisePhone } from '../../../shared/domain/phone';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { patientReferences } from '../../db/patient-references';
import { EXPORTED_PATIENT_TABLES } from '../../services/patients/data-rights';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// DATA-2, DATA-3, DATA-7: a patient's data exported as one JSON file, and erased on request in one transaction,
// their invoices keeping only what GST law requires. Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

// A different person in each test: the audit trail keeps the rows of earlier tests.
let n = 0;
let person = makePerson();
function makePerson() {
  n += 1;
  const tag = 'abcdefghij'[n];
  return {
    firstName: 'Vasundhara',
    lastName: `Pethkar${tag}`,
    email: `vasundhara.pethkar${n}@example.in`,
    phone: `+91 98220 7734${n}`,
    address: `Flat ${n}9, Kothrud, Pune`,
    dateOfBirth: '1984-02-11',
    allergies: `Penicillin${tag}`,
  };
}

let app: TestApp;
let owner: string;
let receptionist: string;
beforeAll(async () => {
  app = await startTestApp({ config: { clinicNotifyEmail: 'desk@clinic.test', bookingRateLimitPerAddress: 0 } });
  owner = await app.signIn();
  await createAccount(app.deps.knex, 'rekha@clinic.test', 'front-desk-2026', 'Rekha', 'receptionist');
  receptionist = cookieFrom(
    await app.request('/api/auth/login', { method: 'POST', json: { email: 'rekha@clinic.test', password: 'front-desk-2026' } }),
  );
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  person = makePerson();
  await app.deps.knex.raw('drop trigger if exists refuse_invoice_update on invoices');
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('payment_refunds').delete();
  await app.deps.knex('invoice_payments').delete();
  await app.deps.knex('invoices').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('patients').delete();
});

/** A patient with a booking (emails to them and to the clinic), an edit, and a paid invoice, all through the API. */
async function seed() {
  const { allergies, ...details } = person;
  const created = await app.request('/api/admin/patients', { method: 'POST', cookie: owner, json: details });
  expect(created.status).toBe(201);
  const patient = (await created.json()) as { id: number };
  // An alert typed in the first release's free-text field (MED-5: the patient form no longer writes it).
  await app.deps.knex('patients').where({ id: patient.id }).update({ allergies });
  const edit = await app.request(`/api/admin/patients/${patient.id}`, { method: 'PUT', cookie: owner, json: { ...person, notes: 'Prefers mornings' } });
  expect(edit.status).toBe(200);
  const booking = await app.request('/api/appointments', {
    method: 'POST',
    json: { firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone, preferredDate: '2026-11-25', preferredTime: '10:00', treatment: 'cleaning', notes: 'Sensitive tooth' },
  });
  expect(booking.status).toBe(201);
  const totals = computeInvoiceTotals([{ description: 'Scaling', quantity: 1, unitPrice: 1500 }], 0);
  const invoiceRes = await app.request('/api/admin/invoices', {
    method: 'POST',
    cookie: owner,
    json: { patientId: patient.id, dueDate: '', taxPercentage: 0, subtotal: totals.subtotal, taxAmount: totals.taxAmount, totalAmount: totals.totalAmount, notes: `Call on ${person.phone}`, items: totals.items },
  });
  expect(invoiceRes.status).toBe(201);
  const invoice = (await invoiceRes.json()) as { id: number; invoiceNumber: string };
  const paid = await app.request(`/api/admin/invoices/${invoice.id}/payments`, { method: 'POST', cookie: owner, json: { amount: 1500, paidOn: '2026-11-23', mode: 'upi' } });
  expect(paid.status).toBeLessThan(300);
  return { patientId: patient.id, invoice };
}

/** Every text, varchar and jsonb cell of every table (audit_log included) that contains `needle`, case-insensitively. */
async function cellsHolding(needle: string): Promise<string[]> {
  const { rows: columns } = await app.deps.knex.raw<{ rows: { table_name: string; column_name: string }[] }>(`
    select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  const found: string[] = [];
  for (const c of columns) {
    const { rows } = await app.deps.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from "${c.table_name}" where position(lower(?) in lower("${c.column_name}"::text)) > 0`,
      [needle],
    );
    if (rows[0].n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('GET /api/admin/patients/:id/export', () => {
  it("downloads the patient's details, alerts, appointments, invoices with items and payments, emails and audit rows", async () => {
    const { patientId, invoice } = await seed();
    const res = await app.request(`/api/admin/patients/${patientId}/export`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="patient-${patientId}.json"`);
    const data = await res.json();
    expect(data.patient).toMatchObject({ id: patientId, email: person.email, medicalAlerts: { allergies: person.allergies } });
    expect(data.appointments).toHaveLength(1);
    expect(data.appointments[0]).toMatchObject({ preferredDate: '2026-11-25', notes: 'Sensitive tooth' });
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ invoiceNumber: invoice.invoiceNumber });
    expect(data.invoices[0].items).toHaveLength(1);
    expect(data.invoices[0].payments).toHaveLength(1);
    expect(data.emails.length).toBeGreaterThan(0);
    expect(data.emails[0]).toHaveProperty('subject');
    expect(data.emails[0]).toHaveProperty('text');
    expect(data.audit.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('carries their advances and every refund, with what each advance went to', async () => {
    const { patientId, invoice } = await seed();
    const [payment] = (await app.deps.knex('invoice_payments').where({ invoiceId: invoice.id }).select('id')) as { id: number }[];
    expect((await app.request(`/api/admin/payments/${payment.id}/refund`, { method: 'POST', cookie: owner, json: { amount: 200, reason: 'Overcharged for scaling' } })).status).toBe(201);
    const advanceRes = await app.request(`/api/admin/patients/${patientId}/advances`, { method: 'POST', cookie: owner, json: { amount: 5000, mode: 'cash', reference: 'Before the implant' } });
    expect(advanceRes.status).toBe(201);
    const advance = (await advanceRes.json()) as { id: number };
    expect((await app.request(`/api/admin/payments/${advance.id}/refund`, { method: 'POST', cookie: owner, json: { amount: 1000, reason: 'Implant postponed' } })).status).toBe(201);

    const data = await (await app.request(`/api/admin/patients/${patientId}/export`, { cookie: owner })).json();
    expect(data.invoices[0].payments).toEqual([
      expect.objectContaining({ amount: '1500.00', mode: 'upi', refunded: '200.00', refunds: [expect.objectContaining({ amount: '200.00', reason: 'Overcharged for scaling' })] }),
    ]);
    expect(data.advances).toEqual([
      expect.objectContaining({ amount: '5000.00', reference: 'Before the implant', applied: '0.00', refunded: '1000.00', refunds: [expect.objectContaining({ amount: '1000.00', reason: 'Implant postponed' })] }),
    ]);
    expect(data.treatmentPlans).toEqual([]);
  });

  it('names every table that points at a patient, read from the database', async () => {
    const tables = new Set((await patientReferences(app.deps.knex)).map((r) => r.table));
    expect(tables.size).toBeGreaterThan(5);
    const missing = [...tables].filter((t) => !(t in EXPORTED_PATIENT_TABLES));
    expect(missing, `tables that point at patients but are not in the export: ${missing.join(', ')}`).toEqual([]);
  });

  it('is for the owner only, and 404 for an unknown patient', async () => {
    const { patientId } = await seed();
    expect((await app.request(`/api/admin/patients/${patientId}/export`, { cookie: receptionist })).status).toBe(403);
    expect((await app.request('/api/admin/patients/999999/export', { cookie: owner })).status).toBe(404);
  });
});

describe('POST /api/admin/patients/:id/erase', () => {
  const erase = (id: number, body: unknown = { confirm: 'ERASE' }, cookie = owner) =>
    app.request(`/api/admin/patients/${id}/erase`, { method: 'POST', cookie, json: body });

  it("leaves the patient's email, phone and name nowhere but the name on the invoice as issued", async () => {
    const { patientId, invoice } = await seed();
    const fullName = `${person.firstName} ${person.lastName}`;
    // A visit booked and then deleted: its audit row names them (DATA-9) until the erase.
    const extra = await app.request('/api/admin/appointments', {
      method: 'POST',
      cookie: owner,
      json: { firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone, preferredDate: '2026-11-27', preferredTime: '11:00', treatment: 'extraction' },
    });
    expect(extra.status, await extra.clone().text()).toBe(201);
    expect((await app.request(`/api/admin/appointments/${(await extra.json()).id}`, { method: 'DELETE', cookie: owner })).status).toBe(204);
    expect(await cellsHolding(fullName)).toContain('audit_log.changes');
    expect(await cellsHolding(person.email)).not.toEqual([]);

    const res = await erase(patientId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ patientId, patient: 'anonymised', appointments: 1, invoices: 1 });

    expect(await cellsHolding(person.email)).toEqual([]);
    expect(await cellsHolding(person.phone.slice(4))).toEqual([]);
    expect(await cellsHolding(person.phone.replace(/\D/g, '').slice(-10))).toEqual([]);
    expect(await cellsHolding(person.address)).toEqual([]);
    expect(await cellsHolding(person.allergies)).toEqual([]);
    expect(await cellsHolding(fullName)).toEqual(['invoices.bill_to']);

    const stored = await app.deps.knex('invoices').where({ id: invoice.id }).first();
    expect(stored).toMatchObject({ invoiceNumber: invoice.invoiceNumber, totalAmount: '1500.00', patientId, notes: null });
    expect(stored.billTo).toEqual({ name: fullName, email: null, phone: null, address: null });
    const patient = await app.deps.knex('patients').where({ id: patientId }).first();
    expect(patient).toMatchObject({ firstName: 'Erased', lastName: 'patient', email: '', phone: '', address: null, dateOfBirth: null });
    // The clinic's statistics keep the visit's date, time and status.
    const [visit] = await app.deps.knex('appointments').select('preferredDate', 'preferredTime', 'status', 'firstName', 'email');
    expect(visit).toMatchObject({ preferredTime: '10:00', status: 'pending', firstName: '', email: '' });
    expect(await app.deps.knex('appointment_links').count({ n: '*' }).first()).toEqual({ n: 0 });

    const [last] = await app.deps.knex('audit_log').orderBy('id', 'desc').limit(1);
    expect(last).toMatchObject({ action: 'erase', entity: 'patient', entityId: String(patientId), userName: 'Test Admin' });
    // The trail still refuses any other change.
    await expect(app.deps.knex('audit_log').where({ id: last.id }).update({ action: 'x' })).rejects.toThrow(/append-only/);
    await expect(app.deps.knex('audit_log').where({ id: last.id }).update({ changes: null })).rejects.toThrow(/append-only/);
  });

  it("leaves a family member who shares the phone and address untouched", async () => {
    const { patientId } = await seed();
    const sibling = { ...person, firstName: 'Kaveri', email: `kaveri.${person.email}`, allergies: '' };
    const created = await app.request('/api/admin/patients', { method: 'POST', cookie: owner, json: sibling });
    const { id: siblingId } = (await created.json()) as { id: number };
    const [appointment] = await app.deps
      .knex('appointments')
      .insert({ patientId: siblingId, firstName: 'Kaveri', lastName: sibling.lastName, email: sibling.email, phone: sibling.phone, treatment: 'cleaning', preferredDate: '2026-11-26', preferredTime: '11:00' })
      .returning('id');

    expect((await erase(patientId)).status).toBe(200);
    // PAT-9: the patient's phone is stored in its normal form.
    expect(await app.deps.knex('patients').where({ id: siblingId }).first()).toMatchObject({ email: sibling.email, phone: normalisePhone(sibling.phone), address: sibling.address });
    expect(await app.deps.knex('appointments').where({ id: appointment.id }).first()).toMatchObject({ firstName: 'Kaveri', phone: sibling.phone });
    const row = await app.deps.knex('audit_log').where({ entity: 'patient', entityId: String(siblingId), action: 'create' }).first();
    expect(row.changes.phone.new).toBe(normalisePhone(sibling.phone));
    expect(row.changes.address.new).toBe(sibling.address);
  });

  it('deletes the patient row when no invoice needs it', async () => {
    const { allergies: _alerts, ...details } = person;
    const created = await app.request('/api/admin/patients', { method: 'POST', cookie: owner, json: details });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const res = await erase(id);
    expect(await res.json()).toMatchObject({ patient: 'deleted', invoices: 0 });
    expect(await app.deps.knex('patients').where({ id }).first()).toBeUndefined();
    expect(await cellsHolding(person.email)).toEqual([]);
  });

  it('is all or nothing: a failure part-way changes nothing', async () => {
    const { patientId } = await seed();
    const before = await cellsHolding(person.email);
    await app.deps.knex.raw(`
      create or replace function refuse_invoice_update() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await app.deps.knex.raw('create trigger refuse_invoice_update before update on invoices for each row execute function refuse_invoice_update()');
    const res = await erase(patientId);
    expect(res.status).toBe(500);
    expect(await cellsHolding(person.email)).toEqual(before);
    expect(await app.deps.knex('patients').where({ id: patientId }).first()).toMatchObject({ email: person.email });
    expect(await app.deps.knex('audit_log').where({ action: 'erase', entityId: String(patientId) }).first()).toBeUndefined();
  });

  it('asks for ERASE typed, is for the owner only, and 404 for an unknown patient', async () => {
    const { patientId } = await seed();
    const wrong = await erase(patientId, { confirm: 'erase' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'Type ERASE to confirm' });
    expect((await erase(patientId, { confirm: 'ERASE' }, receptionist)).status).toBe(403);
    expect((await erase(999999)).status).toBe(404);
    expect(await app.deps.knex('patients').where({ id: patientId }).first()).toMatchObject({ email: person.email });
  });
});
