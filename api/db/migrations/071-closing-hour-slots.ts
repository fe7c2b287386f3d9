import type { Knex } from 'knex';

// APPT-20, CLINIC-5: a session's slots run from its opening to its closing time, both included, and the
// clinic may end them earlier with "last appointment starts N minutes before closing" (default 0). Migration
// 039 dropped 14:00 and 21:00 from the stored slots when a slot had to end by closing; a clinic whose stored
// slots are exactly that old eight-slot default gets CLINIC-5's ten back (each only where some open day's
// session holds it). A clinic that chose its own slots keeps them.
// Rolled back, the older rule (a slot ends by closing) cannot read a slot that starts at closing: such slots
// are dropped again and the new setting is removed.
// Written here in full (not imported from shared) so the migration stays what it was when later code moves.

type Session = { open: string; close: string };
const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const oldDefault = ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00'];
const restored = ['14:00', '21:00'];

function sessionsOf(stored: Record<string, unknown>): Session[] {
  const hours = (stored.openingHours ?? {}) as Record<string, unknown>;
  return days.flatMap((d) => (Array.isArray(hours[d]) ? (hours[d] as Session[]) : []));
}

const holds = (slot: string, s: Session) => slot >= s.open && slot <= s.close;
const holdsUnderOldRule = (slot: string, s: Session) => slot >= s.open && minutes(slot) + 60 <= minutes(s.close);

export function withClosingHourSlots(stored: Record<string, unknown>): Record<string, unknown> {
  const slots = Array.isArray(stored.timeSlots) ? (stored.timeSlots as string[]) : null;
  if (!slots || slots.length !== oldDefault.length || !oldDefault.every((s, i) => slots[i] === s)) return stored;
  const sessions = sessionsOf(stored);
  const added = restored.filter((slot) => sessions.some((s) => holds(slot, s)));
  return { ...stored, timeSlots: [...slots, ...added].sort() };
}

export function withoutClosingHourSlots(stored: Record<string, unknown>): Record<string, unknown> {
  const { lastAppointmentMinutesBeforeClosing: _dropped, ...rest } = stored;
  const slots = Array.isArray(rest.timeSlots) ? (rest.timeSlots as string[]) : null;
  if (!slots) return rest;
  const sessions = sessionsOf(rest);
  const kept = slots.filter((slot) => sessions.some((s) => holdsUnderOldRule(slot, s)));
  return { ...rest, timeSlots: kept.length ? kept : slots };
}

async function convert(knex: Knex, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const row = await knex('clinic_settings').where({ id: 1 }).first<{ settings: unknown } | undefined>('settings');
  if (!row) return;
  const stored = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Record<string, unknown> | null;
  if (!stored || typeof stored !== 'object') return;
  await knex('clinic_settings').where({ id: 1 }).update({ settings: JSON.stringify(change(stored)) });
}

export async function up(knex: Knex): Promise<void> {
  await convert(knex, withClosingHourSlots);
}

export async function down(knex: Knex): Promise<void> {
  await convert(knex, withoutClosingHourSlots);
}
