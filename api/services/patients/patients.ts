import { type ListQuery, containsPattern, countMatches, isPaged } from '../../db/list-query';
import type { Knex } from 'knex';
import { audit, auditRead, changedFields } from '../../platform/audit';
import type { Sendable } from '../../../shared/schemas/json';
import { isLang, type Lang } from '../../../shared/i18n/types';
import { MERGE_UNDO_DAYS, dateOfBirthProblem, duplicatePatientMessage, mergedMessage, type Patient as PatientRecord, type PatientDetail, type PatientListItem, type PatientPayload, type PatientRef } from '../../../shared/schemas/patient';
import { normalisePhone, phoneSearchDigits } from '../../../shared/domain/phone';
import { phoneDigitsSql } from './contact-match';
import { CLINICAL_MESSAGES } from '../../../shared/schemas/clinical-item';
import type { Deps } from '../../deps';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { findSamePerson } from './patient-link';
import { Patient } from '../../models/patient';
import { hasClinicalRecord } from '../clinical/record';
import { MEDICAL_HISTORY_MESSAGES } from '../../../shared/clinical/medical-history';

const ALERT_FIELDS = ['allergies', 'conditions', 'medications'] as const;

/**
 * MED-5: a patient's allergies, conditions and medicines are the medical history's one-line summary, written
 * only when a history version is saved (PUT .../medical-history). The patient form no longer sends them; a
 * request that does is accepted only when it sends what is stored (an older form echoing the record), and
 * refused with a pointer to the history otherwise. The fields are then left out of the write.
 */
function refuseAlertText(input: PatientPayload, stored: { allergies: string; conditions: string; medications: string } | null): void {
  for (const key of ALERT_FIELDS) {
    if ((input[key] ?? '').trim() !== (stored?.[key] ?? '').trim()) throw badRequest(MEDICAL_HISTORY_MESSAGES.freeText, { [key]: MEDICAL_HISTORY_MESSAGES.freeText });
  }
}

// The admin's patient register (PAT-3, API-7 paging, PAT-4 deletion).

/** PAT-1: the patient as the admin screens read it. */
export function patientJson(p: Patient) {
  return {
    id: p.id,
    fileNumber: p.fileNumber,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    address: p.address,
    dateOfBirth: p.dateOfBirth,
    allergies: p.allergies ?? '',
    conditions: p.conditions ?? '',
    medications: p.medications ?? '',
    notes: p.notes ?? '',
    guardianId: p.guardianId ?? null,
    mergedIntoId: p.mergedIntoId ?? null,
    createdAt: p.createdAt,
  } satisfies Sendable<PatientRecord, 'createdAt'>;
}
export type PatientJson = ReturnType<typeof patientJson>;

/** DATA-11: the list's patient: that an alert exists (`hasAlerts`), not what it is. */
export function patientListJson(p: Patient): Sendable<PatientListItem, 'createdAt'> {
  const { allergies, conditions, medications, ...rest } = patientJson(p);
  return { ...rest, hasAlerts: [allergies, conditions, medications].some((t) => t.trim() !== '') };
}

const listColumns = [
  'id', 'fileNumber', 'guardianId', 'mergedIntoId', 'firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth',
  'allergies', 'conditions', 'medications', 'notes', 'createdAt',
];

/**
 * The search of PAT-3 and ADMIN-15 on a patients query: full name, email or file number (case-insensitive),
 * or the phone in any spelling (PAT-10: the query's digits inside the stored phone's digits).
 */
export function patientSearch(q: string, table = 'patients') {
  const pattern = containsPattern(q);
  const digits = phoneSearchDigits(q);
  return (w: Knex.QueryBuilder) => {
    w.whereRaw(`(${table}.first_name || ' ' || ${table}.last_name) ilike ?`, [pattern])
      .orWhere(`${table}.email`, 'ilike', pattern)
      .orWhere(`${table}.fileNumber`, 'ilike', pattern)
      .orWhere(`${table}.phone`, 'like', pattern);
    if (digits) w.orWhereRaw(`${phoneDigitsSql(`${table}.phone`)} like ?`, [containsPattern(digits)]);
  };
}

/** PAT-13: a merged record is kept but listed nowhere. */
const current = (w: Knex.QueryBuilder) => w.whereNull('mergedIntoId');

/**
 * Newest first. `q` is a case-insensitive substring of the full name or the email, or a plain substring
 * of the phone (ADMIN-15). `total` is the number of matches when a page was asked for, else null.
 */
