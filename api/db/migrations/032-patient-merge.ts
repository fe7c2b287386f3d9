import type { Knex } from 'knex';

// PAT-13: the one path by which a clinical item changes patient. clinical_items_guard (migration 030) refuses
// every change of patient_id, and stays as it is; merge_patient_clinical_items(from, to) re-points one
// patient's items to another by switching that trigger off for its one UPDATE and on again. ALTER TABLE is
// transactional and holds clinical_items' ACCESS EXCLUSIVE lock until the merge's transaction ends, so no
// other transaction ever writes while the guard is off (they wait); nothing else about an item changes, and
// clinical_item_events (by item id) needs no change. Only api/services/patients/merge.ts calls it, inside
// the merge's transaction.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function merge_patient_clinical_items(p_from integer, p_to integer) returns integer language plpgsql as $$
    declare
      v_moved integer;
    begin
      if p_from is null or p_to is null or p_from = p_to then
        raise exception 'merge_patient_clinical_items needs two different patients' using errcode = '22023';
      end if;
      alter table clinical_items disable trigger clinical_items_guard;
      update clinical_items set patient_id = p_to where patient_id = p_from;
      get diagnostics v_moved = row_count;
      alter table clinical_items enable trigger clinical_items_guard;
      return v_moved;
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists merge_patient_clinical_items(integer, integer)');
}
