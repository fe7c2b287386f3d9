import type { Knex } from 'knex';

// I18N-3: a booking remembers the language the visitor booked in ('en', 'mr' or 'hi'), so every
// email to them (confirmation, cancellation, follow-up, invoice) is written in it. Bookings made before
// the site spoke Marathi and Hindi were English.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.text('language').notNullable().defaultTo('en');
    t.check("language in ('en','mr','hi')", [], 'appointments_language_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropChecks(['appointments_language_check']);
    t.dropColumn('language');
  });
}
