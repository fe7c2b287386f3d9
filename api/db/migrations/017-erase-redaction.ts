import type { Knex } from 'knex';

// DATA-3: the one change the append-only audit trail allows. Erasing a patient on request
// (India's DPDP Act 2023) must remove their personal details from the trail's `changes` values too, so
// the trigger of migration 012 now lets exactly one kind of UPDATE through:
// - only while the transaction-local setting app.audit_redaction is 'on', which only
//   audit_log_redact() sets (and clears again before it returns);
// - only the `changes` column may differ: the row's time, actor, action, record and id stay as written.
// DELETE and TRUNCATE are refused as before. This is a guard against mistakes, not against the database
// owner, who could drop the trigger anyway (docs/security.md "Erasing a patient").

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE'
         and coalesce(current_setting('app.audit_redaction', true), '') = 'on'
         and new.id = old.id and new.at = old.at
         and new.user_id is not distinct from old.user_id and new.user_name is not distinct from old.user_name
         and new.action = old.action and new.entity = old.entity
         and new.entity_id is not distinct from old.entity_id then
        return new;
      end if;
      raise exception 'audit_log is append-only' using errcode = '42501';
    end $$`);
  await knex.raw(`
    create function audit_log_redact(row_id bigint, redacted jsonb) returns void
      language plpgsql security definer set search_path = public as $$
    begin
      perform set_config('app.audit_redaction', 'on', true);
      update audit_log set changes = redacted where id = row_id;
      perform set_config('app.audit_redaction', 'off', true);
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists audit_log_redact(bigint, jsonb)');
  await knex.raw(`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only' using errcode = '42501';
    end $$`);
}
