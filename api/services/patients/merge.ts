import type { Knex } from 'knex';
import { MERGE_MESSAGES, MERGE_UNDO_DAYS, mergedMessage, type MergeSummary, type Patient as PatientRecord, type UndoMergeSummary } from '../../../shared/schemas/patient';
import { standingHistory, standingSummary } from '../../../shared/clinical/medical-history';
import type { StaffRole } from '../../../shared/constants/roles';
import type { Sendable } from '../../../shared/schemas/json';
import type { Deps } from '../../deps';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { patientReferences } from '../../db/patient-references';
import { audit } from '../../platform/audit';
import { hasClinicalRecord } from '../clinical/record';
import { loadHistoryVersions, refreshHistorySummary } from '../clinical/medical-history';
import { Patient } from '../../models/patient';
import { patientJson, refuseMerged } from './patients';

// PAT-13, PAT-15, PAT-16: two records of one person become one, as a clinical act that can be taken back.
// Everything that points at the other record (appointments, invoices with their payments, clinical items,
// visit notes, plans, and whatever table a later version points at patients: found from the database's
// foreign keys, so a new one is moved without a change here) is re-pointed to the kept record; its
// dependants follow; the other record stays, marked merged into the kept one, hidden from lists.
// Every value the merge changes is written to patient_merge_rows (table, primary key, column, old and new
// value in PostgreSQL's text form) in the merge's transaction, and the undo puts back exactly those values,
// from that record alone. MED-8: the other record's history versions come along as unconfirmed proposals;
// the merge writes no version and confirms none. One transaction, audited on both records.

const SELF_MERGE = 'A patient cannot be merged with itself';
const OTHER_NOT_FOUND = 'Patient not found';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Medical alerts and notes of both records: nothing a clinician wrote about either is lost. */
function joined(kept: string | null, other: string | null): string {
  const a = (kept ?? '').trim();
  const b = (other ?? '').trim();
  if (!b || a.toLowerCase() === b.toLowerCase()) return a;
  return a ? `${a}; ${b}` : b;
}

/** A value of one column of one row, changed by a merge. */
interface MovedValue {
  table: string;
  key: string;
  column: string;
  old: string | null;
  new: string | null;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The one primary-key column of a table, from the catalogue (a table the merge moves must have one). */
async function primaryKeyOf(trx: Knex.Transaction, table: string): Promise<string> {
  const { rows } = await trx.raw<{ rows: { c0: string }[] }>(
    `select a.attname as c0 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ?::regclass and i.indisprimary`,
    [table],
  );
  if (rows.length !== 1) throw new Error(`${table}: a merge moves rows of tables with a one-column primary key`);
  return rows[0].c0;
}

/** The SQL type of a column, to put a stored text value back exactly (format_type, e.g. "timestamp with time zone"). */
async function columnTypes(trx: Knex.Transaction, table: string): Promise<Map<string, string>> {
  const { rows } = await trx.raw<{ rows: { c0: string; c1: string }[] }>(
    'select attname as c0, format_type(atttypid, atttypmod) as c1 from pg_attribute where attrelid = ?::regclass and attnum > 0 and not attisdropped',
    [table],
  );
  return new Map(rows.map((r) => [r.c0, r.c1]));
}

async function record(trx: Knex.Transaction, mergeId: number, values: MovedValue[]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) {
    await trx('patientMergeRows').insert(
      values.slice(i, i + 500).map((v) => ({ mergeId, tableName: v.table, rowKey: v.key, columnName: v.column, oldValue: v.old, newValue: v.new })),
    );
  }
}

/** Updates one row's columns (database names) and records every value that changed, as text. */
async function recordedUpdate(trx: Knex.Transaction, mergeId: number, table: string, id: number, changes: Record<string, unknown>): Promise<MovedValue[]> {
  const columns = Object.keys(changes);
  if (columns.length === 0) return [];
  const pk = await primaryKeyOf(trx, table);
  const read = async () =>
    (await trx.raw<{ rows: Record<string, string | null>[] }>(`select ${columns.map((c, i) => `${ident(c)}::text as c${i}`).join(', ')} from ${ident(table)} where ${ident(pk)} = ?`, [id])).rows[0];
  const before = await read();
  await trx.raw(`update ${ident(table)} set ${columns.map((c) => `${ident(c)} = ?`).join(', ')} where ${ident(pk)} = ?`, [...columns.map((c) => changes[c] as Knex.Value), id]);
  const after = await read();
  const values = columns.flatMap((c, i) => (before[`c${i}`] === after[`c${i}`] ? [] : [{ table, key: String(id), column: c, old: before[`c${i}`], new: after[`c${i}`] }]));
  await record(trx, mergeId, values);
  return values;
}

