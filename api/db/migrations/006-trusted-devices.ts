import type { Knex } from 'knex';

// Browsers that have signed in to an account before (OWASP's "device cookies"): a sign-in that presents
// one of these proves it comes from a known browser, so a stranger's failures elsewhere do not lock it out
// (api/services/staff/trusted-devices.ts, api/services/staff/login-throttle.ts). A row binds one browser's cookie to
// one account; a browser used by two accounts has two rows with the same token. Only the SHA-256 of the
// cookie's random token is stored.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trusted_devices', (t) => {
    t.increments('id');
    t.text('token_hash').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.unique(['token_hash', 'user_id']);
    t.index(['user_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('trusted_devices');
}
