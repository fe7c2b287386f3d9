import type { Knex } from 'knex';

// Advances, credit and refunds (docs/billing.md, "Advances, credit and refunds"). One table of money
// received stays the one table: invoice_payments gains
// - kind: 'payment' (money received against an invoice, every row before this migration), 'advance' (INV-28:
//   money received before an invoice exists: no invoice, the patient's credit) or 'credit' (INV-29: part of
//   an advance applied to an invoice; no new money, so the day-end report leaves it out);
// - patient_id: whose advance it is (set for advances; SET NULL if the patient is deleted, the money stays);
// - source_payment_id: the advance a credit row was taken from;
// - applied (advances: how much of it credit rows took) and refunded (every kind: how much went back),
//   running totals kept under the row's lock; a check keeps applied + refunded within the amount.
// payment_refunds: each refund (INV-30): amount, reason, the mode (the payment's), the clinic day, who.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoice_payments', (t) => {
    t.text('kind').notNullable().defaultTo('payment');
    t.integer('patient_id').references('patients.id').onDelete('SET NULL');
    t.integer('source_payment_id').references('invoice_payments.id').onDelete('RESTRICT');
    t.decimal('applied', 12, 2).notNullable().defaultTo(0);
    t.decimal('refunded', 12, 2).notNullable().defaultTo(0);
    t.index(['patient_id']);
    t.index(['source_payment_id']);
  });
  await knex.raw('alter table invoice_payments alter column invoice_id drop not null');
  await knex.raw(`alter table invoice_payments add constraint invoice_payments_kind_check check (kind in ('payment','advance','credit'))`);
  await knex.raw(
    `alter table invoice_payments add constraint invoice_payments_invoice_check
       check ((kind = 'advance') = (invoice_id is null) and (kind = 'credit') = (source_payment_id is not null))`,
  );
  await knex.raw(
    `alter table invoice_payments add constraint invoice_payments_applied_check
       check (applied >= 0 and refunded >= 0 and applied + refunded <= amount and (kind = 'advance' or applied = 0))`,
  );

  await knex.schema.createTable('payment_refunds', (t) => {
    t.increments('id');
    t.integer('payment_id').notNullable().references('invoice_payments.id').onDelete('RESTRICT');
    t.decimal('amount', 12, 2).notNullable();
    t.text('mode').notNullable();
    t.text('reason').notNullable();
    t.date('refunded_on').notNullable();
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount > 0', [], 'payment_refunds_amount_check');
    t.check("mode in ('cash','upi','card','bank')", [], 'payment_refunds_mode_check');
    t.index(['payment_id']);
    t.index(['refunded_on']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payment_refunds');
  // Advances have no invoice; they cannot survive the older schema.
  await knex('invoice_payments').where('kind', 'credit').delete();
  await knex('invoice_payments').where('kind', 'advance').delete();
  await knex.raw('alter table invoice_payments drop constraint if exists invoice_payments_applied_check');
  await knex.raw('alter table invoice_payments drop constraint if exists invoice_payments_invoice_check');
  await knex.raw('alter table invoice_payments drop constraint if exists invoice_payments_kind_check');
  await knex.raw('alter table invoice_payments alter column invoice_id set not null');
  await knex.schema.alterTable('invoice_payments', (t) => {
    t.dropIndex(['source_payment_id']);
    t.dropIndex(['patient_id']);
    t.dropColumn('refunded');
    t.dropColumn('applied');
    t.dropColumn('source_payment_id');
    t.dropColumn('patient_id');
    t.dropColumn('kind');
  });
}
