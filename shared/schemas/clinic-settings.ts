import { z } from 'zod';
import { DEFAULT_BOOKING_WINDOW_DAYS, DEFAULT_SLOT_CAPACITY, timeSlots as defaultTimeSlots, type BookingRules } from '../constants/booking';
import { clinic } from '../constants/clinic';
import {
  DEFAULT_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING,
  overlappingSessions,
  slotFits,
  sortSessions,
  specHours,
  type DayHours,
  type Session,
} from '../domain/opening-hours';
import { dateField, wholeNumberField } from './fields';
import type { IsoDate } from './json';

// The clinic's hours, booking slots, capacity, booking window, reminder lead time, notification email,
// review requests (REV-1) and recall period (PAT-6) (SET-4): one object in the database, edited by the owner
// in Settings. Environment variables only give the first-start values; the defaults here are those of
// CLINIC-4 and CLINIC-5.

export const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof weekdays)[number];

/** 0 = Sunday ... 6 = Saturday (as Date.getUTCDay), the numbering of BookingRules.closedWeekdays. */
export const weekdayIndex = (day: Weekday) => weekdays.indexOf(day);

/** One session of a day (HH:mm, 24-hour). */
export type OpeningHours = Session;

export interface ClinicSettings {
  /** SET-8: each weekday's sessions, earliest first; [] = closed all that weekday. */
  openingHours: Record<Weekday, DayHours>;
  /** HH:mm, sorted, unique; each within (APPT-20) a session of at least one open weekday. */
  timeSlots: string[];
  /** APPT-20: "last appointment starts N minutes before closing" (0..240; default 0, the closing hour is a slot). */
  lastAppointmentMinutesBeforeClosing: number;
  /** Non-cancelled bookings one slot takes (1..50). */
  slotCapacity: number;
  /** How many days ahead a visitor may book (1..365). */
  bookingWindowDays: number;
  /** How long before a confirmed appointment its reminder is sent (1..168 hours). */
  reminderHoursBefore: number;
  /** Where the "new booking" email goes. */
  notificationEmail: string;
  /** REV-1: whether a completed visit gets a review request (default on). */
  reviewRequests: boolean;
  /** REV-1: hours after completion the review request goes (0..168; default 2). */
  reviewRequestDelayHours: number;
  /** PAT-6: months after a patient's last completed visit they are due for a check-up (1..60; default 6). */
  recallMonths: number;
}

export const DEFAULT_REMINDER_HOURS_BEFORE = 24;
export const DEFAULT_REVIEW_DELAY_HOURS = 2;
export const DEFAULT_RECALL_MONTHS = 6;

const weekdayHours = specHours;

/**
 * CLINIC-4, CLINIC-5: Monday to Saturday 10:00 AM-2:00 PM and 5:00 PM-9:00 PM, Sunday closed; the ten slots those
 * sessions hold (APPT-20: from each opening to each closing, both included, so 2:00 PM and 9:00 PM are slots).
 */
export const defaultClinicSettings: ClinicSettings = {
  openingHours: {
    sunday: [],
    monday: weekdayHours,
    tuesday: weekdayHours,
    wednesday: weekdayHours,
    thursday: weekdayHours,
    friday: weekdayHours,
    saturday: weekdayHours,
  },
  timeSlots: [...defaultTimeSlots],
  lastAppointmentMinutesBeforeClosing: DEFAULT_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING,
  slotCapacity: DEFAULT_SLOT_CAPACITY,
  bookingWindowDays: DEFAULT_BOOKING_WINDOW_DAYS,
  reminderHoursBefore: DEFAULT_REMINDER_HOURS_BEFORE,
  notificationEmail: clinic.email,
  reviewRequests: true,
  reviewRequestDelayHours: DEFAULT_REVIEW_DELAY_HOURS,
  recallMonths: DEFAULT_RECALL_MONTHS,
};

const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const TIME_MESSAGE = 'Please enter a time as HH:mm (24-hour)';

const timeField = z.string({ error: TIME_MESSAGE }).trim().regex(HH_MM, TIME_MESSAGE);

const sessionField = z
  .object({ open: timeField, close: timeField })
  .refine((h) => h.open < h.close, 'Closing time must be after opening time');

export const SESSIONS_OVERLAP_MESSAGE = 'Sessions of one day must not overlap';
export const MAX_SESSIONS = 4;

/**
 * SET-8: a weekday's sessions. The shape of older clients (migration 039 converted the stored row) is still
 * accepted: null is closed, one { open, close } object is one session.
 */
const hoursField = z
  .preprocess(
    (v) => (v === null ? [] : typeof v === 'object' && v !== null && !Array.isArray(v) ? [v] : v),
    z.array(sessionField, { error: 'Please give the sessions of each day' }).max(MAX_SESSIONS, `At most ${MAX_SESSIONS} sessions a day`),
  )
  .refine((h) => overlappingSessions(h) === null, SESSIONS_OVERLAP_MESSAGE)
  .transform(sortSessions);

