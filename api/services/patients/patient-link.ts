import type { Knex } from 'knex';
import { normalisePhone } from '../../../shared/domain/phone';
import { audit } from '../../platform/audit';

// BOOK-17, BOOK-18: one person, one patient. A booking (public or staff) with new details belongs to the
// patient with the same phone (normal form, PAT-9) and the same first name (case-insensitive, spaces
// trimmed and collapsed: patient_name_key, migration 031), else to a patient it makes, in the booking's
// transaction. A family sharing one mobile (a mother booking for her son on her phone) gets one patient a
// first name. Merged records (PAT-13) are never matched.

export interface BookingPerson {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
}

/**
 * BOOK-18: two bookings racing with the same new phone and name make one patient: the match and the
 * insert run under a transaction-scoped advisory lock on the phone and name key, so the second waits and
 * then finds the first one's patient. (PGlite has one connection, so there nothing races.)
 */
async function lockPerson(trx: Knex.Transaction, phone: string, firstName: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended('patient:' || ? || ':' || patient_name_key(?), 0))`, [phone, firstName]);
}

/**
 * The live (not merged) patient with this phone (normal form) and first name key, under the person's lock
 * for the rest of the transaction (BOOK-18): a booking links to it (BOOK-17), Add Patient refuses to make a
 * second one (PAT-18).
 */
export async function findSamePerson(
  trx: Knex.Transaction,
  person: { firstName: string; phone: string },
): Promise<{ id: number; fileNumber: string; firstName: string; lastName: string } | undefined> {
  const phone = normalisePhone(person.phone);
  await lockPerson(trx, phone, person.firstName);
  return trx('patients')
    .where({ phone })
    .whereNull('mergedIntoId')
    .whereRaw('patient_name_key(first_name) = patient_name_key(?)', [person.firstName])
    .orderBy('id')
    .first('id', 'fileNumber', 'firstName', 'lastName');
}

/** The patient a booking with these details belongs to, made when there is none (BOOK-17). */
export async function linkOrCreatePatient(trx: Knex.Transaction, person: BookingPerson, now: Date): Promise<number> {
  const phone = normalisePhone(person.phone);
  const match = await findSamePerson(trx, { firstName: person.firstName, phone });
  if (match) return match.id;
  const [made] = await trx('patients')
    .insert({ firstName: person.firstName, lastName: person.lastName, email: person.email || null, phone, createdAt: now, updatedAt: now })
    .returning<{ id: number; fileNumber: string }[]>(['id', 'fileNumber']);
  await audit(trx, {
    action: 'create',
    entity: 'patient',
    entityId: made.id,
    changes: {
      fileNumber: { old: null, new: made.fileNumber },
      firstName: { old: null, new: person.firstName },
      lastName: { old: null, new: person.lastName },
      phone: { old: null, new: phone },
      source: { old: null, new: 'booking' },
    },
  });
  return made.id;
}

/**
 * PAT-14: where a patient's booking mail and texts go: their own email and phone, else their guardian's.
 */
export async function patientContact(
  db: Knex | Knex.Transaction,
  patient: { email: string | null; phone: string; guardianId: number | null },
): Promise<{ email: string | null; phone: string }> {
  if ((patient.email && patient.phone) || !patient.guardianId) return { email: patient.email || null, phone: patient.phone };
  const guardian = await db('patients').where({ id: patient.guardianId }).first<{ email: string | null; phone: string } | undefined>('email', 'phone');
  return { email: patient.email || guardian?.email || null, phone: patient.phone || guardian?.phone || '' };
}
