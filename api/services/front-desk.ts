import type { Knex } from 'knex';
import {
  RESCHEDULE_STATUS_MESSAGE,
  SLOT_FULL_MESSAGE,
  reschedulableStatuses,
  type BookingRules,
} from '../../shared/constants/booking';
import { addDays, clinicToday, isPastDate, isSlotPassed, isValidDateString } from '../../shared/domain/clinic-time';
import { invoiceBalance, invoiceStatus } from '../../shared/domain/invoice-status';
import { appointmentConfirmedEmail } from '../../shared/emails/appointment-status';
import { appointmentRescheduledEmail } from '../../shared/emails/reschedule';
import {
  CALENDAR_MAX_DAYS,
  bookingRuleMessages,
  closedReason,
  slotsOn,
  type CalendarSlot,
  type Reschedule,
  type StaffBooking,
} from '../../shared/schemas/appointment';
import type { ClinicSettings, ClosedDateList, ClosedDatePayload } from '../../shared/schemas/clinic-settings';
import type { Deps } from '../deps';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { Appointment } from '../models/appointment';
import { Patient } from '../models/patient';
import { placeholderUrl } from './appointment-links';
import { appointmentJson, appointmentRows, appointmentRowsAsJson, loadAppointment, type AppointmentJson } from './appointments';
import { changeClinicRules, closedDatesBetween, getClinicSettings, rulesFromSettings } from './clinic-settings';
import { audit } from './audit';
import { appointmentMoved, icsAttachment } from './reminders';
import { enqueueEmail } from './outbox';
import { phoneKeySql } from './contact-match';
import { findPatient, latestBookingLanguage } from './patients';

// The front desk (docs/frontdesk.md): staff booking and rescheduling (APPT-10, APPT-12), closed dates
// (SET-6), the calendar (APPT-14) and a patient's history (PAT-5).

// The shared response types with Date allowed where the rows hold one (shared/schemas/json.ts).
type CalendarDayJson = { date: string; closed: boolean; reason?: string; slots: (Omit<CalendarSlot, 'appointments'> & { appointments: AppointmentJson[] })[] };
type CalendarJson = { days: CalendarDayJson[] };

export interface StaffMember {
  id: number;
  displayName: string;
}

