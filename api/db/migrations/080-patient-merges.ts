import type { Knex } from 'knex';

// PAT-15, PAT-16: a merge of two patient records is a clinical act, recorded by itself and undoable.
// - patient_merges: one row per merge (the two records, the reason, who and when; who undid it and when);
// - patient_merge_rows: every value the merge changed (table, the row's primary key, column, old and new
//   value as PostgreSQL's text form), so an undo puts back exactly what it moved, from this record alone;
// - medical_history_versions.merge_id: MED-8, a version that came with a merge is a proposal on the record
//   it came into, awaiting a dentist's or the owner's confirmation there; medical_history_confirmations
//   gains the merge it confirms for (one confirmation per version and merge: a version confirmed in its own
//   record is confirmed again, as a proposal, on the record it was merged into);
// - restore_clinical_items_patient(ids, from, to): the undo's one narrow path past CHART-8's guard, as
//   migration 032's function is the merge's.
// The merge tables' own foreign keys to patients are not "what belongs to a patient": the merge neither moves
// nor copies them (api/db/patient-references.ts leaves them out).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table patient_merges (
      id serial primary key,
      kept_id integer not null references patients (id),
      merged_id integer not null references patients (id),
      reason text not null check (length(trim(reason)) > 0),
      merged_by integer references users (id),
      merged_at timestamptz not null,
      undone_by integer references users (id),
      undone_at timestamptz,
      constraint patient_merges_two check (kept_id <> merged_id)
    )`);
  await knex.raw('create index patient_merges_kept on patient_merges (kept_id, merged_at)');
  await knex.raw('create index patient_merges_merged on patient_merges (merged_id)');
  await knex.raw(`
    create table patient_merge_rows (
      id serial primary key,
      merge_id integer not null references patient_merges (id),
      table_name text not null,
      row_key text not null,
      column_name text not null,
      old_value text,
      new_value text
    )`);
  await knex.raw('create index patient_merge_rows_merge on patient_merge_rows (merge_id, id)');

  await knex.raw('alter table medical_history_versions add column merge_id integer references patient_merges (id)');
  await knex.raw('alter table medical_history_confirmations add column merge_id integer references patient_merges (id)');
  await knex.raw('alter table medical_history_confirmations drop constraint medical_history_confirmations_version_id_key');
  await knex.raw('create unique index medical_history_confirmations_once on medical_history_confirmations (version_id, coalesce(merge_id, 0))');
  // MED-2 still holds: migration 050's guard compares only what a version says, so a merge (and its undo)
  // may re-point, renumber and mark a version with merge_id, and nothing else.

  await knex.raw(`
    create function restore_clinical_items_patient(p_ids integer[], p_from integer, p_to integer) returns integer language plpgsql as $$
    declare
      v_moved integer;
    begin
      if p_from is null or p_to is null or p_from = p_to then
        raise exception 'restore_clinical_items_patient needs two different patients' using errcode = '22023';
      end if;
      alter table clinical_items disable trigger clinical_items_guard;
      update clinical_items set patient_id = p_to where id = any(p_ids) and patient_id = p_from;
      get diagnostics v_moved = row_count;
      alter table clinical_items enable trigger clinical_items_guard;
      return v_moved;
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists restore_clinical_items_patient(integer[], integer, integer)');
  await knex.raw('drop index if exists medical_history_confirmations_once');
  await knex.raw('alter table medical_history_confirmations drop column merge_id');
  await knex.raw('alter table medical_history_confirmations add constraint medical_history_confirmations_version_id_key unique (version_id)');
  await knex.raw('alter table medical_history_versions drop column merge_id');
  await knex.raw('drop table if exists patient_merge_rows');
  await knex.raw('drop table if exists patient_merges');
}
