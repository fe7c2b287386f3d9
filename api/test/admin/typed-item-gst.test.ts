import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consultationPriceItem } from '../../../shared/constants/price-list';
import * as consultationPrice from '../../db/migrations/041-consultation-price';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// INV-38: an item typed by hand (no price-list entry: no SAC, no rate of its own) takes the invoice's tax
// percentage, 18 when the request gives none, like every item without a rate (INV-20). This replaces INV-34's
// exempt typed item (retired; requirements.md names the ruling that replaced it): "Consultation" at ₹500 typed
// by hand at 18% on a registered clinic's invoice is a Tax Invoice of ₹590, the PDF read back says so, and
// figures that leave the tax out are refused. Price-list items keep their own rates (the consultation exempt,
// INV-36). INV-39: the clinic's default Tax Percentage, the site setting `invoice.defaultTaxPercentage`,
// replaces INV-35's `invoice.defaultTypedItemGst`. 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';

let app: TestApp;
let owner: string;
let receptionist: string;
let patientId: number;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(NOW);
  owner = await app.signIn();
  await createAccount(app.deps.knex, 'rekha@clinic.test', 'front-desk-2026', 'Rekha', 'receptionist');
  receptionist = cookieFrom(await app.request('/api/auth/login', { method: 'POST', json: { email: 'rekha@clinic.test', password: 'front-desk-2026' } }));
  const [row] = await app.deps.knex('patients').insert({ firstName: 'Priya', lastName: 'Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345' }).returning('id');
  patientId = row.id;
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await setting('gstin', '27AAPFU0939F1ZV');
  await setting('invoice.defaultTaxPercentage', null);
});

async function setting(key: string, value: string | number | null) {
  const res = await app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', cookie: owner, json: { value } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
const invoice = (items: Record<string, unknown>[], totals: { subtotal: number; taxAmount: number; totalAmount: number }, taxPercentage: number | undefined = 18) =>
  app.request('/api/admin/invoices', { method: 'POST', cookie: owner, json: { patientId, taxPercentage, ...totals, items } });
const consultation = { description: 'Consultation', quantity: 1, unitPrice: 500 };

function pdfText(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString();
}

describe('the GST of an item typed by hand (INV-38)', () => {
  it('charges "Consultation" at ₹500 typed by hand the invoice\'s 18%: a Tax Invoice of ₹590, and the PDF says so', async () => {
    // INV-38 replaces INV-34: this was an exempt Bill of Supply of ₹500.
    const res = await invoice([consultation], { subtotal: 500, taxAmount: 90, totalAmount: 590 });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ kind: 'tax-invoice', subtotal: 500, taxAmount: 90, totalAmount: 590, taxPercentage: 18 });
    expect(created.items[0]).toMatchObject({ description: 'Consultation', sacCode: null, taxRate: 18, totalPrice: 500 });
    const pdf = Buffer.from(await (await app.request(`/api/admin/invoices/${created.id}/pdf`, { cookie: owner })).arrayBuffer());
    const text = pdfText(pdf);
    expect(text).toMatch(/TAX INVOICE/i);
    expect(text).not.toMatch(/BILL OF SUPPLY/i);
    expect(text).toMatch(/₹\s?590\.00/);
  });

  it('refuses figures that leave the tax out of a typed item at 18% (INV-8)', async () => {
    // INV-38 replaces INV-34: these figures were the ones accepted.
    const res = await invoice([consultation], { subtotal: 500, taxAmount: 0, totalAmount: 500 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Invoice totals do not match its items', fields: { taxAmount: 'Tax amount does not match the tax percentage' } });
  });

  it('takes 18 when the request gives no tax percentage, and 0 when it gives 0 (a Bill of Supply)', async () => {
    const none = await invoice([consultation], { subtotal: 500, taxAmount: 90, totalAmount: 590 }, undefined);
    expect(none.status, await none.clone().text()).toBe(201);
    expect(await none.json()).toMatchObject({ taxPercentage: 18, taxAmount: 90, kind: 'tax-invoice' });
    const exempt = await invoice([consultation], { subtotal: 500, taxAmount: 0, totalAmount: 500 }, 0);
    expect(exempt.status, await exempt.clone().text()).toBe(201);
    expect(await exempt.json()).toMatchObject({ taxPercentage: 0, totalAmount: 500, kind: 'bill-of-supply' });
  });

  it('keeps a price-list item\'s own rate beside a typed one at the tax percentage', async () => {
    const res = await invoice(
      [
        { ...consultation, sacCode: consultationPriceItem.sacCode, taxRate: consultationPriceItem.taxRate },
        { ...consultation, description: 'Bonding', taxRate: 5 },
        { ...consultation, description: 'Whitening', sacCode: '999722' },
        { ...consultation, description: 'Night guard' },
      ],
      { subtotal: 2000, taxAmount: 25 + 90 + 90, totalAmount: 2205 },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created.items.map((i: { taxRate: number }) => i.taxRate)).toEqual([0, 5, 18, 18]);
    expect(created.kind).toBe('invoice-cum-bill-of-supply');
  });

  it('does not read the clinic\'s default tax percentage: the request\'s own stands', async () => {
    await setting('invoice.defaultTaxPercentage', '0');
    const res = await invoice([consultation], { subtotal: 500, taxAmount: 90, totalAmount: 590 }, undefined);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ taxPercentage: 18, totalAmount: 590 });
  });
});

describe('the clinic\'s default tax percentage (INV-39)', () => {
  const path = '/api/admin/site-settings/invoice.defaultTaxPercentage';

  it('is unset at first, read by staff, changed by the owner only, kept as a plain number', async () => {
    expect(await (await app.request(path, { cookie: receptionist })).json()).toEqual({ key: 'invoice.defaultTaxPercentage', value: null });
    expect((await app.request(path, { method: 'PUT', cookie: receptionist, json: { value: '5' } })).status).toBe(403);
    expect(await setting('invoice.defaultTaxPercentage', ' 12.50 ')).toEqual({ key: 'invoice.defaultTaxPercentage', value: '12.5' });
    expect(await setting('invoice.defaultTaxPercentage', 0)).toEqual({ key: 'invoice.defaultTaxPercentage', value: '0' });
    expect(await (await app.request(path, { cookie: receptionist })).json()).toEqual({ key: 'invoice.defaultTaxPercentage', value: '0' });
    expect(await setting('invoice.defaultTaxPercentage', '')).toEqual({ key: 'invoice.defaultTaxPercentage', value: null });
  });

  it.each(['101', '-1', '12.345', 'eighteen', '18%'])('refuses %s', async (value) => {
    const res = await app.request(path, { method: 'PUT', cookie: owner, json: { value } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Tax percentage must be a number from 0 to 100, in steps of 0.01',
      fields: { value: 'Tax percentage must be a number from 0 to 100, in steps of 0.01' },
    });
  });

  it('has replaced the typed-item GST setting, which is no longer a setting (INV-35 retired)', async () => {
    expect((await app.request('/api/admin/site-settings/invoice.defaultTypedItemGst', { cookie: owner })).status).toBe(404);
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
