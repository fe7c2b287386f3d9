import { z } from 'zod';
import {
  DEFAULT_BOOKING_WINDOW_DAYS,
  appointmentStatuses,
  isBookingTreatmentCode,
  timeSlots as defaultTimeSlots,
  type AppointmentStatus,
  type BookingRules,
} from '../constants/booking';
import { addDays, clinicToday, isPastDate, isSlotPassed } from '../domain/clinic-time';
import { formatSentenceDate } from '../domain/dates';
import { slotsInHours } from '../domain/opening-hours';
import type { FieldProblem } from './validation-error';
import { languages, type Lang } from '../i18n/types';

export const LANGUAGE_MESSAGE = 'Please choose English, Marathi or Hindi';
import { DATE_META, bookingNameField, dateField, emailField, idField, isPlausibleDate, optionalEmailField, optionalText, phoneField } from './fields';
import type { Patient } from './patient';
import type { IsoDate, IsoDateTime } from './json';

// An appointment: the booking form's schema and rules, the admin's status change and follow-up, and the
// appointment as the API answers it to the admin and (its free slots) to the public booking form.

// The booking form's shape (BOOK-2). Rules that depend on the clock live in checkBookingRules,
// so this schema gives the same answer in the form and on the server at any moment.
export const appointmentRequestSchema = z.object({
  firstName: bookingNameField('First name'),
  lastName: bookingNameField('Last name'),
  email: emailField,
  phone: phoneField,
  preferredDate: dateField('Please select a preferred date', 'Please select a valid date'),
  preferredTime: z
    .string({ error: 'Please select a preferred time' })
    .trim()
    .min(1, 'Please select a preferred time')
    .max(5, 'Please select a valid time slot'),
  treatment: z
    .string({ error: 'Please select a treatment' })
    .trim()
    .min(1, 'Please select a treatment')
    .max(40, 'Please select a valid treatment'),
  notes: optionalText(1000, 'Notes must be at most 1000 characters'),
  // I18N-3: the language of the page the visitor booked on ('en' when absent); their emails use it.
  language: z.enum(languages, { error: LANGUAGE_MESSAGE }).optional(),
});
export type AppointmentRequest = z.output<typeof appointmentRequestSchema>;
export type AppointmentRequestInput = z.input<typeof appointmentRequestSchema>;

export const bookingRuleMessages = {
  pastDate: 'Please choose today or a later date',
  sunday: 'The clinic is closed on Sundays. For emergencies, please call us.',
  unknownSlot: 'Please select a valid time slot',
  passedSlot: 'This time has already passed today. Please choose a later time.',
  unknownTreatment: 'Please select a valid treatment',
} as const;

/** BOOK-4: a date after the booking window. The number follows the clinic's setting. */
export const beyondWindowMessage = (windowDays: number) => `Please choose a date within the next ${windowDays} days`;

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** BOOK-4: a weekday without opening hours ("The clinic is closed on Sundays. ..." as before). */
export const closedWeekdayMessage = (weekday: number) =>
  `The clinic is closed on ${weekdayNames[weekday]}s. For emergencies, please call us.`;

/** SET-6: a closed date (holiday) refuses bookings with its reason. */
export const closedDateMessage = (date: string, reason: string) => `The clinic is closed on ${formatSentenceDate(date)}: ${reason}`;

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The reason a date is closed (closed date or closed weekday), or null when the clinic opens that day. */
export function closedReason(date: string, rules: BookingRules = defaultRules): string | null {
  const holiday = rules.closedDates?.find((d) => d.date === date);
  if (holiday) return closedDateMessage(date, holiday.reason);
  const weekday = weekdayOf(date);
  if ((rules.closedWeekdays ?? [0]).includes(weekday)) return closedWeekdayMessage(weekday);
  return null;
}

/**
 * APPT-21: the one "slots of a day" every reader asks (the public form and availability, the server's rules,
 * staff booking, the calendar, the admin's slot picker): the configured slots within one of that weekday's
 * sessions, from its opening to its closing less the clinic's "last appointment starts N minutes before
 * closing" (APPT-20).
 */
