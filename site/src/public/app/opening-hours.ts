import type { BookingRules } from '../../../../shared/constants/booking';
import { defaultDayHours, hoursLines, openDaysPhrases, type DayHours } from '../../../../shared/domain/opening-hours';
import type { Catalogue } from '../../../../shared/i18n/en';
import { paths } from './data';
import { useT } from './i18n';
import { useQuery } from './query';

// SITE-28: the opening hours the contact page and the footer show come from the clinic's settings (SET-8),
// carried by the booking rules every page embeds (GET /api/appointments/rules: dayHours), worded with the
// page's catalogue (day names, "Closed", the time of day). A settings change drops the rendered pages
// (the 'clinic' public change), so the next visitor sees the new hours.

/** Each weekday's sessions (0 = Sunday) from the embedded rules; CLINIC-4's defaults before they load. */
export function useDayHours(): readonly DayHours[] {
  return useQuery<BookingRules>(paths.bookingRules, { retry: 1 }).data?.dayHours ?? defaultDayHours;
}

export function openingHoursLines(t: Catalogue, dayHours: readonly DayHours[]): { days: string; times: string[] }[] {
  return hoursLines(dayHours, { dayNames: t.clinic.dayNames, dayRange: t.clinic.dayRange, closed: t.clinic.closed, timeOfDay: t.clinic.timeOfDay });
}

/** The week in the page's language: [{ days: 'Monday - Saturday', times: ['10:00 AM - 2:00 PM', ...] }, ...]. */
export function useOpeningHours(): { days: string; times: string[] }[] {
  return openingHoursLines(useT(), useDayHours());
}

/**
 * SITE-31: the values the site's sentences that state days are filled with ({count}, {days}, {close}), from
 * the clinic's settings in the page's language: the home page's "6 days a week" and "Open Monday to Saturday
 * until 9 PM", the about page's "Monday to Saturday". The contact page's description adds {hours}.
 */
export const useHoursValues = () => openDaysPhrases(useDayHours(), useT().clinic);
