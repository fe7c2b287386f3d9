import type { Knex } from 'knex';
import { defaultTemplates } from '../../../shared/clinical/visit-note';

// The default "treatment done" texts this migration seeded, written in full so it stays what it was when the
// shared defaults change (migration 095 corrects the crown's).
const defaultProcedureTexts: Record<string, string> = {
  composite: 'Composite restoration placed under isolation; occlusion checked and polished.',
  rct: 'Root canal treatment: access opening, working length, cleaning and shaping, irrigation, obturation.',
  extraction: 'Extraction under local anaesthesia; haemostasis achieved; post-extraction instructions given.',
  scaling: 'Scaling and polishing of both arches; oral hygiene instructions given.',
  crown: 'Crown preparation, impression taken, temporary crown cemented.',
};

// Visit notes (docs/clinical.md "Visit notes", NOTE-1..NOTE-8):
// - visit_note_templates and visit_note_procedure_texts: the owner's templates (a prompt per section) and
//   each procedure code's default "treatment done" text, settings the owner edits (NOTE-6, NOTE-7);
// - visit_notes: one per visit, its dentist, its appointment if any, and its signature (NOTE-3);
// - visit_note_versions: every save of the sections, append-only; none is added once the note is signed;
// - visit_note_addenda: what is added after signing, with who and when, append-only; only to a signed note.
// Nothing is deleted or rewritten (NOTE-8): the triggers refuse it. visit_notes changes only by being signed
// (once), by losing a deleted appointment, and by a merge of patients re-pointing patient_id.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table visit_note_templates (
      id serial primary key,
      name text not null unique,
      prompts jsonb not null check (jsonb_typeof(prompts) = 'object'),
      active boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`
    create table visit_note_procedure_texts (
      code text primary key,
      text text not null,
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`
    create table visit_notes (
      id serial primary key,
      patient_id integer not null references patients (id),
      dentist_id integer not null references users (id),
      appointment_id integer references appointments (id) on delete set null,
      template_id integer references visit_note_templates (id),
      created_at timestamptz not null,
      signed_at timestamptz,
      signed_by integer references users (id),
      constraint visit_notes_signature check ((signed_at is null) = (signed_by is null))
    )`);
  await knex.raw('create index visit_notes_patient on visit_notes (patient_id, created_at, id)');
  await knex.raw('create index visit_notes_unsigned on visit_notes (dentist_id, created_at) where signed_at is null');
  await knex.raw(`
    create table visit_note_versions (
      id bigserial primary key,
      note_id integer not null references visit_notes (id),
      version integer not null check (version > 0),
      sections jsonb not null check (jsonb_typeof(sections) = 'object'),
      user_id integer not null references users (id),
      created_at timestamptz not null,
      constraint visit_note_versions_number unique (note_id, version)
    )`);
  await knex.raw(`
    create table visit_note_addenda (
      id serial primary key,
      note_id integer not null references visit_notes (id),
      text text not null check (length(trim(text)) > 0),
      user_id integer not null references users (id),
      created_at timestamptz not null
    )`);
  await knex.raw('create index visit_note_addenda_note on visit_note_addenda (note_id, id)');

  await knex.raw(`
    create function visit_notes_guard() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'UPDATE' then
        raise exception 'visit notes are never deleted' using errcode = '42501';
      end if;
      if new.id <> old.id or new.dentist_id <> old.dentist_id or new.created_at <> old.created_at
         or new.template_id is distinct from old.template_id
         or (new.appointment_id is distinct from old.appointment_id and new.appointment_id is not null) then
        raise exception 'a visit note is never rewritten' using errcode = '42501';
      end if;
      if old.signed_at is not null and (new.signed_at is distinct from old.signed_at or new.signed_by is distinct from old.signed_by) then
        raise exception 'a signed visit note is locked' using errcode = '42501';
      end if;
      return new;
    end $$`);
  await knex.raw('create trigger visit_notes_guard before update or delete on visit_notes for each row execute function visit_notes_guard()');
  await knex.raw('create trigger visit_notes_no_truncate before truncate on visit_notes for each statement execute function visit_notes_guard()');
  await knex.raw(`
    create function visit_note_parts_guard() returns trigger language plpgsql as $$
    declare
      signed timestamptz;
    begin
      if tg_op <> 'INSERT' then
        raise exception '% is append-only', tg_table_name using errcode = '42501';
      end if;
      select signed_at into signed from visit_notes where id = new.note_id;
      if tg_table_name = 'visit_note_versions' and signed is not null then
        raise exception 'a signed visit note is locked: add an addendum' using errcode = '42501';
      end if;
      if tg_table_name = 'visit_note_addenda' and signed is null then
        raise exception 'an addendum is added to a signed visit note' using errcode = '42501';
      end if;
      return new;
    end $$`);
  for (const table of ['visit_note_versions', 'visit_note_addenda']) {
    await knex.raw(`create trigger ${table}_guard before insert or update or delete on ${table} for each row execute function visit_note_parts_guard()`);
    await knex.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function visit_note_parts_guard()`);
  }

  await knex('visitNoteTemplates').insert(defaultTemplates.map((t, i) => ({ name: t.name, prompts: JSON.stringify(t.prompts), sortOrder: (i + 1) * 10 })));
  await knex('visitNoteProcedureTexts').insert(Object.entries(defaultProcedureTexts).map(([code, text]) => ({ code, text })));
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['visit_note_addenda', 'visit_note_versions', 'visit_notes', 'visit_note_procedure_texts', 'visit_note_templates']) {
    await knex.raw(`drop table if exists ${table}`);
  }
  await knex.raw('drop function if exists visit_note_parts_guard()');
  await knex.raw('drop function if exists visit_notes_guard()');
}
