import type { Knex } from 'knex';
import { priceListFromCatalogue } from '../../../shared/constants/price-list';

// INV-19 to INV-24: billing a chartered accountant signs off.
// - invoices: whether GST applied when issued and the GSTIN it was issued under (CGST Rule 46: the document
//   never changes once issued, whatever the setting later says), the sum of its payments, and cancellation
//   (a numbered invoice is cancelled, never erased: the series stays gap-free). Stored status: pending, paid
//   (nothing left to pay) or cancelled; partially-paid and overdue are read from the figures and the clock.
// - invoice_items: each item's GST rate as applied.
// - invoice_payments: amount, date, mode and reference of each payment.
// - price_list: the treatments the clinic bills, seeded from the catalogue.
//
// Invoices written before this migration: GST applied when they charged tax (they were issued under the
// single invoice rate, with no GSTIN on them); their items take that rate; a paid invoice gets one cash
// payment of its total on its paid date (else its issue date), so revenue figures stay what they were.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.boolean('gst_registered').notNullable().defaultTo(false);
    // The document's kind when issued (shared/domain/invoice-kind.ts): it never changes afterwards.
    t.text('kind').notNullable().defaultTo('bill-of-supply');
    t.text('supplier_gstin');
    t.decimal('amount_paid', 12, 2).notNullable().defaultTo(0);
    t.timestamp('cancelled_at', { useTz: true });
  });
  await knex.raw(
    `update invoices set gst_registered = (tax_amount > 0),
                         kind = case when tax_amount > 0 then 'tax-invoice' else 'bill-of-supply' end`,
  );
  // The defaults (not registered, Bill of Supply, items at 0%) describe a row written without them, as
  // raw inserts in benches and tests do; the service always writes them.
  await knex.raw(
    `alter table invoices add constraint invoices_kind_check
       check (kind in ('tax-invoice','bill-of-supply','invoice-cum-bill-of-supply'))`,
  );
  await knex.raw('alter table invoices drop constraint invoices_status_check');
  await knex.raw(`alter table invoices add constraint invoices_status_check check (status in ('pending','paid','cancelled'))`);
  await knex.raw(`alter table invoices add constraint invoices_cancelled_check check ((status = 'cancelled') = (cancelled_at is not null))`);
  await knex.raw('alter table invoices add constraint invoices_gstin_check check (supplier_gstin is null or gst_registered)');
  await knex.raw('create index invoices_issue_date on invoices (issue_date)');

  await knex.schema.alterTable('invoice_items', (t) => {
    t.decimal('tax_rate', 5, 2);
  });
  await knex.raw(
    `update invoice_items it set tax_rate = case when i.gst_registered then i.tax_percentage else 0 end
       from invoices i where i.id = it.invoice_id`,
  );
  await knex.raw('alter table invoice_items alter column tax_rate set not null');
  await knex.raw('alter table invoice_items alter column tax_rate set default 0');
  await knex.raw('alter table invoice_items add constraint invoice_items_tax_rate_check check (tax_rate >= 0 and tax_rate <= 100)');

  await knex.schema.createTable('invoice_payments', (t) => {
    t.increments('id');
    t.integer('invoice_id').notNullable().references('invoices.id').onDelete('CASCADE');
    t.decimal('amount', 12, 2).notNullable();
    t.date('paid_on').notNullable();
    t.text('mode').notNullable();
    t.text('reference');
    // Who recorded it (the audit trail, DATA-1, says more); kept if the account goes.
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount > 0', [], 'invoice_payments_amount_check');
    t.check("mode in ('cash','upi','card','bank')", [], 'invoice_payments_mode_check');
    t.index(['invoice_id', 'id']);
    t.index(['paid_on']);
  });
  await knex.raw(
    `insert into invoice_payments (invoice_id, amount, paid_on, mode, reference, created_at)
     select id, total_amount, coalesce(paid_on, issue_date), 'cash', 'Marked paid before payments were recorded', updated_at
       from invoices where status = 'paid' and total_amount > 0 order by id`,
  );
  await knex.raw(`update invoices set amount_paid = total_amount where status = 'paid'`);
  await knex.raw('alter table invoices add constraint invoices_amount_paid_check check (amount_paid >= 0 and amount_paid <= total_amount)');

  await knex.schema.createTable('price_list', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.decimal('default_price', 12, 2).notNullable();
    t.text('sac_code');
    t.decimal('tax_rate', 5, 2).notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('default_price >= 0', [], 'price_list_price_check');
    t.check('tax_rate in (0, 5, 12, 18, 28)', [], 'price_list_tax_rate_check');
    t.check('sort_order >= 0', [], 'price_list_order_check');
    t.index(['sort_order', 'id']);
  });
  await knex.raw('create unique index price_list_name_unique on price_list (lower(name))');
  await knex('price_list').insert(
    priceListFromCatalogue().map((p) => ({
      name: p.name,
      default_price: p.defaultPrice.toFixed(2),
      sac_code: p.sacCode,
      tax_rate: p.taxRate.toFixed(2),
      sort_order: p.order,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('price_list');
  await knex.schema.dropTableIfExists('invoice_payments');
  await knex.schema.alterTable('invoice_items', (t) => t.dropColumn('tax_rate'));
  await knex.raw('drop index if exists invoices_issue_date');
  await knex.raw('alter table invoices drop constraint if exists invoices_amount_paid_check');
  await knex.raw('alter table invoices drop constraint if exists invoices_gstin_check');
  await knex.raw('alter table invoices drop constraint if exists invoices_cancelled_check');
  await knex.raw('alter table invoices drop constraint if exists invoices_kind_check');
  await knex.raw('alter table invoices drop constraint invoices_status_check');
  // Cancelled invoices keep their rows (and numbers) as pending: the earlier schema had no cancellation.
  await knex.raw(`update invoices set status = 'pending' where status = 'cancelled'`);
  await knex.raw(`alter table invoices add constraint invoices_status_check check (status in ('pending','paid'))`);
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumn('cancelled_at');
    t.dropColumn('amount_paid');
    t.dropColumn('supplier_gstin');
    t.dropColumn('gst_registered');
    t.dropColumn('kind');
  });
}
