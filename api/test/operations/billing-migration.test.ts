import { afterAll, beforeAll, expect, it } from 'vitest';
import * as billing from '../../db/migrations/008-billing';
import { createDb, type Database } from '../../db/knex';
import { migrateUpTo } from '../../db/migrate';
import { createServerDatabase } from '../support/test-db';

// Migration 008 on a database that already holds invoices: each invoice marked paid becomes
// one cash payment of its total on its paid date, so revenue figures stay true; taxed invoices read as
// Tax Invoices issued under their single rate, the others as Bills of Supply; and down() gives the
// earlier schema back.

let db: Database;
let dropServer = async () => {};
beforeAll(async () => {
  // The schema as it stood when 008 was the newest migration: later ones (payments' refunds, plans) build on
  // its tables, and their own down() comes first in a real rollback.
  if (process.env.TEST_DATABASE_URL) {
    const server = await createServerDatabase();
    db = await createDb({ databaseUrl: server.url, poolMax: 4 });
    dropServer = server.drop;
  } else {
    db = await createDb({});
  }
  await migrateUpTo(db.knex, '008-billing');
  await billing.down(db.knex);
  const [patient] = await db.knex('patients').insert({ firstName: 'Asha', lastName: 'Patil', email: 'a@example.in', phone: '9822012345' }).returning('id');
  const invoice = (n: number, status: string, paidOn: string | null, taxPercentage: string, subtotal: string, tax: string, total: string) => ({
    invoiceNumber: `INV/2026-27/000${n}`,
    financialYear: '2026-27',
    sequence: n,
    patientId: patient.id,
    billTo: JSON.stringify({ name: 'Asha Patil', email: null, phone: null, address: null }),
    issueDate: '2026-11-01',
    subtotal,
    taxPercentage,
    taxAmount: tax,
    totalAmount: total,
    status,
    paidOn,
  });
  const rows = await db
    .knex('invoices')
    .insert([
      invoice(1, 'paid', '2026-11-03', '18.00', '1000.00', '180.00', '1180.00'),
      invoice(2, 'paid', null, '0.00', '500.00', '0.00', '500.00'),
      invoice(3, 'pending', null, '18.00', '2000.00', '360.00', '2360.00'),
    ])
    .returning('id');
  for (const row of rows) {
    await db.knex('invoice_items').insert({ invoiceId: row.id, position: 1, description: 'Treatment', quantity: 1, unitPrice: '100.00', totalPrice: '100.00' });
  }
  await billing.up(db.knex);
});
afterAll(async () => {
  await db?.close();
  await dropServer();
});

it('gives each paid invoice one cash payment of its total, on its paid date or else its issue date', async () => {
  const payments = await db.knex('invoice_payments as p').join('invoices as i', 'i.id', 'p.invoiceId').orderBy('i.sequence').select('i.sequence', 'p.amount', 'p.paidOn', 'p.mode', 'p.reference');
  expect(payments).toEqual([
    { sequence: 1, amount: '1180.00', paidOn: '2026-11-03', mode: 'cash', reference: 'Marked paid before payments were recorded' },
    { sequence: 2, amount: '500.00', paidOn: '2026-11-01', mode: 'cash', reference: 'Marked paid before payments were recorded' },
  ]);
  const invoices = await db.knex('invoices').orderBy('sequence').select('sequence', 'amountPaid', 'status', 'kind', 'gstRegistered', 'supplierGstin');
  expect(invoices).toEqual([
    { sequence: 1, amountPaid: '1180.00', status: 'paid', kind: 'tax-invoice', gstRegistered: true, supplierGstin: null },
    { sequence: 2, amountPaid: '500.00', status: 'paid', kind: 'bill-of-supply', gstRegistered: false, supplierGstin: null },
    { sequence: 3, amountPaid: '0.00', status: 'pending', kind: 'tax-invoice', gstRegistered: true, supplierGstin: null },
  ]);
  const rates = await db.knex('invoice_items as it').join('invoices as i', 'i.id', 'it.invoiceId').orderBy('i.sequence').select('it.taxRate');
  expect(rates.map((r) => r.taxRate)).toEqual(['18.00', '0.00', '18.00']);
});

it('seeds the price list and can be rolled back and run again', async () => {
  expect(Number((await db.knex('price_list').count('* as n').first())?.n)).toBe(20);
  await db.knex('invoices').where({ sequence: 3 }).update({ status: 'cancelled', cancelledAt: new Date() });
  await billing.down(db.knex);
  expect(await db.knex('invoices').orderBy('sequence').pluck('status')).toEqual(['paid', 'paid', 'pending']);
  await billing.up(db.knex);
  expect(Number((await db.knex('invoice_payments').count('* as n').first())?.n)).toBe(2);
});
