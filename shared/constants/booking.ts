import type { DayHours } from './opening-hours';

// Booking and appointment constants (CLINIC-5, CLINIC-6, APPT-2, APPT-3).

/**
 * CLINIC-5: the hourly slots of CLINIC-4's sessions (10:00-14:00, 17:00-21:00), each closing hour included
 * (APPT-20): ten slots, shown 10:00 AM to 9:00 PM.
 */
export const timeSlots = ['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00'] as const;
export type TimeSlot = (typeof timeSlots)[number];

export function isTimeSlot(value: string): value is TimeSlot {
  return (timeSlots as readonly string[]).includes(value);
}

/**
 * '10:00' -> '10:00 AM', '21:00' -> '9:00 PM' (SPEC.md's slots): the one 12-hour clock of UI-17, which
 * shared/domain/dates.ts's formatTime writes every time with. Anything not HH:mm comes back unchanged.
 */
export function timeSlotLabel(slot: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(slot);
  if (!match) return slot;
  const hours = Number(match[1]);
  if (hours > 23 || Number(match[2]) > 59) return slot;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

export const bookingTreatmentCodes = [
  'consultation', 'cleaning', 'extraction', 'crown', 'dentures', 'veneer', 'implants', 'whitening', 'wisdom',
  'restoration', 'braces', 'bonding', 'fluoride', 'invisalign', 'rootcanal', 'fillings', 'sealants', 'fissure',
  'periodontal', 'other',
] as const;
export type BookingTreatmentCode = (typeof bookingTreatmentCodes)[number];

const treatmentLabels: Record<BookingTreatmentCode, string> = {
  consultation: 'General Consultation',
  cleaning: 'Teeth Cleaning',
  extraction: 'Tooth Extraction',
  crown: 'Dental Crown',
  dentures: 'Dentures',
  veneer: 'Veneers',
  implants: 'Dental Implants',
  whitening: 'Teeth Whitening',
  wisdom: 'Wisdom Tooth Removal',
  restoration: 'Dental Restoration',
  braces: 'Braces',
  bonding: 'Dental Bonding',
  fluoride: 'Fluoride Treatment',
  invisalign: 'Invisalign (Clear Aligners)',
  rootcanal: 'Root Canal Treatment',
  fillings: 'Dental Fillings',
  sealants: 'Dental Sealants',
  fissure: 'Fissure Sealants',
  periodontal: 'Gum (Periodontal) Treatment',
  other: 'Other',
};

export const bookingTreatments: readonly { code: BookingTreatmentCode; label: string }[] = bookingTreatmentCodes.map(
  (code) => ({ code, label: treatmentLabels[code] }),
);

export function isBookingTreatmentCode(value: string): value is BookingTreatmentCode {
  return (bookingTreatmentCodes as readonly string[]).includes(value);
}

/** The label for a code; an unknown code (old data) is shown as stored. */
export function treatmentLabel(code: string): string {
  return isBookingTreatmentCode(code) ? treatmentLabels[code] : code;
}

/** Non-cancelled bookings one slot takes unless the clinic's setting says otherwise (BOOK-5). */
export const DEFAULT_SLOT_CAPACITY = 2;
export const SLOT_FULL_MESSAGE = 'This time slot is fully booked. Please choose another time.';

/**
 * The booking rules a visitor's form needs (SET-4: the clinic's settings), as GET /api/appointments/rules
 * answers them. The last day a visitor may book is today + windowDays at the clinic. The other fields are
 * optional for callers that only know the window; absent, they are the defaults of CLINIC-4 and CLINIC-5 (these slots, Sunday
 * closed, no closed dates).
 */
export interface BookingRules {
  windowDays: number;
  /** HH:mm, the configured slots (a weekday offers those inside its opening hours). */
  timeSlots?: string[];
  /** 0 = Sunday ... 6 = Saturday: weekdays with no opening hours. */
  closedWeekdays?: number[];
  /** Upcoming closed dates within the window, with the reason shown to visitors. */
  closedDates?: { date: string; reason: string }[];
  /** SET-8: each weekday's sessions (0 = Sunday), [] when closed; absent means every slot on every open day. */
  dayHours?: DayHours[];
  /** APPT-20: the last slot of a session starts this many minutes before its closing at the latest (absent: 0). */
  lastAppointmentMinutesBeforeClosing?: number;
}
export type PublicBookingRules = Required<BookingRules>;
export const DEFAULT_BOOKING_WINDOW_DAYS = 60;

// The public form must not flood the clinic or mail strangers. The limits themselves are
// configuration (api/config.ts); their messages are here.

/** A field no person sees or fills (a honeypot): a form that arrives with it filled was filled by a bot. */
export const BOOKING_HONEYPOT_FIELD = 'website';
export const HONEYPOT_MESSAGE = 'Your request could not be sent. Please call us to book your appointment.';

/** 409: the email or phone already holds `max` open (pending or confirmed, today or later) bookings. */
export function contactLimitMessage(max: number): string {
  const requests = max === 1 ? '1 upcoming appointment request' : `${max} upcoming appointment requests`;
  return `You already have ${requests}. Please call us to change or add one.`;
}

/** 429: too many booking requests from one address in the window. */
export function bookingRateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many booking requests from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or call us.`;
}

export const appointmentStatuses = ['pending', 'confirmed', 'completed', 'cancelled', 'no-show'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

// APPT-3: Approve, Cancel and Mark Completed; APPT-13: a confirmed appointment whose time has passed
// may be marked no-show (the time is checked by the server). Completed, cancelled and no-show are final.
export const allowedStatusTransitions: Record<AppointmentStatus, AppointmentStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled', 'no-show'],
  completed: [],
  cancelled: [],
  'no-show': [],
};

// APPT-23: the two states of an appointment the booking rules count, each defined here once (the server's
// SQL for them is written from these in api/services/appointments/places.ts).
// - "Occupies a place": every appointment but a cancelled one takes one of its slot's places (a completed,
//   no-show or arrived visit used its place, so the slot stays as full as it was).
// - "Open booking": pending or confirmed, the ones still to happen (the per-contact cap, a closed date's
//   bookings to move, the personal page's actions, check-in, the reschedule, the Recall list's "already booked").

/** The one status whose appointment gives its place back. */
export const PLACE_FREEING_STATUS: AppointmentStatus = 'cancelled';
export const occupiesPlace = (status: string): boolean => status !== PLACE_FREEING_STATUS;

export const openBookingStatuses: readonly AppointmentStatus[] = ['pending', 'confirmed'];
export const isOpenBooking = (status: string): boolean => (openBookingStatuses as readonly string[]).includes(status);

/** Statuses an appointment may be rescheduled from (APPT-12): the open bookings (APPT-23). */
export const reschedulableStatuses = openBookingStatuses;
export const NO_SHOW_TOO_EARLY_MESSAGE = 'An appointment can be marked no-show only once its time has passed.';
export const RESCHEDULE_STATUS_MESSAGE = 'Only a pending or confirmed appointment can be rescheduled.';


export function canTransition(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return allowedStatusTransitions[from]?.includes(to) ?? false;
}

// INV-10: read from the invoice's payments, due date and cancellation (shared/domain/invoice-status.ts).
export const invoiceStatuses = ['pending', 'partially-paid', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
