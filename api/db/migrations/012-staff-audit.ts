import type { Knex } from 'knex';

// Staff accounts and the audit trail (docs/requirements.md AUTH-8..AUTH-12, DATA-1, DATA-4..DATA-6):
// - users: disabled accounts stay (no hard delete: the audit trail names them); a password the owner set
//   is temporary until its holder changes it.
// - sessions: a public reference (the id is the token's SHA-256, kept off the wire) and what the "my
//   sessions" list shows (browser, address).
// - audit_log: append-only. A trigger refuses UPDATE, DELETE and TRUNCATE, so no code path of the product
//   can change it; only a database superuser dropping the trigger could. No foreign key to users: a
//   cascade would be an UPDATE, and a row must outlive anything it names.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table users
      add column disabled_at timestamptz,
      add column must_change_password boolean not null default false`);
  await knex.raw(`
    alter table sessions
      add column ref uuid not null default gen_random_uuid(),
      add column user_agent text,
      add column address text`);
  await knex.raw('create unique index sessions_ref_unique on sessions (ref)');

  await knex.raw(`
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      user_id integer,
      user_name text,
      action text not null,
      entity text not null,
      entity_id text,
      changes jsonb
    )`);
  // The screen reads newest first, (at, id) descending, optionally narrowed to one person, one kind of
  // record or one record: each filter has an index in that order, so a page is an index range scan
  // (keyset paging on (at, id)) at any table size.
  await knex.raw('create index audit_log_at on audit_log (at desc, id desc)');
  await knex.raw('create index audit_log_user on audit_log (user_id, at desc, id desc)');
  await knex.raw('create index audit_log_entity on audit_log (entity, at desc, id desc)');
  await knex.raw('create index audit_log_record on audit_log (entity, entity_id, at desc, id desc)');
  await knex.raw(`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only' using errcode = '42501';
    end $$`);
  await knex.raw(`
    create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`);
  await knex.raw(`
    create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists audit_log');
  await knex.raw('drop function if exists audit_log_append_only()');
  await knex.raw('drop index if exists sessions_ref_unique');
  await knex.raw('alter table sessions drop column ref, drop column user_agent, drop column address');
  await knex.raw('alter table users drop column disabled_at, drop column must_change_password');
}
