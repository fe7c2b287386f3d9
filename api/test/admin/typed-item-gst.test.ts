import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consultationPriceItem } from '../../../shared/constants/price-list';
import * as consultationPrice from '../../db/migrations/041-consultation-price';
import { startTestApp, type TestApp } from '../support/test-app';

// INV-34, INV-35, INV-36: "Consultation" at ₹500 typed by hand (no price-list entry: no SAC, no rate) takes the
// clinic's default treatment, exempt health care at first: a registered clinic issues a Bill of Supply of
// ₹500, not a Tax Invoice of ₹590, and the PDF read back says so. The owner may switch the treatment to
// taxable; an item marked taxable without a rate still takes the invoice's tax percentage. The price list
// has a Consultation line (migration 041). 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

let app: TestApp;
let owner: string;
let patientId: number;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(NOW);
  owner = await app.signIn();
  const [row] = await app.deps.knex('patients').insert({ firstName: 'Priya', lastName: 'Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345' }).returning('id');
  patientId = row.id;
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await setting('gstin', '27AAPFU0939F1ZV');
  await setting('invoice.defaultTypedItemGst', null);
});

async function setting(key: string, value: string | null) {
  const res = await app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', cookie: owner, json: { value } });
  expect(res.status, await res.clone().text()).toBe(200);
}
const invoice = (items: Record<string, unknown>[], totals: { subtotal: number; taxAmount: number; totalAmount: number }) =>
  app.request('/api/admin/invoices', { method: 'POST', cookie: owner, json: { patientId, taxPercentage: 18, ...totals, items } });
const consultation = { description: 'Consultation', quantity: 1, unitPrice: 500 };

function pdfText(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString();
}

describe('the GST of an item typed by hand (INV-34)', () => {
  it('makes "Consultation" at ₹500 an exempt Bill of Supply of ₹500, and the PDF says so', async () => {
    const res = await invoice([consultation], { subtotal: 500, taxAmount: 0, totalAmount: 500 });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ kind: 'bill-of-supply', totalAmount: 500, taxAmount: 0, taxPercentage: 18 });
    expect(created.items[0]).toMatchObject({ description: 'Consultation', sacCode: '999312', taxRate: 0, totalPrice: 500 });
    const pdf = Buffer.from(await (await app.request(`/api/admin/invoices/${created.id}/pdf`, { cookie: owner })).arrayBuffer());
    const text = pdfText(pdf);
    expect(text).toMatch(/BILL OF SUPPLY/i);
    expect(text).not.toMatch(/TAX INVOICE/i);
    expect(text).toContain('999312');
    expect(text).toMatch(/₹\s?500\.00/);
    expect(text).not.toContain('590');
  });

  it('refuses figures that charge a typed item 18% while the treatment is exempt', async () => {
    const res = await invoice([consultation], { subtotal: 500, taxAmount: 90, totalAmount: 590 });
    expect(res.status).toBe(400);
  });

  it('bills typed items as taxable cosmetic work at the tax percentage once the owner chooses so', async () => {
    await setting('invoice.defaultTypedItemGst', 'taxable');
    const res = await invoice([{ ...consultation, description: 'Smile makeover' }], { subtotal: 500, taxAmount: 90, totalAmount: 590 });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ kind: 'tax-invoice', totalAmount: 590 });
    expect(created.items[0]).toMatchObject({ sacCode: '999722', taxRate: 18 });
  });

  it('keeps the tax percentage for an item marked taxable without a rate, and an item its own rate', async () => {
    const res = await invoice(
      [
        { ...consultation, description: 'Whitening', sacCode: '999722' },
        { ...consultation, description: 'Bonding', taxRate: 5 },
        consultation,
      ],
      { subtotal: 1500, taxAmount: 115, totalAmount: 1615 },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created.items.map((i: { taxRate: number }) => i.taxRate)).toEqual([18, 5, 0]);
    expect(created.kind).toBe('invoice-cum-bill-of-supply');
  });
});

describe('the setting (INV-35)', () => {
  it('is the owner\'s, exempt until set, and refuses anything but exempt or taxable', async () => {
    expect(await (await app.request('/api/admin/site-settings/invoice.defaultTypedItemGst', { cookie: owner })).json()).toEqual({ key: 'invoice.defaultTypedItemGst', value: null });
    const bad = await app.request('/api/admin/site-settings/invoice.defaultTypedItemGst', { method: 'PUT', cookie: owner, json: { value: '12%' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Please choose 'exempt' or 'taxable'");
  });
});

describe('the price list (INV-36)', () => {
  it('has a Consultation line, exempt, first; migration 041 keeps a clinic\'s own line of that name', async () => {
    const list = await (await app.request('/api/admin/price-list', { cookie: owner })).json();
    const items = (list.items ?? list) as { name: string; defaultPrice: number; sacCode: string; taxRate: number }[];
    expect(items[0]).toMatchObject({ name: consultationPriceItem.name, defaultPrice: 500, sacCode: '999312', taxRate: 0 });
    await app.deps.knex('price_list').where({ name: 'Consultation' }).update({ defaultPrice: '700.00', name: 'CONSULTATION' });
    await consultationPrice.up(app.deps.knex);
    const rows = await app.deps.knex('price_list').whereRaw('lower(name) = ?', ['consultation']).select('defaultPrice');
    expect(rows).toEqual([{ defaultPrice: '700.00' }]);
  });
});
