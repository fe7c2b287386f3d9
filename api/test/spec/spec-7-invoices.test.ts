import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ruling, spec } from '../../../scripts/spec-conformance';
import { startTestApp, type TestApp } from '../support/test-app';

// SPEC 7's invoice calls, as a client of the REST contract makes them: SPEC 7's payload posted verbatim
// (typed items at taxPercentage 18, the tax 18% of the subtotal), the list with its embedded patient, the
// PDF, sending, marking paid and deleting (D30: cancelling). A registered clinic (D30: without a GSTIN no
// GST may be charged). Monday 23 November 2026, 10:30 in Pune: financial year 2026-27 (D14).
const NOW = '2026-11-23T05:00:00Z';
const GSTIN = '27AAPFU0939F1ZV';

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
  await app.deps.knex('invoice_counters').delete();
  await app.deps.knex('patients').delete();
  await setting('gstin', GSTIN);
});

async function setting(key: string, value: string | null) {
  const res = await app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', cookie, json: { value } });
  expect(res.status, await res.clone().text()).toBe(200);
}

const api = (path: string, init: Parameters<TestApp['request']>[1] = {}) => app.request(`/api/admin/invoices${path}`, { cookie, ...init });

async function addPatient(firstName = 'Priya', lastName = 'Kulkarni'): Promise<number> {
  const [row] = await app.deps.knex('patients').insert({ firstName, lastName, email: `${firstName.toLowerCase()}@example.in`, phone: '+91 98220 12345' }).returning('id');
  return row.id;
}

/**
 * SPEC 7's create payload as the SPEC client sends it: items typed by hand (description, quantity, unitPrice,
 * totalPrice: no price-list entry), 3 x 1,250 and 2 x 625 at the default 18%: 5,000 + 900 = 5,900.
 */
const specPayload = (patientId: number) => ({
  patientId,
  dueDate: '2026-12-07',
  subtotal: 5000,
  taxPercentage: 18,
  taxAmount: 900,
  totalAmount: 5900,
  notes: 'Review in two weeks',
  items: [
    { description: 'Composite filling', quantity: 3, unitPrice: 1250, totalPrice: 3750 },
    { description: 'Scaling and polishing', quantity: 2, unitPrice: 625, totalPrice: 1250 },
  ],
});

