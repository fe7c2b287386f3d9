import type { Knex } from 'knex';

// PLAN-15: an option is declined with the patient's reason ("too expensive", "wants to think"), kept on the
// option. The options' guard (056) still lets an option change once, from proposed; the reason is written in
// that one change, to a declined option only, and never afterwards.

const GUARD_BODY = (withReason: boolean) => `
    create or replace function treatment_plan_options_guard() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'UPDATE' then
        raise exception 'a plan''s options are never deleted' using errcode = '42501';
      end if;
      if old.status <> 'proposed' or new.id <> old.id or new.version_id <> old.version_id or new.name <> old.name
         or new.plan_discount <> old.plan_discount or new.visits <> old.visits or new.subtotal <> old.subtotal
         or new.tax_amount <> old.tax_amount or new.total_amount <> old.total_amount${
           withReason ? "\n         or (new.decline_reason is not null and new.status <> 'declined')" : ''
         } then
        raise exception 'an option changes only its status, once, from proposed' using errcode = '42501';
      end if;
      return new;
    end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table treatment_plan_options add column decline_reason text check (char_length(decline_reason) <= 500)');
  await knex.raw(GUARD_BODY(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(GUARD_BODY(false));
  await knex.raw('alter table treatment_plan_options drop column decline_reason');
}
