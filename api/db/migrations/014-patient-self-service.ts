import type { Knex } from 'knex';

// Reminders, the personal manage link and the scheduler (docs/scheduling.md).
//
// - appointments.reminder_sent_at: set in the same transaction that queues the reminder email (MAIL-9), so
//   a reminder goes out once however often, and by however many processes, the sweep runs. A reschedule
//   clears it (the reminder moves with the appointment); a cancelled appointment is never swept.
// - appointments.reminder_whatsapp_at: the admin's reminder list marks the WhatsApp reminder sent (APPT-16).
// - appointments.requested_date/time/at: a visitor's "ask for another time" from the manage page (BOOK-15).
// - appointment_links: one row per personal link an email carried (BOOK-12/13); only the SHA-256 of the
//   token is kept, so the table alone opens nothing. Several links may be live for one appointment (each
//   email gets its own); all die with the appointment.
// - scheduled_tasks: one row per recurring job, leased like the outbox's rows (docs/security.md), so a
//   job runs once across processes, and its next_run_at survives restarts (OPS-15).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.timestamp('reminder_sent_at', { useTz: true });
    t.timestamp('reminder_whatsapp_at', { useTz: true });
    t.date('requested_date');
    t.text('requested_time');
    t.timestamp('requested_at', { useTz: true });
  });
  await knex.raw(
    `create index appointments_reminder_due on appointments (preferred_date, preferred_time)
       where status = 'confirmed' and reminder_sent_at is null`,
  );
  await knex.schema.createTable('appointment_links', (t) => {
    t.text('token_hash').primary();
    t.integer('appointment_id').notNullable().references('appointments.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['appointment_id']);
  });
  await knex.schema.createTable('scheduled_tasks', (t) => {
    t.text('name').primary();
    t.timestamp('next_run_at', { useTz: true }).notNullable();
    t.timestamp('locked_until', { useTz: true });
    t.text('locked_by');
    t.timestamp('last_run_at', { useTz: true });
    t.text('last_error');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduled_tasks');
  await knex.schema.dropTableIfExists('appointment_links');
  await knex.raw('drop index if exists appointments_reminder_due');
  await knex.schema.alterTable('appointments', (t) => {
    t.dropColumns('reminder_sent_at', 'reminder_whatsapp_at', 'requested_date', 'requested_time', 'requested_at');
  });
}
