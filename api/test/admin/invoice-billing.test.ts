import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { onRealServer } from '../support/test-db';
import { startTestApp, type TestApp } from '../support/test-app';

// INV-19 to INV-21 over HTTP: GST per item and the document's kind from the clinic's registration, payments and the
// statuses read from them, cancellation instead of deletion with the series kept consecutive, and the
// dashboard's revenue from payments.

const NOW = '2026-11-23T05:00:00Z'; // Monday 23 November 2026, 10:30 in Pune
const GSTIN = '27AAPFU0939F1ZV';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());

async function setSetting(key: 'gstin' | 'upi_id', value: string | null) {
  const res = await app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', cookie, json: { value } });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('invoices').delete();
  await app.deps.knex('invoice_counters').delete();
  await app.deps.knex('patients').delete();
  await setSetting('gstin', GSTIN);
  await setSetting('upi_id', null);
});

const api = (path: string, init: Parameters<TestApp['request']>[1] = {}) => app.request(`/api/admin/invoices${path}`, { cookie, ...init });

async function addPatient(): Promise<number> {
  const [row] = await app.deps
    .knex('patients')
    .insert({ firstName: 'Priya', lastName: 'Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345' })
    .returning('id');
  return row.id;
}

type Item = { description: string; quantity: number; unitPrice: number; sacCode?: string | null; taxRate?: number | null };

function payload(patientId: number, items: Item[], taxPercentage = 18, registered = true, extra: object = {}) {
  const totals = computeInvoiceTotals(items, taxPercentage, { registered });
  return {
    patientId,
    dueDate: '',
    taxPercentage,
    subtotal: totals.subtotal,
    taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount,
    notes: '',
    items: items.map((item, i) => ({ ...item, totalPrice: totals.items[i].totalPrice })),
    ...extra,
  };
}

