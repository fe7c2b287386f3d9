import type { Knex } from 'knex';
import * as initialSchema from './migrations/001-initial-schema';
import * as adminSearchIndexes from './migrations/002-admin-search-indexes';
import * as bookAppointmentFunction from './migrations/003-book-appointment-function';
import * as throttles from './migrations/004-throttles';
import * as outboxCrashSafety from './migrations/005-outbox-crash-safety';
import * as trustedDevices from './migrations/006-trusted-devices';
import * as bookingLimits from './migrations/007-booking-limits';
import * as billing from './migrations/008-billing';
import * as staffRoles from './migrations/010-staff-roles';
import * as appointmentLanguage from './migrations/013-appointment-language';

// Migrations are imported, not discovered on disk, so they run the same under tsx, Vitest and a bundle.
const migrations: Record<string, Knex.Migration> = {
  '001-initial-schema': initialSchema,
  '002-admin-search-indexes': adminSearchIndexes,
  '003-book-appointment-function': bookAppointmentFunction,
  '004-throttles': throttles,
  '005-outbox-crash-safety': outboxCrashSafety,
  '006-trusted-devices': trustedDevices,
  '007-booking-limits': bookingLimits,
  '008-billing': billing,
  '010-staff-roles': staffRoles,
  '013-appointment-language': appointmentLanguage,
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
