import type { Knex } from 'knex';

// VER-1..VER-3 (docs/security.md "Issued documents"): every signed document the clinic issues (a treatment
// plan's accepted estimate today; consent forms next) is registered here by the SHA-256 printed on it. The
// stored file is never replaced and the row never changes: triggers refuse UPDATE, DELETE and TRUNCATE.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table issued_documents (
      hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
      kind text not null check (kind ~ '^[a-z][a-z-]{1,39}$'),
      issued_on date not null,
      storage_key text not null unique,
      size integer not null check (size > 0),
      created_at timestamptz not null
    )`);
  await knex.raw(`
    create function issued_documents_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'an issued document never changes' using errcode = '42501';
    end $$`);
  await knex.raw(
    'create trigger issued_documents_no_change before update or delete on issued_documents for each row execute function issued_documents_append_only()',
  );
  await knex.raw(
    'create trigger issued_documents_no_truncate before truncate on issued_documents for each statement execute function issued_documents_append_only()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table issued_documents');
  await knex.raw('drop function issued_documents_append_only()');
}