/** Re-points every row of `table` whose `column` is `from` to `to`, recording each row moved. */
async function recordedMove(trx: Knex.Transaction, mergeId: number, table: string, column: string, from: number, to: number): Promise<number> {
  const pk = await primaryKeyOf(trx, table);
  let keys: string[];
  if (table === 'clinical_items') {
    // CHART-8's guard refuses a change of patient; migration 032 is the one narrow path past it.
    keys = (await trx.raw<{ rows: { c0: string }[] }>(`select ${ident(pk)}::text as c0 from clinical_items where patient_id = ? order by 1`, [from])).rows.map((r) => r.c0);
    if (keys.length) await trx.raw('select merge_patient_clinical_items(?, ?)', [from, to]);
  } else {
    keys = (
      await trx.raw<{ rows: { c0: string }[] }>(`update ${ident(table)} set ${ident(column)} = ? where ${ident(column)} = ? returning ${ident(pk)}::text as c0`, [to, from])
    ).rows.map((r) => r.c0);
  }
  await record(trx, mergeId, keys.map((key) => ({ table, key, column, old: String(from), new: String(to) })));
  return keys.length;
}

/**
 * MED-7, MED-8: the other record's versions move to the kept one, numbered after its own, each marked as this
 * merge's proposal (unconfirmed on the kept record, whatever it was on its own). No version is written and
 * none confirmed: the kept record's confirmed version still stands, the proposals show beside it, marked.
 */
async function moveHistory(trx: Knex.Transaction, mergeId: number, keptId: number, otherId: number): Promise<number> {
  const others = await trx('medicalHistoryVersions').where({ patientId: otherId }).orderBy('version').select<{ id: number }[]>('id');
  if (others.length === 0) return 0;
  const last = await trx('medicalHistoryVersions').where({ patientId: keptId }).max<{ max: number | null }>('version as max').first();
  for (const [i, row] of others.entries()) {
    await recordedUpdate(trx, mergeId, 'medical_history_versions', row.id, { patient_id: keptId, version: Number(last?.max ?? 0) + i + 1, merge_id: mergeId });
  }
  return others.length;
}

/**
 * POST /api/admin/patients/:id/merge: moves `otherId`'s records into `id` (PAT-13). PAT-15: a reason is
 * required, and only the owner or a dentist merges records that hold clinical data.
 */