async function create(patientId: number, extra: object = {}) {
  const res = await api('', { method: 'POST', json: { ...specPayload(patientId), ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe('POST /api/admin/invoices', () => {
  it(spec('SPEC 7', 'POST /api/admin/invoices … patientId, dueDate, subtotal, taxPercentage, taxAmount, totalAmount, notes, items', 'D30', 'D45'), async () => {
    const patientId = await addPatient();
    const body = await create(patientId);
    expect(body).toMatchObject({
      patientId,
      dueDate: '2026-12-07',
      subtotal: 5000,
      taxPercentage: 18,
      taxAmount: 900,
      totalAmount: 5900,
      notes: 'Review in two weeks',
      status: 'pending',
      kind: 'tax-invoice',
    });
    expect(body.items).toMatchObject([
      { description: 'Composite filling', quantity: 3, unitPrice: 1250, totalPrice: 3750, taxRate: 18 },
      { description: 'Scaling and polishing', quantity: 2, unitPrice: 625, totalPrice: 1250, taxRate: 18 },
    ]);
    // The figures are kept as sent, read back from the server.
    expect(await (await api(`/${body.id}`)).json()).toMatchObject({ subtotal: 5000, taxAmount: 900, totalAmount: 5900 });
  });

  it(ruling('D14', 'The server recomputes subtotal, tax and total from the items and rejects a payload whose figures disagree by more than a paisa'), async () => {
    const patientId = await addPatient();
    // SPEC 7's payload with taxAmount zeroed: the typed items are taxed at 18% (D45), so the tax is wrong.
    const res = await api('', { method: 'POST', json: { ...specPayload(patientId), taxAmount: 0 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invoice totals do not match its items', fields: { taxAmount: 'Tax amount does not match the tax percentage' } });
    const zeroedBoth = await api('', { method: 'POST', json: { ...specPayload(patientId), taxAmount: 0, totalAmount: 5000 } });
    expect(zeroedBoth.status).toBe(400);
    expect(await app.deps.knex('invoices').count('* as n').first()).toEqual({ n: 0 });
  });

  it(ruling('D45', "an invoice item typed without a price-list entry takes the invoice's Tax Percentage … an item with no rate of its own takes the request's taxPercentage (18 when it gives none)"), async () => {
    const patientId = await addPatient();
    const { taxPercentage: _given, ...withoutPercentage } = specPayload(patientId);
    const res = await api('', { method: 'POST', json: withoutPercentage });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ taxPercentage: 18, taxAmount: 900, totalAmount: 5900 });
    expect(body.items.map((i: { taxRate: number; sacCode: string | null }) => [i.taxRate, i.sacCode])).toEqual([
      [18, null],
      [18, null],
    ]);
    // At 12.5% the same typed items take 12.5%: 625 of tax.
    const other = await api('', { method: 'POST', json: { ...specPayload(patientId), taxPercentage: 12.5, taxAmount: 625, totalAmount: 5625 } });
    expect(other.status, await other.clone().text()).toBe(201);
    expect((await other.json()).items.map((i: { taxRate: number }) => i.taxRate)).toEqual([12.5, 12.5]);
  });

  it(ruling('D45', 'Price-list items keep their own rates (treatments and the consultation exempt)'), async () => {
    const patientId = await addPatient();
    const priceList = (await (await app.request('/api/admin/price-list', { cookie })).json()) as { name: string; defaultPrice: number; sacCode: string; taxRate: number }[];
    const consultation = priceList.find((p) => p.name === 'Consultation')!;
    expect(consultation).toMatchObject({ defaultPrice: 500, sacCode: '999312', taxRate: 0 });
    const res = await api('', {
      method: 'POST',
      json: {
        ...specPayload(patientId),
        subtotal: 5500,
        totalAmount: 6400,
        items: [
          ...specPayload(patientId).items,
          { description: consultation.name, quantity: 1, unitPrice: 500, totalPrice: 500, sacCode: consultation.sacCode, taxRate: consultation.taxRate },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.items.map((i: { taxRate: number }) => i.taxRate)).toEqual([18, 18, 0]);
    expect(body).toMatchObject({ subtotal: 5500, taxAmount: 900, totalAmount: 6400, kind: 'invoice-cum-bill-of-supply' });
  });

  it(ruling('D30', 'A clinic with no GSTIN set charges no GST and issues a Bill of Supply'), async () => {
    await setting('gstin', null);
    const patientId = await addPatient();
    const charged = await api('', { method: 'POST', json: specPayload(patientId) });
    expect(charged.status).toBe(400);
    expect((await charged.json()).error).toBe('No GST can be charged: the clinic has no GSTIN (set it in Settings)');
    const res = await api('', { method: 'POST', json: { ...specPayload(patientId), taxAmount: 0, totalAmount: 5000 } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ kind: 'bill-of-supply', taxAmount: 0, totalAmount: 5000 });
  });
});

describe('invoice numbers (D14)', () => {
  it(ruling('D14', "numbers are sequential and gap-free within India's financial year (April to March) … e.g. INV/2026-27/0001"), async () => {
    const patientId = await addPatient();
    const first = await create(patientId);
    const second = await create(patientId);
    expect([first.invoiceNumber, second.invoiceNumber]).toEqual(['INV/2026-27/0001', 'INV/2026-27/0002']);
    // 00:10 on 1 April 2027 in Pune (still 31 March in UTC): the next financial year starts again at 1.
    app.clock.set('2027-03-31T18:40:00Z');
    expect((await create(patientId, { dueDate: '' })).invoiceNumber).toBe('INV/2027-28/0001');
  });

  it(ruling('D14', "(at most 16 characters, letters, digits, '/' and '-' only)"), async () => {
    const patientId = await addPatient();
    for (let i = 0; i < 3; i += 1) {
      const { invoiceNumber } = await create(patientId);
      expect(invoiceNumber).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
    }
  });
});

describe('GET /api/admin/invoices', () => {
  it(spec('SPEC 7', 'GET /api/admin/invoices | none; array with embedded patient'), async () => {
    const priya = await addPatient('Priya', 'Kulkarni');
    const rohan = await addPatient('Rohan', 'Deshmukh');
    await create(priya);
    await create(rohan);
    const res = await api('');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(2);
    const byPatient = Object.fromEntries(body.map((i: { patient: { firstName: string; lastName: string } }) => [i.patient.firstName, i.patient.lastName]));
    expect(byPatient).toEqual({ Priya: 'Kulkarni', Rohan: 'Deshmukh' });
  });

  it(spec('SPEC 3', 'Invoice: id, invoiceNumber, patient (object with firstName, lastName; may be missing), status, issueDate, dueDate (optional), totalAmount'), async () => {
    const patientId = await addPatient();
    await create(patientId);
    await api('', { method: 'POST', json: { ...specPayload(patientId), dueDate: undefined } });
    const [withoutDue, withDue] = await (await api('')).json();
    for (const invoice of [withoutDue, withDue]) {
      expect(invoice).toMatchObject({
        id: expect.any(Number),
        invoiceNumber: expect.stringMatching(/^INV\/2026-27\/000[12]$/),
        patient: { firstName: 'Priya', lastName: 'Kulkarni' },
        status: 'pending',
        issueDate: '2026-11-23',
        totalAmount: 5900,
      });
    }
    expect(withDue.dueDate).toBe('2026-12-07');
    expect(withoutDue.dueDate).toBeNull();
  });

  it(spec('SPEC 2', 'Rows show invoice number, patient name (or Unknown Patient)', 'D19'), async () => {
    const gone = await addPatient('Rohan', 'Deshmukh');
    const created = await create(gone);
    // D19: deleting the patient keeps the invoice; its patient is then missing (the screen says Unknown Patient).
    expect((await app.request(`/api/admin/patients/${gone}`, { method: 'DELETE', cookie })).status).toBe(204);
    const [invoice] = await (await api('')).json();
    expect(invoice).toMatchObject({ id: created.id, invoiceNumber: created.invoiceNumber, patient: null, totalAmount: 5900 });
  });

  it(spec('SPEC 4', 'Invoice status values seen: paid, pending, overdue', 'D14'), async () => {
    const patientId = await addPatient();
    const paid = await create(patientId);
    await create(patientId);
    await api('', { method: 'POST', json: { ...specPayload(patientId), dueDate: '2026-11-24' } });
    expect((await api(`/${paid.id}/mark-paid`, { method: 'PATCH' })).status).toBe(200);
    // D14: an unpaid invoice whose due date has passed reads as overdue (25 November in Pune).
    app.clock.set('2026-11-25T05:00:00Z');
    const statuses = (await (await api('')).json()).map((i: { invoiceNumber: string; status: string }) => [i.invoiceNumber, i.status]);
    expect(statuses.sort()).toEqual([
      ['INV/2026-27/0001', 'paid'],
      ['INV/2026-27/0002', 'pending'],
      ['INV/2026-27/0003', 'overdue'],
    ]);
  });
});

describe('one invoice', () => {
  it(spec('SPEC 7', 'GET /api/admin/invoices/{id}/pdf | none; binary PDF saved as invoice-{id}.pdf'), async () => {
    const created = await create(await addPatient());
    const res = await api(`/${created.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(res.headers.get('content-disposition')).toContain(`invoice-${created.id}.pdf`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it(ruling('D16', 'GST split as CGST and SGST halves … the total in words in Indian numbering (lakh, crore) … At 18% it is titled "Tax Invoice"'), async () => {
    const created = await create(await addPatient());
    const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(await (await api(`/${created.id}/pdf`)).arrayBuffer()) });
    expect(run.status, run.stderr.toString()).toBe(0);
    const lines = run.stdout.toString().split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    const text = lines.join(' ');
    // SPEC 7's typed items at 18% (D45): a Tax Invoice, 900 of GST as 450 + 450.
    expect(text).toContain('Tax Invoice');
    expect(text).not.toContain('Bill of Supply');
    expect(lines).toContain('Subtotal ₹ 5,000.00');
    expect(lines).toContain('CGST @ 9% ₹ 450.00');
    expect(lines).toContain('SGST @ 9% ₹ 450.00');
    expect(lines).toContain('Total ₹ 5,900.00');
    expect(text).toContain('Amount in words: Rupees Five Thousand Nine Hundred Only');
  });

  it(spec('SPEC 7', 'POST /api/admin/invoices/{id}/send | none; emails invoice to patient'), async () => {
    const created = await create(await addPatient());
    const res = await api(`/${created.id}/send`, { method: 'POST' });
    expect(res.status).toBe(200);
    const [mail] = await app.deps.knex('email_outbox').where({ kind: 'invoice' });
    expect(mail).toMatchObject({ toAddress: 'priya@example.in', attachments: [{ type: 'invoice-pdf', invoiceId: created.id }] });
    expect(mail.subject).toContain(created.invoiceNumber);
  });

  it(spec('SPEC 7', 'PATCH /api/admin/invoices/{id}/mark-paid | none'), async () => {
    const created = await create(await addPatient());
    const res = await api(`/${created.id}/mark-paid`, { method: 'PATCH' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: created.id, status: 'paid', paidOn: '2026-11-23', totalAmount: 5900 });
    expect((await api(`/${created.id}`).then((r) => r.json())).status).toBe('paid');
  });

  it(spec('SPEC 4', 'Mark paid is offered for any invoice not paid and sets it to paid', 'D14'), async () => {
    const patientId = await addPatient();
    const overdue = await create(patientId);
    app.clock.set('2026-12-10T05:00:00Z');
    expect((await (await api(`/${overdue.id}`)).json()).status).toBe('overdue');
    const res = await api(`/${overdue.id}/mark-paid`, { method: 'PATCH' });
    expect(res.status).toBe(200);
    // D14: Mark paid records the date paid.
    expect(await res.json()).toMatchObject({ status: 'paid', paidOn: '2026-12-10' });
    // Once paid it is not offered again: a second mark-paid is refused.
    expect((await api(`/${overdue.id}/mark-paid`, { method: 'PATCH' })).status).toBe(409);
  });

  it(spec('SPEC 7', 'DELETE /api/admin/invoices/{id} | none', 'D30'), async () => {
    const patientId = await addPatient();
    const created = await create(patientId);
    const res = await api(`/${created.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    // D30: a numbered invoice is never erased: Delete cancels it, kept with its number.
    expect(await (await api(`/${created.id}`)).json()).toMatchObject({ invoiceNumber: 'INV/2026-27/0001', status: 'cancelled', totalAmount: 5900 });
    expect((await (await api('')).json()).map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual(['INV/2026-27/0001']);
    // The series stays gap-free: the next invoice takes the next number.
    expect((await create(patientId)).invoiceNumber).toBe('INV/2026-27/0002');
  });
});
