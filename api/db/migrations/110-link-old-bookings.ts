import type { Knex } from 'knex';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// BOOK-17, PAT-17: every appointment belongs to a patient, the ones stored before the rule too. Migration 031
// linked what was booked before it; rows written since without a patient (the first start's demo, which
// wrote its visitors' bookings directly, and anything loaded the same way) are linked here by the same rule:
// - phones of patients and appointments in their normal form first (E.164 when the number parses as a
//   valid one, Indian by default; else the text as typed, trimmed), so "+91 98220 10000" and "9822010000"
//   are one phone;
// - oldest booking first, to the live (not merged) patient with the same phone and the same first name
//   (patient_name_key, migration 031: case-insensitive, spaces trimmed and collapsed), else to a patient
//   made from the booking (its names, email and phone; created when the booking was), audited as a booking's
//   patient is (`create`, source booking), and the appointment's link audited (`update`, patientId);
// - left alone: an appointment without a phone (its patient erased, DATA-3) and one whose person's record the
//   clinic deleted (an audited `delete` of a patient with that phone and first name, PAT-4): the deletion
//   stands, nobody is made again.
// In batches of BATCH rows; running it again changes nothing (what it links is no longer unlinked, what it
// leaves it leaves again). It writes one log line saying what it did when it did anything.
// The phone rule and the name rule are written here in full, not imported, so this migration stays what it
// was when the product's own functions move.

const BATCH = 500;
const MIGRATION = '110-link-old-bookings';

function normalPhone(raw: string): string {
  const typed = raw.trim();
  const parsed = parsePhoneNumberFromString(typed, 'IN');
  return parsed?.isValid() ? parsed.number : typed;
}

function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface LinkReport {
  phonesNormalised: number;
  linked: number;
  patientsMade: number;
  leftUnlinked: number;
}

async function normalisePhones(knex: Knex, table: 'patients' | 'appointments'): Promise<number> {
  let after = 0;
  let changedCount = 0;
  for (;;) {
    const rows: { id: number; phone: string | null }[] = await knex(table).where('id', '>', after).orderBy('id').limit(BATCH).select('id', 'phone');
    if (rows.length === 0) return changedCount;
    after = rows[rows.length - 1].id;
    const changed = rows.filter((r): r is { id: number; phone: string } => r.phone !== null && r.phone !== '' && normalPhone(r.phone) !== r.phone);
    if (changed.length === 0) continue;
    changedCount += changed.length;
    await knex.raw(`update ${table} t set phone = v.phone from unnest(?::int[], ?::text[]) as v(id, phone) where t.id = v.id`, [
      changed.map((r) => r.id),
      changed.map((r) => normalPhone(r.phone)),
    ]);
  }
}

/** The people whose patient record the clinic deleted (PAT-4), as "phone|name key". */
async function deletedPeople(knex: Knex): Promise<Set<string>> {
  const rows: { phone: string | null; firstName: string | null }[] = (
    await knex.raw(`select changes->'phone'->>'old' as "phone", changes->'firstName'->>'old' as "firstName"
      from audit_log where entity = 'patient' and action = 'delete' and changes is not null`)
  ).rows;
  return new Set(rows.filter((r) => r.phone && r.firstName).map((r) => `${normalPhone(r.phone!)}|${nameKey(r.firstName!)}`));
}

interface Unlinked {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  createdAt: Date;
}

/** Links every unlinked appointment it may (see above) and says what it did. */
export async function linkOldBookings(knex: Knex): Promise<LinkReport> {
  const report: LinkReport = { phonesNormalised: 0, linked: 0, patientsMade: 0, leftUnlinked: 0 };
  report.phonesNormalised += await normalisePhones(knex, 'patients');
  report.phonesNormalised += await normalisePhones(knex, 'appointments');
  const deleted = await deletedPeople(knex);

  // Keyset over (created_at, id): a row left alone is not read again, however many there are.
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const query = knex('appointments')
      .whereNull('patientId')
      .whereNotNull('phone')
      .whereNot('phone', '')
      .orderBy('createdAt')
      .orderBy('id')
      .limit(BATCH)
      .select<Unlinked[]>('id', 'firstName', 'lastName', 'email', 'phone', 'createdAt');
    if (after) query.whereRaw('(created_at, id) > (?, ?)', [after.createdAt, after.id]);
    const rows = await query;
    if (rows.length === 0) return report;
    const last: Unlinked = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
    for (const a of rows) {
      const match = await knex('patients')
        .where({ phone: a.phone })
        .whereNull('mergedIntoId')
        .whereRaw('lower(regexp_replace(trim(first_name), ?, ?, ?)) = ?', ['\\s+', ' ', 'g', nameKey(a.firstName)])
        .orderBy('id')
        .first<{ id: number } | undefined>('id');
      let patientId = match?.id;
      if (!patientId) {
        if (deleted.has(`${a.phone}|${nameKey(a.firstName)}`)) {
          report.leftUnlinked += 1;
          continue;
        }
        const [made]: { id: number; fileNumber: string }[] = await knex('patients')
          .insert({ firstName: a.firstName, lastName: a.lastName, email: a.email || null, phone: a.phone, createdAt: a.createdAt, updatedAt: a.createdAt })
          .returning(['id', 'fileNumber']);
        patientId = made.id;
        report.patientsMade += 1;
        await knex('auditLog').insert({
          action: 'create',
          entity: 'patient',
          entityId: String(made.id),
          changes: JSON.stringify({
            fileNumber: { old: null, new: made.fileNumber },
            firstName: { old: null, new: a.firstName },
            lastName: { old: null, new: a.lastName },
            phone: { old: null, new: a.phone },
            source: { old: null, new: 'booking' },
          }),
        });
      }
      await knex('appointments').where({ id: a.id }).whereNull('patientId').update({ patientId });
      await knex('auditLog').insert({
        action: 'update',
        entity: 'appointment',
        entityId: String(a.id),
        changes: JSON.stringify({ patientId: { old: null, new: patientId } }),
      });
      report.linked += 1;
    }
  }
}

export async function up(knex: Knex): Promise<void> {
  const report = await linkOldBookings(knex);
  if (report.phonesNormalised + report.linked + report.leftUnlinked > 0) {
    process.stdout.write(`${JSON.stringify({ level: 'info', event: 'migration', migration: MIGRATION, ...report })}\n`);
  }
}

export async function down(): Promise<void> {
  // Nothing to undo in the schema: the older schema holds linked appointments and phones in normal form as
  // they are (migration 031 wrote both), and unlinking a booking from its patient would take their visits
  // off a record staff may already have billed or charted.
}
