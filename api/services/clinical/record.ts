import type { Knex } from 'knex';

/**
 * CHART-8, MED-2, NOTE-8: whether a patient has a clinical record (chart items, a medical history, visit
 * notes or treatment plans). PAT-15: only the owner or a dentist merges such a record. Such a record is never deleted, so neither is its patient row: deleting the patient is refused,
 * erasing them (DATA-3) anonymises the row and keeps the record.
 */
export async function hasClinicalRecord(db: Knex | Knex.Transaction, patientId: number): Promise<boolean> {
  const row = await db
    .select(
      db.raw(
        `exists(select 1 from clinical_items where patient_id = :id)
         or exists(select 1 from medical_history_versions where patient_id = :id)
         or exists(select 1 from visit_notes where patient_id = :id)
         or exists(select 1 from treatment_plans where patient_id = :id) as found`,
        { id: patientId },
      ),
    )
    .first<{ found: boolean }>();
  return Boolean(row?.found);
}