export async function listPatients(knex: Knex, query: ListQuery): Promise<{ patients: Sendable<PatientListItem, 'createdAt'>[]; total: number | null }> {
  const builder = knex('patients').select<Patient[]>(listColumns).where(current).orderBy('createdAt', 'desc').orderBy('id', 'desc');
  if (query.q) builder.where(patientSearch(query.q));
  if (query.limit !== null) builder.limit(query.limit);
  if (query.offset) builder.offset(query.offset);
  const [rows, total] = await Promise.all([
    builder,
    isPaged(query)
      ? countMatches(knex, (trx) => (query.q ? trx('patients').where(current).where(patientSearch(query.q)) : trx('patients').where(current)))
      : null,
  ]);
  return { patients: rows.map(patientListJson), total };
}

export async function findPatient(knex: Knex, id: number): Promise<PatientJson> {
  const patient = await Patient.query(knex).select(listColumns).findById(id);
  if (!patient) throw notFound('Patient');
  return patientJson(patient);
}

/**
 * I18N-3: the language a staff booking speaks when the staff member chose none: that of the patient's latest
 * booking by created time (linked to them, or unlinked with their email, as the recall list counts a patient's
 * bookings), English without one. `patientId` null: new details, only bookings with that email count.
 */
export async function latestBookingLanguage(
  db: Knex | Knex.Transaction,
  who: { patientId: number | null; email: string | null },
): Promise<Lang> {
  const latest = await db('appointments')
    .where((w) => {
      if (who.patientId !== null) w.where('patientId', who.patientId);
      if (who.email) w.orWhere((unlinked) => unlinked.whereNull('patientId').whereRaw('lower(email) = lower(?)', [who.email]));
    })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .first<{ language: string } | undefined>('language');
  return isLang(latest?.language) ? latest.language : 'en';
}

