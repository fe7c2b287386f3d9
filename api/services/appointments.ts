import { type ListQuery, containsPattern, countMatches, isPaged, parseListQuery } from '../middleware/list-query';
import type { Knex } from 'knex';
import {
  appointmentStatuses,
  bookingTreatments,
  canTransition,
  type AppointmentStatus,
} from '../../shared/constants/booking';
import { clinicToday, isValidDateString } from '../../shared/domain/clinic-time';
import { appointmentCancelledEmail, appointmentConfirmedEmail } from '../../shared/emails/appointment-status';
import { followUpEmail } from '../../shared/emails/follow-up';
import type { Appointment as AppointmentRecord, FollowUp, RecentAppointment } from '../../shared/schemas/appointment';
import type { Sendable } from '../../shared/schemas/json';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { Appointment } from '../models/appointment';
import { enqueueEmail } from './outbox';

// The admin side of appointments: the list, SPEC 4's status lifecycle with its emails (D13), deletion and
// follow-ups. Each change and the email it causes are committed together (D4); the appointment's row is
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
  const date = (name: 'from' | 'to') => {
    const value = String(query[name] ?? '').trim();
    if (!value) return null;
    if (!isValidDateString(value)) {
      const message = `${name} must be a date written yyyy-MM-dd`;
      throw badRequest(message, { [name]: message });
    }
    return value;
  };
  return { ...base, status, from: date('from'), to: date('to') };
}

/** SPEC 3's admin appointment, plus createdAt. */
export function appointmentJson(a: Appointment) {
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
    status: a.status,
    createdAt: a.createdAt,
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
  'status',
  'createdAt',
];

/** Treatment codes whose code or label contains the search text, so "root canal" finds 'rootcanal'. */
function treatmentCodesMatching(q: string): string[] {
  const needle = q.toLowerCase();
  return bookingTreatments
    .filter((t) => t.code.includes(needle) || t.label.toLowerCase().includes(needle))
    .map((t) => t.code);
}

/** The list's filters (status, date range, search) on an appointments query. */
function appointmentFilters(query: AppointmentListQuery) {
  return (w: Knex.QueryBuilder) => {
    if (query.status) w.where('status', query.status);
    if (query.from) w.where('preferredDate', '>=', query.from);
    if (query.to) w.where('preferredDate', '<=', query.to);
    if (query.q) {
      const pattern = containsPattern(query.q);
      const codes = treatmentCodesMatching(query.q);
      w.where((s) => {
        s.whereRaw(`(first_name || ' ' || last_name) ilike ?`, [pattern])
          .orWhere('email', 'ilike', pattern)
          .orWhere('phone', 'like', pattern);
        // Treatments are stored as the booking form's codes, so the match is made here, on codes and labels.
        if (codes.length) s.orWhereIn('treatment', codes);
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
  const builder = knex('appointments')
    .select<Appointment[]>(listColumns)
    .where(appointmentFilters(query))
    .orderBy('preferredDate', 'asc')
    .orderBy('preferredTime', 'asc')
    .orderBy('id', 'asc');
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

const article = (word: string) => (/^[aeiou]/.test(word) ? 'An' : 'A');

function transitionRefusal(from: AppointmentStatus, to: AppointmentStatus): string {
  if (from === to) return `This appointment is already ${to}.`;
  return `${article(from)} ${from} appointment cannot be changed to ${to}.`;
}

/**
 * SPEC 4's transitions only: pending -> confirmed (emails the patient, D13), pending|confirmed -> cancelled
 * (emails the patient), confirmed -> completed. Anything else is a 409 that says why.
 */
export async function changeAppointmentStatus(deps: Deps, id: number, to: AppointmentStatus): Promise<AppointmentJson> {
  const updated = await deps.knex.transaction(async (trx) => {
    const current = await lockAppointment(trx, id);
    if (!canTransition(current.status, to)) throw conflict(transitionRefusal(current.status, to));

    const now = deps.now();
    const stamp =
      to === 'confirmed' ? { confirmedAt: now } : to === 'completed' ? { completedAt: now } : to === 'cancelled' ? { cancelledAt: now } : {};
    const [row] = await Appointment.query(trx)
      .patch({ status: to, updatedAt: now, ...stamp })
      .where('id', id)
      .returning(listColumns);

    if (to === 'confirmed') {
      // I18N-3: in the language the visitor booked in.
      const details = { ...row, language: current.language };
      await enqueueEmail(trx, { kind: 'appointment-confirmed', to: row.email, ...appointmentConfirmedEmail(details) });
    } else if (to === 'cancelled') {
      const details = { ...row, language: current.language };
      await enqueueEmail(trx, { kind: 'appointment-cancelled', to: row.email, ...appointmentCancelledEmail(details) });
    }
    return row;
  });
  if (to === 'confirmed' || to === 'cancelled') deps.nudgeOutbox();
  deps.logger.info('appointment_status_changed', { appointmentId: id, status: to });
  return appointmentJson(updated);
}

/** SPEC 4: permanent, and the patient is not told. */
export async function deleteAppointment(deps: Deps, id: number): Promise<void> {
  // RETURNING, because PGlite's driver does not report the deleted row count reliably.
  const deleted = await Appointment.query(deps.knex).delete().where('id', id).returning('id');
  if (deleted.length === 0) throw notFound('Appointment');
  deps.logger.info('appointment_deleted', { appointmentId: id });
}

export const FOLLOW_UP_ONLY_COMPLETED = 'A follow-up email can only be sent for a completed appointment.';
export const FOLLOW_UP_PAST = 'Follow-up date must be in the future.';

/**
 * SPEC 4/9: emails the patient of a completed appointment a suggested follow-up date; the status stays.
 * The schema checked "in the future" against the machine's clock; this checks it again against deps.now().
 */
export async function sendFollowUp(deps: Deps, id: number, input: FollowUp): Promise<AppointmentJson> {
  const now = deps.now();
  const future = input.followUpDate.length === 10 ? input.followUpDate > clinicToday(now) : Date.parse(input.followUpDate) > now.getTime();
  if (!future) throw badRequest(FOLLOW_UP_PAST, { followUpDate: FOLLOW_UP_PAST });

  const appointment = await deps.knex.transaction(async (trx) => {
    const current = await lockAppointment(trx, id);
    if (current.status !== 'completed') throw conflict(FOLLOW_UP_ONLY_COMPLETED);
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
