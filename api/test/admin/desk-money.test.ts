import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { ADVANCE_MESSAGES } from '../../../shared/schemas/payment';
import type { DayEndReport, DuesReport } from '../../../shared/schemas/desk-reports';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// Advances, credit and refunds (INV-28 to INV-30) and the owner's end of day (INV-31 to INV-33): a day at the
// desk is built through the API (several modes, two staff members, a refund, an advance partly applied, a
// partly paid invoice, debts of several ages, an invoice cancelled today), then the day-end and dues reports
// are checked against sums this test makes itself from what it recorded, and against the invoices' own
// balances, to the paisa.

const TODAY = '2026-11-23';
const NOW = '2026-11-23T09:30:00Z'; // 15:00 in Pune
const RECEPTIONIST = { email: 'reception@clinic.test', password: 'front-desk-2026', name: 'Rekha Pawar' };
const OWNER_NAME = 'Test Admin';

let app: TestApp;
let owner: string;
let reception: string;
beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn();
  await createAccount(app.deps.knex, RECEPTIONIST.email, RECEPTIONIST.password, RECEPTIONIST.name, 'receptionist');
  const res = await app.request('/api/auth/login', { method: 'POST', json: { email: RECEPTIONIST.email, password: RECEPTIONIST.password } });
  reception = cookieFrom(res);
});
afterAll(() => app?.close());

async function call(cookie: string, method: string, path: string, json?: unknown, status = 200) {
  const res = await app.request(path, { method, cookie, json });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return res.json();
}

async function patient(firstName: string, lastName: string, phone: string): Promise<number> {
  const [{ id }] = await app.deps.knex('patients').insert({ firstName, lastName, email: `${firstName.toLowerCase()}@example.in`, phone }).returning('id');
  return id;
}

/** Issues an invoice of one exempt item on the clinic day the clock says. */
async function invoice(patientId: number, rupees: number): Promise<{ id: number; invoiceNumber: string }> {
  const items = [{ description: 'Treatment', quantity: 1, unitPrice: rupees, sacCode: '999312', taxRate: 0 }];
  const t = computeInvoiceTotals(items, 18, { registered: false });
  return call(owner, 'POST', '/api/admin/invoices', {
    patientId, taxPercentage: 18, subtotal: t.subtotal, taxAmount: t.taxAmount, totalAmount: t.totalAmount,
    items: items.map((item, i) => ({ ...item, totalPrice: t.items[i].totalPrice })),
  }, 201);
}

const pay = (cookie: string, invoiceId: number, amount: number, mode: string, paidOn: string) =>
  call(cookie, 'POST', `/api/admin/invoices/${invoiceId}/payments`, { amount, mode, paidOn, reference: null }, 201);

// What the test recorded on the day, summed by the test itself (rupees).
type Money = { mode: 'cash' | 'upi' | 'card' | 'bank'; amount: number; staff: string; kind: 'payment' | 'advance' | 'refund' };
const day: Money[] = [];
const ids = {} as Record<string, number>;

