import { type ListQuery, containsPattern, countMatches, dateQueryParam, isPaged, parseListQuery } from '../../db/list-query';
import type { Knex } from 'knex';
import {
  appointmentStatuses,
  bookingTreatments,
  canTransition,
  NO_SHOW_TOO_EARLY_MESSAGE,
  type AppointmentStatus,
} from '../../../shared/constants/booking';
import { CHECK_IN_MESSAGES } from '../../../shared/domain/check-in-messages';
import { isSlotPassed } from '../../../shared/domain/clinic-time';
import { appointmentCancelledEmail, appointmentConfirmedEmail } from '../../../shared/emails/appointment-status';
import { followUpEmail } from '../../../shared/emails/follow-up';
import { withArticle } from '../../../shared/domain/article';
import { followUpDateProblem, type Appointment as AppointmentRecord, type FollowUp, type RecentAppointment } from '../../../shared/schemas/appointment';
import type { Sendable } from '../../../shared/schemas/json';
import { alertFlags } from '../../../shared/clinical/medical-history';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { noEmailMessage } from '../../../shared/schemas/patient';
import { Appointment } from '../../models/appointment';
import { audit, changedFields } from '../../platform/audit';
import { placeholderUrl } from './manage-links';
import { enqueueEmail } from '../../platform/mail/outbox';
import { icsAttachment } from './reminders';
import { phoneSearchDigits } from '../../../shared/domain/phone';
import { phoneDigitsSql } from '../patients/contact-match';

// The admin side of appointments: the list, APPT-3's status lifecycle with its emails (MAIL-4, MAIL-5), deletion and
// follow-ups. Each change and the email it causes are committed together (MAIL-1); the appointment's row is
// locked while it changes, so two admins clicking at once cannot both move it.

export interface AppointmentListQuery extends ListQuery {
  status: AppointmentStatus | null;
  /** Inclusive yyyy-MM-dd bounds on preferredDate. */
  from: string | null;
  to: string | null;
}

const STATUS_MESSAGE = 'Please select a valid status';

/** ?q=&status=&from=&to=&limit=&offset= (status 'all' or absent means every status). */
export function parseAppointmentListQuery(query: Record<string, unknown>): AppointmentListQuery {
  const base = parseListQuery(query);
  const rawStatus = String(query.status ?? '').trim().toLowerCase();
  let status: AppointmentStatus | null = null;
  if (rawStatus && rawStatus !== 'all') {
    if (!(appointmentStatuses as readonly string[]).includes(rawStatus)) throw badRequest(STATUS_MESSAGE, { status: STATUS_MESSAGE });
    status = rawStatus as AppointmentStatus;
  }
  return { ...base, status, from: dateQueryParam(query, 'from'), to: dateQueryParam(query, 'to') };
}

/**
 * A row of appointmentRows: the appointment with its linked patient's [allergies, conditions, medications],
 * read only to say whether alerts exist (DATA-11).
 */
export type AppointmentRow = Appointment & { patientAlerts?: [string, string, string] | null; billedInvoiceId?: number | string | null };

/** APPT-1's admin appointment, plus createdAt and the front desk's fields (APPT-10, PAT-7). */
export function appointmentJson(a: AppointmentRow) {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    phone: a.phone,
    treatment: a.treatment,
    preferredDate: a.preferredDate,
    preferredTime: a.preferredTime,
    notes: a.notes,
    patientNote: a.patientNote ?? null,
    status: a.status,
    createdAt: a.createdAt,
    patientId: a.patientId ?? null,
    source: a.source ?? 'online',
    bookedAnyway: a.bookedAnyway ?? false,
    bookedBy: a.bookedByName ?? null,
    // DATA-11: that the patient has alerts (and whether some are not yet confirmed), never what they are.
    ...alertFlags(a.patientAlerts ? { allergies: a.patientAlerts[0], conditions: a.patientAlerts[1], medications: a.patientAlerts[2] } : null),
    requested: a.requestedDate && a.requestedTime && a.requestedAt ? { date: a.requestedDate, time: a.requestedTime, at: new Date(a.requestedAt).toISOString() } : null,
    language: a.language ?? 'en',
    arrivedAt: a.arrivedAt ? new Date(a.arrivedAt).toISOString() : null,
    inChairAt: a.inChairAt ? new Date(a.inChairAt).toISOString() : null,
    invoiceId: a.billedInvoiceId == null ? null : Number(a.billedInvoiceId),
  } satisfies Sendable<AppointmentRecord, 'createdAt'>;
}
export type AppointmentJson = ReturnType<typeof appointmentJson>;

