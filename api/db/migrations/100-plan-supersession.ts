import type { Knex } from 'knex';

// PLAN-20: a proposed plan whose work is in a plan accepted later is `superseded` (by that plan): it is no
// longer followed up (PLAN-13) nor accepted. The statuses are written here in full (not imported from
// shared) so the migration stays what it was when later code moves.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table treatment_plans
      add column superseded_by integer references treatment_plans (id),
      drop constraint treatment_plans_status_check,
      add constraint treatment_plans_status_check check (status in ('proposed', 'accepted', 'declined', 'superseded')),
      add constraint treatment_plans_superseded_by check ((status = 'superseded') = (superseded_by is not null))`);
}

export async function down(knex: Knex): Promise<void> {
  // A superseded plan reads as proposed again: the older schema has no word for it (the audit rows keep it).
  await knex.raw(`alter table treatment_plans drop constraint treatment_plans_superseded_by`);
  await knex.raw(`update treatment_plans set status = 'proposed' where status = 'superseded'`);
  await knex.raw(`
    alter table treatment_plans
      drop column superseded_by,
      drop constraint treatment_plans_status_check,
      add constraint treatment_plans_status_check check (status in ('proposed', 'accepted', 'declined'))`);
}
