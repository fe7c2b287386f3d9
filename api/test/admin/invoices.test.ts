import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { onRealServer } from '../support/test-db';
import { startTestApp, type TestApp } from '../support/test-app';

// Monday 23 November 2026, 10:30 in Pune: financial year 2026-27.
const NOW = '2026-11-23T05:00:00Z';
// A registered clinic (INV-19) unless a test says otherwise: the INV-5 payloads below charge 18% GST.
const GSTIN = '27AAPFU0939F1ZV';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});

async function setSetting(key: 'gstin' | 'upi_id', value: string | null) {
  const res = await app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', cookie, json: { value } });
  expect(res.status, await res.clone().text()).toBe(200);
}
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex.raw('drop trigger if exists fail_items on invoice_items');
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('invoices').delete();
  await app.deps.knex('invoice_counters').delete();
  await app.deps.knex('patients').delete();
  await setSetting('gstin', GSTIN);
  await setSetting('upi_id', null);
});

const api = (path: string, init: Parameters<TestApp['request']>[1] = {}) =>
  app.request(`/api/admin/invoices${path}`, { cookie, ...init });

async function addPatient(firstName = 'Priya', lastName = 'Kulkarni', email = 'priya@example.in'): Promise<number> {
  const [row] = await app.deps
    .knex('patients')
    .insert({ firstName, lastName, email, phone: '+91 98220 12345', address: 'Flat 3, Moshi, Pune' })
    .returning('id');
  return row.id;
}

type Item = { description: string; quantity: number; unitPrice: number; sacCode?: string | null };
const defaultItems: Item[] = [
  { description: 'Root canal treatment', quantity: 1, unitPrice: 5000, sacCode: '999312' },
  { description: 'Teeth whitening', quantity: 2, unitPrice: 4250.5, sacCode: '999722' },
];

/** A payload as the form sends it: figures computed from the items like the form's live totals. */
function payload(patientId: number, items: Item[] = defaultItems, taxPercentage = 18, extra: object = {}) {
  const totals = computeInvoiceTotals(items, taxPercentage);
  return {
    patientId,
    dueDate: '',
    taxPercentage,
    subtotal: totals.subtotal,
    taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount,
    notes: '',
    items: totals.items,
    ...extra,
  };
}

