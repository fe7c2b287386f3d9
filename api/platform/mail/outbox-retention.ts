import type { Knex } from 'knex';

const DAY_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * Data minimisation: a sent email's recipient, subject and bodies hold a patient's details (name, date,
 * treatment), and once the mail is out nothing needs them. After the retention period they are blanked;
 * the row stays (kind, attachment reference, attempts, dates, Message-ID) as the record that a message went
 * out. Unsent mail is never touched (MAIL-11: an outage delays mail, never loses it).
 *
 * Idempotent and safe when several processes run it at once: a row is purged once (purged_at), in small
 * batches that skip rows another run holds, so it never keeps the (embedded, single) connection for long.
 * The scheduler runs it (api/jobs/tasks.ts), as does an outbox worker given retentionDays. The age and
 * purged_at are by the product's clock (CLINIC-12), the same that wrote sent_at.
 */
export async function purgeSentEmails(
  knex: Knex,
  options: { retentionDays: number; now: Date },
): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const { rows } = await knex.raw<{ rows: { id: number }[] }>(
      `update email_outbox
         set to_address = '', subject = '', html = '', text_body = '', last_error = null, purged_at = ?::timestamptz,
           attachments = (select coalesce(jsonb_agg(a), '[]'::jsonb) from jsonb_array_elements(attachments) a
                          where a->>'type' <> 'ics')
       where id in (
         select id from email_outbox
         where sent_at < ?::timestamptz and purged_at is null
         order by id limit ? for update skip locked)
       returning id`,
      [options.now.toISOString(), cutoff.toISOString(), BATCH],
    );
    purged += rows.length;
    if (rows.length < BATCH) return purged;
  }
}
