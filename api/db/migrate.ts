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
import * as frontDesk from './migrations/011-front-desk';
import * as staffAudit from './migrations/012-staff-audit';
import * as appointmentLanguage from './migrations/013-appointment-language';
import * as patientSelfService from './migrations/014-patient-self-service';
import * as recall from './migrations/016-recall';
import * as eraseRedaction from './migrations/017-erase-redaction';
import * as publicCacheNotify from './migrations/018-public-cache-notify';
import * as reviews from './migrations/019-reviews';
import * as bookingWithoutMail from './migrations/020-booking-without-mail';
import * as reviewsPublicCache from './migrations/021-reviews-public-cache';
import * as outboxPersonalLinks from './migrations/022-outbox-personal-links';
import * as mediaStorage from './migrations/023-media-storage';
import * as clinicalRecord from './migrations/030-clinical-record';
import * as checkIn from './migrations/035-check-in';
import * as advancesRefunds from './migrations/036-advances-refunds';
import * as openingSessions from './migrations/039-opening-sessions';
import * as appointmentPatientNote from './migrations/040-appointment-patient-note';
import * as medicalHistory from './migrations/050-medical-history';
import * as visitNotes from './migrations/051-visit-notes';
import * as consultationPrice from './migrations/041-consultation-price';
import * as issuedDocuments from './migrations/055-issued-documents';
import * as treatmentPlans from './migrations/056-treatment-plans';
import * as planDeclineReason from './migrations/060-plan-decline-reason';
import * as patientIdentity from './migrations/031-patient-identity';
import * as patientMerge from './migrations/032-patient-merge';
import * as bookingInTypescript from './migrations/065-booking-in-typescript';
import * as chartEditors from './migrations/070-chart-editors';
import * as closingHourSlots from './migrations/071-closing-hour-slots';
import * as patientMerges from './migrations/080-patient-merges';
import * as clinicalItemStatuses from './migrations/085-clinical-item-statuses';
import * as creditNotes from './migrations/090-credit-notes';
import * as bookingCreateRows from './migrations/115-booking-create-rows';
import * as planSupersession from './migrations/100-plan-supersession';
import * as chartIntegrity from './migrations/095-chart-integrity';
import * as linkOldBookings from './migrations/110-link-old-bookings';

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
  '011-front-desk': frontDesk,
  '012-staff-audit': staffAudit,
  '013-appointment-language': appointmentLanguage,
  '014-patient-self-service': patientSelfService,
  '016-recall': recall,
  '017-erase-redaction': eraseRedaction,
  '018-public-cache-notify': publicCacheNotify,
  '019-reviews': reviews,
  '020-booking-without-mail': bookingWithoutMail,
  '021-reviews-public-cache': reviewsPublicCache,
  '022-outbox-personal-links': outboxPersonalLinks,
  '023-media-storage': mediaStorage,
  '030-clinical-record': clinicalRecord,
  '035-check-in': checkIn,
  '036-advances-refunds': advancesRefunds,
  '039-opening-sessions': openingSessions,
  '040-appointment-patient-note': appointmentPatientNote,
  '050-medical-history': medicalHistory,
  '051-visit-notes': visitNotes,
  '041-consultation-price': consultationPrice,
  '055-issued-documents': issuedDocuments,
  '056-treatment-plans': treatmentPlans,
  '060-plan-decline-reason': planDeclineReason,
  '031-patient-identity': patientIdentity,
  '032-patient-merge': patientMerge,
  '065-booking-in-typescript': bookingInTypescript,
  '070-chart-editors': chartEditors,
  '071-closing-hour-slots': closingHourSlots,
  '080-patient-merges': patientMerges,
  '085-clinical-item-statuses': clinicalItemStatuses,
  '090-credit-notes': creditNotes,
  '115-booking-create-rows': bookingCreateRows,
  '100-plan-supersession': planSupersession,
  '095-chart-integrity': chartIntegrity,
  '110-link-old-bookings': linkOldBookings,
};

const source: Knex.MigrationSource<string> = {
  // In name order whatever the order of the list above (parallel work adds entries anywhere).
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource: source });
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource: source }, true);
}

/** Every migration this version of the product knows, oldest first. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

/** Applies migrations up to and including `last` (a restore rebuilds the schema its backup was taken on). */
export async function migrateUpTo(db: Knex, last: string): Promise<void> {
  const names = knownMigrations();
  if (!names.includes(last)) throw new Error(`Unknown migration ${last}`);
  for (;;) {
    const [done] = (await db.migrate.list({ migrationSource: source })) as [{ name?: string }[] | string[], unknown];
    const applied = done.map((d) => (typeof d === 'string' ? d : (d.name ?? '')));
    if (applied.includes(last)) return;
    await db.migrate.up({ migrationSource: source });
  }
}
