import type { Knex } from 'knex';

// Counters for rate limits and sign-in throttles, kept in the database so that several server processes
// on one PostgreSQL count together (several servers behave as one) and a restart forgives nobody. A row
// is one key's fixed window: its hits and, when the key has been shut out, until when. Keys are hashed
// (they hold email addresses and IP addresses), see api/platform/throttle-store.ts.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('throttles', (t) => {
    t.text('key').primary();
    t.integer('hits').notNullable();
    t.timestamp('window_started_at', { useTz: true }).notNullable();
    t.timestamp('blocked_until', { useTz: true });
    t.index(['window_started_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('throttles');
}