/** GET /api/admin/patients/:id: the patient with the language the New Appointment form starts from. */
export async function findPatientDetail(knex: Knex, id: number): Promise<Sendable<PatientDetail, 'createdAt'>> {
  const patient = await findPatient(knex, id);
  const ref = (ids: Knex.QueryBuilder) => ids.select<PatientRef[]>('id', 'fileNumber', 'firstName', 'lastName', 'phone');
  const [guardian, dependants, mergedInto, language, lastVisit, merges] = await Promise.all([
    patient.guardianId ? ref(knex('patients').where({ id: patient.guardianId })).first() : undefined,
    // PAT-14: the patients this one is guardian of.
    ref(knex('patients').where({ guardianId: id }).where(current).orderBy('firstName').orderBy('id')),
    patient.mergedIntoId ? ref(knex('patients').where({ id: patient.mergedIntoId })).first() : undefined,
    latestBookingLanguage(knex, { patientId: id, email: patient.email }),
    // PAT-15: the merge screen shows each record's last visit.
    knex('appointments').where({ patientId: id, status: 'completed' }).max<{ max: string | null }>('preferredDate as max').first(),
    // PAT-16: the merges into this record the owner may still undo.
    knex('patientMerges as m')
      .join('patients as p', 'p.id', 'm.mergedId')
      .leftJoin('users as u', 'u.id', 'm.mergedBy')
      .where('m.keptId', id)
      .whereNull('m.undoneAt')
      .orderBy('m.mergedAt', 'desc')
      .orderBy('m.id', 'desc')
      .select<{ id: number; reason: string; mergedAt: Date; mergedByName: string | null; pid: number; fileNumber: string; firstName: string; lastName: string; phone: string }[]>(
        'm.id', 'm.reason', 'm.mergedAt', 'u.displayName as mergedByName', 'p.id as pid', 'p.fileNumber', 'p.firstName', 'p.lastName', 'p.phone',
      ),
  ]);
  return {
    ...patient,
    language,
    guardian: guardian ?? null,
    dependants,
    mergedInto: mergedInto ?? null,
    lastVisit: lastVisit?.max ? String(lastVisit.max).slice(0, 10) : null,
    merges: merges.map((m) => ({
      mergeId: m.id,
      mergedPatient: { id: m.pid, fileNumber: m.fileNumber, firstName: m.firstName, lastName: m.lastName, phone: m.phone },
      reason: m.reason,
      mergedAt: new Date(m.mergedAt).toISOString(),
      mergedByName: m.mergedByName,
      undoableUntil: new Date(new Date(m.mergedAt).getTime() + MERGE_UNDO_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    })),
  };
}

/**
 * GET /api/admin/patients/:id: the patient's page carries their alert summary (PAT-7, MED-5), clinical
 * facts: an audited read (DATA-10, action `read-alerts`).
 */
export async function readPatientDetail(deps: Deps, id: number): Promise<Sendable<PatientDetail, 'createdAt'>> {
  const patient = await findPatientDetail(deps.knex, id);
  await auditRead(deps.knex, 'read-alerts', [id]);
  return patient;
}

/**
 * PAT-13: a merged record takes no more changes; the message names where it went (the end of the chain, when
 * the record it went into was merged in its turn).
 */
export async function refuseMerged(db: Knex | Knex.Transaction, patient: { mergedIntoId?: number | null }): Promise<void> {
  if (!patient.mergedIntoId) return;
  let into: { fileNumber: string; firstName: string; lastName: string; mergedIntoId: number | null } | undefined;
  let next: number | null = patient.mergedIntoId;
  for (let hops = 0; next !== null && hops < 20; hops += 1) {
    into = await db('patients').where({ id: next }).first('fileNumber', 'firstName', 'lastName', 'mergedIntoId');
    next = into?.mergedIntoId ?? null;
  }
  throw conflict(mergedMessage(into));
}

/** The patient form's rule of the clock (CLINIC-3), by the product's clock. */
function checkDateOfBirth(input: PatientPayload, now: Date): void {
  const problem = dateOfBirthProblem(input.dateOfBirth, now);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
}

export async function createPatient(deps: Deps, input: PatientPayload, options: { createAnyway?: boolean } = {}): Promise<PatientJson> {
  const now = deps.now();
  checkDateOfBirth(input, now);
  refuseAlertText(input, null);
  return deps.knex.transaction(async (trx) => {
    // PAT-18: one person, one patient. The same mobile and first name as a live record is that record, unless
    // the desk says otherwise; under the person's lock, so Add Patient and a booking racing make one.
    const existing = await findSamePerson(trx, input);
    if (existing && !options.createAnyway) {
      throw new HttpError(409, duplicatePatientMessage(existing), undefined, undefined, {
        existingPatientId: existing.id,
        existingPatient: { id: existing.id, fileNumber: existing.fileNumber, firstName: existing.firstName, lastName: existing.lastName },
      });
    }
    const created = patientJson(await Patient.query(trx).insert({ ...fields(input), createdAt: now, updatedAt: now }).returning(listColumns));
    await audit(trx, { action: 'create', entity: 'patient', entityId: created.id, changes: changedFields(null, created) });
    return created;
  });
}

/** `keep`: fields the request left out, which keep their stored values (a form that predates them). */
export async function updatePatient(
  deps: Deps,
  id: number,
  input: PatientPayload,
  keep: readonly ('allergies' | 'conditions' | 'medications' | 'notes')[] = [],
): Promise<PatientJson> {
  checkDateOfBirth(input, deps.now());
  const changes: Partial<ReturnType<typeof fields>> = fields(input);
  for (const key of keep) delete changes[key];
  return deps.knex.transaction(async (trx) => {
    const before = await Patient.query(trx).select(listColumns).findById(id).forUpdate();
    if (!before) throw notFound('Patient');
    await refuseMerged(trx, before);
    refuseAlertText({ ...input, ...Object.fromEntries(keep.map((k) => [k, before[k]])) }, before);
    for (const key of ALERT_FIELDS) delete changes[key];
    const [updated] = await Patient.query(trx).patch({ ...changes, updatedAt: deps.now() }).where('id', id).returning(listColumns);
    const after = patientJson(updated);
    await audit(trx, { action: 'update', entity: 'patient', entityId: id, changes: changedFields(patientJson(before), after) });
    return after;
  });
}

/**
 * PAT-4: the patient's invoices stay (their patient_id becomes NULL by the foreign key, and the list shows
 * "Unknown Patient"); their appointments stay too, unlinked.
 */
export async function deletePatient(knex: Knex, id: number): Promise<void> {
  // RETURNING, because PGlite's driver does not report the deleted row count reliably.
  await knex.transaction(async (trx) => {
    // CHART-8, MED-2, NOTE-8: a clinical record is never deleted, so neither is the patient it belongs to.
    if (await hasClinicalRecord(trx, id)) throw conflict(CLINICAL_MESSAGES.hasRecord);
    const deleted = await Patient.query(trx).delete().where('id', id).returning(listColumns);
    if (deleted.length === 0) throw notFound('Patient');
    await audit(trx, { action: 'delete', entity: 'patient', entityId: id, changes: changedFields(patientJson(deleted[0]), null) });
  });
}

/** PAT-4: what the delete prompt tells the admin will lose its link to the patient. */
export async function patientUsage(knex: Knex, id: number): Promise<{ invoices: number; appointments: number }> {
  const result = await knex.raw<{ rows: { found: boolean; invoices: number; appointments: number }[] }>(
    `select exists(select 1 from patients where id = :id) as found,
            (select count(*) from invoices where patient_id = :id)::int as invoices,
            (select count(*) from appointments where patient_id = :id)::int as appointments`,
    { id },
  );
  const row = result.rows[0];
  if (!row?.found) throw notFound('Patient');
  return { invoices: Number(row.invoices), appointments: Number(row.appointments) };
}

function fields(input: PatientPayload) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: normalisePhone(input.phone),
    address: input.address,
    dateOfBirth: input.dateOfBirth,
    allergies: input.allergies,
    conditions: input.conditions,
    medications: input.medications,
    notes: input.notes,
  };
}
