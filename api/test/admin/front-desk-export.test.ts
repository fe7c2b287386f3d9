import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csvField } from '../../services/reports/csv-export';
import { startTestApp, type TestApp } from '../support/test-app';

// ADMIN-19: the lists as CSV: UTF-8 with a BOM, one header row, RFC 4180 quoting, ISO dates, plain amounts,
// the lists' filters, streamed in batches from a cursor. Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

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
  await app.deps.knex('patients').delete();
});

/** RFC 4180, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

async function download(path: string): Promise<{ res: Response; bytes: Buffer; rows: string[][] }> {
  const res = await app.request(`/api/admin/export/${path}`, { cookie });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  return { res, bytes, rows: res.status === 200 ? parseCsv(text.replace(/^\uFEFF/, '')) : [] };
}

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas in free text only', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(null)).toBe('');
    expect(csvField('=1+1', true)).toBe("'=1+1");
    expect(csvField('+91 98220 12345')).toBe('+91 98220 12345');
    expect(csvField(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23T05:00:00.000Z');
  });
});

describe('GET /api/admin/export/patients.csv', () => {
  it('streams every patient with a BOM, a header row and names, notes and alerts escaped', async () => {
    await app.deps.knex('patients').insert([
      { firstName: 'प्रिया', lastName: 'कुलकर्णी', email: 'priya@example.in', phone: '+91 98220 12345', dateOfBirth: '1990-04-01' },
      { firstName: 'Anne, "Annie"', lastName: "D'Souza", email: 'anne@example.in', phone: '9822000000', notes: 'Line one\nLine two, "quoted"', allergies: '=cmd|calc' },
    ]);
    const { res, bytes, rows } = await download('patients.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="patients-2026-11-23.csv"');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows[0]).toEqual([
      'ID', 'First name', 'Last name', 'Email', 'Phone', 'Address', 'Date of birth', 'Allergies', 'Conditions', 'Medicines', 'Notes', 'Added',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(1, 7)).toEqual(['प्रिया', 'कुलकर्णी', 'priya@example.in', '+91 98220 12345', '', '1990-04-01']);
    expect(rows[1][11]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows[2][1]).toBe('Anne, "Annie"');
    expect(rows[2][7]).toBe("'=cmd|calc");
    expect(rows[2][10]).toBe('Line one\nLine two, "quoted"');
  });

  it('applies the search', async () => {
    await app.deps.knex('patients').insert([
      { firstName: 'Priya', lastName: 'K', email: 'p@example.in', phone: '9822000001' },
      { firstName: 'Rohan', lastName: 'J', email: 'r@example.in', phone: '9822000002' },
    ]);
    const { rows } = await download('patients.csv?q=rohan');
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Rohan']);
  });

  it('answers 404 for an unknown list and 400 for a bad filter', async () => {
    expect((await download('doctors.csv')).res.status).toBe(404);
    expect((await download('patients.json')).res.status).toBe(404);
    expect((await download('appointments.csv?from=yesterday')).res.status).toBe(400);
  });
});

describe('GET /api/admin/export/appointments.csv', () => {
  it('streams thousands of rows across cursor batches, with the filters of the list', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => ({
      firstName: 'Guest',
      lastName: `Number ${i}`,
      email: `g${i}@example.in`,
      phone: '9822000000',
      treatment: i % 2 ? 'rootcanal' : 'cleaning',
      preferredDate: i < 2_000 ? '2026-11-24' : '2026-12-01',
      preferredTime: '10:00',
      status: i % 10 === 0 ? 'cancelled' : 'confirmed',
      notes: i === 7 ? 'Needs "wheelchair", ramp\r\nat gate' : null,
    }));
    for (let i = 0; i < rows.length; i += 500) await app.deps.knex('appointments').insert(rows.slice(i, i + 500));

    const all = await download('appointments.csv');
    expect(all.rows).toHaveLength(2_501);
    expect(all.rows[0].slice(0, 9)).toEqual(['ID', 'Date', 'Time', 'First name', 'Last name', 'Email', 'Phone', 'Treatment', 'Status']);
    const seventh = all.rows.find((r) => r[4] === 'Number 7')!;
    expect(seventh[7]).toBe('Root Canal Treatment');
    expect(seventh[13]).toBe('Needs "wheelchair", ramp\r\nat gate');

    expect((await download('appointments.csv?status=cancelled')).rows).toHaveLength(251);
    expect((await download('appointments.csv?from=2026-12-01&to=2026-12-31')).rows).toHaveLength(501);
    expect((await download('appointments.csv?q=Number%2012')).rows.length).toBeGreaterThan(1);
  });
});

describe('GET /api/admin/export/invoices.csv', () => {
  it('writes amounts as plain numbers and the status as the list reads it', async () => {
    const [{ id: patientId }] = await app.deps
      .knex('patients')
      .insert({ firstName: 'Sneha', lastName: 'Patil, MD', email: 's@example.in', phone: '9822000003' })
      .returning('id');
    await app.deps.knex('invoices').insert({
      invoiceNumber: 'INV-2026-27-0001',
      financialYear: '2026-27',
      sequence: 1,
      patientId,
      billTo: JSON.stringify({ name: 'Sneha' }),
      issueDate: '2026-11-02',
      dueDate: '2026-11-10',
      subtotal: '12345.50',
      taxPercentage: '0.00',
      taxAmount: '0.00',
      totalAmount: '12345.50',
      amountPaid: '345.50',
      status: 'pending',
    });
    const { rows } = await download('invoices.csv');
    expect(rows).toHaveLength(2);
    const header = rows[0];
    const get = (name: string) => rows[1][header.indexOf(name)];
    expect(get('Invoice number')).toBe('INV-2026-27-0001');
    expect(get('Issue date')).toBe('2026-11-02');
    expect(get('Last name')).toBe('Patil, MD');
    expect([get('Total'), get('Paid'), get('Balance')]).toEqual(['12345.5', '345.5', '12000']);
    expect(get('Status')).toBe('overdue');
    expect((await download('invoices.csv?status=paid')).rows).toHaveLength(1);
  });
});