async function create(body: object) {
  const res = await api('', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const consultation: Item = { description: 'Consultation', quantity: 1, unitPrice: 500, sacCode: '999312', taxRate: 0 };
const whitening: Item = { description: 'Teeth whitening', quantity: 1, unitPrice: 12000, sacCode: '999722', taxRate: 18 };
const filling: Item = { description: 'Composite filling', quantity: 2, unitPrice: 2200.5, sacCode: '999312', taxRate: 0 };

describe('a clinic without a GSTIN (not registered)', () => {
  beforeEach(() => setSetting('gstin', null));

  it('issues a Bill of Supply with no tax, whatever the rates, and no GSTIN', async () => {
    const patientId = await addPatient();
    const body = await create(payload(patientId, [whitening, { ...consultation, taxRate: null }], 18, false));
    expect(body).toMatchObject({
      kind: 'bill-of-supply',
      title: 'Bill of Supply',
      gstRegistered: false,
      supplierGstin: null,
      subtotal: 12500,
      taxAmount: 0,
      totalAmount: 12500,
      taxSummary: [{ rate: 0, taxableValue: 12500, cgst: 0, sgst: 0, totalTax: 0 }],
    });
    expect(body.items.map((i: { taxRate: number }) => i.taxRate)).toEqual([0, 0]);
  });

  it('refuses figures that charge GST, saying why, and writes nothing', async () => {
    const patientId = await addPatient();
    const res = await api('', { method: 'POST', json: payload(patientId, [{ ...consultation, taxRate: null }], 18, true) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'No GST can be charged: the clinic has no GSTIN (set it in Settings)',
      fields: { taxAmount: 'No GST can be charged: the clinic has no GSTIN (set it in Settings)' },
    });
    expect(await app.deps.knex('invoices').count('* as n').first()).toEqual({ n: 0 });
    expect(await app.deps.knex('invoice_counters').count('* as n').first()).toEqual({ n: 0 });
  });

  it('keeps an invoice as issued when the clinic registers later (CGST Rule 46)', async () => {
    const patientId = await addPatient();
    const before = await create(payload(patientId, [whitening], 18, false));
    await setSetting('gstin', GSTIN);
    const after = await create(payload(patientId, [whitening], 18, true));
    expect(await (await api(`/${before.id}`)).json()).toMatchObject({ kind: 'bill-of-supply', supplierGstin: null, taxAmount: 0 });
    expect(after).toMatchObject({ kind: 'tax-invoice', supplierGstin: GSTIN, taxAmount: 2160, totalAmount: 14160 });
  });
});

describe('GST per item on a registered clinic', () => {
  it('issues a Tax Invoice when every item is taxed, a Bill of Supply when none is', async () => {
    const patientId = await addPatient();
    expect(await create(payload(patientId, [whitening], 0))).toMatchObject({ kind: 'tax-invoice', title: 'Tax Invoice', taxAmount: 2160 });
    expect(await create(payload(patientId, [consultation, filling], 18))).toMatchObject({
      kind: 'bill-of-supply',
      title: 'Bill of Supply',
      taxAmount: 0,
      totalAmount: 4901,
    });
  });

  it('issues an Invoice-cum-Bill of Supply for taxed and exempt items, with tax only on the taxed ones', async () => {
    const patientId = await addPatient();
    const body = await create(payload(patientId, [consultation, whitening, { ...filling, taxRate: 5 }, { ...filling, taxRate: null }], 12));
    expect(body).toMatchObject({
      kind: 'invoice-cum-bill-of-supply',
      title: 'Invoice-cum-Bill of Supply',
      subtotal: 21302,
      // 18% of 12,000 = 2,160; 5% of 4,401 = 220.05 (110.03 x 2 = 220.06); 12% of 4,401 = 528.12
      taxAmount: 2160 + 220.06 + 528.12,
      totalAmount: 21302 + 2908.18,
    });
    expect(body.items.map((i: { taxRate: number }) => i.taxRate)).toEqual([0, 18, 5, 12]);
    expect(body.taxSummary).toEqual([
      { rate: 0, taxableValue: 500, cgst: 0, sgst: 0, totalTax: 0 },
      { rate: 5, taxableValue: 4401, cgst: 110.03, sgst: 110.03, totalTax: 220.06 },
      { rate: 12, taxableValue: 4401, cgst: 264.06, sgst: 264.06, totalTax: 528.12 },
      { rate: 18, taxableValue: 12000, cgst: 1080, sgst: 1080, totalTax: 2160 },
    ]);
  });

  it('gives an item marked taxable without a rate the invoice percentage, 12.5 included (INV-38: a typed one takes it too)', async () => {
    const patientId = await addPatient();
    const items = [{ description: 'Scaling', quantity: 1, unitPrice: 1499.99, sacCode: '999722' }];
    const body = await create(payload(patientId, items, 12.5));
    expect(body).toMatchObject({ kind: 'tax-invoice', taxPercentage: 12.5, taxAmount: 187.5, totalAmount: 1687.49 });
    expect(body.items[0].taxRate).toBe(12.5);
  });

  it.each([
    [{ taxRate: 7 }, 'GST rate must be 0, 5, 12, 18 or 28%'],
    [{ taxRate: 'eighteen' }, 'GST rate must be 0, 5, 12, 18 or 28%'],
    [{ sacCode: '12345' }, 'Please select a valid SAC code'],
  ])('refuses an item with %o: "%s"', async (change, message) => {
    const patientId = await addPatient();
    const body = payload(patientId, [whitening]);
    const res = await api('', { method: 'POST', json: { ...body, items: [{ ...body.items[0], ...change }] } });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.error).toBe(message);
    expect(Object.values(answer.fields)).toEqual([message]);
  });

  it('refuses per-item figures that disagree by more than a paisa (INV-8)', async () => {
    const patientId = await addPatient();
    // Figures computed at the invoice rate for every item, while one item is exempt.
    const body = { ...payload(patientId, [consultation, whitening], 18), ...payload(patientId, [{ ...consultation, taxRate: 18 }, whitening], 18) };
    body.items = [consultation, whitening].map((i) => ({ ...i, totalPrice: i.unitPrice * i.quantity }));
    const res = await api('', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Invoice totals do not match its items', fields: { taxAmount: 'Tax amount does not match the tax percentage' } });
  });
});

describe('POST /api/admin/invoices/:id/payments', () => {
  async function invoice() {
    return create(payload(await addPatient(), [whitening, consultation], 18, true, { dueDate: '2026-12-07' })); // 14,660
  }
  const pay = (id: number, json: object) => api(`/${id}/payments`, { method: 'POST', json });

  it('records a part payment (201), reads partially-paid with the balance, then paid when settled', async () => {
    const inv = await invoice();
    app.clock.set('2026-11-25T05:00:00Z');
    const res = await pay(inv.id, { amount: '5000.50', paidOn: '2026-11-24', mode: 'upi', reference: ' UTR 4100 ' });
    expect(res.status).toBe(201);
    const payment = await res.json();
    expect(payment).toMatchObject({
      id: expect.any(Number),
      invoiceId: inv.id,
      amount: 5000.5,
      paidOn: '2026-11-24',
      mode: 'upi',
      reference: 'UTR 4100',
      receiptNumber: 'INV/2026-27/0001-R1',
      createdAt: '2026-11-25T05:00:00.000Z',
      invoice: { id: inv.id, status: 'partially-paid', amountPaid: 5000.5, balance: 9659.5, paidOn: null },
    });
    expect(payment.invoice.payments).toHaveLength(1);

    const list = await (await api('')).json();
    expect(list[0]).toMatchObject({ status: 'partially-paid', amountPaid: 5000.5, balance: 9659.5 });
    expect((await (await api('?status=partially-paid')).json()).map((i: { id: number }) => i.id)).toEqual([inv.id]);
    expect(await (await api('?status=pending')).json()).toEqual([]);

    const rest = await pay(inv.id, { amount: 9659.5, paidOn: '2026-11-25', mode: 'cash' });
    expect(rest.status).toBe(201);
    expect((await rest.json()).invoice).toMatchObject({ status: 'paid', amountPaid: 14660, balance: 0, paidOn: '2026-11-25' });
    const stored = await app.deps.knex('invoices').where({ id: inv.id }).first();
    expect(stored).toMatchObject({ status: 'paid', amountPaid: '14660.00' });
  });

  it('reads overdue when part-paid past the due date, by the clinic clock', async () => {
    const inv = await invoice();
    await pay(inv.id, { amount: 100, paidOn: '2026-11-23', mode: 'card' });
    app.clock.set('2026-12-07T18:31:00Z'); // 00:01 on 8 December in Pune
    expect(await (await api(`/${inv.id}`)).json()).toMatchObject({ status: 'overdue', balance: 14560 });
    expect((await (await api('?status=overdue')).json()).map((i: { id: number }) => i.id)).toEqual([inv.id]);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'Amount must be more than zero'],
    [{ amount: -5 }, 'amount', 'Amount must be more than zero'],
    [{ amount: 'x' }, 'amount', 'Amount must be more than zero'],
    [{ amount: 14660.01 }, 'amount', 'Amount cannot be more than the balance due of ₹ 14,660.00'],
    [{ paidOn: '' }, 'paidOn', 'Please enter the payment date'],
    [{ paidOn: '23/11/2026' }, 'paidOn', 'Please enter the payment date'],
    [{ paidOn: '2026-11-24' }, 'paidOn', 'Payment date cannot be in the future'],
    [{ paidOn: '2026-11-22' }, 'paidOn', 'Payment date cannot be before the invoice date'],
    [{ mode: 'cheque' }, 'mode', 'Please select a payment mode (cash, UPI, card or bank transfer)'],
    [{ mode: undefined }, 'mode', 'Please select a payment mode (cash, UPI, card or bank transfer)'],
    [{ reference: 'x'.repeat(101) }, 'reference', 'Reference must be at most 100 characters'],
  ])('refuses %o with 400 under %s and records nothing', async (change, field, message) => {
    const inv = await invoice();
    const res = await pay(inv.id, { amount: 1000, paidOn: '2026-11-23', mode: 'cash', ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe(message);
    expect(body.fields[field]).toBe(message);
    expect(await app.deps.knex('invoice_payments').count('* as n').first()).toEqual({ n: 0 });
  });

  it('takes "today" at the clinic, not the server: 00:30 in Pune is already the next day', async () => {
    const inv = await invoice();
    app.clock.set('2026-11-23T19:00:00Z'); // 00:30 on 24 November in Pune
    expect((await pay(inv.id, { amount: 10, paidOn: '2026-11-24', mode: 'cash' })).status).toBe(201);
  });

  it('refuses a payment on a paid or a cancelled invoice with 409, and answers 404 for an unknown one', async () => {
    const inv = await invoice();
    await pay(inv.id, { amount: 14660, paidOn: '2026-11-23', mode: 'bank' });
    const paid = await pay(inv.id, { amount: 1, paidOn: '2026-11-23', mode: 'cash' });
    expect(paid.status).toBe(409);
    expect(await paid.json()).toEqual({ error: 'This invoice is already paid' });

    const other = await invoice();
    await api(`/${other.id}`, { method: 'DELETE' });
    const cancelled = await pay(other.id, { amount: 1, paidOn: '2026-11-23', mode: 'cash' });
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toEqual({ error: 'A cancelled invoice cannot take payments' });

    const unknown = await pay(424242, { amount: 1, paidOn: '2026-11-23', mode: 'cash' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Invoice not found' });
  });

  it('never takes more than the balance when payments race (real server: row lock)', async () => {
    const inv = await invoice();
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(inv.id, { amount: 5000, paidOn: '2026-11-23', mode: 'upi' })));
    const statuses = results.map((r) => r.status).sort();
    // 14,660 takes two payments of 5,000; the third would leave 4,660 and is refused, as are the rest.
    expect(statuses).toEqual([201, 201, 400, 400, 400, 400, 400, 400, 400, 400]);
    expect(await (await api(`/${inv.id}`)).json()).toMatchObject({ amountPaid: 10000, balance: 4660, status: 'partially-paid' });
  });
});

describe('the invoice series under cancellation', () => {
  it('gives 100 concurrent creations, with cancellations in between, consecutive unique numbers', async () => {
    const patientId = await addPatient();
    const body = payload(patientId, [whitening, consultation]);
    const created: { id: number; invoiceNumber: string }[] = [];
    const cancelled: number[] = [];
    // Ten waves of ten creations at once; after each wave, two of its invoices are cancelled while the
    // next wave is already being created.
    let pendingCancels: Promise<unknown>[] = [];
    for (let wave = 0; wave < 10; wave++) {
      const responses = await Promise.all(Array.from({ length: 10 }, () => api('', { method: 'POST', json: body })));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
      const invoices = await Promise.all(responses.map((r) => r.json()));
      created.push(...invoices);
      await Promise.all(pendingCancels);
      pendingCancels = invoices.slice(0, 2).map((inv) => {
        cancelled.push(inv.id);
        return api(`/${inv.id}`, { method: 'DELETE' }).then((r) => expect(r.status).toBe(204));
      });
    }
    await Promise.all(pendingCancels);
    const numbers = created.map((i) => i.invoiceNumber).sort();
    expect(new Set(numbers).size).toBe(100);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => `INV/2026-27/${String(i + 1).padStart(4, '0')}`));
    const rows = await app.deps.knex('invoices').orderBy('sequence').select('sequence', 'status');
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(20);
    expect(await app.deps.knex('invoice_counters').first()).toEqual({ financialYear: '2026-27', lastSequence: 100 });
    if (onRealServer()) {
      // There the creations ran on separate connections at once and queued on the counter's row lock.
      expect(cancelled).toHaveLength(20);
    }
  }, 120_000);
});

describe('the dashboard with payments and cancellations (ADMIN-10, ADMIN-11)', () => {
  it('counts payments received this month at the clinic as revenue and leaves cancelled invoices out', async () => {
    const patientId = await addPatient();
    const a = await create(payload(patientId, [whitening])); // 14,160
    const b = await create(payload(patientId, [consultation])); // 500
    const c = await create(payload(patientId, [filling])); // 4,401
    app.clock.set('2026-11-30T12:00:00Z'); // 17:30 on 30 November in Pune
    await api(`/${a.id}/payments`, { method: 'POST', json: { amount: 4000, paidOn: '2026-11-24', mode: 'upi' } });
    await api(`/${b.id}/mark-paid`, { method: 'PATCH' });
    await api(`/${c.id}/payments`, { method: 'POST', json: { amount: 1000, paidOn: '2026-11-30', mode: 'cash' } });
    await api(`/${c.id}`, { method: 'DELETE' });
    app.clock.set('2026-12-01T05:00:00Z');
    await api(`/${a.id}/payments`, { method: 'POST', json: { amount: 160, paidOn: '2026-12-01', mode: 'cash' } });

    app.clock.set('2026-11-30T18:00:00Z'); // 23:30 on 30 November in Pune
    const november = await (await app.request('/api/admin/stats', { cookie })).json();
    // 4,000 + 500 this month (the December payment and the cancelled invoice's 1,000 do not count);
    // pending: a (part-paid) only; b is paid, c cancelled.
    expect(november).toMatchObject({ monthlyRevenue: 4500, pendingInvoices: 1 });
    app.clock.set('2026-11-30T18:31:00Z'); // 00:01 on 1 December in Pune
    expect(await (await app.request('/api/admin/stats', { cookie })).json()).toMatchObject({ monthlyRevenue: 160 });
  });
});
