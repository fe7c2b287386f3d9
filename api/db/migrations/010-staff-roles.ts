import type { Knex } from 'knex';

// Staff roles: every account is an owner or a receptionist (shared/constants/roles.ts). Accounts that
// exist before roles are owners, as the one admin of the first release was.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('role').notNullable().defaultTo('owner');
    t.check("role in ('owner','receptionist')", [], 'users_role_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropChecks(['users_role_check']);
    t.dropColumn('role');
  });
}