const listColumns = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'treatment',
  'preferredDate',
  'preferredTime',
  'notes',
  'patientNote',
  'status',
  'createdAt',
  'patientId',
  'source',
  'bookedAnyway',
  'bookedByName',
  'requestedDate',
  'requestedTime',
  'requestedAt',
  'language',
  'arrivedAt',
  'inChairAt',
];

const timestampColumns = new Set(['createdAt', 'arrivedAt', 'inChairAt']);

// DESK-15: the newest invoice, not cancelled, that bills the visit (an index on invoices.appointment_id serves it).
const BILLED_INVOICE = (alias: string) =>
  `(select max(iv.id) from invoices iv where iv.appointment_id = ${alias}.id and iv.status <> 'cancelled')`;

/**
 * Appointments with their linked patient's medical alert summary (PAT-7), from which every answer that lists
 * them says whether the patient has alerts (DATA-11). The
 * alerts come from a scalar subquery, one primary-key lookup per row: as a join, the planner hashes the
 * whole patients table for a week's 1,400 appointments (bench/frontdesk.ts). Filters name columns with
 * `appointments.`.
 */
export function appointmentRows(knex: Knex | Knex.Transaction) {
  return knex('appointments').select<AppointmentRow[]>([
    ...listColumns.map((c) => `appointments.${c}`),
    knex.raw(
      `(select json_build_array(p.allergies, p.conditions, p.medications) from patients p
         where p.id = appointments.patient_id) as patient_alerts`,
    ),
    knex.raw(`${BILLED_INVOICE('appointments')} as billed_invoice_id`),
  ]);
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The same rows as appointmentRows, built as one JSON array by PostgreSQL: for the calendar's 1,400 rows
 * a week, parsing one JSON text costs a third of the CPU of parsing each row's columns (bench/frontdesk.ts).
 * createdAt is written as toISOString() writes it, so both give the same appointment JSON.
 */
export async function appointmentRowsAsJson(
  knex: Knex | Knex.Transaction,
  where: string,
  bindings: readonly Knex.Value[],
): Promise<AppointmentRow[]> {
  const fields = listColumns
    .map((c) =>
      timestampColumns.has(c)
        ? `'${c}', to_char(a.${snake(c)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : `'${c}', a.${snake(c)}`,
    )
    .join(', ');
  const { rows } = await knex.raw<{ rows: { items: AppointmentRow[] | null }[] }>(
    `select json_agg(json_build_object(${fields}, 'patientAlerts',
       (select json_build_array(p.allergies, p.conditions, p.medications) from patients p where p.id = a.patient_id),
       'billedInvoiceId', ${BILLED_INVOICE('a')})) as items
       from appointments a where ${where}`,
    bindings,
  );
  return rows[0]?.items ?? [];
}

/** One appointment as the admin reads it. */
export async function loadAppointment(knex: Knex | Knex.Transaction, id: number): Promise<AppointmentJson> {
  const row = await appointmentRows(knex).where('appointments.id', id).first();
  if (!row) throw notFound('Appointment');
  return appointmentJson(row);
}

/** Treatment codes whose code or label contains the search text, so "root canal" finds 'rootcanal'. */
function treatmentCodesMatching(q: string): string[] {
  const needle = q.toLowerCase();
  return bookingTreatments
    .filter((t) => t.code.includes(needle) || t.label.toLowerCase().includes(needle))
    .map((t) => t.code);
}

/** The list's filters (status, date range, search) on an appointments query. */
export function appointmentFilters(query: AppointmentListQuery) {
  return (w: Knex.QueryBuilder) => {
    if (query.status) w.where('appointments.status', query.status);
    if (query.from) w.where('appointments.preferredDate', '>=', query.from);
    if (query.to) w.where('appointments.preferredDate', '<=', query.to);
    if (query.q) {
      const pattern = containsPattern(query.q);
      const codes = treatmentCodesMatching(query.q);
      const digits = phoneSearchDigits(query.q);
      w.where((s) => {
        s.whereRaw(`(appointments.first_name || ' ' || appointments.last_name) ilike ?`, [pattern])
          .orWhere('appointments.email', 'ilike', pattern)
          .orWhere('appointments.phone', 'like', pattern);
        // PAT-10: the phone in any spelling.
        if (digits) s.orWhereRaw(`${phoneDigitsSql('appointments.phone')} like ?`, [containsPattern(digits)]);
        // Treatments are stored as the booking form's codes, so the match is made here, on codes and labels.
        if (codes.length) s.orWhereIn('appointments.treatment', codes);
      });
    }
  };
}

/**
 * By preferred date and time, earliest first (the screen groups by date, ascending). `total` is the number
 * of matches when a page was asked for (limit or offset), else null.
 */
export async function listAppointments(
  knex: Knex,
  query: AppointmentListQuery,
): Promise<{ appointments: AppointmentJson[]; total: number | null }> {
  const builder = appointmentRows(knex)
    .where(appointmentFilters(query))
    .orderBy('appointments.preferredDate', 'asc')
    .orderBy('appointments.preferredTime', 'asc')
    .orderBy('appointments.id', 'asc');
  if (query.limit !== null) builder.limit(query.limit);
  if (query.offset) builder.offset(query.offset);
  const [rows, total] = await Promise.all([
    builder,
    isPaged(query) ? countMatches(knex, (trx) => trx('appointments').where(appointmentFilters(query))) : null,
  ]);
  return { appointments: rows.map(appointmentJson), total };
}

/** The dashboard's "recent appointments": the five most recently booked. */
export async function recentAppointments(knex: Knex) {
  const rows = await Appointment.query(knex)
    .select('id', 'firstName', 'lastName', 'treatment', 'preferredDate', 'preferredTime', 'status')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(5);
  return rows.map((a) => ({
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    treatment: a.treatment,
    preferredDate: a.preferredDate,
    preferredTime: a.preferredTime,
    status: a.status,
  }) satisfies RecentAppointment);
}

/** Reads the appointment inside `trx` with a row lock held until the transaction ends. */
async function lockAppointment(trx: Knex.Transaction, id: number): Promise<Appointment> {
  const appointment = await Appointment.query(trx).findById(id).forUpdate();
  if (!appointment) throw notFound('Appointment');
  return appointment;
}

function transitionRefusal(from: AppointmentStatus, to: AppointmentStatus): string {
  if (from === to) return `This appointment is already ${to}.`;
  return `${withArticle(from, { sentenceStart: true })} appointment cannot be changed to ${to}.`;
}

/**
 * APPT-3's transitions only: pending -> confirmed (emails the patient, MAIL-4), pending|confirmed -> cancelled
 * (emails the patient), confirmed -> completed. Anything else is a 409 that says why.
 */
export async function changeAppointmentStatus(deps: Deps, id: number, to: AppointmentStatus): Promise<AppointmentJson> {
  const updated = await deps.knex.transaction(async (trx) => {
    const current = await lockAppointment(trx, id);
    if (!canTransition(current.status, to)) throw conflict(transitionRefusal(current.status, to));

    const now = deps.now();
    // APPT-13: no-show only once the appointment's time has passed at the clinic.
    if (to === 'no-show' && !isSlotPassed(current.preferredDate, current.preferredTime, now)) throw conflict(NO_SHOW_TOO_EARLY_MESSAGE);
    // DESK-13: a patient who arrived is not a no-show (undo the arrival first if it was a mistake).
    if (to === 'no-show' && current.arrivedAt) throw conflict(CHECK_IN_MESSAGES.noShowArrived);
    const stamps: Partial<Record<AppointmentStatus, Partial<Appointment>>> = {
      confirmed: { confirmedAt: now },
      completed: { completedAt: now },
      cancelled: { cancelledAt: now },
      'no-show': { noShowAt: now },
    };
    const stamp = stamps[to] ?? {};
    await Appointment.query(trx).patch({ status: to, updatedAt: now, ...stamp }).where('id', id);
    const row = await loadAppointment(trx, id);
    await audit(trx, { action: 'status', entity: 'appointment', entityId: id, changes: { status: { old: current.status, new: to } } });

    if (to === 'confirmed') {
      // BOOK-12, MAIL-9: the confirmation carries the personal link and the .ics; I18N-3: in the language
      // the visitor booked in.
      await enqueueEmail(trx, {
        kind: 'appointment-confirmed',
        to: row.email,
        ...appointmentConfirmedEmail({ ...row, language: current.language }, placeholderUrl('manage', deps.config.publicUrl)),
        link: { kind: 'manage', appointmentId: id },
        attachments: [icsAttachment({ ...row, id }, deps.config.publicUrl, now)],
      });
    } else if (to === 'cancelled') {
      const details = { ...row, language: current.language };
      await enqueueEmail(trx, { kind: 'appointment-cancelled', to: row.email, ...appointmentCancelledEmail(details) });
    }
    return row;
  });
  if (to === 'confirmed' || to === 'cancelled') deps.nudgeOutbox();
  deps.logger.info('appointment_status_changed', { appointmentId: id, status: to });
  return updated;
}

/**
 * APPT-5: permanent, and the patient is not told. DATA-9: the audit row says whose appointment it was and
 * when, for what, as the owner reads it; erasing the patient later redacts the name there (DATA-3).
 */
export async function deleteAppointment(deps: Deps, id: number): Promise<void> {
  await deps.knex.transaction(async (trx) => {
    // RETURNING, because PGlite's driver does not report the deleted row count reliably.
    const deleted = await Appointment.query(trx)
      .delete()
      .where('id', id)
      .returning(['id', 'patientId', 'firstName', 'lastName', 'preferredDate', 'preferredTime', 'treatment', 'status']);
    if (deleted.length === 0) throw notFound('Appointment');
    const { patientId, firstName, lastName, preferredDate, preferredTime, treatment, status } = deleted[0];
    await audit(trx, {
      action: 'delete',
      entity: 'appointment',
      entityId: id,
      changes: changedFields({ patient: `${firstName} ${lastName}`.trim(), patientId, preferredDate, preferredTime, treatment, status }, null),
    });
  });
  deps.logger.info('appointment_deleted', { appointmentId: id });
}

export const FOLLOW_UP_ONLY_COMPLETED = 'A follow-up email can only be sent for a completed appointment.';

/**
 * APPT-4, MAIL-6: emails the patient of a completed appointment a suggested follow-up date; the status stays.
 * "In the future" is by deps.now() (the schema holds no clock).
 */
export async function sendFollowUp(deps: Deps, id: number, input: FollowUp): Promise<AppointmentJson> {
  const now = deps.now();
  const past = followUpDateProblem(input.followUpDate, now);
  if (past) throw badRequest(past.message, { [past.field]: past.message });

  const appointment = await deps.knex.transaction(async (trx) => {
    const current = await lockAppointment(trx, id);
    if (current.status !== 'completed') throw conflict(FOLLOW_UP_ONLY_COMPLETED);
    // PAT-19: a follow-up is an email; without an address the desk calls or sends WhatsApp instead.
    if (!current.email) throw badRequest(noEmailMessage(`${current.firstName} ${current.lastName}`, 'message'));
    await audit(trx, { action: 'follow-up', entity: 'appointment', entityId: id, changes: { followUpDate: { old: null, new: input.followUpDate } } });
    await enqueueEmail(trx, {
      kind: 'appointment-follow-up',
      to: current.email,
      ...followUpEmail({ appointment: current, followUpDate: input.followUpDate, customMessage: input.customMessage }),
    });
    return current;
  });
  deps.nudgeOutbox();
  deps.logger.info('appointment_follow_up_queued', { appointmentId: id });
  return appointmentJson(appointment);
}
