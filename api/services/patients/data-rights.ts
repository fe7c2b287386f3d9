import type { Knex } from 'knex';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { appointmentJson, appointmentRows } from '../appointments/appointments';
import { loadItems } from '../clinical/items';
import { patientRecordBundle } from '../clinical/fhir';
import { loadHistoryVersions } from '../clinical/medical-history';
import { hasClinicalRecord } from '../clinical/record';
import { listPatientPlans } from '../plans/plans';
import { loadNotes } from '../clinical/visit-notes';
import { audit, auditExport } from '../../platform/audit';
import { findPatient } from './patients';
import { phoneKeySql } from './contact-match';
import type { ErasureSummary } from '../../../shared/schemas/patient';

// A patient's data rights under India's DPDP Act 2023 (docs/requirements.md DATA-2, DATA-3, DATA-7,
// docs/security.md "Erasing a patient"): everything the clinic holds about one patient as one JSON file,
// and erasure on request, keeping only what GST law requires on their invoices.


/**
 * The patient's own appointments: linked to them, or unlinked and booked with their email, or with their
 * phone under their name. Stricter than the history's match (email or phone): a family often shares one
 * phone, and another patient's appointments are neither exported to this one nor erased with them.
 */
function theirAppointments(patient: { id: number; firstName: string; lastName: string; email: string | null; phone: string }) {
  const email = patient.email ?? '';
  const phoneKey = patient.phone.replace(/[^0-9]/g, '').slice(-10);
  const fullName = `${patient.firstName} ${patient.lastName}`.trim();
  return (w: Knex.QueryBuilder) =>
    w.where('appointments.patientId', patient.id).orWhere((u) =>
      u.whereNull('appointments.patientId').where((m) =>
        m
          .whereRaw("(? <> '' and lower(appointments.email) = lower(?))", [email, email])
          .orWhereRaw(
            `(? <> '' and ${phoneKeySql('appointments.phone')} = ? and lower(appointments.first_name || ' ' || appointments.last_name) = lower(?))`,
            [phoneKey, phoneKey, fullName],
          ),
      ),
    );
}

interface PaymentRow {
  id: number;
  invoiceId?: number;
  [column: string]: unknown;
}

/**
 * DATA-2: where the export carries each table that points at a patient (api/db/patient-references.ts). A
 * test fails when a table gains a foreign key to patients and is not named here, so nothing a later
 * version keeps about a patient is left out of their copy.
 */
export const EXPORTED_PATIENT_TABLES: Record<string, string> = {
  appointments: 'appointments',
  invoices: 'invoices',
  invoice_payments: 'advances (and invoices[].payments)',
  clinical_items: 'clinicalItems',
  medical_history_versions: 'medicalHistory',
  visit_notes: 'visitNotes',
  treatment_plans: 'treatmentPlans',
  patients: 'patient (guardian and merged records are other patients)',
};