function intField(label: string, min: number, max: number) {
  return wholeNumberField(`${label} must be a whole number from ${min} to ${max}`, min, max);
}

/**
 * APPT-20: a slot some session of the day holds (from its opening to its closing, both included). The list
 * of slots is checked against the hours alone: "last appointment starts N minutes before closing" only
 * leaves slots out of what is offered, so setting it back to 0 offers them again.
 */
export function slotInsideHours(slot: string, hours: DayHours | null | undefined): boolean {
  return (hours ?? []).some((session) => slotFits(slot, session, 0));
}

export const MAX_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING = 240;

/**
 * PUT /api/admin/clinic-settings: the whole object. The review and recall settings and the last appointment's
 * minutes before closing (added after the first clients) may be left out: a save without them keeps what is stored.
 */
export const clinicSettingsSchema = z
  .object({
    openingHours: z.object({
      sunday: hoursField,
      monday: hoursField,
      tuesday: hoursField,
      wednesday: hoursField,
      thursday: hoursField,
      friday: hoursField,
      saturday: hoursField,
    }),
    timeSlots: z
      .array(timeField, { error: 'Please add at least one time slot' })
      .min(1, 'Please add at least one time slot')
      .max(48, 'At most 48 time slots')
      .refine((slots) => new Set(slots).size === slots.length, 'Each time slot may be listed only once')
      .transform((slots) => [...slots].sort()),
    lastAppointmentMinutesBeforeClosing: intField('Last appointment before closing', 0, MAX_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING).optional(),
    slotCapacity: intField('Slot capacity', 1, 50),
    bookingWindowDays: intField('Booking window', 1, 365),
    reminderHoursBefore: intField('Reminder lead time', 1, 168),
    reviewRequests: z.boolean({ error: 'Review requests must be true or false' }).optional(),
    reviewRequestDelayHours: intField('Review request delay', 0, 168).optional(),
    recallMonths: intField('Recall period', 1, 60).optional(),
    notificationEmail: z
      .string({ error: 'Invalid email address' })
      .trim()
      .max(254, 'Email must be at most 254 characters')
      .pipe(z.email('Invalid email address')),
  })
  .superRefine((s, ctx) => {
    const open = weekdays.filter((d) => s.openingHours[d].length > 0);
    if (open.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['openingHours'], message: 'The clinic must be open on at least one day' });
      return;
    }
    for (const slot of s.timeSlots) {
      if (!open.some((d) => slotInsideHours(slot, s.openingHours[d]))) {
        ctx.addIssue({ code: 'custom', path: ['timeSlots'], message: `The slot ${slot} is outside the opening hours (a slot starts between a session's opening and closing times)` });
      }
    }
  });
export type ClinicSettingsPayload = z.output<typeof clinicSettingsSchema>;
export type ClinicSettingsInput = z.input<typeof clinicSettingsSchema>;

/** Weekdays (0 = Sunday) with no opening hours. */
export function closedWeekdays(settings: Pick<ClinicSettings, 'openingHours'>): number[] {
  return weekdays.flatMap((d, i) => (settings.openingHours[d].length === 0 ? [i] : []));
}

/** Each weekday's sessions, 0 = Sunday (BookingRules.dayHours). */
export function dayHoursOf(settings: Pick<ClinicSettings, 'openingHours'>): DayHours[] {
  return weekdays.map((d) => settings.openingHours[d]);
}

/**
 * The booking rules (BOOK-10) these settings give, with these closed dates: what slotsOn (APPT-21) and the
 * booking checks read, on the server (the public form's rules, availability, staff booking and move, the
 * calendar) and in the admin's slot picker alike.
 */
export function bookingRulesOf(
  settings: Pick<ClinicSettings, 'openingHours' | 'timeSlots' | 'bookingWindowDays' | 'lastAppointmentMinutesBeforeClosing'>,
  closedDates: ClosedDate[] = [],
): Required<BookingRules> {
  return {
    windowDays: settings.bookingWindowDays,
    timeSlots: settings.timeSlots,
    closedWeekdays: closedWeekdays(settings),
    closedDates,
    dayHours: dayHoursOf(settings),
    lastAppointmentMinutesBeforeClosing: settings.lastAppointmentMinutesBeforeClosing ?? DEFAULT_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING,
  };
}


// Closed dates (holidays) with a reason (SET-6).

export const closedDateSchema = z.object({
  date: dateField('Please select a date', 'Please select a valid date'),
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(200, 'Reason must be at most 200 characters'),
});
export type ClosedDatePayload = z.output<typeof closedDateSchema>;

export interface ClosedDate {
  date: IsoDate;
  reason: string;
}

/** GET /api/admin/closed-dates?from=: each closed date with the open bookings it still holds. */
export interface ClosedDateListItem extends ClosedDate {
  /** Pending and confirmed appointments on that date. */
  bookings: number;
}
export interface ClosedDateList {
  items: ClosedDateListItem[];
}
