import type { Knex } from 'knex';

// APPT-22: an appointment's `notes` are internal; `patient_note` is the separate note staff write for
// the patient, the only one a confirmation, reminder or follow-up may carry. Existing notes stay internal:
// none is copied, since nobody wrote them for the patient's eyes.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.text('patient_note');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropColumn('patient_note');
  });
}