/** DATA-2: everything about one patient, for the JSON download. */
export async function exportPatientData(deps: Deps, id: number) {
  const knex = deps.knex;
  const patient = await findPatient(knex, id);
  // DATA-8, CHART-5: which patient's data left (their clinical record with it), and as what; not the data.
  await auditExport(knex, { entity: 'patient', entityId: id, what: { file: `patient-${id}.json` } });
  const appointments = await appointmentRows(knex)
    .where(theirAppointments(patient))
    .orderBy('appointments.preferredDate')
    .orderBy('appointments.preferredTime')
    .orderBy('appointments.id');
  const invoices = await knex('invoices').where({ patientId: id }).orderBy('issueDate').orderBy('id');
  const invoiceIds = invoices.map((i: { id: number }) => i.id);
  const [items, payments, advances] = await Promise.all([
    knex('invoiceItems').whereIn('invoiceId', invoiceIds).orderBy(['invoiceId', 'position']),
    knex('invoicePayments')
      .whereIn('invoiceId', invoiceIds)
      .orderBy(['invoiceId', 'id'])
      .select<PaymentRow[]>('id', 'invoiceId', 'kind', 'amount', 'paidOn', 'mode', 'reference', 'refunded', 'createdAt'),
    // INV-28: money they paid before an invoice existed, and how much of it was applied or refunded.
    knex('invoicePayments')
      .where({ patientId: id, kind: 'advance' })
      .orderBy('id')
      .select<PaymentRow[]>('id', 'amount', 'paidOn', 'mode', 'reference', 'applied', 'refunded', 'createdAt'),
  ]);
  // INV-30: every refund of any of their payments.
  const refunds: { paymentId: number }[] = await knex('paymentRefunds')
    .whereIn('paymentId', [...payments, ...advances].map((p) => p.id))
    .orderBy('id')
    .select('paymentId', 'amount', 'mode', 'reason', 'refundedOn', 'createdAt');
  const withRefunds = ({ id: paymentId, ...p }: PaymentRow) => ({ ...p, refunds: refunds.filter((r) => r.paymentId === paymentId) });
  const emails = await knex('emailOutbox')
    .whereRaw('lower(to_address) = lower(?)', [patient.email])
    .orderBy('createdAt')
    .orderBy('id')
    .select<{ kind: string; subject: string; createdAt: Date; sentAt: Date | null; purgedAt: Date | null; textBody: string; html: string }[]>(
      'kind', 'subject', 'createdAt', 'sentAt', 'purgedAt', 'textBody', 'html',
    );
  const appointmentIds = appointments.map((a) => String(a.id));
  const clinicalItems = await loadItems(knex, { patientId: id });
  // FHIR-1: the medical history's every version, the visit notes, and the whole record as a FHIR Bundle.
  const [medicalHistory, visitNotes, fhir] = [await loadHistoryVersions(knex, id), await loadNotes(knex, { patientId: id }), await patientRecordBundle(deps, id, { audited: false })];
  const auditRows = await knex('auditLog')
    .where((w) =>
      w
        .where({ entity: 'patient', entityId: String(id) })
        .orWhere((a) => a.where('entity', 'appointment').whereIn('entityId', appointmentIds))
        .orWhere((a) => a.where('entity', 'invoice').whereIn('entityId', invoiceIds.map(String)))
        .orWhere((a) => a.where('entity', 'clinical-item').whereIn('entityId', clinicalItems.map((i) => String(i.id))))
        .orWhere((a) => a.where('entity', 'visit-note').whereIn('entityId', visitNotes.map((n) => String(n.id)))),
    )
    .orderBy('at')
    .orderBy('id')
    .select('at', 'userName', 'action', 'entity', 'entityId', 'changes');
  return {
    exportedAt: deps.now().toISOString(),
    patient: { ...patient, medicalAlerts: { allergies: patient.allergies, conditions: patient.conditions, medications: patient.medications } },
    appointments: appointments.map(appointmentJson),
    invoices: invoices.map((inv: Record<string, unknown> & { id: number }) => ({
      ...inv,
      items: items.filter((i: { invoiceId: number }) => i.invoiceId === inv.id),
      payments: payments.filter((p) => p.invoiceId === inv.id).map(withRefunds),
    })),
    advances: advances.map(withRefunds),
    // The bodies only while the outbox still keeps them (MAIL retention blanks them later).
    emails: emails.map((e) => ({
      kind: e.kind,
      subject: e.subject,
      queuedAt: e.createdAt,
      sentAt: e.sentAt,
      ...(e.purgedAt ? {} : { text: e.textBody, html: e.html }),
    })),
    clinicalItems,
    medicalHistory,
    visitNotes,
    // DATA-2: every treatment plan with its options and their signed estimates' hashes.
    treatmentPlans: await listPatientPlans(deps, id),
    fhir,
    audit: auditRows,
  };
}

export const ERASED = '[erased]';
const PERSONAL_KEYS = new Set([
  'firstName', 'lastName', 'name', 'email', 'phone', 'address', 'dateOfBirth', 'allergies', 'conditions',
  'medications', 'notes', 'billTo', 'to', 'toAddress', 'subject',
]);

/** A copy of an audit row's changes with every value that names the patient replaced by ERASED. */
export function redactChanges(changes: unknown, needles: string[], personalKeys: boolean): unknown {
  const hit = (s: string) => {
    const lower = s.toLowerCase();
    const digits = s.replace(/[^0-9]/g, '');
    return needles.some((n) => (/^[0-9]{10}$/.test(n) ? digits.includes(n) : lower.includes(n)));
  };
  const walk = (v: unknown, key: string | null): unknown => {
    if (personalKeys && key !== null && PERSONAL_KEYS.has(key) && v !== null) return ERASED;
    if (typeof v === 'string') return hit(v) ? ERASED : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, null));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k === 'old' || k === 'new' ? key : k)]));
    return v;
  };
  return walk(changes, null);
}

/**
 * DATA-3: erases one patient in one transaction. Their row is anonymised (deleted when no invoice points
 * to it); their appointments keep only date, time, treatment and status; the outbox rows to or about
 * them are blanked (unsent ones dropped); their manage links go; the audit trail's values naming them are
 * redacted through audit_log_redact (migration 017); invoices keep number, dates, amounts and the name as
 * issued (DATA-7). One new audit row says it happened, without personal data.
 */