export function slotsOn(date: string, rules: BookingRules = defaultRules): string[] {
  const slots = rules.timeSlots ?? [...defaultTimeSlots];
  if (!rules.dayHours) return slots;
  return slotsInHours(slots, rules.dayHours[weekdayOf(date)], rules.lastAppointmentMinutesBeforeClosing ?? 0);
}

const defaultRules: BookingRules = { windowDays: DEFAULT_BOOKING_WINDOW_DAYS };

/** The last day a visitor may book: today at the clinic plus the window (day 60 yes, day 61 no). */
export function lastBookableDate(rules: BookingRules, now: Date): string {
  return addDays(clinicToday(now), rules.windowDays);
}

/**
 * The day rules of BOOK-4 and BOOK-10 (not past, within the window, not a Sunday), written once: the server's
 * checkBookingRules, its availability answer and the form's date field all ask this.
 */
export function checkBookingDate(date: string, now: Date, rules: BookingRules = defaultRules): FieldProblem | null {
  if (!isPlausibleDate(date) || isPastDate(date, now)) return { field: 'preferredDate', message: bookingRuleMessages.pastDate };
  if (date > lastBookableDate(rules, now)) return { field: 'preferredDate', message: beyondWindowMessage(rules.windowDays) };
  const closed = closedReason(date, rules);
  if (closed) return { field: 'preferredDate', message: closed };
  return null;
}

/** BOOK-4's booking rules against the clinic's clock and the booking rules in force. Returns the first problem, or null. */
export function checkBookingRules(
  req: Pick<AppointmentRequest, 'preferredDate' | 'preferredTime' | 'treatment'>,
  now: Date,
  rules: BookingRules = defaultRules,
): FieldProblem | null {
  const badDay = checkBookingDate(req.preferredDate, now, rules);
  if (badDay) return badDay;
  if (!slotsOn(req.preferredDate, rules).includes(req.preferredTime)) {
    return { field: 'preferredTime', message: bookingRuleMessages.unknownSlot };
  }
  if (isSlotPassed(req.preferredDate, req.preferredTime, now)) {
    return { field: 'preferredTime', message: bookingRuleMessages.passedSlot };
  }
  if (!isBookingTreatmentCode(req.treatment)) return { field: 'treatment', message: bookingRuleMessages.unknownTreatment };
  return null;
}

