import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

// SEC-7: no personal-link token at rest. An email with a personal link is stored with a
// placeholder for it and names what the link opens (link_kind: 'manage' or 'review', link_appointment_id);
// the outbox worker makes the link as it sends the email. Existing rows lose their tokens here:
// - mail not yet sent gets the placeholder and its link columns, and the old link's hash is deleted (its
//   token is now nowhere); the worker makes a new link when it sends;
// - mail already sent keeps the placeholder where its token was (the recipient has the link).
// Values written literally: this migration must do the same whatever later code says.

const PLACEHOLDER = '{personal-link}';
const TOKEN_IN_ADDRESS = /\/(appointment|review)\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const scrub = (body: string) => body.replace(TOKEN_IN_ADDRESS, (_m, path: string) => `/${path}/${PLACEHOLDER}`);

interface Row {
  id: number;
  html: string;
  text_body: string;
  sent_at: Date | null;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table email_outbox
      add column link_kind text,
      add column link_appointment_id integer,
      add constraint email_outbox_link_kind check (link_kind in ('manage', 'review'))`);

  const { rows } = await knex.raw<{ rows: Row[] }>(
    `select id, html, text_body, sent_at from email_outbox
      where purged_at is null and (text_body ~ '/(appointment|review)/[A-Za-z0-9_-]{43}' or html ~ '/(appointment|review)/[A-Za-z0-9_-]{43}')`,
  );
  for (const row of rows) {
    let link: { kind: 'manage' | 'review'; appointmentId: number } | null = null;
    if (!row.sent_at) {
      for (const [, path, token] of row.text_body.matchAll(TOKEN_IN_ADDRESS)) {
        const table = path === 'appointment' ? 'appointment_links' : 'review_links';
        const { rows: found } = await knex.raw<{ rows: { appointment_id: number }[] }>(
          `delete from ${table} where token_hash = ? returning appointment_id`,
          [hash(token)],
        );
        if (found[0]) link = { kind: path === 'appointment' ? 'manage' : 'review', appointmentId: Number(found[0].appointment_id) };
      }
    }
    await knex('email_outbox')
      .where({ id: row.id })
      .update({
        html: scrub(row.html),
        text_body: scrub(row.text_body),
        ...(link ? { link_kind: link.kind, link_appointment_id: link.appointmentId } : {}),
      });
  }
}

export async function down(knex: Knex): Promise<void> {
  // Tokens cannot come back; mail queued with a placeholder would go out without a working link.
  await knex.raw('alter table email_outbox drop constraint email_outbox_link_kind, drop column link_appointment_id, drop column link_kind');
}
