import { treatmentLabel } from '../constants/booking';

// The day at the desk, as pure functions the admin screens use: the dashboard's Today (DESK-14) and the
// price-list entry that bills a visit's treatment (DESK-16).

export interface DeskAppointment {
  id: number;
  status: string;
  preferredTime: string;
  arrivedAt: string | null;
  inChairAt: string | null;
}

export interface TodayBoard<T extends DeskAppointment> {
  /** Arrived, not yet in the chair: first come first, with the whole minutes since arrival. */
  waiting: { appointment: T; minutes: number }[];
  /** In the chair, earliest seated first, with the minutes since they sat down. */
  inChair: { appointment: T; minutes: number }[];
  /** Everyone else of the day, by time (then as booked). */
  rest: T[];
}

const minutesSince = (iso: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));

/** DESK-14: the day's appointments as the desk sees them at `now`. */
export function todayBoard<T extends DeskAppointment>(appointments: readonly T[], now: Date): TodayBoard<T> {
  const open = (a: T) => a.status.toLowerCase() === 'confirmed';
  const waiting = appointments
    .filter((a) => open(a) && a.arrivedAt && !a.inChairAt)
    .sort((a, b) => Date.parse(a.arrivedAt!) - Date.parse(b.arrivedAt!) || a.id - b.id)
    .map((appointment) => ({ appointment, minutes: minutesSince(appointment.arrivedAt!, now) }));
  const inChair = appointments
    .filter((a) => open(a) && a.inChairAt)
    .sort((a, b) => Date.parse(a.inChairAt!) - Date.parse(b.inChairAt!) || a.id - b.id)
    .map((appointment) => ({ appointment, minutes: minutesSince(appointment.inChairAt!, now) }));
  const placed = new Set([...waiting, ...inChair].map((w) => w.appointment.id));
  const rest = appointments.filter((a) => !placed.has(a.id)).sort((a, b) => a.preferredTime.localeCompare(b.preferredTime) || a.id - b.id);
  return { waiting, inChair, rest };
}

/** "just now", "1 min", "25 min", "1 h 05 min". */
export function formatWait(minutes: number): string {
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

// Words that say nothing about which treatment it is.
const NOISE = new Set(['dental', 'teeth', 'tooth', 'treatment', 'the', 'and', 'of', 'general', 'clear']);
const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const words = (text: string) => normal(text).split(' ').filter((w) => w && !NOISE.has(w));

/**
 * DESK-16: the price-list entry for a booking's treatment code: the entry named like its label (equal,
 * or one containing the other, ignoring case and punctuation), else the one sharing most of its telling
 * words, else a consultation entry, else null. Only active entries count.
 */
export function priceEntryForTreatment<T extends { name: string; isActive?: boolean }>(treatment: string, entries: readonly T[]): T | null {
  const active = entries.filter((e) => e.isActive !== false);
  const label = normal(treatmentLabel(treatment));
  if (treatment !== 'other' && label) {
    const exact = active.find((e) => normal(e.name) === label);
    if (exact) return exact;
    const containing = active.find((e) => {
      const name = normal(e.name);
      return name.length > 0 && (name.includes(label) || label.includes(name));
    });
    if (containing) return containing;
    const mine = new Set(words(label));
    let best: T | null = null;
    let bestScore = 0;
    for (const e of active) {
      const score = words(e.name).filter((w) => mine.has(w)).length;
      if (score > bestScore) [best, bestScore] = [e, score];
    }
    if (best) return best;
  }
  return active.find((e) => /\bconsultation\b/.test(normal(e.name))) ?? null;
}
