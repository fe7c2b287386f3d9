import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { startTestApp, type TestApp } from '../support/test-app';

// The GST report: its sums are checked against the month's invoices as the API answers them,
// added up here independently (per invoice, per rate, halves rounded), not with the report's own code.

const GSTIN = '27AAPFU0939F1ZV';

let app: TestApp;
let cookie: string;
let patientId: number;

type Item = { description: string; quantity: number; unitPrice: number; sacCode?: string | null; taxRate?: number | null };
type InvoiceBody = {
  id: number;
  invoiceNumber: string;
  issueDate: string;
  status: string;
  totalAmount: number;
  taxAmount: number;
  gstRegistered: boolean;
  items: { totalPrice: number; taxRate: number; sacCode: string | null }[];
};

const api = (path: string, init: Parameters<TestApp['request']>[1] = {}) => app.request(path, { cookie, ...init });
const setting = (key: string, value: string | null) => api(`/api/admin/site-settings/${key}`, { method: 'PUT', json: { value } });

async function create(items: Item[], taxPercentage = 18, registered = true): Promise<InvoiceBody> {
  const totals = computeInvoiceTotals(items, taxPercentage, { registered });
  const res = await api('/api/admin/invoices', {
    method: 'POST',
    json: {
      patientId,
      taxPercentage,
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      items: items.map((item, i) => ({ ...item, totalPrice: totals.items[i].totalPrice })),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const whitening: Item = { description: 'Teeth whitening', quantity: 1, unitPrice: 8000, sacCode: '999722', taxRate: 18 };
const veneer: Item = { description: 'Veneer', quantity: 3, unitPrice: 8333.33, sacCode: '999722', taxRate: 18 };
const rootCanal: Item = { description: 'Root canal', quantity: 1, unitPrice: 5000, sacCode: '999312', taxRate: 0 };
const mouthwash: Item = { description: 'Mouthwash', quantity: 2, unitPrice: 249.5, sacCode: null, taxRate: 0 };
const kit: Item = { description: 'Oral care kit', quantity: 1, unitPrice: 999.99, sacCode: null, taxRate: 5 };
const aligner: Item = { description: 'Aligner case', quantity: 1, unitPrice: 1234.56, sacCode: null, taxRate: 28 };

let november: InvoiceBody[] = [];
let cancelledInNovember: InvoiceBody;
let cancelledFromOctober: InvoiceBody;

beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
  const [row] = await app.deps.knex('patients').insert({ firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '9822012345' }).returning('id');
  patientId = row.id;

  // October: one invoice, cancelled in November.
  app.clock.set('2026-10-31T18:00:00Z'); // 23:30 on 31 October in Pune
  expect(await setting('gstin', GSTIN)).toHaveProperty('status', 200);
  cancelledFromOctober = await create([whitening]);

  // November, at the clinic: 00:10 on 1 November is still 31 October in UTC.
  app.clock.set('2026-10-31T18:40:00Z');
  november.push(await create([whitening, rootCanal]));
  app.clock.set('2026-11-05T06:00:00Z');
  november.push(await create([veneer, kit, mouthwash], 12));
  november.push(await create([rootCanal, mouthwash]));
  cancelledInNovember = await create([aligner, whitening]);
  november.push(cancelledInNovember);
  app.clock.set('2026-11-06T06:00:00Z');
  expect((await api(`/api/admin/invoices/${cancelledInNovember.id}`, { method: 'DELETE' })).status).toBe(204);
  expect((await api(`/api/admin/invoices/${cancelledFromOctober.id}`, { method: 'DELETE' })).status).toBe(204);
  // A legacy rate (INV-6 allows any percentage as the default; an item with a SAC and no rate of its own
  // takes it, INV-20) and 28%.
  november.push(await create([{ description: 'Scaling', quantity: 1, unitPrice: 1499.99, sacCode: '999722' }], 12.5));
  november.push(await create([aligner, aligner]));
  // A spell without a GSTIN.
  app.clock.set('2026-11-20T06:00:00Z');
  expect(await setting('gstin', null)).toHaveProperty('status', 200);
  november.push(await create([whitening, rootCanal], 0, false));
  expect(await setting('gstin', GSTIN)).toHaveProperty('status', 200);
  // 23:50 on 30 November in Pune, then December.
  app.clock.set('2026-11-30T18:20:00Z');
  november.push(await create([veneer]));
  app.clock.set('2026-11-30T18:40:00Z');
  await create([whitening]);
  november = await Promise.all(november.map(async (inv) => (await api(`/api/admin/invoices/${inv.id}`)).json()));
}, 60_000);
afterAll(() => app?.close());

/** The month's figures added up here from the invoices the API answers. */
function expected(invoices: InvoiceBody[]) {
  const rates = new Map<number, { taxable: number; cgst: number; sgst: number }>();
  let exempt = 0;
  let nil = 0;
  let unregistered = 0;
  let value = 0;
  for (const inv of invoices.filter((i) => i.status !== 'cancelled')) {
    value += Math.round(inv.totalAmount * 100);
    const perRate = new Map<number, number>();
    for (const item of inv.items) {
      const paise = Math.round(item.totalPrice * 100);
      if (!inv.gstRegistered) unregistered += paise;
      else if (item.taxRate > 0) perRate.set(item.taxRate, (perRate.get(item.taxRate) ?? 0) + paise);
      else if (item.sacCode === '999312') exempt += paise;
      else nil += paise;
    }
    let tax = 0;
    for (const [rate, taxable] of perRate) {
      const half = Math.round((taxable * rate) / 200);
      const sum = rates.get(rate) ?? { taxable: 0, cgst: 0, sgst: 0 };
      rates.set(rate, { taxable: sum.taxable + taxable, cgst: sum.cgst + half, sgst: sum.sgst + half });
      tax += 2 * half;
    }
    expect(tax, `${inv.invoiceNumber}'s tax`).toBe(Math.round(inv.taxAmount * 100));
  }
  return { rates, exempt, nil, unregistered, value };
}

describe('GET /api/admin/reports/gst', () => {
  it('sums the month by issue date at the clinic, per rate, as the invoices add up independently', async () => {
    const res = await api('/api/admin/reports/gst?month=2026-11');
    expect(res.status).toBe(200);
    const report = await res.json();
    const want = expected(november);
    expect(report).toMatchObject({ month: '2026-11', from: '2026-11-01', to: '2026-11-30', gstins: [GSTIN] });
    for (const rate of [5, 12, 12.5, 18, 28]) {
      const row = report.rates.find((r: { rate: number }) => r.rate === rate);
      const sum = want.rates.get(rate) ?? { taxable: 0, cgst: 0, sgst: 0 };
      expect(row, `rate ${rate}`).toEqual({
        rate,
        taxableValue: sum.taxable / 100,
        cgst: sum.cgst / 100,
        sgst: sum.sgst / 100,
        totalTax: (sum.cgst + sum.sgst) / 100,
        value: (sum.taxable + sum.cgst + sum.sgst) / 100,
      });
    }
    expect(report.rates.map((r: { rate: number }) => r.rate)).toEqual([5, 12, 12.5, 18, 28]);
    const all = [...want.rates.values()];
    const total = (k: 'taxable' | 'cgst' | 'sgst') => all.reduce((s, r) => s + r[k], 0) / 100;
    expect(report.totals).toEqual({
      invoices: 7,
      taxableValue: total('taxable'),
      cgst: total('cgst'),
      sgst: total('sgst'),
      totalTax: total('cgst') + total('sgst'),
      exemptValue: want.exempt / 100,
      nilRatedValue: want.nil / 100,
      unregisteredValue: want.unregistered / 100,
      invoiceValue: want.value / 100,
    });
    // The figures themselves, so a mistake shared by both sums would show: exempt 5,000 x 2 (root canals
    // on registered invoices); nil-rated the mouthwash twice (499 x 2); unregistered 13,000.
    expect(report).toMatchObject({ exemptValue: 10000, nilRatedValue: 998, unregisteredValue: 13000 });
    expect(report.rates.find((r: { rate: number }) => r.rate === 18)).toMatchObject({ taxableValue: 8000 + 24999.99 * 2 });
  });

  it('lists the number range issued, the cancelled invoices, and earlier invoices cancelled this month', async () => {
    const report = await (await api('/api/admin/reports/gst?month=2026-11')).json();
    expect(report.documents).toEqual([
      { financialYear: '2026-27', firstNumber: 'INV/2026-27/0002', lastNumber: 'INV/2026-27/0009', total: 8, cancelled: 1, net: 7 },
    ]);
    expect(report.cancelled).toEqual([
      { id: cancelledInNovember.id, invoiceNumber: 'INV/2026-27/0005', issueDate: '2026-11-05', cancelledOn: '2026-11-06', totalAmount: cancelledInNovember.totalAmount },
    ]);
    expect(report.cancelledFromEarlierMonths).toEqual([
      { id: cancelledFromOctober.id, invoiceNumber: 'INV/2026-27/0001', issueDate: '2026-10-31', cancelledOn: '2026-11-06', totalAmount: 9440 },
    ]);
    const october = await (await api('/api/admin/reports/gst?month=2026-10')).json();
    expect(october.totals.invoices).toBe(0);
    expect(october.documents).toEqual([
      { financialYear: '2026-27', firstNumber: 'INV/2026-27/0001', lastNumber: 'INV/2026-27/0001', total: 1, cancelled: 1, net: 0 },
    ]);
    const december = await (await api('/api/admin/reports/gst?month=2026-12')).json();
    expect(december.totals).toMatchObject({ invoices: 1, taxableValue: 8000, cgst: 720, sgst: 720 });
  });

  it('reads this month at the clinic by default and refuses a bad month', async () => {
    app.clock.set('2026-11-30T18:40:00Z'); // already December in Pune
    expect((await (await api('/api/admin/reports/gst')).json()).month).toBe('2026-12');
    for (const month of ['2026-13', '2026-1', 'november', '0000-01']) {
      const res = await api(`/api/admin/reports/gst?month=${month}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'month must be a month like 2026-11', fields: { month: 'month must be a month like 2026-11' } });
    }
  });

  it('answers 401 without a session', async () => {
    expect((await app.request('/api/admin/reports/gst?month=2026-11')).status).toBe(401);
    expect((await app.request('/api/admin/reports/gst.csv?month=2026-11')).status).toBe(401);
  });
});

/** One CSV line (RFC 4180 quoting) to its cells. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

describe('GET /api/admin/reports/gst.csv', () => {
  it('answers UTF-8 CSV with a byte-order mark, a header row, plain numbers and ISO dates', async () => {
    const res = await api('/api/admin/reports/gst.csv?month=2026-11');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gst-report-2026-11.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('Section,Description,GST rate (%),Taxable value,CGST,SGST,Total tax,Value,Invoice number,Issue date,Cancelled on,Count');
    const rows = lines.slice(1).map(parseCsvLine);
    for (const row of rows) expect(row).toHaveLength(12);
    const report = await (await api('/api/admin/reports/gst?month=2026-11')).json();
    const r18 = report.rates.find((r: { rate: number }) => r.rate === 18);
    expect(rows).toContainEqual([
      'Taxable supplies',
      'GST 18% (CGST 9% + SGST 9%)',
      '18.00',
      r18.taxableValue.toFixed(2),
      r18.cgst.toFixed(2),
      r18.sgst.toFixed(2),
      r18.totalTax.toFixed(2),
      r18.value.toFixed(2),
      '',
      '',
      '',
      '',
    ]);
    expect(rows).toContainEqual(['Exempt supplies', 'Health care services (SAC 999312) at 0%', '', '', '', '', '', '10000.00', '', '', '', '']);
    expect(rows).toContainEqual(['Documents issued', 'Invoices 2026-27: 8 issued, 1 cancelled, 7 net', '', '', '', '', '', '', 'INV/2026-27/0002 to INV/2026-27/0009', '', '', '8']);
    expect(rows).toContainEqual([
      'Cancelled invoice',
      'Issued this month',
      '',
      '',
      '',
      '',
      '',
      cancelledInNovember.totalAmount.toFixed(2),
      'INV/2026-27/0005',
      '2026-11-05',
      '2026-11-06',
      '',
    ]);
    for (const row of rows) for (const cell of row.slice(2, 8)) expect(cell).toMatch(/^(\d+\.\d{2})?$/);
  });
});
