import type { Knex } from 'knex';

// SET-8: opening hours become sessions. The clinic_settings row (migration 011) stored each weekday as one
// { open, close } or null, and the break of CLINIC-4 lived only in the slot list (no 15:00 or 16:00 slot).
// Now each weekday is a list of sessions ([] closed) and a slot had to end by its session's closing (APPT-20 as it then read;
// migration 071 gave back the closing-hour slots this one dropped).
// The stored row is converted, keeping what the clinic edited:
// - a day at the old default 10:00-21:00 whose slots leave the afternoon free (none between 14:00 and 17:00)
//   becomes CLINIC-4's two sessions, 10:00-14:00 and 17:00-21:00;
// - any other open day keeps its hours as one session; a closed day stays closed;
// - slots no session holds any more (the old defaults' 14:00 and 21:00, which started at closing time) are
//   dropped, since no day could offer them.
// Written here in full (not imported from shared) so the migration stays what it was when later code moves.

type OldDay = { open: string; close: string } | null;
type Session = { open: string; close: string };
const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const fits = (slot: string, s: Session) => slot >= s.open && minutes(slot) + 60 <= minutes(s.close);

export function sessionsFromOldHours(stored: Record<string, unknown>): Record<string, unknown> {
  const hours = (stored.openingHours ?? {}) as Record<string, OldDay | Session[]>;
  if (days.some((d) => Array.isArray(hours[d]))) return stored;
  const slots = Array.isArray(stored.timeSlots) ? (stored.timeSlots as string[]) : [];
  const afternoonFree = !slots.some((s) => s > '14:00' && s < '17:00');
  const next: Record<string, Session[]> = {};
  for (const day of days) {
    const old = hours[day] as OldDay | undefined;
    if (!old) next[day] = [];
    else if (old.open === '10:00' && old.close === '21:00' && afternoonFree) {
      next[day] = [
        { open: '10:00', close: '14:00' },
        { open: '17:00', close: '21:00' },
      ];
    } else next[day] = [{ open: old.open, close: old.close }];
  }
  const kept = slots.filter((slot) => days.some((d) => next[d].some((s) => fits(slot, s))));
  return { ...stored, openingHours: next, timeSlots: kept.length ? kept : slots };
}

export function oldHoursFromSessions(stored: Record<string, unknown>): Record<string, unknown> {
  const hours = (stored.openingHours ?? {}) as Record<string, Session[] | OldDay>;
  const old: Record<string, OldDay> = {};
  for (const day of days) {
    const sessions = hours[day];
    if (!Array.isArray(sessions)) old[day] = (sessions as OldDay) ?? null;
    else old[day] = sessions.length ? { open: sessions[0].open, close: sessions[sessions.length - 1].close } : null;
  }
  return { ...stored, openingHours: old };
}

async function convert(knex: Knex, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const row = await knex('clinic_settings').where({ id: 1 }).first<{ settings: unknown } | undefined>('settings');
  if (!row) return;
  const stored = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Record<string, unknown> | null;
  if (!stored || typeof stored !== 'object') return;
  await knex('clinic_settings').where({ id: 1 }).update({ settings: JSON.stringify(change(stored)) });
}

export async function up(knex: Knex): Promise<void> {
  await convert(knex, sessionsFromOldHours);
}

export async function down(knex: Knex): Promise<void> {
  await convert(knex, oldHoursFromSessions);
}