/** The same key book_appointment (migrations 003, 007) locks, so staff and visitors queue for one slot. */
async function lockSlot(trx: Knex.Transaction, date: string, time: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('slot:' || ?::date::text || ':' || ?))`, [date, time]);
}

async function takenInSlot(trx: Knex.Transaction, date: string, time: string, exceptId?: number): Promise<number> {
  const query = trx('appointments').where({ preferredDate: date, preferredTime: time }).whereNot('status', 'cancelled');
  if (exceptId) query.whereNot('id', exceptId);
  const [{ n }] = await query.count<{ n: string }[]>('* as n');
  return Number(n);
}

/**
 * The rules a staff booking or move obeys (APPT-10): never a past date; a closed date or weekday, a time
 * that is not one of that day's slots, a slot whose time has passed today and a full slot are refused
 * unless the staff member books anyway. Runs under the slot's lock. Answers whether a rule was overridden.
 */
async function checkStaffSlot(
  deps: Deps,
  trx: Knex.Transaction,
  slot: { preferredDate: string; preferredTime: string; bookAnyway: boolean },
  exceptId?: number,
): Promise<boolean> {
  const { preferredDate: date, preferredTime: time, bookAnyway } = slot;
  const now = deps.now();
  if (isPastDate(date, now)) throw badRequest(bookingRuleMessages.pastDate, { preferredDate: bookingRuleMessages.pastDate });
  const settings = await getClinicSettings(deps, trx);
  const rules: BookingRules = rulesFromSettings(settings, await closedDatesBetween(trx, date, date));
  let overridden = false;
  const refuse = (error: HttpError) => {
    if (!bookAnyway) throw error;
    overridden = true;
  };
  const closed = closedReason(date, rules);
  if (closed) refuse(badRequest(closed, { preferredDate: closed }));
  if (!closed && !slotsOn(date, rules).includes(time)) {
    refuse(badRequest(bookingRuleMessages.unknownSlot, { preferredTime: bookingRuleMessages.unknownSlot }));
  }
  if (isSlotPassed(date, time, now)) refuse(badRequest(bookingRuleMessages.passedSlot, { preferredTime: bookingRuleMessages.passedSlot }));
  await lockSlot(trx, date, time);
  if ((await takenInSlot(trx, date, time, exceptId)) >= settings.slotCapacity) refuse(conflict(SLOT_FULL_MESSAGE));
  return overridden;
}

/** POST /api/admin/appointments (APPT-10): a phone or walk-in booking, for a patient on file or new details. */
export async function staffBookAppointment(deps: Deps, input: StaffBooking, staff: StaffMember): Promise<AppointmentJson> {
  const id = await deps.knex.transaction(async (trx) => {
    let person: { firstName: string; lastName: string; email: string; phone: string };
    let patientId: number | null;
    if ('patientId' in input) {
      const patient = await Patient.query(trx).findById(input.patientId);
      if (!patient) throw badRequest('Patient not found', { patientId: 'Patient not found' });
      person = patient;
      patientId = patient.id;
    } else {
      person = input;
      // Linked to a patient on file by email, as the public booking links (migration 003).
      const match = await trx('patients').whereRaw('lower(email) = lower(?)', [input.email]).orderBy('id').first<{ id: number } | undefined>('id');
      patientId = match?.id ?? null;
    }
    // I18N-3: the language the staff member chose, else the patient's (a Marathi family who phones in
    // keeps getting Marathi emails and WhatsApp texts); read before the slot's lock is taken.
    const language = input.language ?? (await latestBookingLanguage(trx, { patientId, email: person.email }));
    const overridden = await checkStaffSlot(deps, trx, input);
    const now = deps.now();
    const [row] = await trx('appointments')
      .insert({
        patientId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        treatment: input.treatment,
        preferredDate: input.preferredDate,
        preferredTime: input.preferredTime,
        notes: input.notes,
        status: input.status,
        confirmedAt: input.status === 'confirmed' ? now : null,
        source: 'staff',
        bookedAnyway: overridden,
        bookedBy: staff.id,
        bookedByName: staff.displayName,
        language,
        createdAt: now,
        updatedAt: now,
      })
      .returning<{ id: number }[]>('id');
    await audit(trx, {
      action: 'create',
      entity: 'appointment',
      entityId: row.id,
      changes: {
        preferredDate: { old: null, new: input.preferredDate },
        preferredTime: { old: null, new: input.preferredTime },
        status: { old: null, new: input.status },
        bookedAnyway: { old: null, new: overridden },
        language: { old: null, new: language },
      },
    });
    if (input.status === 'confirmed') {
      // BOOK-12, MAIL-9: the confirmation carries the personal link and the .ics.
      await enqueueEmail(trx, {
        kind: 'appointment-confirmed',
        to: person.email,
        ...appointmentConfirmedEmail({ ...person, ...input, notes: input.notes, language }, placeholderUrl('manage', deps.config.publicUrl)),
        link: { kind: 'manage', appointmentId: row.id },
        attachments: [icsAttachment({ ...input, id: row.id }, deps.config.publicUrl, now)],
      });
    }
    return row.id;
  });
  if (input.status === 'confirmed') deps.nudgeOutbox();
  deps.logger.info('appointment_booked_by_staff', { appointmentId: id, staffId: staff.id });
  return loadAppointment(deps.knex, id);
}

/**
 * PATCH /api/admin/appointments/:id/reschedule (APPT-12): moves a pending or confirmed appointment under the
 * slot lock every booking takes, and queues the patient's email in the same transaction.
 */
export async function rescheduleAppointment(deps: Deps, id: number, input: Reschedule): Promise<AppointmentJson> {
  await deps.knex.transaction(async (trx) => {
    const current = await Appointment.query(trx).findById(id).forUpdate();
    if (!current) throw notFound('Appointment');
    if (!reschedulableStatuses.includes(current.status)) throw conflict(RESCHEDULE_STATUS_MESSAGE);
    if (current.preferredDate === input.preferredDate && current.preferredTime === input.preferredTime) {
      const message = 'The appointment is already at that time. Please choose another date or time.';
      throw badRequest(message, { preferredTime: message });
    }
    const overridden = await checkStaffSlot(deps, trx, input, id);
    await trx('appointments').where({ id }).update({
      preferredDate: input.preferredDate,
      preferredTime: input.preferredTime,
      bookedAnyway: overridden,
      updatedAt: deps.now(),
    });
    await audit(trx, {
      action: 'reschedule',
      entity: 'appointment',
      entityId: id,
      changes: {
        preferredDate: { old: current.preferredDate, new: input.preferredDate },
        preferredTime: { old: current.preferredTime, new: input.preferredTime },
        ...(overridden ? { bookedAnyway: { old: current.bookedAnyway ?? false, new: true } } : {}),
      },
    });
    // MAIL-9: the reminder moves with the appointment; BOOK-15: a visitor's request is answered.
    await appointmentMoved(trx, id);
    // BOOK-12, MAIL-9: like the confirmation, the email carries the personal link, and a confirmed appointment
    // the .ics at its new time (same UID, higher SEQUENCE: the calendar entry moves). A pending one has no
    // calendar entry yet: its .ics comes with the confirmation.
    const moved = { ...current, preferredDate: input.preferredDate, preferredTime: input.preferredTime };
    const withIcs = current.status === 'confirmed';
    await enqueueEmail(trx, {
      kind: 'appointment-rescheduled',
      to: current.email,
      ...appointmentRescheduledEmail(
        { ...moved, previousDate: current.preferredDate, previousTime: current.preferredTime },
        placeholderUrl('manage', deps.config.publicUrl),
        withIcs,
      ),
      link: { kind: 'manage', appointmentId: id },
      ...(withIcs ? { attachments: [icsAttachment(moved, deps.config.publicUrl, deps.now())] } : {}),
    });
  });
  deps.nudgeOutbox();
  deps.logger.info('appointment_rescheduled', { appointmentId: id });
  return loadAppointment(deps.knex, id);
}

// Closed dates (SET-6).

const openStatuses = ['pending', 'confirmed'];

/** GET /api/admin/closed-dates?from=: from `from` (default today at the clinic), with their open bookings. */
export async function listClosedDates(deps: Deps, from: string | null): Promise<ClosedDateList> {
  const start = from ?? clinicToday(deps.now());
  const rows: { date: string; reason: string; bookings: string }[] = await deps
    .knex('closed_dates as c')
    .where('c.date', '>=', start)
    .orderBy('c.date')
    .select(
      'c.date',
      'c.reason',
      deps.knex.raw(`(select count(*) from appointments a where a.preferred_date = c.date and a.status in ('pending', 'confirmed')) as bookings`),
    );
  return { items: rows.map((r) => ({ date: r.date, reason: r.reason, bookings: Number(r.bookings) })) };
}

export const CLOSED_PAST_MESSAGE = 'A past date cannot be closed';
export const ALREADY_CLOSED_MESSAGE = 'The clinic is already closed on that date';

/** POST /api/admin/closed-dates: closes a date and answers the open bookings on it, to be moved. */
export async function closeDate(deps: Deps, input: ClosedDatePayload, staff: StaffMember): Promise<{ date: string; reason: string; affected: AppointmentJson[] }> {
  if (input.date < clinicToday(deps.now())) throw badRequest(CLOSED_PAST_MESSAGE, { date: CLOSED_PAST_MESSAGE });
  await changeClinicRules(deps, async (trx) => {
    const inserted = await trx('closed_dates')
      .insert({ date: input.date, reason: input.reason, createdBy: staff.id, createdAt: deps.now() })
      .onConflict('date')
      .ignore()
      .returning('date');
    if (inserted.length === 0) throw conflict(ALREADY_CLOSED_MESSAGE);
    await audit(trx, { action: 'create', entity: 'closed-date', entityId: input.date, changes: { reason: { old: null, new: input.reason } } });
  });
  const affected = await appointmentRows(deps.knex)
    .where('appointments.preferredDate', input.date)
    .whereIn('appointments.status', openStatuses)
    .orderBy('appointments.preferredTime')
    .orderBy('appointments.id');
  deps.logger.info('closed_date_added', { date: input.date, affected: affected.length });
  return { date: input.date, reason: input.reason, affected: affected.map(appointmentJson) };
}

export async function reopenDate(deps: Deps, date: string): Promise<void> {
  if (!isValidDateString(date)) throw notFound('Closed date');
  await changeClinicRules(deps, async (trx) => {
    const deleted = await trx('closed_dates').where({ date }).delete().returning(['date', 'reason']);
    if (deleted.length === 0) throw notFound('Closed date');
    await audit(trx, { action: 'delete', entity: 'closed-date', entityId: date, changes: { reason: { old: deleted[0].reason, new: null } } });
  });
  deps.logger.info('closed_date_removed', { date });
}

// The calendar (APPT-14).

function dateParam(query: Record<string, unknown>, name: string, required: boolean): string | null {
  const value = String(query[name] ?? '').trim();
  if (!value && !required) return null;
  if (!isValidDateString(value)) {
    const message = `${name} must be a date written yyyy-MM-dd`;
    throw badRequest(message, { [name]: message });
  }
  return value;
}

export function parseCalendarQuery(query: Record<string, unknown>): { from: string; to: string } {
  const from = dateParam(query, 'from', true)!;
  const to = dateParam(query, 'to', true)!;
  if (to < from) throw badRequest('to must not be before from', { to: 'to must not be before from' });
  if (to > addDays(from, CALENDAR_MAX_DAYS - 1)) {
    const message = `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time`;
    throw badRequest(message, { to: message });
  }
  return { from, to };
}

export function parseFromDate(query: Record<string, unknown>): string | null {
  return dateParam(query, 'from', false);
}

/** Days from `from` to `to`, each with its slots (configured, plus any other booked time) and bookings. */
export function buildCalendar(
  settings: ClinicSettings,
  closedDates: { date: string; reason: string }[],
  appointments: AppointmentJson[],
  from: string,
  to: string,
): CalendarJson {
  const rules = rulesFromSettings(settings, closedDates);
  const byDay = new Map<string, AppointmentJson[]>();
  for (const a of appointments) {
    const list = byDay.get(a.preferredDate);
    if (list) list.push(a);
    else byDay.set(a.preferredDate, [a]);
  }
  const days: CalendarDayJson[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const reason = closedReason(date, rules);
    const capacity = reason ? 0 : settings.slotCapacity;
    const slots = new Map(slotsOn(date, rules).map((time) => [time, { time, capacity, booked: 0, appointments: [] as AppointmentJson[] }]));
    for (const a of byDay.get(date) ?? []) {
      let slot = slots.get(a.preferredTime);
      if (!slot) {
        slot = { time: a.preferredTime, capacity: 0, booked: 0, appointments: [] };
        slots.set(a.preferredTime, slot);
      }
      slot.appointments.push(a);
      slot.booked += 1;
    }
    const day: CalendarDayJson = { date, closed: reason !== null, slots: [...slots.values()].sort((x, y) => x.time.localeCompare(y.time)) };
    if (reason) day.reason = reason;
    days.push(day);
  }
  return { days };
}

const byDateTimeId = (x: AppointmentJson, y: AppointmentJson) =>
  x.preferredDate < y.preferredDate ? -1 : x.preferredDate > y.preferredDate ? 1
  : x.preferredTime < y.preferredTime ? -1 : x.preferredTime > y.preferredTime ? 1 : x.id - y.id;

/** GET /api/admin/appointments/calendar?from=&to=: three queries, whatever the range holds. */
export async function appointmentCalendar(deps: Deps, from: string, to: string): Promise<CalendarJson> {
  const [settings, closedDates, rows] = await Promise.all([
    getClinicSettings(deps),
    closedDatesBetween(deps.knex, from, to),
    // Sorted here: PostgreSQL's collation-aware sort of the times cost more than the whole scan (bench/frontdesk.ts).
    appointmentRowsAsJson(deps.knex, `a.preferred_date between ? and ? and a.status <> 'cancelled'`, [from, to]),
  ]);
  const ordered = rows.map(appointmentJson).sort((x, y) => byDateTimeId(x, y));
  return buildCalendar(settings, closedDates, ordered, from, to);
}

// A patient's history (PAT-5).


/**
 * The patient, every appointment linked to them (by patientId, or by the same email or phone as the
 * bookings link), newest first, and their invoices with totals billed, paid and due (cancelled invoices
 * are listed but count in no total).
 */
export async function patientHistory(deps: Deps, id: number) {
  const patient = await findPatient(deps.knex, id);
  const now = deps.now();
  const [appointments, invoices] = await Promise.all([
    appointmentRows(deps.knex)
      .where((w) =>
        w
          .where('appointments.patientId', id)
          .orWhereRaw('lower(appointments.email) = lower(?)', [patient.email])
          .orWhereRaw(`${phoneKeySql('appointments.phone')} = ${phoneKeySql('?')}`, [patient.phone]),
      )
      .orderBy('appointments.preferredDate', 'desc')
      .orderBy('appointments.preferredTime', 'desc')
      .orderBy('appointments.id', 'desc'),
    deps
      .knex('invoices')
      .where({ patientId: id })
      .orderBy('issueDate', 'desc')
      .orderBy('id', 'desc')
      .select<
        { id: number; invoiceNumber: string; issueDate: string; dueDate: string | null; totalAmount: string; amountPaid: string; status: string }[]
      >('id', 'invoiceNumber', 'issueDate', 'dueDate', 'totalAmount', 'amountPaid', 'status'),
  ]);
  const summaries = invoices.map((i) => {
    const cancelled = i.status === 'cancelled';
    return {
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      issueDate: i.issueDate,
      total: Number(i.totalAmount),
      paid: Number(i.amountPaid),
      balance: cancelled ? 0 : invoiceBalance(i.totalAmount, i.amountPaid),
      status: invoiceStatus({ cancelled, totalAmount: i.totalAmount, amountPaid: i.amountPaid, dueDate: i.dueDate }, now),
    };
  });
  const counted = summaries.filter((s) => s.status !== 'cancelled');
  const paise = (n: number) => Math.round(n * 100);
  const sum = (f: (s: (typeof summaries)[number]) => number) => counted.reduce((acc, s) => acc + paise(f(s)), 0) / 100;
  return {
    patient,
    appointments: appointments.map(appointmentJson),
    invoices: summaries,
    totals: { billed: sum((s) => s.total), paid: sum((s) => s.paid), due: sum((s) => s.balance) },
  };
}