describe('a day at the desk', () => {
  it('is recorded through the API: payments in four modes, an advance applied in part, refunds', async () => {
    // Earlier debts: Meera's from August (over 90 days), Rahul's from October paid in part then.
    const meera = await patient('Meera', 'Deshpande', '+919890011223');
    const rahul = await patient('Rahul', 'Patil', '+919730025447');
    const priya = await patient('Priya', 'Kulkarni', '+919822012345');
    Object.assign(ids, { meera, rahul, priya });
    app.clock.set('2026-08-10T06:00:00Z');
    ids.meeraInvoice = (await invoice(meera, 3000)).id;
    app.clock.set('2026-10-05T06:00:00Z');
    ids.rahulInvoice = (await invoice(rahul, 2000)).id;
    await pay(owner, ids.rahulInvoice, 500, 'cash', '2026-10-05');
    app.clock.set('2026-11-02T06:00:00Z');
    ids.cancelledInvoice = (await invoice(rahul, 900)).id;

    app.clock.set(NOW);
    expect((await app.request(`/api/admin/invoices/${ids.cancelledInvoice}`, { method: 'DELETE', cookie: owner })).status).toBe(204);
    ids.priyaFirst = (await invoice(priya, 1500)).id;
    ids.priyaSecond = (await invoice(priya, 2500)).id;
    await pay(reception, ids.priyaFirst, 1000, 'upi', TODAY);
    day.push({ mode: 'upi', amount: 1000, staff: RECEPTIONIST.name, kind: 'payment' });
    const card = await pay(owner, ids.priyaSecond, 2500, 'card', TODAY);
    day.push({ mode: 'card', amount: 2500, staff: OWNER_NAME, kind: 'payment' });
    expect(card.invoice.status).toBe('paid');
    await pay(reception, ids.rahulInvoice, 700, 'bank', TODAY);
    day.push({ mode: 'bank', amount: 700, staff: RECEPTIONIST.name, kind: 'payment' });

    // An advance from Meera, 400 of it applied to her old invoice (no new money), 100 given back.
    const advance = await call(reception, 'POST', `/api/admin/patients/${meera}/advances`, { amount: 1000, mode: 'cash', reference: 'Before the crown' }, 201);
    ids.advance = advance.id;
    expect(advance).toMatchObject({ patientId: meera, amount: 1000, paidOn: TODAY, mode: 'cash', applied: 0, refunded: 0, available: 1000, receiptNumber: `ADV-${advance.id}`, recordedBy: RECEPTIONIST.name });
    day.push({ mode: 'cash', amount: 1000, staff: RECEPTIONIST.name, kind: 'advance' });
    const applied = await call(reception, 'POST', `/api/admin/invoices/${ids.meeraInvoice}/apply-credit`, { amount: 400 });
    expect(applied).toMatchObject({ amountPaid: 400, balance: 2600 });
    expect(applied.payments).toEqual([expect.objectContaining({ amount: 400, kind: 'credit', mode: 'cash', reference: `From advance ADV-${advance.id}` })]);
    ids.creditPayment = applied.payments[0].id;
    const back = await call(reception, 'POST', `/api/admin/payments/${advance.id}/refund`, { amount: 100, reason: 'Change returned' }, 201);
    expect(back).toMatchObject({ amount: 100, mode: 'cash', refundedOn: TODAY, advance: { applied: 400, refunded: 100, available: 500 } });
    day.push({ mode: 'cash', amount: 100, staff: RECEPTIONIST.name, kind: 'refund' });

    // The owner gives back 300 of the card payment: the paid invoice owes 300 again.
    const refund = await call(owner, 'POST', `/api/admin/payments/${card.id}/refund`, { amount: 300, reason: 'Discount agreed after payment' }, 201);
    expect(refund).toMatchObject({ amount: 300, mode: 'card', invoice: { status: 'partially-paid', amountPaid: 2200, balance: 300, paidOn: null } });
    expect(refund.invoice.payments[0]).toMatchObject({ amount: 2500, refunded: 300 });
    day.push({ mode: 'card', amount: 300, staff: OWNER_NAME, kind: 'refund' });

    const credit = await call(reception, 'GET', `/api/admin/patients/${meera}/credit`);
    expect(credit).toMatchObject({ patientId: meera, credit: 500, advances: [{ id: advance.id, available: 500 }] });
  });

  it('day-end: by mode, by staff, refunds and advances agree with what was recorded', async () => {
    const report: DayEndReport = await call(owner, 'GET', `/api/admin/reports/day-end?date=${TODAY}`);
    const sum = (pick: (m: Money) => boolean) => day.filter(pick).reduce((s, m) => s + m.amount * 100, 0) / 100;
    const received = sum((m) => m.kind !== 'refund');
    const refunds = sum((m) => m.kind === 'refund');
    expect(report.totals).toEqual({
      received, refunds, net: received - refunds,
      invoicePayments: sum((m) => m.kind === 'payment'), advances: sum((m) => m.kind === 'advance'), count: day.filter((m) => m.kind !== 'refund').length,
    });
    expect(report.totals).toMatchObject({ received: 5200, refunds: 400, net: 4800 });
    for (const mode of ['cash', 'upi', 'card', 'bank'] as const) {
      const r = sum((m) => m.mode === mode && m.kind !== 'refund');
      const f = sum((m) => m.mode === mode && m.kind === 'refund');
      expect(report.byMode.find((m) => m.mode === mode)).toEqual({ mode, received: r, refunds: f, net: r - f });
    }
    expect(report.byMode.map((m) => m.mode)).toEqual(['cash', 'upi', 'card', 'bank']);
    for (const staff of [RECEPTIONIST.name, OWNER_NAME]) {
      const r = sum((m) => m.staff === staff && m.kind !== 'refund');
      const f = sum((m) => m.staff === staff && m.kind === 'refund');
      expect(report.byStaff.find((s) => s.name === staff)).toMatchObject({ received: r, refunds: f, net: r - f });
    }
    // The credit applied from the advance is not money received; October's payment is another day.
    expect(report.payments.map((p) => [p.kind, p.mode, p.amount])).toEqual([
      ['payment', 'upi', 1000], ['payment', 'card', 2500], ['payment', 'bank', 700], ['advance', 'cash', 1000],
    ]);
    expect(report.payments[3]).toMatchObject({ patientName: 'Meera Deshpande', invoiceNumber: null, recordedBy: RECEPTIONIST.name });
    expect(report.refunds.map((r) => [r.kind, r.mode, r.amount, r.reason])).toEqual([
      ['advance', 'cash', 100, 'Change returned'], ['payment', 'card', 300, 'Discount agreed after payment'],
    ]);
    const october = await call(owner, 'GET', '/api/admin/reports/day-end?date=2026-10-05');
    expect(october.totals).toMatchObject({ received: 500, refunds: 0, net: 500 });
  });

  it('dues: balances by age less unused credit, equal to the invoices’ own balances', async () => {
    const report: DuesReport = await call(owner, 'GET', '/api/admin/reports/dues');
    expect(report.asOf).toBe(TODAY);
    const invoices: { balance: number; status: string }[] = await call(owner, 'GET', '/api/admin/invoices');
    const owedByInvoices = invoices.filter((i) => i.status !== 'cancelled').reduce((s, i) => s + i.balance * 100, 0) / 100;
    expect(report.totals.owed).toBe(owedByInvoices);
    expect(report.totals).toEqual({ days0to30: 800, days31to60: 800, days61to90: 0, days90plus: 2600, owed: 4200, credit: 500, netDue: 3700 });
    const byName = Object.fromEntries(report.rows.map((r) => [r.name, r]));
    expect(byName['Meera Deshpande']).toMatchObject({ days90plus: 2600, owed: 2600, credit: 500, netDue: 2100 });
    expect(byName['Meera Deshpande'].invoices).toEqual([expect.objectContaining({ ageDays: 105, bucket: 'days90plus', total: 3000, paid: 400, balance: 2600 })]);
    expect(byName['Rahul Patil']).toMatchObject({ days31to60: 800, owed: 800, credit: 0, netDue: 800 });
    expect(byName['Priya Kulkarni']).toMatchObject({ days0to30: 800, owed: 800, netDue: 800 });
    expect(report.rows.map((r) => r.name)).toEqual(['Meera Deshpande', 'Priya Kulkarni', 'Rahul Patil']);
  });

  it('dues as of an earlier day: payments, credit and cancellations after it do not count yet', async () => {
    const report: DuesReport = await call(owner, 'GET', '/api/admin/reports/dues?asOf=2026-11-10');
    const byName = Object.fromEntries(report.rows.map((r) => [r.name, r]));
    // Rahul: October's invoice less October's payment (36 days), and the invoice cancelled only today (8 days).
    expect(byName['Rahul Patil']).toMatchObject({ days0to30: 900, days31to60: 1500, owed: 2400 });
    expect(byName['Meera Deshpande']).toMatchObject({ days61to90: 0, days90plus: 3000, credit: 0, netDue: 3000 });
    expect(byName['Priya Kulkarni']).toBeUndefined();
    const future = await app.request('/api/admin/reports/dues?asOf=2026-11-24', { cookie: owner });
    expect(future.status).toBe(400);
    expect(await future.json()).toEqual({ error: 'asOf cannot be after today', fields: { asOf: 'asOf cannot be after today' } });
    expect((await app.request('/api/admin/reports/day-end?date=23-11-2026', { cookie: owner })).status).toBe(400);
  });

  it('CSV: the day-end and the dues as tables with the same figures', async () => {
    const res = await app.request(`/api/admin/reports/day-end.csv?date=${TODAY}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="day-end-${TODAY}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFFSection,Date,Mode,Staff,Patient,Invoice,Reference,Reason,Recorded at,Received,Refunded,Net\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toContain(`Total by mode,${TODAY},card,,,,,,,2500.00,300.00,2200.00`);
    expect(lines).toContain(`Total by staff,${TODAY},,${RECEPTIONIST.name},,,,,,2700.00,100.00,2600.00`);
    expect(lines.at(-1)).toBe(`Day total,${TODAY},,,,,,,,5200.00,400.00,4800.00`);
    expect(lines.filter((l) => l.startsWith('Refund,')).map((l) => l.split(',').at(-1))).toEqual(['-100.00', '-300.00']);
    expect(lines.filter((l) => l.startsWith('Advance,'))).toHaveLength(1);

    const dues = Buffer.from(await (await app.request('/api/admin/reports/dues.csv', { cookie: owner })).arrayBuffer()).toString('utf8');
    const duesLines = dues.slice(1).trimEnd().split('\r\n');
    expect(duesLines[0]).toBe('Patient ID,Patient,Phone,Invoices,0-30 days,31-60 days,61-90 days,90+ days,Owed,Unused credit,Net due');
    expect(duesLines[1]).toMatch(/^\d+,Meera Deshpande,\+919890011223,INV\/\d{4}-\d{2}\/\d{4},0\.00,0\.00,0\.00,2600\.00,2600\.00,500\.00,2100\.00$/);
    expect(duesLines.at(-1)).toBe(`,Total as of ${TODAY},,,800.00,800.00,0.00,2600.00,4200.00,500.00,3700.00`);
  });

  it('is the owner’s: a receptionist is refused the reports', async () => {
    for (const path of ['day-end', 'day-end.csv', 'dues', 'dues.csv']) {
      const res = await app.request(`/api/admin/reports/${path}`, { cookie: reception });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe('Only the owner can see the reports.');
    }
  });
});

describe('the rules of refunds, advances and credit', () => {
  it('refunds never more than what is left, in the payment’s mode; a full refund then refuses more', async () => {
    const over = await app.request(`/api/admin/payments/${ids.advance}/refund`, { method: 'POST', cookie: owner, json: { amount: 500.01, reason: 'x' } });
    expect(over.status).toBe(400);
    expect((await over.json()).fields).toEqual({ amount: 'Amount cannot be more than the unused part of this advance, ₹ 500.00' });
    await call(owner, 'POST', `/api/admin/payments/${ids.advance}/refund`, { amount: 500, reason: 'Treatment postponed' }, 201);
    const again = await app.request(`/api/admin/payments/${ids.advance}/refund`, { method: 'POST', cookie: owner, json: { amount: 1, reason: 'x' } });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(ADVANCE_MESSAGES.fullyRefunded);
  });

  it('refuses a credit row, a missing reason, a zero amount and an unknown payment', async () => {
    const credit = await app.request(`/api/admin/payments/${ids.creditPayment}/refund`, { method: 'POST', cookie: owner, json: { amount: 1, reason: 'x' } });
    expect(credit.status).toBe(409);
    expect((await credit.json()).error).toBe(ADVANCE_MESSAGES.creditPayment);
    const noReason = await app.request(`/api/admin/payments/${ids.advance}/refund`, { method: 'POST', cookie: owner, json: { amount: 1, reason: ' ' } });
    expect((await noReason.json()).fields).toEqual({ reason: 'Please give a reason for the refund' });
    const zero = await app.request(`/api/admin/payments/${ids.advance}/refund`, { method: 'POST', cookie: owner, json: { amount: 0, reason: 'x' } });
    expect((await zero.json()).fields).toEqual({ amount: 'Amount must be more than zero' });
    expect((await app.request('/api/admin/payments/999999/refund', { method: 'POST', cookie: owner, json: { amount: 1, reason: 'x' } })).status).toBe(404);
  });

  it('a full refund of an invoice payment makes the invoice owe it all again, and refuses more', async () => {
    const inv = await invoice(ids.priya, 1000);
    const payment = await pay(owner, inv.id, 600, 'upi', TODAY);
    await call(owner, 'POST', `/api/admin/payments/${payment.id}/refund`, { amount: 600, reason: 'Paid twice by mistake' }, 201);
    const res = await app.request(`/api/admin/payments/${payment.id}/refund`, { method: 'POST', cookie: owner, json: { amount: 1, reason: 'x' } });
    expect(res.status).toBe(409);
    const after = await call(owner, 'GET', `/api/admin/invoices/${inv.id}`);
    expect(after).toMatchObject({ status: 'pending', amountPaid: 0, balance: 1000 });
  });

  it('advances: an unknown patient, a bad amount or mode are refused; audited on the patient', async () => {
    expect((await app.request('/api/admin/patients/999999/advances', { method: 'POST', cookie: owner, json: { amount: 100, mode: 'cash' } })).status).toBe(404);
    const bad = await app.request(`/api/admin/patients/${ids.priya}/advances`, { method: 'POST', cookie: owner, json: { amount: -5, mode: 'cheque' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ amount: 'Amount must be more than zero', mode: 'Please select a payment mode (cash, UPI, card or bank transfer)' });
    const audit = await app.deps.knex('auditLog').where({ entity: 'patient', action: 'advance', entityId: String(ids.meera) }).first();
    expect(audit).toBeTruthy();
  });

  it('credit: none left, more than the balance or than the credit, and a cancelled invoice are refused', async () => {
    const noCredit = await app.request(`/api/admin/invoices/${ids.rahulInvoice}/apply-credit`, { method: 'POST', cookie: owner, json: {} });
    expect(noCredit.status).toBe(409);
    expect((await noCredit.json()).error).toBe(ADVANCE_MESSAGES.noCredit);
    await call(owner, 'POST', `/api/admin/patients/${ids.rahul}/advances`, { amount: 5000, mode: 'upi', reference: 'UTR 1' }, 201);
    const tooMuch = await app.request(`/api/admin/invoices/${ids.rahulInvoice}/apply-credit`, { method: 'POST', cookie: owner, json: { amount: 801 } });
    expect((await tooMuch.json()).fields).toEqual({ amount: 'Amount cannot be more than the balance due of ₹ 800.00' });
    // Without an amount: as much as both allow; the invoice is then paid.
    const paid = await call(owner, 'POST', `/api/admin/invoices/${ids.rahulInvoice}/apply-credit`, {});
    expect(paid).toMatchObject({ status: 'paid', balance: 0 });
    expect((await call(owner, 'GET', `/api/admin/patients/${ids.rahul}/credit`)).credit).toBe(4200);
    const cancelled = await app.request(`/api/admin/invoices/${ids.cancelledInvoice}/apply-credit`, { method: 'POST', cookie: owner, json: {} });
    expect(cancelled.status).toBe(409);
    const small = await invoice(ids.rahul, 10000);
    const overCredit = await app.request(`/api/admin/invoices/${small.id}/apply-credit`, { method: 'POST', cookie: owner, json: { amount: 4200.5 } });
    expect((await overCredit.json()).fields).toEqual({ amount: 'Amount cannot be more than the unused credit of ₹ 4,200.00' });
  });
});