// Statuses are matched case-insensitively (APPT-2), so 'Confirmed' is accepted as 'confirmed'.
export const appointmentStatusUpdateSchema = z.object({
  status: z
    .string({ error: 'Please select a valid status' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(appointmentStatuses, { error: 'Please select a valid status' })),
});
export type AppointmentStatusUpdate = z.output<typeof appointmentStatusUpdateSchema>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export const FOLLOW_UP_PAST = 'Follow-up date must be in the future.';

/**
 * The clock-dependent rule of a follow-up (CLINIC-3): in the future. A bare date is a whole day, so it counts
 * as future only from tomorrow at the clinic. Kept out of followUpSchema, which holds no clock (CLINIC-12):
 * the server asks it with deps.now, the form with the browser's clock.
 */
export function followUpDateProblem(value: string, now: Date): FieldProblem | null {
  const future = value.length === 10 ? value > clinicToday(now) : Date.parse(value) > now.getTime();
  return future ? null : { field: 'followUpDate', message: FOLLOW_UP_PAST };
}

function isIsoDateOrDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && isPlausibleDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

export const followUpSchema = z.object({
  followUpDate: z
    .string({ error: 'Please select a follow-up appointment date.' })
    .trim()
    // A day or a moment (API-11's range either way): no single JSON Schema format, so only the range is marked.
    .meta({ formatMinimum: DATE_META.formatMinimum, formatMaximum: DATE_META.formatMaximum, description: `a day or an ISO date and time, ${DATE_META.description}` })
    .min(1, { message: 'Please select a follow-up appointment date.', abort: true })
    .refine(isIsoDateOrDateTime, { message: 'Please select a follow-up appointment date.', abort: true }),
  customMessage: optionalText(2000, 'Message must be at most 2000 characters'),
});
export type FollowUp = z.output<typeof followUpSchema>;
export type FollowUpInput = z.input<typeof followUpSchema>;

// Staff booking (APPT-10): for an existing patient (patientId) or new details under the booking form's rules.
const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const staffSlotFields = {
  preferredDate: appointmentRequestSchema.shape.preferredDate,
  preferredTime: z
    .string({ error: 'Please select a preferred time' })
    .trim()
    .regex(HH_MM, 'Please select a valid time slot'),
  treatment: appointmentRequestSchema.shape.treatment.refine(isBookingTreatmentCode, bookingRuleMessages.unknownTreatment),
  /** APPT-22: internal, staff only; never in a message to the patient. */
  notes: appointmentRequestSchema.shape.notes,
  /** APPT-22: what the confirmation and the follow-up may tell the patient. */
  patientNote: optionalText(1000, 'Note for the patient must be at most 1000 characters'),
  status: z.enum(['confirmed', 'pending'], { error: 'Please select a valid status' }).default('confirmed'),
  /** Book past the slot's capacity, a closed date or weekday, or a slot time not configured (recorded). */
  bookAnyway: z.boolean({ error: 'bookAnyway must be true or false' }).default(false),
  /** I18N-3: the language of the patient's emails and WhatsApp texts; absent, the patient's latest booking's. */
  language: appointmentRequestSchema.shape.language,
};

export const staffBookingForPatientSchema = z.object({
  patientId: idField('Please select a patient'),
  ...staffSlotFields,
});
export const staffBookingNewPatientSchema = z.object({
  firstName: appointmentRequestSchema.shape.firstName,
  lastName: appointmentRequestSchema.shape.lastName,
  // PAT-11: a phone-in patient may have no email.
  email: optionalEmailField,
  phone: phoneField,
  ...staffSlotFields,
});
/** POST /api/admin/appointments: `patientId` present picks the first shape, else the second. */
export type StaffBooking = z.output<typeof staffBookingForPatientSchema> | z.output<typeof staffBookingNewPatientSchema>;
export type StaffBookingInput = z.input<typeof staffBookingForPatientSchema> | z.input<typeof staffBookingNewPatientSchema>;

/** The schema for a staff booking body: by patient when it carries a patientId, else by new details. */
export function staffBookingSchemaFor(body: unknown) {
  const hasPatient = typeof body === 'object' && body !== null && (body as Record<string, unknown>).patientId != null;
  return hasPatient ? staffBookingForPatientSchema : staffBookingNewPatientSchema;
}

/** PATCH /api/admin/appointments/:id/reschedule (APPT-12). */
export const rescheduleSchema = z.object({
  preferredDate: staffSlotFields.preferredDate,
  preferredTime: staffSlotFields.preferredTime,
  bookAnyway: staffSlotFields.bookAnyway,
});
export type Reschedule = z.output<typeof rescheduleSchema>;
export type RescheduleInput = z.input<typeof rescheduleSchema>;

export type AppointmentSource = 'online' | 'staff';

/** APPT-1: an appointment as GET /api/admin/appointments (and every appointment mutation) answers it. */
export interface Appointment {
  id: number;
  firstName: string;
  lastName: string;
  /** PAT-11: null when booked at the desk for someone without one; then no email is sent. */
  email: string | null;
  /** PAT-9: E.164 when it parses, else as typed. */
  phone: string;
  /** A booking treatment code (shared/constants/booking.ts). */
  treatment: string;
  preferredDate: IsoDate;
  /** HH:mm, one of the time slots. */
  preferredTime: string;
  /** APPT-22: staff only; an online booking's are the visitor's own words (shown as the patient's note), a desk booking's the staff's internal note. */
  notes: string | null;
  /** APPT-22: the note staff wrote for the patient; the only note a patient's message carries. */
  patientNote: string | null;
  /** Matched case-insensitively on screen (APPT-2). */
  status: AppointmentStatus;
  createdAt: IsoDateTime;
  /**
   * BOOK-17: the patient the booking belongs to (chosen, or matched by phone and first name, or made by the
   * booking). Null only when its patient was deleted or erased (PAT-4, DATA-3).
   */
  patientId: number | null;
  /** 'online' (the public form) or 'staff' (booked at the front desk). */
  source: AppointmentSource;
  /** Booked past capacity or on a closed day by a staff member who chose to (APPT-10). */
  bookedAnyway: boolean;
  /** The staff member who booked it (display name), null for online bookings. */
  bookedBy: string | null;
  /**
   * DATA-11: the linked patient has an allergy, condition or medicine on record (PAT-7); what it is, only their
   * medical history says (an audited read, MED-6).
   */
  hasMedicalAlerts: boolean;
  /** MED-8: some of those alerts are reported (at the desk, or by a merge) and not yet confirmed. */
  medicalAlertsUnconfirmed: boolean;
  /** BOOK-15: another time the visitor asked for on their personal page, waiting for approval; else null. */
  requested: { date: IsoDate; time: string; at: IsoDateTime } | null;
  /** I18N-3: the language the visit was booked in (a staff booking: chosen, else the patient's latest booking's); its emails and WhatsApp texts speak it. */
  language: Lang;
  /** DESK-10: when the patient arrived (checked in at the desk), by the server's clock; else null. */
  arrivedAt: IsoDateTime | null;
  /** DESK-11: when the patient went into the chair; else null. */
  inChairAt: IsoDateTime | null;
  /** DESK-15: the newest invoice (not cancelled) that bills this visit, else null. */
  invoiceId: number | null;
}

/** GET /api/admin/recent-appointments: the dashboard's five most recently booked (ADMIN-9). */
export type RecentAppointment = Pick<Appointment, 'id' | 'firstName' | 'lastName' | 'treatment' | 'preferredDate' | 'preferredTime' | 'status'>;

/** POST /api/appointments answers only this: the visitor's details need not travel back (docs/decisions.md). */
export type BookedAppointment = Pick<Appointment, 'id' | 'preferredDate' | 'preferredTime' | 'treatment' | 'status'>;

/** One time slot of GET /api/appointments/availability?date=. */
export interface SlotAvailability {
  time: string;
  available: boolean;
  reason: 'full' | 'passed' | null;
}

/**
 * GET /api/appointments/availability?date=yyyy-MM-dd (BOOK-7, SET-6): a closed weekday, a closed date, a
 * past day or one beyond the window is closed, with no slots; `reason` says why (a closed date's message
 * carries the clinic's reason).
 */
export interface Availability {
  date: IsoDate;
  closed: boolean;
  reason?: string;
  slots: SlotAvailability[];
}

/** POST /api/admin/closed-dates answers the open bookings on that date, for the receptionist to move. */
export interface ClosedDateCreated {
  date: IsoDate;
  reason: string;
  affected: Appointment[];
}

/** GET /api/admin/appointments/calendar?from=&to= (APPT-14). */
export interface CalendarSlot {
  time: string;
  /** The slot's capacity; 0 for a row holding appointments at a time that is not a configured slot. */
  capacity: number;
  /** Non-cancelled appointments at that time. */
  booked: number;
  appointments: Appointment[];
}
export interface CalendarDay {
  date: IsoDate;
  closed: boolean;
  reason?: string;
  slots: CalendarSlot[];
}
export interface Calendar {
  days: CalendarDay[];
}
export const CALENDAR_MAX_DAYS = 42;

/** GET /api/admin/patients/:id/history (PAT-5). */
export interface PatientInvoiceSummary {
  id: number;
  invoiceNumber: string;
  issueDate: IsoDate;
  total: number;
  paid: number;
  balance: number;
  status: string;
}
export interface PatientHistory {
  patient: Patient;
  /** Newest first. */
  appointments: Appointment[];
  invoices: PatientInvoiceSummary[];
  totals: { billed: number; paid: number; due: number };
}
