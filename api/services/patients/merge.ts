import { type MergeSummary, type Patient as PatientRecord } from '../../../shared/schemas/patient';
import type { Sendable } from '../../../shared/schemas/json';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { patientReferences } from '../../db/patient-references';
import { audit, currentActor } from '../../platform/audit';
import { mergeMedicalHistories } from '../clinical/medical-history';
import { Patient } from '../../models/patient';
import { patientJson, refuseMerged } from './patients';

// PAT-13: two records of one person become one. Everything that points at the other record (appointments,
// invoices with their payments, clinical items, and whatever table a later version points at patients:
// found from the database's foreign keys, so a new one is moved without a change here) is re-pointed to the
// kept record; its dependants follow; the other record stays, marked merged into the kept one, hidden
// from lists, its page naming where it went. One transaction, audited on both records.

const SELF_MERGE = 'A patient cannot be merged with itself';
const OTHER_NOT_FOUND = 'Patient not found';

/** Medical alerts and notes of both records: nothing a clinician wrote about either is lost. */
function joined(kept: string | null, other: string | null): string {
  const a = (kept ?? '').trim();
  const b = (other ?? '').trim();
  if (!b || a.toLowerCase() === b.toLowerCase()) return a;
  return a ? `${a}; ${b}` : b;
}

/** POST /api/admin/patients/:id/merge: moves `otherId`'s records into `id` (PAT-13). */
export async function mergePatients(deps: Deps, id: number, otherId: number): Promise<{ patient: Sendable<PatientRecord, 'createdAt'> } & Omit<MergeSummary, 'patient'>> {
  if (id === otherId) throw badRequest(SELF_MERGE, { otherPatientId: SELF_MERGE });
  return deps.knex.transaction(async (trx) => {
    // Both rows locked, lower id first, so two merges of one pair cannot wait on each other.
    const rows = await Patient.query(trx).whereIn('id', [id, otherId]).orderBy('id').forUpdate();
    const kept = rows.find((p) => p.id === id);
    const other = rows.find((p) => p.id === otherId);
    if (!kept) throw notFound('Patient');
    if (!other) throw badRequest(OTHER_NOT_FOUND, { otherPatientId: OTHER_NOT_FOUND });
    await refuseMerged(trx, kept);
    await refuseMerged(trx, other);

    const moved: Record<string, number> = {};
    for (const { table, column } of await patientReferences(trx)) {
      if (table === 'medical_history_versions') {
        // MED-7: renumbered after the kept record's versions, and the two current ones joined.
        moved[table] = await mergeMedicalHistories(trx, deps.now(), id, otherId, currentActor()?.id ?? null);
      } else if (table === 'clinical_items') {
        // CHART-8's guard refuses a change of patient; migration 032 is the one narrow path past it.
        const { rows: result } = await trx.raw<{ rows: { n: number }[] }>('select merge_patient_clinical_items(?, ?) as n', [otherId, id]);
        moved[table] = Number(result[0]?.n ?? 0);
      } else {
        const changed = await trx(table).where(column, otherId).update({ [column]: id }, ['id']);
        moved[column === 'patient_id' ? table : `${table}.${column}`] = Array.isArray(changed) ? changed.length : Number(changed);
      }
    }
    // PAT-14: the other record's dependants now have the kept one as guardian; a guardian link between the
    // two ends (one person is not their own guardian).
    const dependants = await trx('patients').where({ guardianId: otherId }).whereNot({ id }).update({ guardianId: id }, ['id']);
    moved.dependants = dependants.length;

    const now = deps.now();
    const [after] = await Patient.query(trx)
      .patch({
        email: kept.email || other.email || null,
        address: kept.address || other.address,
        dateOfBirth: kept.dateOfBirth ?? other.dateOfBirth,
        // MED-5: with a history, its summary (written by mergeMedicalHistories) stands; without, both texts.
        ...(moved.medical_history_versions ? {} : { allergies: joined(kept.allergies, other.allergies), conditions: joined(kept.conditions, other.conditions), medications: joined(kept.medications, other.medications) }),
        notes: joined(kept.notes, other.notes),
        guardianId: kept.guardianId === otherId ? null : kept.guardianId ?? (other.guardianId === id ? null : other.guardianId),
        updatedAt: now,
      })
      .where('id', id)
      .returning('*');
    await Patient.query(trx).patch({ mergedIntoId: id, mergedAt: now, guardianId: null, updatedAt: now }).where('id', otherId);

    const pair = { kept: { id, fileNumber: kept.fileNumber }, merged: { id: otherId, fileNumber: other.fileNumber } };
    await audit(trx, { action: 'merge', entity: 'patient', entityId: id, changes: { mergedPatient: { old: pair.merged, new: pair.kept }, moved: { old: null, new: moved } } });
    await audit(trx, { action: 'merged-into', entity: 'patient', entityId: otherId, changes: { mergedIntoId: { old: null, new: id }, fileNumber: { old: other.fileNumber, new: kept.fileNumber } } });
    deps.logger.info('patients_merged', { patientId: id, mergedPatientId: otherId });
    return { patient: patientJson(after), mergedPatientId: otherId, moved };
  });
}

const GUARDIAN_SELF = 'A patient cannot be their own guardian';
const GUARDIAN_CIRCLE = "This patient is already that patient's guardian";
const GUARDIAN_NOT_FOUND = 'Guardian not found';

/** PUT /api/admin/patients/:id/guardian (PAT-14): sets or clears the patient's guardian, audited. */
export async function setGuardian(deps: Deps, id: number, guardianId: number | null) {
  if (guardianId === id) throw badRequest(GUARDIAN_SELF, { guardianId: GUARDIAN_SELF });
  return deps.knex.transaction(async (trx) => {
    const patient = await Patient.query(trx).findById(id).forUpdate();
    if (!patient) throw notFound('Patient');
    await refuseMerged(trx, patient);
    if (guardianId !== null) {
      const guardian = await Patient.query(trx).findById(guardianId);
      if (!guardian || guardian.mergedIntoId) throw badRequest(GUARDIAN_NOT_FOUND, { guardianId: GUARDIAN_NOT_FOUND });
      // One level: a guardian's own guardian may not be this patient (no circles).
      if (guardian.guardianId === id) throw badRequest(GUARDIAN_CIRCLE, { guardianId: GUARDIAN_CIRCLE });
    }
    const [after] = await Patient.query(trx).patch({ guardianId, updatedAt: deps.now() }).where('id', id).returning('*');
    if (patient.guardianId !== guardianId) {
      await audit(trx, { action: 'update', entity: 'patient', entityId: id, changes: { guardianId: { old: patient.guardianId, new: guardianId } } });
    }
    return patientJson(after);
  });
}