export async function mergePatients(
  deps: Deps,
  id: number,
  otherId: number,
  reason: string,
  user: { id: number; role: StaffRole },
): Promise<{ patient: Sendable<PatientRecord, 'createdAt'> } & Omit<MergeSummary, 'patient'>> {
  if (id === otherId) throw badRequest(SELF_MERGE, { otherPatientId: SELF_MERGE });
  return deps.knex.transaction(async (trx) => {
    // Both rows locked, lower id first, so two merges of one pair cannot wait on each other; a write that
    // points a new row at either waits for the merge (its foreign key check shares the row's lock).
    const rows = await Patient.query(trx).whereIn('id', [id, otherId]).orderBy('id').forUpdate();
    const kept = rows.find((p) => p.id === id);
    const other = rows.find((p) => p.id === otherId);
    if (!kept) throw notFound('Patient');
    if (!other) throw badRequest(OTHER_NOT_FOUND, { otherPatientId: OTHER_NOT_FOUND });
    await refuseMerged(trx, kept);
    await refuseMerged(trx, other);
    if (user.role === 'receptionist' && ((await hasClinicalRecord(trx, id)) || (await hasClinicalRecord(trx, otherId)))) {
      throw new HttpError(403, MERGE_MESSAGES.clinical);
    }

    const now = deps.now();
    const [{ id: mergeId }] = await trx('patientMerges')
      .insert({ keptId: id, mergedId: otherId, reason, mergedBy: user.id, mergedAt: now })
      .returning<{ id: number }[]>('id');

    const moved: Record<string, number> = {};
    for (const { table, column } of await patientReferences(trx)) {
      const n = table === 'medical_history_versions' ? await moveHistory(trx, mergeId, id, otherId) : await recordedMove(trx, mergeId, table, column, otherId, id);
      moved[column === 'patient_id' ? table : `${table}.${column}`] = n;
    }
    // PAT-14: the other record's dependants now have the kept one as guardian; a guardian link between the
    // two ends (one person is not their own guardian).
    const dependants = await trx('patients').where({ guardianId: otherId }).whereNot({ id }).select<{ id: number }[]>('id');
    for (const d of dependants) await recordedUpdate(trx, mergeId, 'patients', d.id, { guardian_id: id });
    moved.dependants = dependants.length;

    // MED-5, MED-8: with a history moved, the summary is what now stands (the kept record's confirmed version,
    // the proposals beside it, marked); without, both records' texts.
    const summary = moved.medical_history_versions
      ? standingSummary(standingHistory(await loadHistoryVersions(trx, id)))
      : { allergies: joined(kept.allergies, other.allergies), conditions: joined(kept.conditions, other.conditions), medications: joined(kept.medications, other.medications) };
    await recordedUpdate(trx, mergeId, 'patients', id, {
      email: kept.email || other.email || null,
      address: kept.address || other.address,
      date_of_birth: kept.dateOfBirth ?? other.dateOfBirth,
      ...summary,
      notes: joined(kept.notes, other.notes),
      guardian_id: kept.guardianId === otherId ? null : (kept.guardianId ?? (other.guardianId === id ? null : other.guardianId)),
      updated_at: now,
    });
    await recordedUpdate(trx, mergeId, 'patients', otherId, { merged_into_id: id, merged_at: now, guardian_id: null, updated_at: now });
    const after = await Patient.query(trx).findById(id);

    const pair = { kept: { id, fileNumber: kept.fileNumber }, merged: { id: otherId, fileNumber: other.fileNumber } };
    await audit(trx, {
      action: 'merge',
      entity: 'patient',
      entityId: id,
      changes: { mergedPatient: { old: pair.merged, new: pair.kept }, moved: { old: null, new: moved }, mergeId: { old: null, new: mergeId }, reason: { old: null, new: reason } },
    });
    await audit(trx, { action: 'merged-into', entity: 'patient', entityId: otherId, changes: { mergedIntoId: { old: null, new: id }, fileNumber: { old: other.fileNumber, new: kept.fileNumber }, mergeId: { old: null, new: mergeId } } });
    deps.logger.info('patients_merged', { patientId: id, mergedPatientId: otherId, mergeId });
    return { mergeId, patient: patientJson(after!), mergedPatientId: otherId, moved };
  });
}

interface MergeRow {
  id: number;
  keptId: number;
  mergedId: number;
  mergedAt: Date;
  undoneAt: Date | null;
}

/**
 * POST /api/admin/merges/:mergeId/undo (PAT-16, the owner's, for 30 days by the product's clock): every value
 * the merge recorded is put back, newest first, where it still holds what the merge wrote (a value changed
 * since is left as it is now, and counted); the merged record is shown again. Rows recorded since the merge
 * on the kept record stay there. One transaction, audited on both records.
 */
