import type { Knex } from 'knex';
import * as initialSchema from './migrations/001-initial-schema';
import * as adminSearchIndexes from './migrations/002-admin-search-indexes';
import * as bookAppointmentFunction from './migrations/003-book-appointment-function';
import * as throttles from './migrations/004-throttles';
import * as billing from './migrations/008-billing';

// Migrations are imported, not discovered on disk, so they run the same under tsx, Vitest and a bundle.
const migrations: Record<string, Knex.Migration> = {
  '001-initial-schema': initialSchema,
  '002-admin-search-indexes': adminSearchIndexes,
  '003-book-appointment-function': bookAppointmentFunction,
  '004-throttles': throttles,
  // 005-007 belong to work in progress elsewhere; knex runs the migrations in the order of their names.
  '008-billing': billing,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource: source });
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource: source }, true);
}
