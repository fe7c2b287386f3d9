import type { Knex } from 'knex';

// Indexes that keep the admin lists fast with 50,000 patients and 200,000 appointments (API-7; figures in
// docs/benchmarks.md "Admin API").
//
// - appointments (status, preferred_date, preferred_time, id): a status filter's first page in list order.
//   Pending appointments sit in the future, so without it the first pending page walks every past row.
// - appointments (treatment): the treatment branch of the search (`treatment in (...)`), so the search's
//   OR can be answered by a bitmap of indexes.
// - Trigram (pg_trgm) GIN indexes on what the searches match as substrings: the full name, the email and
//   the phone, of patients and of appointments. ILIKE '%text%' can use them for text of 3 or more characters.
//   pg_trgm ships with PostgreSQL; the embedded PGlite has it only when loaded as an extension, so these
//   are created only where the extension can be: the same queries run everywhere, and without the indexes
//   they scan (fine at the embedded database's size).

const trigramIndexes: [name: string, table: string, expression: string][] = [
  ['patients_full_name_trgm', 'patients', `(first_name || ' ' || last_name)`],
  ['patients_email_trgm', 'patients', 'email'],
  ['patients_phone_trgm', 'patients', 'phone'],
  ['appointments_full_name_trgm', 'appointments', `(first_name || ' ' || last_name)`],
  ['appointments_email_trgm', 'appointments', 'email'],
  ['appointments_phone_trgm', 'appointments', 'phone'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index appointments_status_date_time on appointments (status, preferred_date, preferred_time, id)',
  );
  await knex.raw('create index appointments_treatment on appointments (treatment)');

  // Inside a DO block a failure (no such extension, or no right to create it) is caught in a
  // subtransaction, so the migration's own transaction carries on.
  await knex.raw(`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%); admin searches will scan instead of using trigram indexes', sqlerrm;
    end
    $$`);
  const { rows } = await knex.raw<{ rows: unknown[] }>(`select 1 from pg_extension where extname = 'pg_trgm'`);
  if (rows.length === 0) return;
  for (const [name, table, expression] of trigramIndexes) {
    await knex.raw(`create index ${name} on ${table} using gin (${expression} gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of trigramIndexes) await knex.raw(`drop index if exists ${name}`);
  await knex.raw('drop index if exists appointments_treatment');
  await knex.raw('drop index if exists appointments_status_date_time');
}
