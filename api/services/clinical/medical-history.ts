import type { Knex } from 'knex';
import {
  EMPTY_HISTORY,
  MEDICAL_HISTORY_MESSAGES,
  conditionKeys,
  standingAlerts,
  standingHistory,
  standingSummary,
  type MedicalHistory,
  type MedicalHistoryContent,
  type MedicalHistoryPayload,
  type MedicalHistoryVersion,
  type MedicalHistoryVersionInfo,
} from '../../../shared/clinical/medical-history';
import type { StaffRole } from '../../../shared/constants/roles';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';

// The structured medical history (MED-1..MED-6, docs/clinical.md "Medical history"). Every save is a
// new version (the table refuses UPDATE and DELETE, MED-2); the version and its audit row and the patient
// row's one-line summary (MED-5) are one transaction.

type DB = Knex | Knex.Transaction;

interface VersionRow {
  id: number;
  patientId: number;
  version: number;
  allergies: MedicalHistoryContent['allergies'];
  medicines: MedicalHistoryContent['medicines'];
  conditions: MedicalHistoryContent['conditions'];
  conditionOther: string | null;
  pregnant: boolean;
  note: string | null;
  source: MedicalHistoryVersion['source'];
  enteredBy: number | null;
  enteredByName: string | null;
  createdAt: Date;
  confirmedBy: number | null;
  confirmedByName: string | null;
  confirmedAt: Date | null;
  mergeId: number | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function info(r: VersionRow): MedicalHistoryVersionInfo {
  return {
    version: r.version,
    source: r.source,
    enteredBy: r.enteredBy,
    enteredByName: r.enteredByName,
    createdAt: iso(r.createdAt)!,
    confirmedBy: r.confirmedBy,
    confirmedByName: r.confirmedByName,
    confirmedAt: iso(r.confirmedAt),
    // MED-3, MED-8: the patient's version, and a merged-in one, wait for a confirmation on this record.
    awaitingConfirmation: (r.source === 'patient' || r.mergeId !== null) && r.confirmedAt === null,
    mergeId: r.mergeId,
  };
}

function content(r: VersionRow): MedicalHistoryContent {
  return { allergies: r.allergies, medicines: r.medicines, conditions: r.conditions, conditionOther: r.conditionOther, pregnant: r.pregnant, note: r.note };
}

/** Every version of a patient's history, newest first, with who entered and who confirmed it. */
export async function loadHistoryVersions(db: DB, patientId: number): Promise<MedicalHistoryVersion[]> {
  const rows = await db('medicalHistoryVersions as v')
    .leftJoin('users as u', 'u.id', 'v.enteredBy')
    // MED-8: a confirmation counts for the merge it was given under (none: the record's own version).
    .leftJoin('medicalHistoryConfirmations as c', (j) => j.on('c.versionId', 'v.id').andOn(db.raw('c.merge_id is not distinct from v.merge_id')))
    .leftJoin('users as cu', 'cu.id', 'c.confirmedBy')
    .where('v.patientId', patientId)
    .orderBy('v.version', 'desc')
    .select<VersionRow[]>('v.*', 'u.displayName as enteredByName', 'c.confirmedBy', 'c.confirmedAt', 'cu.displayName as confirmedByName');
  return rows.map((r) => ({ patientId: r.patientId, ...content(r), ...info(r) }));
}

function historyJson(patientId: number, versions: MedicalHistoryVersion[]): MedicalHistory {
  const current = versions[0];
  const body: MedicalHistoryContent = current ? { allergies: current.allergies, medicines: current.medicines, conditions: current.conditions, conditionOther: current.conditionOther, pregnant: current.pregnant, note: current.note } : EMPTY_HISTORY;
  const head: Omit<MedicalHistoryVersionInfo, 'createdAt'> & { createdAt: string | null } = current
    ? { version: current.version, source: current.source, enteredBy: current.enteredBy, enteredByName: current.enteredByName, createdAt: current.createdAt, confirmedBy: current.confirmedBy, confirmedByName: current.confirmedByName, confirmedAt: current.confirmedAt, awaitingConfirmation: current.awaitingConfirmation, mergeId: current.mergeId }
    : { version: 0, source: 'staff', enteredBy: null, enteredByName: null, createdAt: null, confirmedBy: null, confirmedByName: null, confirmedAt: null, awaitingConfirmation: false, mergeId: null };
  // MED-8: the alerts are what stands (the confirmed version, and what is reported beside it), not the newest
  // version whatever it says.
  const standing = standingHistory(versions);
  return {
    patientId,
    ...body,
    ...head,
    alerts: standingAlerts(standing),
    confirmedVersion: standing.confirmedVersion,
    unconfirmedRemovals: standing.removals,
    versions: versions.map(({ version, source, enteredBy, enteredByName, createdAt, confirmedBy, confirmedByName, confirmedAt, awaitingConfirmation, mergeId }) => ({
      version, source, enteredBy, enteredByName, createdAt, confirmedBy, confirmedByName, confirmedAt, awaitingConfirmation, mergeId,
    })),
  };
}

async function patientExists(db: DB, patientId: number, lock?: 'update'): Promise<void> {
  const q = db('patients').where({ id: patientId });
  if (lock) q.forUpdate();
  if (!(await q.first('id'))) throw notFound('Patient');
}

/**
 * GET /api/admin/patients/{id}/medical-history: the current version and every version's who and when.
 * MED-6, like the chart's read (CHART-5): every read writes an audit row in its transaction.
 */
export async function readMedicalHistory(deps: Deps, patientId: number): Promise<MedicalHistory> {
  return deps.knex.transaction(async (trx) => {
    await patientExists(trx, patientId);
    await audit(trx, { action: 'read-medical-history', entity: 'patient', entityId: patientId });
    return historyJson(patientId, await loadHistoryVersions(trx, patientId));
  });
}

/** GET .../medical-history/versions/{version}: one past version whole (audited as a read). */
export async function readHistoryVersion(deps: Deps, patientId: number, version: number): Promise<MedicalHistoryVersion> {
  return deps.knex.transaction(async (trx) => {
    await patientExists(trx, patientId);
    const found = (await loadHistoryVersions(trx, patientId)).find((v) => v.version === version);
    if (!found) throw notFound('Medical history version');
    await audit(trx, { action: 'read-medical-history', entity: 'patient', entityId: patientId, changes: { version: { old: null, new: version } } });
    return found;
  });
}

/**
 * PUT /api/admin/patients/{id}/medical-history: a new version (MED-2). MED-3: a version the patient gave
 * (source 'patient') waits for staff to confirm it; MED-6: what a receptionist enters is always the
 * patient's (copied from their paper form), never the clinic's own finding. MED-5: the patient row's
 * summary columns follow the new version, in the same transaction.
 */
export async function saveMedicalHistory(
  deps: Deps,
  patientId: number,
  user: { id: number; role: StaffRole },
  input: MedicalHistoryPayload,
): Promise<MedicalHistory> {
  return deps.knex.transaction(async (trx) => {
    // FOR UPDATE: two saves at once number their versions one after the other.
    await patientExists(trx, patientId, 'update');
    const last = await trx('medicalHistoryVersions').where({ patientId }).max<{ max: number | null }>('version as max').first();
    const version = Number(last?.max ?? 0) + 1;
    const source = user.role === 'receptionist' ? 'patient' : (input.source ?? 'staff');
    const body: MedicalHistoryContent = {
      allergies: input.allergies,
      medicines: input.medicines,
      // In the checklist's order, whatever order they came in.
      conditions: conditionKeys.filter((k) => input.conditions.includes(k)),
      conditionOther: input.conditions.includes('other') ? input.conditionOther : null,
      pregnant: input.pregnant,
      note: input.note,
    };
    const [{ id }] = await trx('medicalHistoryVersions')
      .insert({
        patientId,
        version,
        allergies: JSON.stringify(body.allergies),
        medicines: JSON.stringify(body.medicines),
        conditions: body.conditions,
        conditionOther: body.conditionOther,
        pregnant: body.pregnant,
        note: body.note,
        source,
        enteredBy: user.id,
        createdAt: deps.now(),
      })
      .returning<{ id: number }[]>('id');
    const summary = await refreshHistorySummary(trx, patientId, deps.now());
    await audit(trx, {
      action: 'create',
      entity: 'medical-history',
      entityId: id,
      changes: { patientId: { old: null, new: patientId }, version: { old: null, new: version }, source: { old: null, new: source }, ...Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, { old: null, new: v }])) },
    });
    return historyJson(patientId, await loadHistoryVersions(trx, patientId));
  });
}

