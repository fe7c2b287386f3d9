import type { Knex } from 'knex';

// The front desk (docs/frontdesk.md):
// - clinic_settings: one row (id = 1) holding the clinic's hours, slots, capacity, booking window, reminder
//   lead time and notification email as JSON (SET-4). It is written when the server starts from the environment's
//   first-start values and the defaults of CLINIC-4 and CLINIC-5 (api/services/appointments/clinic-settings.ts), so it stays empty here.
// - closed_dates: holidays with a reason (SET-6).
// - appointments: source ('online' | 'staff'), booked_anyway, booked_by (the staff member; the name is
//   kept too, so it survives the account) and the status no-show (APPT-13). patient_id exists since 001.
// - patients: medical alerts and notes, free text, '' when none (PAT-7).
// - an index for the patient history's phone match (last 10 digits, as migration 007 matches phones).

const PHONE_KEY = (column: string) => `right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('clinic_settings', (t) => {
    t.integer('id').primary();
    t.jsonb('settings').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('id = 1', [], 'clinic_settings_single_row');
  });
  await knex.schema.createTable('closed_dates', (t) => {
    t.date('date').primary();
    t.text('reason').notNullable();
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('appointments', (t) => {
    t.text('source').notNullable().defaultTo('online');
    t.boolean('booked_anyway').notNullable().defaultTo(false);
    t.integer('booked_by').references('users.id').onDelete('SET NULL');
    t.text('booked_by_name');
    t.timestamp('no_show_at', { useTz: true });
    t.check("source in ('online','staff')", [], 'appointments_source_check');
  });
  await knex.raw('alter table appointments drop constraint appointments_status_check');
  await knex.raw(
    `alter table appointments add constraint appointments_status_check
       check (status in ('pending','confirmed','completed','cancelled','no-show'))`,
  );
  await knex.schema.alterTable('patients', (t) => {
    t.text('allergies').notNullable().defaultTo('');
    t.text('conditions').notNullable().defaultTo('');
    t.text('medications').notNullable().defaultTo('');
    t.text('notes').notNullable().defaultTo('');
  });
  await knex.raw(`create index patients_phone_key on patients ((${PHONE_KEY('phone')}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists patients_phone_key');
  await knex.schema.alterTable('patients', (t) => {
    t.dropColumns('allergies', 'conditions', 'medications', 'notes');
  });
  await knex.raw("update appointments set status = 'cancelled' where status = 'no-show'");
  await knex.raw('alter table appointments drop constraint appointments_status_check');
  await knex.raw(
    `alter table appointments add constraint appointments_status_check
       check (status in ('pending','confirmed','completed','cancelled'))`,
  );
  await knex.schema.alterTable('appointments', (t) => {
    t.dropChecks(['appointments_source_check']);
    t.dropColumns('source', 'booked_anyway', 'booked_by', 'booked_by_name', 'no_show_at');
  });
  await knex.schema.dropTable('closed_dates');
  await knex.schema.dropTable('clinic_settings');
}
