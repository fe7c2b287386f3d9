import type { Knex } from 'knex';

// The outbox after a crash, and its data at rest (docs/decisions.md "Mail"):
// - message_uuid: fixed when the row is created, so every attempt sends the same Message-ID and a receiving
//   server can drop the copy a crash made us send twice. A column default covers both writers: enqueueEmail
//   and the book_appointment function (003). A volatile default gives each existing row its own value.
// - locked_by: the worker holding the lease. Leases are short and renewed while the worker sends, so a
//   crashed worker's rows come free within seconds; the holder's id keeps a late renewal from taking back a
//   row another worker has since claimed.
// - purged_at: when a sent email's recipient, subject and bodies were blanked after the retention period.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table email_outbox
      add column message_uuid uuid not null default gen_random_uuid(),
      add column locked_by uuid,
      add column purged_at timestamptz`);
  await knex.raw(
    'create index email_outbox_unpurged on email_outbox (sent_at) where sent_at is not null and purged_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists email_outbox_unpurged');
  await knex.raw('alter table email_outbox drop column purged_at, drop column locked_by, drop column message_uuid');
}
