import type { Knex } from 'knex';

// ADMIN-25: every booking has a create row in the audit trail, whatever its channel. Bookings made before
// the website wrote one (and any other without one) get it now, stamped with the booking's own created_at:
// by the staff member who booked it (booked_by, booked_by_name) or by the website ('website'), naming the
// date and time it was booked for (the old values of its first move, if it was moved since), its
// treatment, language and channel, and `recordedLater` so the trail says the row was written afterwards.
// Idempotent: an appointment that has a create row gets none. Set-based, in batches of 5,000 appointments.
// Rolled back, the rows stay: the trail is append-only (DATA-5) and what they say stays true.
// Written here in full (not imported from shared) so the migration stays what it was when later code moves.

const BATCH = 5000;

export async function up(knex: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const result = await knex.raw(
      `with batch as (
         select a.* from appointments a
         where a.id > ? and not exists (
           select 1 from audit_log l where l.entity = 'appointment' and l.action = 'create' and l.entity_id = a.id::text)
         order by a.id limit ?),
       first_move as (
         select distinct on (l.entity_id) l.entity_id, l.changes
         from audit_log l join batch b on l.entity_id = b.id::text
         where l.entity = 'appointment' and (l.changes -> 'preferredDate') is not null and l.action <> 'create'
         order by l.entity_id, l.at, l.id),
       written as (
         insert into audit_log (at, user_id, user_name, action, entity, entity_id, changes)
         select b.created_at,
                case when b.source = 'staff' then b.booked_by end,
                case when b.source = 'staff' then coalesce(b.booked_by_name, 'front desk') else 'website' end,
                'create', 'appointment', b.id::text,
                jsonb_strip_nulls(jsonb_build_object(
                  'preferredDate', jsonb_build_object('old', null, 'new', coalesce(m.changes->'preferredDate'->>'old', to_char(b.preferred_date, 'YYYY-MM-DD'))),
                  'preferredTime', jsonb_build_object('old', null, 'new', coalesce(m.changes->'preferredTime'->>'old', b.preferred_time)),
                  'treatment', jsonb_build_object('old', null, 'new', b.treatment),
                  'language', jsonb_build_object('old', null, 'new', b.language),
                  'source', jsonb_build_object('old', null, 'new', b.source),
                  'recordedLater', jsonb_build_object('old', null, 'new', true)))
         from batch b left join first_move m on m.entity_id = b.id::text
         order by b.id
         returning entity_id)
       select max(entity_id::bigint) as last, count(*) as n from written`,
      [after, BATCH],
    );
    const row = (result.rows ?? result)[0] as { last: string | number | null; n: string | number };
    if (!row || Number(row.n) === 0 || row.last === null) break;
    after = Number(row.last);
  }
}

export async function down(): Promise<void> {
  // The rows written stay (append-only trail); no schema to undo.
}
