import { z } from 'zod';
import {
  DEFAULT_BOOKING_WINDOW_DAYS,
  appointmentStatuses,
  isBookingTreatmentCode,
  isTimeSlot,
  type AppointmentStatus,
  type BookingRules,
} from '../constants/booking';
import { addDays, clinicToday, isPastDate, isSlotPassed, isSunday, isValidDateString } from '../domain/clinic-time';
import type { FieldProblem } from './validation-error';
import { languages } from '../i18n/types';

export const LANGUAGE_MESSAGE = 'Please choose English, Marathi or Hindi';
import { bookingNameField, emailField, isPlausibleDate, optionalText, phoneField } from './fields';
import type { IsoDate, IsoDateTime } from './json';

// An appointment: the booking form's schema and rules, the admin's status change and follow-up, and the
// appointment as the API answers it to the admin and (its free slots) to the public booking form.

// The booking form's shape (SPEC section 5). Rules that depend on the clock live in checkBookingRules,
// so this schema gives the same answer in the form and on the server at any moment.
export const appointmentRequestSchema = z.object({
  firstName: bookingNameField('First name'),
  lastName: bookingNameField('Last name'),
  email: emailField,
  phone: phoneField,
  preferredDate: z
    .string({ error: 'Please select a preferred date' })
    .trim()
    .min(1, { message: 'Please select a preferred date', abort: true })
    .refine(isPlausibleDate, 'Please select a valid date'),
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

/** D27: a date after the booking window. The number follows the clinic's setting. */
export const beyondWindowMessage = (windowDays: number) => `Please choose a date within the next ${windowDays} days`;

const defaultRules: BookingRules = { windowDays: DEFAULT_BOOKING_WINDOW_DAYS };

/** The last day a visitor may book: today at the clinic plus the window (day 60 yes, day 61 no). */
export function lastBookableDate(rules: BookingRules, now: Date = new Date()): string {
  return addDays(clinicToday(now), rules.windowDays);
}

/**
 * The day rules of D12 and D27 (not past, within the window, not a Sunday), written once: the server's
 * checkBookingRules, its availability answer and the form's date field all ask this.
 */
export function checkBookingDate(date: string, now: Date = new Date(), rules: BookingRules = defaultRules): FieldProblem | null {
  if (!isPlausibleDate(date) || isPastDate(date, now)) return { field: 'preferredDate', message: bookingRuleMessages.pastDate };
  if (date > lastBookableDate(rules, now)) return { field: 'preferredDate', message: beyondWindowMessage(rules.windowDays) };
  if (isSunday(date)) return { field: 'preferredDate', message: bookingRuleMessages.sunday };
  return null;
}

/** D12's booking rules against the clinic's clock and the booking rules in force. Returns the first problem, or null. */
export function checkBookingRules(
  req: Pick<AppointmentRequest, 'preferredDate' | 'preferredTime' | 'treatment'>,
  now: Date = new Date(),
  rules: BookingRules = defaultRules,
): FieldProblem | null {
  const badDay = checkBookingDate(req.preferredDate, now, rules);
  if (badDay) return badDay;
  if (!isTimeSlot(req.preferredTime)) return { field: 'preferredTime', message: bookingRuleMessages.unknownSlot };
  if (isSlotPassed(req.preferredDate, req.preferredTime, now)) {
    return { field: 'preferredTime', message: bookingRuleMessages.passedSlot };
  }
  if (!isBookingTreatmentCode(req.treatment)) return { field: 'treatment', message: bookingRuleMessages.unknownTreatment };
  return null;
}

// Statuses are matched case-insensitively (SPEC section 4), so 'Confirmed' is accepted as 'confirmed'.
export const appointmentStatusUpdateSchema = z.object({
  status: z
    .string({ error: 'Please select a valid status' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(appointmentStatuses, { error: 'Please select a valid status' })),
});
export type AppointmentStatusUpdate = z.output<typeof appointmentStatusUpdateSchema>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

// A bare date is a whole day, so it counts as future only from tomorrow at the clinic.
function isFutureFollowUp(value: string): boolean {
  const now = new Date();
  if (value.length === 10) return value > clinicToday(now);
  return Date.parse(value) > now.getTime();
}

function isIsoDateOrDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && isValidDateString(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

export const followUpSchema = z.object({
  followUpDate: z
    .string({ error: 'Please select a follow-up appointment date.' })
    .trim()
    .min(1, { message: 'Please select a follow-up appointment date.', abort: true })
    .refine(isIsoDateOrDateTime, { message: 'Please select a follow-up appointment date.', abort: true })
    .refine(isFutureFollowUp, 'Follow-up date must be in the future.'),
  customMessage: optionalText(2000, 'Message must be at most 2000 characters'),
});
export type FollowUp = z.output<typeof followUpSchema>;
export type FollowUpInput = z.input<typeof followUpSchema>;

/** SPEC 3: an appointment as GET /api/admin/appointments (and every appointment mutation) answers it. */
export interface Appointment {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** A booking treatment code (shared/constants/booking.ts). */
  treatment: string;
  preferredDate: IsoDate;
  /** HH:mm, one of the time slots. */
  preferredTime: string;
  notes: string | null;
  /** Matched case-insensitively on screen (SPEC 4). */
  status: AppointmentStatus;
  createdAt: IsoDateTime;
}

/** GET /api/admin/recent-appointments: the dashboard's five most recently booked (SPEC 3). */
export type RecentAppointment = Pick<Appointment, 'id' | 'firstName' | 'lastName' | 'treatment' | 'preferredDate' | 'preferredTime' | 'status'>;

/** POST /api/appointments answers only this: the visitor's details need not travel back (docs/decisions.md). */
export type BookedAppointment = Pick<Appointment, 'id' | 'preferredDate' | 'preferredTime' | 'treatment' | 'status'>;

/** One time slot of GET /api/appointments/availability?date=. */
export interface SlotAvailability {
  time: string;
  available: boolean;
  reason: 'full' | 'passed' | null;
}

/** GET /api/appointments/availability?date=yyyy-MM-dd (D12): a Sunday or a past day is closed, with no slots. */
export interface Availability {
  date: IsoDate;
  closed: boolean;
  slots: SlotAvailability[];
}
