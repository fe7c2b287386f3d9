import type { Knex } from 'knex';

// OPS-14: every change to what the public caches hold tells every server process, through PostgreSQL's
// NOTIFY on the channel 'public_cache' with the cache key prefix to drop. Triggers, not the route handlers,
// send it, so any writer (a route, the CLI, a restore, psql) invalidates; PostgreSQL delivers it on commit
// (never for a rolled-back change) and folds repeats within one transaction. The listener is in
// api/platform/cache-invalidation.ts.

/** Table -> the cache key prefix it feeds (api/platform/public-cache.ts). */
export const NOTIFYING_TABLES: Record<string, string> = {
  blog_posts: 'blog',
  gallery_images: 'gallery',
  site_settings: 'setting',
  // The booking rules embedded in public pages are read from these on every request (no cache key yet);
  // they notify 'clinic' so a cache of them later is invalidated without another migration.
  clinic_settings: 'clinic',
  closed_dates: 'clinic',
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function notify_public_cache() returns trigger language plpgsql as $$
    begin
      perform pg_notify('public_cache', tg_argv[0]);
      return null;
    end
    $$`);
  for (const [table, prefix] of Object.entries(NOTIFYING_TABLES)) {
    await knex.raw(
      `create trigger ${table}_public_cache after insert or update or delete or truncate on ${table}
       for each statement execute function notify_public_cache('${prefix}')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(NOTIFYING_TABLES)) await knex.raw(`drop trigger if exists ${table}_public_cache on ${table}`);
  await knex.raw('drop function if exists notify_public_cache()');
}
