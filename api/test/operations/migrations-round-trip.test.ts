import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/knex';
import { knownMigrations, migrateLatest, rollbackAll } from '../../db/migrate';
import { createTestDatabase } from '../support/test-db';

// Every migration's down() undoes its up(), whichever migration it is (OPS-3): rolled back one by one from
// the newest to the first, the database holds nothing of the product's, and migrated again it is the same
// schema as before, column by column, index by index, constraint, function and trigger (an extension such as
// pg_trgm stays installed: it is the database's, not a table's). A new migration is
// covered by being in api/db/migrate.ts.

it('runs every file of the migrations folder: none is written and left out of the list in api/db/migrate.ts', () => {
  const folder = path.join(__dirname, '../../db/migrations');
  const files = fs.readdirSync(folder).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '')).sort();
  expect(knownMigrations()).toEqual(files);
});

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

/** The product's schema as text: what a migration can make, outside knex's own bookkeeping. */
async function schema(): Promise<Record<string, string[]>> {
  const rows = async (sql: string) => ((await db.knex.raw<{ rows: { d: string }[] }>(sql)).rows).map((r) => r.d);
  const ours = "not like 'knex_migrations%'";
  return {
    columns: await rows(`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as d
      from information_schema.columns where table_schema = 'public' and table_name ${ours} order by 1`),
    indexes: await rows(`select indexdef as d from pg_indexes where schemaname = 'public' and tablename ${ours} order by 1`),
    constraints: await rows(`select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d
      from pg_constraint where connamespace = 'public'::regnamespace and conrelid::regclass::text ${ours} order by 1`),
    functions: await rows(`select p.proname || ' ' || md5(pg_get_functiondef(p.oid)) as d
      from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`),
    triggers: await rows(`select tgrelid::regclass || ' ' || pg_get_triggerdef(oid) as d from pg_trigger where not tgisinternal order by 1`),
    sequences: await rows(`select sequence_name as d from information_schema.sequences where sequence_schema = 'public' and sequence_name ${ours} order by 1`),
    types: await rows(`select t.typname as d from pg_type t where t.typnamespace = 'public'::regnamespace and t.typtype = 'e' order by 1`),
  };
}

it(`rolls all ${knownMigrations().length} migrations back to nothing and up again to the same schema`, async () => {
  const latest = await schema();
  expect(latest.columns.length).toBeGreaterThan(100);
  await rollbackAll(db.knex);
  expect(await schema()).toEqual({ columns: [], indexes: [], constraints: [], functions: [], triggers: [], sequences: [], types: [] });
  await migrateLatest(db.knex);
  expect(await schema()).toEqual(latest);
}, 60_000);
