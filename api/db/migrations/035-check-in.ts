import type { Knex } from 'knex';

// The day at the desk (docs/frontdesk.md, "The day at the desk"):
// - appointments: arrived_at (DESK-10, check-in) and in_chair_at (DESK-11), written from the server's clock;
//   in the chair only after arriving, and the order is kept by a check.
// - invoices: appointment_id, the visit an invoice bills (DESK-15, "Bill this visit"); deleting an
//   appointment keeps the invoice, unlinked. Not unique: a second invoice of one visit is warned about, not refused.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.timestamp('arrived_at', { useTz: true });
    t.timestamp('in_chair_at', { useTz: true });
    t.check('in_chair_at is null or arrived_at is not null', [], 'appointments_in_chair_after_arrival');
  });
  await knex.schema.alterTable('invoices', (t) => {
    t.integer('appointment_id').references('appointments.id').onDelete('SET NULL');
    t.index(['appointment_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.dropIndex(['appointment_id']);
    t.dropColumn('appointment_id');
  });
  await knex.schema.alterTable('appointments', (t) => {
    t.dropChecks(['appointments_in_chair_after_arrival']);
    t.dropColumn('in_chair_at');
    t.dropColumn('arrived_at');
  });
}