async function create(body: object) {
  const res = await api('', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const counts = async () => ({
  invoices: Number((await app.deps.knex('invoices').count('* as n').first())?.n),
  items: Number((await app.deps.knex('invoice_items').count('* as n').first())?.n),
  counters: await app.deps.knex('invoice_counters').select('financialYear', 'lastSequence').orderBy('financialYear'),
});

describe('without a session', () => {
  it.each([
    ['GET', ''],
    ['POST', ''],
    ['GET', '/1'],
    ['GET', '/1/pdf'],
    ['POST', '/1/send'],
    ['PATCH', '/1/mark-paid'],
    ['DELETE', '/1'],
  ])('%s /api/admin/invoices%s answers 401 and changes nothing', async (method, path) => {
    const patientId = await addPatient();
    const res = await app.request(`/api/admin/invoices${path}`, { method, json: method === 'POST' ? payload(patientId) : undefined });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
    expect((await counts()).invoices).toBe(0);
  });
});

describe('POST /api/admin/invoices', () => {
  it('creates the invoice with its items, the first number of the financial year and the patient billed', async () => {
    const patientId = await addPatient();
    const body = await create(payload(patientId, defaultItems, 18, { dueDate: '2026-12-07', notes: 'Review in 2 weeks' }));
    expect(body).toEqual({
      id: expect.any(Number),
      invoiceNumber: 'INV/2026-27/0001',
      patientId,
      patient: { id: patientId, fileNumber: expect.stringMatching(/^SC-\d{6}$/), firstName: 'Priya', lastName: 'Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345' },
      emailTo: 'priya@example.in', // PAT-19: where Email sends it
      status: 'pending',
      kind: 'tax-invoice',
      title: 'Tax Invoice',
      issueDate: '2026-11-23',
      dueDate: '2026-12-07',
      subtotal: 13501,
      taxPercentage: 18,
      taxAmount: 2430.18,
      totalAmount: 15931.18,
      amountPaid: 0,
      balance: 15931.18,
      creditedAmount: 0,
      paidOn: null,
      cancelledAt: null,
      gstRegistered: true,
      supplierGstin: GSTIN,
      notes: 'Review in 2 weeks',
      appointmentId: null,
      createdAt: expect.any(String),
      billTo: { name: 'Priya Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345', address: 'Flat 3, Moshi, Pune' },
      items: [
        { id: expect.any(Number), position: 1, description: 'Root canal treatment', sacCode: '999312', quantity: 1, unitPrice: 5000, totalPrice: 5000, taxRate: 18, credited: 0, clinicalItemId: null },
        { id: expect.any(Number), position: 2, description: 'Teeth whitening', sacCode: '999722', quantity: 2, unitPrice: 4250.5, totalPrice: 8501, taxRate: 18, credited: 0, clinicalItemId: null },
      ],
      taxSummary: [{ rate: 18, taxableValue: 13501, cgst: 1215.09, sgst: 1215.09, totalTax: 2430.18 }],
      payments: [],
      upiId: null,
      creditNotes: [],
    });
    // Amounts are stored exactly (numeric), as the database holds them.
    const stored = await app.deps.knex.raw('select subtotal::text, tax_amount::text, total_amount::text from invoices');
    expect(stored.rows[0]).toEqual({ subtotal: '13501.00', tax_amount: '2430.18', total_amount: '15931.18' });
  });

  it('fills item totals the payload leaves out and numbers invoices consecutively', async () => {
    const patientId = await addPatient();
    const first = await create(payload(patientId));
    const { items, ...rest } = payload(patientId);
    const second = await create({ ...rest, items: items.map(({ totalPrice: _t, ...item }) => item) });
    expect([first.invoiceNumber, second.invoiceNumber]).toEqual(['INV/2026-27/0001', 'INV/2026-27/0002']);
    expect(second.items.map((i: { totalPrice: number }) => i.totalPrice)).toEqual([5000, 8501]);
  });

  it('keeps the bill-to as issued when the patient is later edited or deleted (PAT-4)', async () => {
    const patientId = await addPatient();
    const invoice = await create(payload(patientId));
    await app.deps.knex('patients').where({ id: patientId }).update({ lastName: 'Deshmukh' });
    expect((await (await api(`/${invoice.id}`)).json()).billTo.name).toBe('Priya Kulkarni');
    await app.deps.knex('patients').where({ id: patientId }).delete();
    const after = await (await api(`/${invoice.id}`)).json();
    expect(after).toMatchObject({ patientId: null, patient: null, billTo: { name: 'Priya Kulkarni' } });
  });

  it.each([
    ['patientId', { patientId: undefined }, 'Please select a patient'],
    ['patientId', { patientId: '' }, 'Please select a patient'],
    ['items', { items: [] }, 'At least one item is required'],
    ['items', { items: undefined }, 'At least one item is required'],
    ['items.0.description', { items: [{ description: ' ', quantity: 1, unitPrice: 100 }] }, 'Description is required'],
    ['items.0.quantity', { items: [{ description: 'X-ray', quantity: 0, unitPrice: 100 }] }, 'Quantity must be at least 1'],
    ['items.0.unitPrice', { items: [{ description: 'X-ray', quantity: 1, unitPrice: -1 }] }, 'Unit price must be positive'],
    ['items.0.totalPrice', { items: [{ description: 'X-ray', quantity: 1, unitPrice: 1, totalPrice: -1 }] }, 'Total price must be positive'],
    ['subtotal', { subtotal: -1 }, 'Subtotal must be positive'],
    ['taxAmount', { taxAmount: -1 }, 'Tax amount must be positive'],
    ['totalAmount', { totalAmount: -1 }, 'Total amount must be positive'],
    ['taxPercentage', { taxPercentage: -1 }, 'Tax percentage must be positive'],
    ['taxPercentage', { taxPercentage: 100.01 }, 'Tax percentage cannot exceed 100%'],
    ['dueDate', { dueDate: '31/12/2026' }, 'Please enter a valid due date'],
    ['dueDate', { dueDate: '2026-11-22' }, 'Due date cannot be before the invoice date'],
  ])('refuses a bad %s with "%s" and writes nothing', async (field, change, message) => {
    const patientId = await addPatient();
    const res = await api('', { method: 'POST', json: { ...payload(patientId), ...change } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe(message);
    expect(body.fields[field]).toBe(message);
    expect(await counts()).toEqual({ invoices: 0, items: 0, counters: [] });
  });

  it('refuses a patient who does not exist with "Please select a patient"', async () => {
    const res = await api('', { method: 'POST', json: payload(987654) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Please select a patient', fields: { patientId: 'Please select a patient' } });
    expect(await counts()).toEqual({ invoices: 0, items: 0, counters: [] });
  });

  it.each([
    ['total', { totalAmount: 1 }, 'totalAmount'],
    ['subtotal', { subtotal: 13501.02, totalAmount: 15931.2 }, 'subtotal'],
    ['tax', { taxAmount: 0, totalAmount: 13501 }, 'taxAmount'],
  ])('refuses a tampered %s and writes nothing', async (_what, change, field) => {
    const patientId = await addPatient();
    const res = await api('', { method: 'POST', json: { ...payload(patientId), ...change } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('Invoice totals do not match its items');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await counts()).toEqual({ invoices: 0, items: 0, counters: [] });
  });

  it('refuses an item whose total is not quantity x unit price', async () => {
    const patientId = await addPatient();
    const body = payload(patientId);
    body.items[1] = { ...body.items[1], totalPrice: 1 };
    const res = await api('', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invoice totals do not match its items',
      fields: { 'items.1.totalPrice': 'Total price must equal quantity x unit price' },
    });
  });

  it('accepts figures one paisa off and stores its own', async () => {
    const patientId = await addPatient();
    const body = await create({ ...payload(patientId), taxAmount: 2430.19, totalAmount: 15931.19 });
    expect(body).toMatchObject({ taxAmount: 2430.18, totalAmount: 15931.18 });
  });

  it('rolls everything back when the creation fails half way: no invoice, no items, no number used', async () => {
    const patientId = await addPatient();
    await create(payload(patientId));
    // An injected failure on the items' insert, after the counter was taken and the invoice written.
    await app.deps.knex.raw(`
      create or replace function fail_items() returns trigger language plpgsql as $$
      begin
        if new.description = 'FAIL HERE' then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await app.deps.knex.raw('create trigger fail_items before insert on invoice_items for each row execute function fail_items()');
    const before = await counts();
    const items = [defaultItems[0], { description: 'FAIL HERE', quantity: 1, unitPrice: 10 }];
    const res = await api('', { method: 'POST', json: payload(patientId, items) });
    expect(res.status).toBe(500);
    expect((await res.json()).error).toMatch(/^Something went wrong\. If it happens again, quote reference [0-9a-f]{10}$/);
    expect(await counts()).toEqual(before);
    expect(before.counters).toEqual([{ financialYear: '2026-27', lastSequence: 1 }]);

    const next = await create(payload(patientId));
    expect(next.invoiceNumber).toBe('INV/2026-27/0002');
  });

  it('starts a new sequence with the financial year, by the clinic clock (April to March, Asia/Kolkata)', async () => {
    const patientId = await addPatient();
    app.clock.set('2027-03-31T18:00:00Z'); // 23:30 on 31 March in Pune
    expect((await create(payload(patientId))).invoiceNumber).toBe('INV/2026-27/0001');
    app.clock.set('2027-03-31T18:31:00Z'); // 00:01 on 1 April in Pune, still 31 March in UTC
    const april = await create(payload(patientId));
    expect(april).toMatchObject({ invoiceNumber: 'INV/2027-28/0001', issueDate: '2027-04-01' });
    app.clock.set('2027-04-02T05:00:00Z');
    expect((await create(payload(patientId))).invoiceNumber).toBe('INV/2027-28/0002');
  });

  it('gives 30 concurrent creations 30 unique, consecutive numbers', async () => {
    const patientId = await addPatient();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => api('', { method: 'POST', json: payload(patientId) })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    const numbers = (await Promise.all(responses.map((r) => r.json()))).map((b) => b.invoiceNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => `INV/2026-27/${String(i + 1).padStart(4, '0')}`));
    expect(await counts()).toMatchObject({ invoices: 30, items: 60, counters: [{ financialYear: '2026-27', lastSequence: 30 }] });
    if (onRealServer()) {
      // On the real server the 30 transactions ran side by side on separate connections and queued on the
      // counter's row lock; the unique numbers prove the lock, not a single connection, serialised them.
      const sequences = await app.deps.knex('invoices').orderBy('sequence').select('sequence');
      expect(sequences.map((r) => r.sequence)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    }
  });
});

describe('GET /api/admin/invoices', () => {
  async function seedThree() {
    const priya = await addPatient('Priya', 'Kulkarni', 'priya@example.in');
    const rohan = await addPatient('Rohan', 'Joshi', 'rohan@example.in');
    const a = await create(payload(priya, defaultItems, 18, { dueDate: '2026-11-30' }));
    const b = await create(payload(rohan, defaultItems, 0));
    const c = await create(payload(priya, defaultItems, 18, { dueDate: '2026-11-25' }));
    return { priya, rohan, a, b, c };
  }
  const numbers = async (query = '') => {
    const res = await api(query);
    expect(res.status).toBe(200);
    return (await res.json()).map((i: { invoiceNumber: string }) => i.invoiceNumber.slice(-4));
  };

  it('lists every invoice newest first with its patient, without items', async () => {
    const { rohan, b } = await seedThree();
    const res = await api('');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([
      'INV/2026-27/0003',
      'INV/2026-27/0002',
      'INV/2026-27/0001',
    ]);
    expect(body[1]).toEqual({
      id: b.id,
      invoiceNumber: 'INV/2026-27/0002',
      patientId: rohan,
      patient: { id: rohan, fileNumber: expect.stringMatching(/^SC-\d{6}$/), firstName: 'Rohan', lastName: 'Joshi', email: 'rohan@example.in', phone: '+91 98220 12345' },
      emailTo: 'rohan@example.in',
      status: 'pending',
      kind: 'bill-of-supply',
      title: 'Bill of Supply',
      issueDate: '2026-11-23',
      dueDate: null,
      subtotal: 13501,
      taxPercentage: 0,
      taxAmount: 0,
      totalAmount: 13501,
      amountPaid: 0,
      balance: 13501,
      creditedAmount: 0,
      paidOn: null,
      cancelledAt: null,
      gstRegistered: true,
      supplierGstin: GSTIN,
      notes: null,
      appointmentId: null,
      createdAt: expect.any(String),
    });
  });

  it('answers an empty array when there are no invoices', async () => {
    expect(await (await api('')).json()).toEqual([]);
  });

  it('shows a deleted patient as null (the screen says Unknown Patient)', async () => {
    const { rohan } = await seedThree();
    await app.deps.knex('patients').where({ id: rohan }).delete();
    const body = await (await api('')).json();
    expect(body[1]).toMatchObject({ invoiceNumber: 'INV/2026-27/0002', patientId: null, patient: null });
  });

  it('reads an unpaid invoice past its due date as overdue, by the clinic clock', async () => {
    await seedThree();
    const statuses = async () => (await (await api('')).json()).map((i: { status: string }) => i.status);
    expect(await statuses()).toEqual(['pending', 'pending', 'pending']);
    app.clock.set('2026-11-25T18:29:00Z'); // 23:59 on the 25th in Pune: due today is not overdue
    expect(await statuses()).toEqual(['pending', 'pending', 'pending']);
    app.clock.set('2026-11-25T18:31:00Z'); // 00:01 on the 26th in Pune (still the 25th in UTC)
    expect(await statuses()).toEqual(['overdue', 'pending', 'pending']);
    app.clock.set('2026-12-01T05:00:00Z');
    expect(await statuses()).toEqual(['overdue', 'pending', 'overdue']);
  });

  it('filters by ?status=, overdue computed from the clock', async () => {
    const { a } = await seedThree();
    app.clock.set('2026-11-27T05:00:00Z');
    expect(await numbers('?status=overdue')).toEqual(['0003']);
    expect(await numbers('?status=pending')).toEqual(['0002', '0001']);
    expect(await numbers('?status=paid')).toEqual([]);
    expect(await numbers('?status=all')).toEqual(['0003', '0002', '0001']);
    await api(`/${a.id}/mark-paid`, { method: 'PATCH' });
    expect(await numbers('?status=paid')).toEqual(['0001']);
    expect(await numbers('?status=pending')).toEqual(['0002']);
    const res = await api('?status=late');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('status must be one of all, pending, partially-paid, paid, overdue, cancelled');
  });

  it('searches the invoice number and the patient name, case-insensitively, taking % and _ literally', async () => {
    await seedThree();
    expect(await numbers('?q=inv%2F2026-27%2F0002')).toEqual(['0002']);
    expect(await numbers('?q=0003')).toEqual(['0003']);
    expect(await numbers('?q=ROHAN')).toEqual(['0002']);
    expect(await numbers('?q=priya%20kul')).toEqual(['0003', '0001']);
    expect(await numbers('?q=joshi')).toEqual(['0002']);
    expect(await numbers('?q=%25')).toEqual([]);
    expect(await numbers('?q=zzz')).toEqual([]);
    expect(await numbers('?q=%20%20')).toEqual(['0003', '0002', '0001']);
    expect(await numbers('?q=priya&status=pending')).toEqual(['0003', '0001']);
  });

  it('pages with ?limit=&offset= and gives the full count in X-Total-Count', async () => {
    await seedThree();
    const res = await api('?limit=2');
    expect(res.headers.get('x-total-count')).toBe('3');
    expect((await res.json()).map((i: { invoiceNumber: string }) => i.invoiceNumber.slice(-4))).toEqual(['0003', '0002']);
    expect(await numbers('?limit=2&offset=2')).toEqual(['0001']);
    expect(await numbers('?offset=1')).toEqual(['0002', '0001']);
    expect((await api('?q=priya&limit=1')).headers.get('x-total-count')).toBe('2');
    expect((await api('?limit=0')).status).toBe(400);
    expect((await api('?offset=-1')).status).toBe(400);
  });

  it('lists 2,000 invoices in one query, not one per invoice', async () => {
    const patientId = await addPatient();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      invoiceNumber: `INV/2025-26/${String(i + 1).padStart(4, '0')}`,
      financialYear: '2025-26',
      sequence: i + 1,
      patientId,
      billTo: JSON.stringify({ name: 'Priya Kulkarni', email: null, phone: null, address: null }),
      issueDate: '2025-06-01',
      subtotal: '100.00',
      taxPercentage: '0.00',
      taxAmount: '0.00',
      totalAmount: '100.00',
      kind: 'bill-of-supply',
      gstRegistered: false,
    }));
    for (let i = 0; i < rows.length; i += 500) await app.deps.knex('invoices').insert(rows.slice(i, i + 500));
    const queries: string[] = [];
    const listen = (q: { sql: string }) => queries.push(q.sql);
    app.deps.knex.on('query', listen);
    const res = await api('');
    app.deps.knex.removeListener('query', listen);
    expect((await res.json()).length).toBe(2000);
    expect(queries.filter((sql) => /invoices/.test(sql))).toHaveLength(1);
  });
});

describe('GET /api/admin/invoices/:id', () => {
  it('answers the invoice with its items in order', async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId));
    const res = await api(`/${created.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
  });

  it.each(['/999999', '/abc', '/0', '/99999999999'])('answers 404 for %s', async (path) => {
    const res = await api(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Invoice not found' });
  });
});

describe('PATCH /api/admin/invoices/:id/mark-paid', () => {
  it('marks the invoice paid on the clinic date, then refuses a second time with 409', async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId, defaultItems, 18, { dueDate: '2026-11-24' }));
    app.clock.set('2026-11-30T19:00:00Z'); // 00:30 on 1 December in Pune, overdue until now
    expect((await (await api(`/${created.id}`)).json()).status).toBe('overdue');
    const res = await api(`/${created.id}/mark-paid`, { method: 'PATCH' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: created.id,
      status: 'paid',
      paidOn: '2026-12-01',
      amountPaid: 15931.18,
      balance: 0,
      items: created.items,
      payments: [{ amount: 15931.18, paidOn: '2026-12-01', mode: 'cash', reference: null, receiptNumber: 'INV/2026-27/0001-R1' }],
    });

    const again = await api(`/${created.id}/mark-paid`, { method: 'PATCH' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'This invoice is already paid' });
    expect((await app.deps.knex('invoices').where({ id: created.id }).first()).paidOn).toBe('2026-12-01');
    expect(await app.deps.knex('invoice_payments').count('* as n').first()).toEqual({ n: 1 });
  });

  it('records the balance left after a part payment, by the mode and date given', async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId));
    app.clock.set('2026-11-26T05:00:00Z');
    await api(`/${created.id}/payments`, { method: 'POST', json: { amount: 5000, paidOn: '2026-11-24', mode: 'cash' } });
    const res = await api(`/${created.id}/mark-paid`, { method: 'PATCH', json: { mode: 'upi', paidOn: '2026-11-25', reference: 'UTR 1234' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'paid', paidOn: '2026-11-25', amountPaid: 15931.18, balance: 0 });
    expect(body.payments.map((p: { amount: number; mode: string; reference: string | null }) => [p.amount, p.mode, p.reference])).toEqual([
      [5000, 'cash', null],
      [10931.18, 'upi', 'UTR 1234'],
    ]);
  });

  it('refuses a cancelled invoice with 409', async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId));
    await api(`/${created.id}`, { method: 'DELETE' });
    const res = await api(`/${created.id}/mark-paid`, { method: 'PATCH' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'This invoice is cancelled' });
  });

  it('answers 404 for an unknown invoice', async () => {
    const res = await api('/424242/mark-paid', { method: 'PATCH' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Invoice not found' });
  });
});

describe('DELETE /api/admin/invoices/:id (cancels, INV-12)', () => {
  it('cancels the invoice with 204 and keeps it, its number and its items; a second time is 409', async () => {
    const patientId = await addPatient();
    const keep = await create(payload(patientId));
    const gone = await create(payload(patientId));
    app.clock.set('2026-11-24T06:00:00Z');
    const res = await api(`/${gone.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await counts()).toMatchObject({ invoices: 2, items: 4 });
    expect(await (await api(`/${gone.id}`)).json()).toMatchObject({
      invoiceNumber: 'INV/2026-27/0002',
      status: 'cancelled',
      cancelledAt: '2026-11-24T06:00:00.000Z',
      balance: 0,
      items: gone.items,
    });
    const again = await api(`/${gone.id}`, { method: 'DELETE' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'This invoice is already cancelled' });
    expect((await api(`/${keep.id}`)).status).toBe(200);
    expect((await api('/424242', { method: 'DELETE' })).status).toBe(404);
    // The next invoice takes the next number: a cancelled number is never given out again.
    expect((await create(payload(patientId))).invoiceNumber).toBe('INV/2026-27/0003');
    expect(await (await api('?status=cancelled')).json()).toMatchObject([{ id: gone.id }]);
  });

  it('withdraws the invoice email still waiting in the outbox, and only that one', async () => {
    const patientId = await addPatient();
    const keep = await create(payload(patientId));
    const gone = await create(payload(patientId));
    await api(`/${keep.id}/send`, { method: 'POST' });
    await api(`/${gone.id}/send`, { method: 'POST' });
    await api(`/${gone.id}`, { method: 'DELETE' });
    const left = await app.deps.knex('email_outbox').select('attachments');
    expect(left.map((r) => r.attachments)).toEqual([[{ type: 'invoice-pdf', invoiceId: keep.id }]]);
  });

  it('refuses to email a cancelled invoice with 409', async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId));
    await api(`/${created.id}`, { method: 'DELETE' });
    const res = await api(`/${created.id}/send`, { method: 'POST' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'A cancelled invoice cannot be sent' });
  });
});

describe('POST /api/admin/invoices/:id/send', () => {
  it('queues the invoice email to the patient with the PDF to attach, and wakes the outbox', async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId));
    const nudges = app.outboxNudges();
    const res = await api(`/${created.id}/send`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(app.outboxNudges()).toBe(nudges + 1);
    const [mail] = await app.deps.knex('email_outbox');
    expect(mail).toMatchObject({
      kind: 'invoice',
      toAddress: 'priya@example.in',
      attachments: [{ type: 'invoice-pdf', invoiceId: created.id }],
      sentAt: null,
    });
    expect(mail.subject).toContain('INV/2026-27/0001');
    expect(mail.textBody).toContain('₹ 15,931.18');
    expect(mail.textBody).toContain('attached');
  });

  it("writes to the patient's current address, or to the one billed when the patient is gone", async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId));
    await app.deps.knex('patients').where({ id: patientId }).update({ email: 'new@example.in' });
    await api(`/${created.id}/send`, { method: 'POST' });
    await app.deps.knex('patients').where({ id: patientId }).delete();
    await api(`/${created.id}/send`, { method: 'POST' });
    const mails = await app.deps.knex('email_outbox').orderBy('id').select('toAddress');
    expect(mails.map((m) => m.toAddress)).toEqual(['new@example.in', 'priya@example.in']);
  });

  it('answers 400 naming the person when there is no address to write to (PAT-19)', async () => {
    const patientId = await addPatient();
    const created = await create(payload(patientId));
    await app.deps.knex('patients').where({ id: patientId }).delete();
    await app.deps
      .knex('invoices')
      .where({ id: created.id })
      .update({ billTo: JSON.stringify({ name: 'Priya Kulkarni', email: null, phone: null, address: null }) });
    const res = await api(`/${created.id}/send`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Priya Kulkarni has no email address. Add one to their record, or download the PDF and share it another way.' });
    expect(await app.deps.knex('email_outbox').count('* as n').first()).toEqual({ n: 0 });
  });

  it('answers 404 for an unknown invoice', async () => {
    const res = await api('/424242/send', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Invoice not found' });
  });
});
