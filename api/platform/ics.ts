import ical, { ICalCalendarMethod } from 'ical-generator';
import { treatmentLabel } from '../../shared/constants/booking';
import { clinic } from '../../shared/constants/clinic';
import { CLINIC_TIME_ZONE } from '../../shared/domain/clinic-time';

/** How long a visit is blocked in the patient's calendar (slots are an hour apart). */
const VISIT_MINUTES = 30;
const IST_OFFSET_MS = 330 * 60_000;

// Asia/Kolkata has kept +05:30 without daylight saving since 1945, so one STANDARD rule describes it fully.
const KOLKATA_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CLINIC_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export interface IcsAppointment {
  id: number;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
}

/** The instant an appointment starts: its date and slot are the clinic's wall-clock time (+05:30). */
export function appointmentStart(a: Pick<IcsAppointment, 'preferredDate' | 'preferredTime'>): Date {
  return new Date(`${a.preferredDate}T${a.preferredTime}:00+05:30`);
}

/**
 * MAIL-9: the calendar file the confirmation and the reminder carry. Clinic time (TZID Asia/Kolkata with its
 * VTIMEZONE), the clinic's address as LOCATION, a stable UID per appointment so a later file (after a
 * reschedule) updates the same calendar entry, and a SEQUENCE that grows with each file.
 */
export function appointmentIcs(a: IcsAppointment, publicUrl: string, now: Date): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  // ical-generator writes a Date's UTC fields beside TZID= (it converts zones only through a date library).
  // Kolkata is UTC+05:30 all year, so shifting by that offset makes those fields the clinic's wall time.
  const wall = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS);
  const start = wall(appointmentStart(a));
  const calendar = ical({ name: clinic.name, prodId: { company: clinic.name, product: 'appointments' }, method: ICalCalendarMethod.PUBLISH });
  calendar.timezone({ name: CLINIC_TIME_ZONE, generator: () => KOLKATA_VTIMEZONE });
  calendar.createEvent({
    id: `appointment-${a.id}@${host}`,
    sequence: Math.floor(now.getTime() / 1000) % 2_000_000_000,
    stamp: wall(now),
    start,
    end: new Date(start.getTime() + VISIT_MINUTES * 60_000),
    timezone: CLINIC_TIME_ZONE,
    summary: `Dental appointment: ${treatmentLabel(a.treatment)} – ${clinic.name}`,
    location: `${clinic.name}, ${clinic.addressText}`,
    description: `${clinic.name}\n${clinic.addressText}\n${clinic.phone}\n${clinic.mapLink}`,
    organizer: { name: clinic.name, email: clinic.email },
  });
  return calendar.toString();
}