export async function erasePatient(deps: Deps, id: number): Promise<ErasureSummary> {
  return deps.knex.transaction(async (trx) => {
    const row = await trx('patients').where({ id }).forUpdate().first<{ id: number; firstName: string; lastName: string; email: string | null; phone: string; address: string | null }>();
    if (!row) throw notFound('Patient');
    // PAT-11: a patient without an email is searched for by name and phone only.
    const patient = { ...row, email: row.email ?? '' };

    const fullName = `${patient.firstName} ${patient.lastName}`.trim();
    const phoneKey = patient.phone.replace(/[^0-9]/g, '').slice(-10);
    // Their email and name are searched for everywhere. Their phone and address only in what is theirs (and
    // in a notice that also names them): a family often shares a phone and an address, and another
    // patient's records keep them.
    const needles = [patient.email, fullName].map((s) => s.trim().toLowerCase()).filter((s) => s.length >= 4);
    const ownNeedles = [...needles, ...(patient.address && patient.address.trim().length >= 4 ? [patient.address.trim().toLowerCase()] : [])];
    if (phoneKey.length === 10) ownNeedles.push(phoneKey);

    const appointments = await trx('appointments').where(theirAppointments(patient)).select<{ id: number }[]>('id');
    const appointmentIds = appointments.map((a) => a.id);
    await trx('appointments').whereIn('id', appointmentIds).update({
      firstName: '', lastName: '', email: '', phone: '', notes: null, requestedDate: null, requestedTime: null, requestedAt: null,
    });
    const manageLinks = await trx('appointmentLinks').whereIn('appointmentId', appointmentIds).delete();

    // Emails to them, and the clinic's notices about them (which carry their email, or their name and phone).
    const about = (w: Knex.QueryBuilder) => {
      w.whereRaw("(? <> '' and lower(to_address) = lower(?))", [patient.email, patient.email]);
      if (patient.email.length >= 4) {
        for (const col of ['subject', 'html', 'text_body']) w.orWhereRaw(`position(lower(?) in lower(${col})) > 0`, [patient.email]);
      }
      if (phoneKey.length === 10 && fullName.length >= 4) {
        w.orWhereRaw(`(position(lower(?) in lower(text_body)) > 0 and position(? in regexp_replace(text_body, '[^0-9]', '', 'g')) > 0)`, [fullName, phoneKey]);
      }
    };
    const unsent = await trx('emailOutbox').where(about).whereNull('sentAt').delete();
    const sent = await trx('emailOutbox')
      .where(about)
      .whereNotNull('sentAt')
      .update({ toAddress: '', subject: '', html: '', textBody: '', lastError: null, purgedAt: deps.now() });

    const invoices = await trx('invoices').where({ patientId: id }).select<{ id: number; billTo: { name?: string } }[]>('id', 'billTo');
    const invoiceIds = invoices.map((i) => String(i.id));

    // The audit trail: rows about the patient, their appointments and invoices lose every personal value;
    // any other row loses the values that name them.
    const auditRows = await trx('auditLog')
      .where((w) => {
        w.where({ entity: 'patient', entityId: String(id) })
          .orWhere((a) => a.where('entity', 'appointment').whereIn('entityId', appointmentIds.map(String)))
          .orWhere((a) => a.where('entity', 'invoice').whereIn('entityId', invoiceIds));
        for (const n of needles) w.orWhereRaw('position(? in lower(changes::text)) > 0', [n]);
      })
      .whereNotNull('changes')
      .select<{ id: string; entity: string; entityId: string | null; changes: unknown }[]>('id', 'entity', 'entityId', 'changes');
    let redacted = 0;
    for (const row of auditRows) {
      const owned =
        (row.entity === 'patient' && row.entityId === String(id)) ||
        (row.entity === 'appointment' && appointmentIds.map(String).includes(row.entityId ?? '')) ||
        (row.entity === 'invoice' && invoiceIds.includes(row.entityId ?? ''));
      const next = redactChanges(row.changes, owned ? ownNeedles : needles, owned);
      if (JSON.stringify(next) === JSON.stringify(row.changes)) continue;
      await trx.raw('select audit_log_redact(?::bigint, ?::jsonb)', [row.id, JSON.stringify(next)]);
      redacted += 1;
    }

    // DATA-7: the invoice as issued keeps its number, dates, amounts and the recipient's name; no contact details.
    for (const inv of invoices) {
      await trx('invoices')
        .where({ id: inv.id })
        .update({ billTo: JSON.stringify({ name: inv.billTo?.name ?? '', email: null, phone: null, address: null }), notes: null });
    }

    // CHART-8: a clinical record is kept (the law keeps treatment records for years), so its patient row
    // stays too, anonymised like one with invoices (its medical history and visit notes too: MED-2, NOTE-8).
    const clinical = await hasClinicalRecord(trx, id);
    let outcome: ErasureSummary['patient'];
    if (invoices.length > 0 || clinical) {
      await trx('patients').where({ id }).update({
        firstName: 'Erased', lastName: 'patient', email: '', phone: '', address: null, dateOfBirth: null,
        allergies: '', conditions: '', medications: '', notes: '', recallContactedAt: null, updatedAt: deps.now(),
      });
      outcome = 'anonymised';
    } else {
      await trx('patients').where({ id }).delete();
      outcome = 'deleted';
    }

    const summary: ErasureSummary = {
      patientId: id,
      patient: outcome,
      appointments: appointmentIds.length,
      manageLinks,
      emails: unsent + sent,
      auditRows: redacted,
      invoices: invoices.length,
    };
    const { patientId: _omit, ...counts } = summary;
    await audit(trx, { action: 'erase', entity: 'patient', entityId: id, changes: { erased: { old: null, new: counts } } });
    return summary;
  });
}