/**
 * POST /api/admin/patients/{id}/medical-history/versions/{version}/confirm (MED-3): staff confirm the
 * current version the patient gave; once, and only the current one.
 */
export async function confirmHistoryVersion(deps: Deps, patientId: number, version: number, userId: number): Promise<MedicalHistory> {
  return deps.knex.transaction(async (trx) => {
    await patientExists(trx, patientId, 'update');
    const versions = await loadHistoryVersions(trx, patientId);
    const target = versions.find((v) => v.version === version);
    if (!target) throw notFound('Medical history version');
    if (target.source !== 'patient' && target.mergeId === null) throw conflict(MEDICAL_HISTORY_MESSAGES.notPatients);
    if (target.confirmedAt) throw conflict(MEDICAL_HISTORY_MESSAGES.alreadyConfirmed);
    if (versions[0].version !== version) throw conflict(MEDICAL_HISTORY_MESSAGES.notCurrent);
    const row = await trx('medicalHistoryVersions').where({ patientId, version }).first('id');
    await trx('medicalHistoryConfirmations').insert({ versionId: row.id, mergeId: target.mergeId, confirmedBy: userId, confirmedAt: deps.now() });
    // MED-8: the confirmed version now stands; the patient row's summary follows it.
    await refreshHistorySummary(trx, patientId, deps.now());
    await audit(trx, {
      action: 'confirm',
      entity: 'medical-history',
      entityId: row.id,
      changes: { patientId: { old: null, new: patientId }, version: { old: null, new: version }, ...(target.mergeId ? { mergeId: { old: null, new: target.mergeId } } : {}) },
    });
    return historyJson(patientId, await loadHistoryVersions(trx, patientId));
  });
}

/**
 * MED-5, MED-8: the patient row's one-line summary follows what stands (the confirmed version, and what is
 * reported beside it, marked). Written in the transaction of the change that moved it; answers it.
 */
export async function refreshHistorySummary(trx: Knex.Transaction, patientId: number, now: Date): Promise<{ allergies: string; conditions: string; medications: string }> {
  const summary = standingSummary(standingHistory(await loadHistoryVersions(trx, patientId)));
  await trx('patients').where({ id: patientId }).update({ ...summary, updatedAt: now });
  return summary;
}
