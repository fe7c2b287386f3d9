import type { Knex } from 'knex';
import { conditionKeys, historyFromFreeText, historySources } from '../../../shared/clinical/medical-history';

// The structured medical history (docs/clinical.md "Medical history", MED-1..MED-6):
// - medical_history_versions: each save a new row, numbered per patient from 1; never updated or deleted
//   (MED-2: triggers refuse UPDATE, DELETE and TRUNCATE, as migration 030's do for clinical items);
// - medical_history_confirmations: staff confirming a version the patient gave (MED-3), append-only too,
//   one per version;
// - MED-4: every patient's free-text allergies, conditions and medicines become their version 1, read into
//   the structure where it can be and kept verbatim in the version's note. The patient row's three columns
//   are left as they were: from now on the history's save writes them (its one-line summary, MED-5).
// Both reference patient_id, so a merge of two patients re-points them with one UPDATE ... SET patient_id
// (the guard allows exactly that change).

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table medical_history_versions (
      id serial primary key,
      patient_id integer not null references patients (id),
      version integer not null check (version > 0),
      allergies jsonb not null default '[]' check (jsonb_typeof(allergies) = 'array'),
      medicines jsonb not null default '[]' check (jsonb_typeof(medicines) = 'array'),
      conditions text[] not null default '{}' check (conditions <@ array[${list(conditionKeys)}]::text[]),
      condition_other text,
      pregnant boolean not null default false,
      note text,
      source text not null check (source in (${list(historySources)})),
      entered_by integer references users (id),
      created_at timestamptz not null,
      constraint medical_history_versions_number unique (patient_id, version),
      constraint medical_history_other check (('other' = any(conditions)) = (condition_other is not null))
    )`);
  await knex.raw(`
    create table medical_history_confirmations (
      id serial primary key,
      version_id integer not null unique references medical_history_versions (id),
      confirmed_by integer not null references users (id),
      confirmed_at timestamptz not null
    )`);
  // MED-2: what no code path may do. A merge of patients (another session's) moves a version to the patient
  // kept, and renumbers it after theirs: patient_id and version may change, nothing the version says.
  await knex.raw(`
    create function medical_history_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and tg_table_name = 'medical_history_versions' then
        if new.id = old.id and new.allergies = old.allergies and new.medicines = old.medicines
           and new.conditions = old.conditions and new.condition_other is not distinct from old.condition_other
           and new.pregnant = old.pregnant and new.note is not distinct from old.note and new.source = old.source
           and new.entered_by is not distinct from old.entered_by and new.created_at = old.created_at then
          return new;
        end if;
      end if;
      raise exception 'the medical history is append-only: save a new version' using errcode = '42501';
    end $$`);
  for (const table of ['medical_history_versions', 'medical_history_confirmations']) {
    await knex.raw(`create trigger ${table}_guard before update or delete on ${table} for each row execute function medical_history_guard()`);
    await knex.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function medical_history_guard()`);
  }

  // MED-4: the free text becomes version 1, in batches.
  let after = 0;
  for (;;) {
    const rows: { id: number; allergies: string; conditions: string; medications: string; updatedAt: Date | null; createdAt: Date }[] = await knex('patients')
      .where('id', '>', after)
      .where((w) => w.whereRaw("trim(allergies) <> ''").orWhereRaw("trim(conditions) <> ''").orWhereRaw("trim(medications) <> ''"))
      .orderBy('id')
      .limit(500)
      .select('id', 'allergies', 'conditions', 'medications', 'updatedAt', 'createdAt');
    if (rows.length === 0) break;
    const versions = rows.flatMap((p) => {
      const h = historyFromFreeText(p);
      if (!h) return [];
      return [
        {
          patientId: p.id,
          version: 1,
          allergies: JSON.stringify(h.allergies),
          medicines: JSON.stringify(h.medicines),
          conditions: h.conditions,
          conditionOther: h.conditionOther,
          pregnant: h.pregnant,
          note: h.note,
          source: 'staff',
          enteredBy: null,
          createdAt: p.updatedAt ?? p.createdAt,
        },
      ];
    });
    if (versions.length) await knex('medicalHistoryVersions').insert(versions);
    after = rows.at(-1)!.id;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists medical_history_confirmations');
  await knex.raw('drop table if exists medical_history_versions');
  await knex.raw('drop function if exists medical_history_guard()');
}
