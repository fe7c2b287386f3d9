import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { startTestApp, type TestApp } from '../support/test-app';

// SPEC 5's invoice form rules, held at the server (D8: the same shared schema; a refusal answers
// 400 { error: <first message>, fields: { name: message } } with SPEC 5's messages), its defaults and its
// computations, and SPEC 9's tax and quantity constants. A registered clinic (D30), so 18% GST may be charged.
// Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

let app: TestApp;
let cookie: string;
let patientId: number;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
  const res = await app.request('/api/admin/site-settings/gstin', { method: 'PUT', cookie, json: { value: '27AAPFU0939F1ZV' } });
  expect(res.status).toBe(200);
  const [row] = await app.deps.knex('patients').insert({ firstName: 'Priya', lastName: 'Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345' }).returning('id');
  patientId = row.id;
});
afterAll(() => app?.close());
beforeEach(() => {
  app.clock.set(NOW);
});

/** A valid create payload (SPEC 7's fields): 3 x 1,250 and 2 x 625 at 18%. */
const valid = () => ({
  patientId,
  dueDate: '',
  subtotal: 5000,
  taxPercentage: 18,
  taxAmount: 900,
  totalAmount: 5900,
  notes: '',
  items: [
    { description: 'Composite filling', quantity: 3, unitPrice: 1250, totalPrice: 3750 },
    { description: 'Scaling and polishing', quantity: 2, unitPrice: 625, totalPrice: 1250 },
  ],
});

const post = (body: unknown) => app.request('/api/admin/invoices', { method: 'POST', cookie, json: body });

/** The answer to a payload that breaks one rule: 400 with the message as `error` and under its field. */
async function refused(body: unknown, field: string, message: string) {
  const before = await app.deps.knex('invoices').count('* as n').first();
  const res = await post(body);
  expect(res.status).toBe(400);
  const answer = await res.json();
  expect(answer).toEqual({ error: message, fields: expect.objectContaining({ [field]: message }) });
  expect(await app.deps.knex('invoices').count('* as n').first()).toEqual(before);
}

const withItem = (change: Record<string, unknown>) => {
  const body = valid();
  return { ...body, items: [{ ...body.items[0], ...change }, body.items[1]] };
};

describe('the invoice form\'s messages at the server (D8)', () => {
  it(spec('SPEC 5', 'patientId required ("Please select a patient")', 'D8'), async () => {
    const { patientId: _omitted, ...body } = valid();
    await refused(body, 'patientId', 'Please select a patient');
    await refused({ ...valid(), patientId: '' }, 'patientId', 'Please select a patient');
    // A patient who does not exist is not selected either.
    await refused({ ...valid(), patientId: 987654 }, 'patientId', 'Please select a patient');
  });

  it(spec('SPEC 5', 'subtotal, taxAmount, totalAmount each >= 0 ("Subtotal must be positive"', 'D8'), async () => {
    await refused({ ...valid(), subtotal: -1 }, 'subtotal', 'Subtotal must be positive');
  });

  it(spec('SPEC 5', '"Tax amount must be positive"', 'D8'), async () => {
    await refused({ ...valid(), taxAmount: -0.01 }, 'taxAmount', 'Tax amount must be positive');
  });

  it(spec('SPEC 5', '"Total amount must be positive")', 'D8'), async () => {
    await refused({ ...valid(), totalAmount: -5900 }, 'totalAmount', 'Total amount must be positive');
  });

  it(spec('SPEC 5', 'taxPercentage 0 to 100 ("Tax percentage must be positive"', 'D8'), async () => {
    await refused({ ...valid(), taxPercentage: -1 }, 'taxPercentage', 'Tax percentage must be positive');
  });

  it(spec('SPEC 5', '"Tax percentage cannot exceed 100%")', 'D8'), async () => {
    await refused({ ...valid(), taxPercentage: 100.01 }, 'taxPercentage', 'Tax percentage cannot exceed 100%');
    await refused({ ...valid(), taxPercentage: 101 }, 'taxPercentage', 'Tax percentage cannot exceed 100%');
  });

  it(spec('SPEC 5', 'items at least one ("At least one item is required")', 'D8'), async () => {
    await refused({ ...valid(), items: [] }, 'items', 'At least one item is required');
    const { items: _omitted, ...body } = valid();
    await refused(body, 'items', 'At least one item is required');
  });

  it(spec('SPEC 5', 'description at least 1 character ("Description is required")', 'D8'), async () => {
    await refused(withItem({ description: '' }), 'items.0.description', 'Description is required');
  });

  it(spec('SPEC 5', 'quantity at least 1 ("Quantity must be at least 1")', 'D8'), async () => {
    await refused(withItem({ quantity: 0 }), 'items.0.quantity', 'Quantity must be at least 1');
  });

  it(spec('SPEC 5', 'unitPrice >= 0 ("Unit price must be positive")', 'D8'), async () => {
    await refused(withItem({ unitPrice: -1 }), 'items.0.unitPrice', 'Unit price must be positive');
  });

  it(spec('SPEC 5', 'totalPrice >= 0 ("Total price must be positive")', 'D8'), async () => {
    await refused(withItem({ totalPrice: -1 }), 'items.0.totalPrice', 'Total price must be positive');
  });
});

