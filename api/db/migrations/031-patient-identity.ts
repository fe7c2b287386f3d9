import type { Knex } from 'knex';
import { normalisePhone } from '../../../shared/domain/phone';

// One person, one patient (docs/frontdesk.md, "One person, one patient"; PAT-9..PAT-14):
// - patients.email and appointments.email may be NULL: a patient entered by staff needs a name and a
//   mobile, not an email (PAT-11);
// - phones of patients and appointments are rewritten in their normal form (E.164, PAT-9); a phone that does
//   not parse stays as typed;
// - every patient gets a clinic file number, SC-000001 on, from a sequence: existing patients in creation
//   order, new ones as they are inserted; a number is never given twice (PAT-12);
// - guardian_id (PAT-14) and merged_into_id/merged_at (PAT-13);
// - patient_name_key(first_name): the name a booking is matched by (PAT-9's phone and this key);
// - every appointment without a patient is linked to the patient with its phone and name key, or to a
//   patient made from it (BOOK-17), oldest booking first.

const BATCH = 500;

async function normalisePhones(knex: Knex, table: 'patients' | 'appointments'): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; phone: string }[] = await knex(table).where('id', '>', after).orderBy('id').limit(BATCH).select('id', 'phone');
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    const changed = rows.filter((r) => r.phone !== null && normalisePhone(r.phone) !== r.phone);
    if (changed.length === 0) continue;
    await knex.raw(
      `update ${table} t set phone = v.phone from unnest(?::int[], ?::text[]) as v(id, phone) where t.id = v.id`,
      [changed.map((r) => r.id), changed.map((r) => normalisePhone(r.phone))],
    );
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table patients alter column email drop not null');
  await knex.raw('alter table appointments alter column email drop not null');
  await knex.raw(`
    alter table patients
      add column file_number text,
      add column guardian_id integer references patients (id) on delete set null,
      add column merged_into_id integer references patients (id),
      add column merged_at timestamptz,
      add constraint patients_guardian_not_self check (guardian_id <> id),
      add constraint patients_merged_not_self check (merged_into_id <> id),
      add constraint patients_merged_pair check ((merged_into_id is null) = (merged_at is null))`);
  await knex.raw('create index patients_guardian on patients (guardian_id) where guardian_id is not null');

  // PAT-12: one sequence; the default takes the next number on every insert (never reused, even after a rollback).
  await knex.raw('create sequence patient_file_number_seq');
  await knex.raw(`
    create function next_patient_file_number() returns text language sql volatile as $$
      select 'SC-' || lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval('patient_file_number_seq') as n) s
    $$`);
  await knex.raw(`
    update patients p set file_number = numbered.file_number
      from (select id, next_patient_file_number() as file_number
              from (select id from patients order by created_at, id) ordered) numbered
      where p.id = numbered.id`);

  // BOOK-17: the name a booking is matched by: the first name, case-insensitive, spaces trimmed and collapsed.
  await knex.raw(`
    create function patient_name_key(name text) returns text language sql immutable as $$
      select lower(regexp_replace(trim(name), '\\s+', ' ', 'g'))
    $$`);
  await knex.raw('create index patients_phone_name on patients (phone, patient_name_key(first_name))');

  await normalisePhones(knex, 'patients');
  await normalisePhones(knex, 'appointments');

  // Patients made below get their numbers after every existing one, in booking order.
  await knex.raw(`alter table patients alter column file_number set default next_patient_file_number()`);
  await linkUnlinkedAppointments(knex);
  await knex.raw('alter table patients alter column file_number set not null');
  await knex.raw('alter table patients add constraint patients_file_number_unique unique (file_number)');
}

/** BOOK-17 for the bookings made before it: oldest first, so the person's first booking makes their patient. */
async function linkUnlinkedAppointments(knex: Knex): Promise<void> {
  for (;;) {
    const rows: { id: number; firstName: string; lastName: string; email: string | null; phone: string; createdAt: Date }[] = await knex('appointments')
      .whereNull('patientId')
      .whereNot('phone', '')
      .orderBy('createdAt')
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'firstName', 'lastName', 'email', 'phone', 'createdAt');
    if (rows.length === 0) return;
    for (const a of rows) {
      const match = await knex('patients')
        .where({ phone: a.phone })
        .whereNull('mergedIntoId')
        .whereRaw('patient_name_key(first_name) = patient_name_key(?)', [a.firstName])
        .orderBy('id')
        .first<{ id: number } | undefined>('id');
      let patientId = match?.id;
      if (!patientId) {
        const [made] = await knex('patients')
          .insert({ firstName: a.firstName, lastName: a.lastName, email: a.email || null, phone: a.phone, createdAt: a.createdAt, updatedAt: a.createdAt })
          .returning<{ id: number }[]>('id');
        patientId = made.id;
      }
      await knex('appointments').where({ id: a.id }).update({ patientId });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table patients drop constraint patients_file_number_unique');
  await knex.raw('drop index if exists patients_phone_name');
  await knex.raw('drop function if exists patient_name_key(text)');
  await knex.raw(`
    alter table patients
      drop column file_number, drop column guardian_id, drop column merged_into_id, drop column merged_at`);
  await knex.raw('drop function if exists next_patient_file_number()');
  await knex.raw('drop sequence if exists patient_file_number_seq');
  await knex.raw(`update patients set email = '' where email is null`);
  await knex.raw(`update appointments set email = '' where email is null`);
  await knex.raw('alter table patients alter column email set not null');
  await knex.raw('alter table appointments alter column email set not null');
}