export async function undoMerge(
  deps: Deps,
  mergeId: number,
  userId: number,
): Promise<{ patient: Sendable<PatientRecord, 'createdAt'>; restoredPatient: Sendable<PatientRecord, 'createdAt'> } & Omit<UndoMergeSummary, 'patient' | 'restoredPatient'>> {
  return deps.knex.transaction(async (trx) => {
    const merge = await trx('patientMerges').where({ id: mergeId }).forUpdate().first<MergeRow | undefined>('id', 'keptId', 'mergedId', 'mergedAt', 'undoneAt');
    if (!merge) throw notFound('Merge');
    if (merge.undoneAt) throw conflict(MERGE_MESSAGES.undone);
    const now = deps.now();
    if (now.getTime() - new Date(merge.mergedAt).getTime() > MERGE_UNDO_DAYS * DAY_MS) throw conflict(MERGE_MESSAGES.tooLate);
    const patients = await Patient.query(trx).whereIn('id', [merge.keptId, merge.mergedId]).orderBy('id').forUpdate();
    const kept = patients.find((p) => p.id === merge.keptId)!;
    if (kept.mergedIntoId) {
      const into = await trx('patients').where({ id: kept.mergedIntoId }).first<{ fileNumber: string; firstName: string; lastName: string }>('fileNumber', 'firstName', 'lastName');
      throw conflict(MERGE_MESSAGES.keptMerged(mergedMessage(into).replace(/^This patient record was merged into /, '')));
    }

    const values = await trx('patientMergeRows').where({ mergeId }).orderBy('id', 'desc').select<{ tableName: string; rowKey: string; columnName: string; oldValue: string | null; newValue: string | null }[]>(
      'tableName',
      'rowKey',
      'columnName',
      'oldValue',
      'newValue',
    );
    // One UPDATE per row, newest row first: a version's patient and number change together (their pair is unique).
    const rows = new Map<string, { table: string; key: string; columns: { column: string; old: string | null; new: string | null }[] }>();
    for (const v of values) {
      const id = `${v.tableName}\u0000${v.rowKey}`;
      if (!rows.has(id)) rows.set(id, { table: v.tableName, key: v.rowKey, columns: [] });
      rows.get(id)!.columns.push({ column: v.columnName, old: v.oldValue, new: v.newValue });
    }
    let restored = 0;
    let leftChanged = 0;
    const stale = new Set<number>();
    const types = new Map<string, Map<string, string>>();
    const itemIds: number[] = [];
    for (const row of rows.values()) {
      if (row.table === 'clinical_items') {
        itemIds.push(Number(row.key));
        continue;
      }
      if (!types.has(row.table)) types.set(row.table, await columnTypes(trx, row.table));
      const type = types.get(row.table)!;
      const pk = await primaryKeyOf(trx, row.table);
      const cast = (column: string) => `?::${type.get(column)}`;
      const check = (
        await trx.raw<{ rows: Record<string, boolean>[] }>(
          `select ${row.columns.map((c, i) => `(${ident(c.column)} is not distinct from ${cast(c.column)}) as c${i}`).join(', ')} from ${ident(row.table)} where ${ident(pk)} = ${cast(pk)}`,
          [...row.columns.map((c) => c.new), row.key],
        )
      ).rows[0];
      const still = row.columns.filter((_, i) => check?.[`c${i}`]);
      leftChanged += row.columns.length - still.length;
      if (row.table === 'patients' && still.length < row.columns.length) stale.add(Number(row.key));
      if (still.length === 0) continue;
      await trx.raw(`update ${ident(row.table)} set ${still.map((c) => `${ident(c.column)} = ${cast(c.column)}`).join(', ')} where ${ident(pk)} = ${cast(pk)}`, [
        ...still.map((c) => c.old),
        row.key,
      ]);
      restored += still.length;
    }
    if (itemIds.length) {
      const { rows: result } = await trx.raw<{ rows: { c0: number }[] }>('select restore_clinical_items_patient(?::integer[], ?, ?) as c0', [`{${itemIds.join(',')}}`, merge.keptId, merge.mergedId]);
      const n = Number(result[0]?.c0 ?? 0);
      restored += n;
      leftChanged += itemIds.length - n;
    }
    // MED-5: a summary changed since the merge (a history saved on the kept record) is written again from
    // what now stands on each record.
    for (const id of stale) if ((await trx('medicalHistoryVersions').where({ patientId: id }).first('id')) !== undefined) await refreshHistorySummary(trx, id, now);

    await trx('patientMerges').where({ id: mergeId }).update({ undoneAt: now, undoneBy: userId });
    await audit(trx, { action: 'unmerge', entity: 'patient', entityId: merge.keptId, changes: { mergeId: { old: null, new: mergeId }, restoredPatientId: { old: null, new: merge.mergedId }, restored: { old: null, new: restored }, leftChanged: { old: null, new: leftChanged } } });
    await audit(trx, { action: 'unmerged', entity: 'patient', entityId: merge.mergedId, changes: { mergedIntoId: { old: merge.keptId, new: null }, mergeId: { old: null, new: mergeId } } });
    deps.logger.info('patients_unmerged', { patientId: merge.keptId, restoredPatientId: merge.mergedId, mergeId });
    const [keptAfter, restoredAfter] = [await Patient.query(trx).findById(merge.keptId), await Patient.query(trx).findById(merge.mergedId)];
    return { mergeId, patient: patientJson(keptAfter!), restoredPatient: patientJson(restoredAfter!), restored, leftChanged };
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