describe('the invoice form\'s defaults and figures', () => {
  it(spec('SPEC 5', 'dueDate optional; notes optional'), async () => {
    const { dueDate: _d, notes: _n, ...body } = valid();
    const res = await post(body);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ dueDate: null, notes: null, totalAmount: 5900 });
  });

  it(spec('SPEC 5', 'taxPercentage 0 to 100 … step 0.01, default 18'), async () => {
    const { taxPercentage: _omitted, ...body } = valid();
    const missing = await post(body);
    expect(missing.status, await missing.clone().text()).toBe(201);
    expect(await missing.json()).toMatchObject({ taxPercentage: 18, taxAmount: 900 });
    const empty = await post({ ...valid(), taxPercentage: '' });
    expect(empty.status, await empty.clone().text()).toBe(201);
    expect((await empty.json()).taxPercentage).toBe(18);
    // Steps of 0.01: 12.25% of 5,000 is 612.50.
    const hundredths = await post({ ...valid(), taxPercentage: 12.25, taxAmount: 612.5, totalAmount: 5612.5 });
    expect(hundredths.status, await hundredths.clone().text()).toBe(201);
    expect(await hundredths.json()).toMatchObject({ taxPercentage: 12.25, taxAmount: 612.5, totalAmount: 5612.5 });
    // 0 and 100 are both inside the range.
    expect((await post({ ...valid(), taxPercentage: 0, taxAmount: 0, totalAmount: 5000 })).status).toBe(201);
    expect((await post({ ...valid(), taxPercentage: 100, taxAmount: 5000, totalAmount: 10000 })).status).toBe(201);
  });

  it(spec('SPEC 9', 'Default tax 18 percent (GST), range 0-100, step 0.01'), async () => {
    const { taxPercentage: _omitted, ...body } = valid();
    const res = await post(body);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ taxPercentage: 18, kind: 'tax-invoice' });
    expect(created.items.map((i: { taxRate: number }) => i.taxRate)).toEqual([18, 18]);
    await refused({ ...valid(), taxPercentage: 100.5 }, 'taxPercentage', 'Tax percentage cannot exceed 100%');
  });

  it(spec('SPEC 5', 'Quantity is coerced to an integer (default 1 if empty)'), async () => {
    const body = valid();
    const res = await post({
      ...body,
      items: [
        { ...body.items[0], quantity: '3' },
        { ...body.items[1], quantity: '2' },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).items.map((i: { quantity: number }) => i.quantity)).toEqual([3, 2]);
    // Empty: 1, so 1 x 625 (+ 3 x 1,250) = 4,375; 18% = 787.50.
    const empty = await post({
      ...body,
      subtotal: 4375,
      taxAmount: 787.5,
      totalAmount: 5162.5,
      items: [body.items[0], { description: 'Scaling and polishing', quantity: '', unitPrice: 625, totalPrice: 625 }],
    });
    expect(empty.status, await empty.clone().text()).toBe(201);
    expect((await empty.json()).items[1]).toMatchObject({ quantity: 1, totalPrice: 625 });
  });

  it(spec('SPEC 9', 'Default item quantity 1 (minimum 1)'), async () => {
    const body = valid();
    const { quantity: _omitted, ...item } = body.items[1];
    const res = await post({ ...body, subtotal: 4375, taxAmount: 787.5, totalAmount: 5162.5, items: [body.items[0], { ...item, totalPrice: 625 }] });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).items[1].quantity).toBe(1);
    await refused(withItem({ quantity: -2 }), 'items.0.quantity', 'Quantity must be at least 1');
  });

  it(spec('SPEC 5', 'unit price to a decimal (step 0.01, default 0)'), async () => {
    const body = valid();
    const res = await post({
      ...body,
      subtotal: 3751.05,
      taxAmount: 675.19,
      totalAmount: 4426.24,
      items: [
        { description: 'Composite filling', quantity: 3, unitPrice: '1250.35', totalPrice: 3751.05 },
        { description: 'Follow-up check', quantity: 1, unitPrice: '', totalPrice: 0 },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).items.map((i: { unitPrice: number; totalPrice: number }) => [i.unitPrice, i.totalPrice])).toEqual([
      [1250.35, 3751.05],
      [0, 0],
    ]);
  });

  it(spec('SPEC 5', 'Item total = quantity x unit price; subtotal = sum of item totals; tax amount = subtotal x percentage / 100; total = subtotal + tax'), async () => {
    const res = await post(valid());
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created.items.map((i: { totalPrice: number }) => i.totalPrice)).toEqual([3750, 1250]);
    expect(created).toMatchObject({ subtotal: 5000, taxAmount: 900, totalAmount: 5900 });
    // Figures that break a computation are refused: an item total that is not quantity x unit price,
    // a subtotal that is not the sum, a total that is not subtotal + tax.
    const wrongItem = await post(withItem({ totalPrice: 3700 }));
    expect(wrongItem.status).toBe(400);
    expect((await wrongItem.json()).fields).toEqual({ 'items.0.totalPrice': 'Total price must equal quantity x unit price' });
    const wrongSubtotal = await post({ ...valid(), subtotal: 4000 });
    expect(wrongSubtotal.status).toBe(400);
    expect((await wrongSubtotal.json()).fields).toEqual({ subtotal: 'Subtotal does not match the items' });
    const wrongTotal = await post({ ...valid(), totalAmount: 5000 });
    expect(wrongTotal.status).toBe(400);
    expect((await wrongTotal.json()).fields).toEqual({ totalAmount: 'Total amount must equal subtotal plus tax' });
  });
});
