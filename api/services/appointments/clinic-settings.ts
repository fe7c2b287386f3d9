import type { Knex } from 'knex';
import { addDays, clinicToday } from '../../../shared/domain/clinic-time';
import {
  bookingRulesOf,
  clinicSettingsSchema,
  defaultClinicSettings,
  type ClinicSettings,
  type ClinicSettingsPayload,
  type ClosedDate,
} from '../../../shared/schemas/clinic-settings';
import type { Deps } from '../../deps';
import { audit, changedFields } from '../../platform/audit';
import { publicChange } from '../../platform/public-cache';

// SET-4: the clinic's hours, slots, capacity, booking window, reminder lead time, notification email, review
// requests and recall period live in one row of clinic_settings (migration 011). The row is written when the
// server starts, from the environment's first-start values (BOOKING_SLOT_CAPACITY, BOOKING_WINDOW_DAYS,
// CLINIC_NOTIFY_EMAIL, REMINDER_HOURS_BEFORE, RECALL_MONTHS) over the defaults of CLINIC-4 and CLINIC-5; from
// then on only the owner's Settings change it. A row stored by an older version lacks the later fields: they
// read as the first-start values until the owner saves.

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** What the environment gives a clinic that has no settings row yet. */
export function firstStartSettings(config: Deps['config']): ClinicSettings {
  return {
    ...defaultClinicSettings,
    slotCapacity: clamp(config.slotCapacity, 1, 50),
    bookingWindowDays: clamp(config.bookingWindowDays, 1, 365),
    reminderHoursBefore: clamp(config.reminderHoursBefore, 1, 168),
    recallMonths: clamp(config.recallMonths, 1, 60),
    notificationEmail: config.clinicNotifyEmail ?? defaultClinicSettings.notificationEmail,
  };
}

/** A stored object read defensively: fields a later version added take their defaults. */
function readStored(stored: unknown, fallback: ClinicSettings): ClinicSettings {
  const merged = { ...fallback, ...(typeof stored === 'object' && stored !== null ? stored : {}) };
  const parsed = clinicSettingsSchema.safeParse(merged);
  return parsed.success ? complete(parsed.data, fallback) : fallback;
}

/** A payload's optional fields (REV-1, PAT-6, APPT-20) taken from `base` where the payload leaves them out. */
function complete(input: ClinicSettingsPayload, base: ClinicSettings): ClinicSettings {
  return {
    ...input,
    openingHours: { ...input.openingHours },
    reviewRequests: input.reviewRequests ?? base.reviewRequests,
    reviewRequestDelayHours: input.reviewRequestDelayHours ?? base.reviewRequestDelayHours,
    recallMonths: input.recallMonths ?? base.recallMonths,
    lastAppointmentMinutesBeforeClosing: input.lastAppointmentMinutesBeforeClosing ?? base.lastAppointmentMinutesBeforeClosing,
  };
}

export async function getClinicSettings(deps: Pick<Deps, 'knex' | 'config'>, db: Knex | Knex.Transaction = deps.knex): Promise<ClinicSettings> {
  const row = await db('clinic_settings').where({ id: 1 }).first<{ settings: unknown } | undefined>('settings');
  const fallback = firstStartSettings(deps.config);
  // Reading never writes (a public GET must not change the database): the row is stored at start.
  return row ? readStored(row.settings, fallback) : fallback;
}

/** First start: store the environment's values, so a later change of the environment changes nothing. */
export async function storeFirstStartSettings(knex: Knex, config: Deps['config']): Promise<void> {
  await knex('clinic_settings').insert({ id: 1, settings: JSON.stringify(firstStartSettings(config)) }).onConflict('id').ignore();
}

/**
 * Every change to the booking rules (these settings, closed dates) goes through here: every public page
 * embeds them, so the pages and the rules are dropped once the change commits.
 */
export function changeClinicRules<T>(deps: Pick<Deps, 'knex' | 'cache'>, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return publicChange(deps, 'clinic', work);
}

export async function saveClinicSettings(deps: Deps, input: ClinicSettingsPayload): Promise<ClinicSettings> {
  let settings: ClinicSettings | undefined;
  await changeClinicRules(deps, async (trx) => {
    const before = await getClinicSettings(deps, trx);
    // REV-1, PAT-6, APPT-20: a client that does not send the review or recall settings or the last
    // appointment's minutes before closing (one older than them) keeps what is stored.
    settings = complete(input, before);
    await trx('clinic_settings').insert({ id: 1, settings: JSON.stringify(settings), updatedAt: deps.now() }).onConflict('id').merge();
    await audit(trx, { action: 'update', entity: 'clinic-settings', changes: changedFields(before, settings) });
  });
  deps.logger.info('clinic_settings_changed', {});
  return settings!;
}

/** Closed dates from `from` to `to` (inclusive), earliest first. */
export async function closedDatesBetween(db: Knex | Knex.Transaction, from: string, to: string): Promise<ClosedDate[]> {
  const rows: { date: string; reason: string }[] = await db('closed_dates')
    .whereBetween('date', [from, to])
    .orderBy('date')
    .select('date', 'reason');
  return rows.map((r) => ({ date: r.date, reason: r.reason }));
}

/** The settings as the booking rules' checks read them (shared/schemas/appointment.ts). */
export function rulesFromSettings(settings: ClinicSettings, closedDates: ClosedDate[]) {
  return bookingRulesOf(settings, closedDates);
}

/** The rules in force now: settings plus the closed dates from today to the end of the window. */
export async function currentRules(deps: Deps, db: Knex | Knex.Transaction = deps.knex) {
  const settings = await getClinicSettings(deps, db);
  const today = clinicToday(deps.now());
  const closed = await closedDatesBetween(db, today, addDays(today, settings.bookingWindowDays));
  return { settings, rules: rulesFromSettings(settings, closed) };
}
