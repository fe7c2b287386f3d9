import { OPEN_BOOKING_STATUSES, openBookingSql } from './places';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { isPlausibleDate } from '../../../shared/schemas/fields';
import type { ClosedDateList, ClosedDatePayload } from '../../../shared/schemas/clinic-settings';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { appointmentJson, appointmentRows, type AppointmentJson } from './appointments';
import { changeClinicRules } from './clinic-settings';
import { audit } from '../../platform/audit';
import { StaffMember } from './slots';

// SET-6: dates the clinic is closed, with the bookings on them.


/** GET /api/admin/closed-dates?from=: from `from` (default today at the clinic), with their open bookings. */
export async function listClosedDates(deps: Deps, from: string | null): Promise<ClosedDateList> {
  const start = from ?? clinicToday(deps.now());
  const rows: { date: string; reason: string; bookings: string }[] = await deps
    .knex('closed_dates as c')
    .where('c.date', '>=', start)
    .orderBy('c.date')
    .select(
      'c.date',
      'c.reason',
      deps.knex.raw(`(select count(*) from appointments a where a.preferred_date = c.date and ${openBookingSql('a')}) as bookings`),
    );
  return { items: rows.map((r) => ({ date: r.date, reason: r.reason, bookings: Number(r.bookings) })) };
}

export const CLOSED_PAST_MESSAGE = 'A past date cannot be closed';
export const ALREADY_CLOSED_MESSAGE = 'The clinic is already closed on that date';

/** POST /api/admin/closed-dates: closes a date and answers the open bookings on it, to be moved. */
export async function closeDate(deps: Deps, input: ClosedDatePayload, staff: StaffMember): Promise<{ date: string; reason: string; affected: AppointmentJson[] }> {
  if (input.date < clinicToday(deps.now())) throw badRequest(CLOSED_PAST_MESSAGE, { date: CLOSED_PAST_MESSAGE });
  await changeClinicRules(deps, async (trx) => {
    const inserted = await trx('closed_dates')
      .insert({ date: input.date, reason: input.reason, createdBy: staff.id, createdAt: deps.now() })
      .onConflict('date')
      .ignore()
      .returning('date');
    if (inserted.length === 0) throw conflict(ALREADY_CLOSED_MESSAGE);
    await audit(trx, { action: 'create', entity: 'closed-date', entityId: input.date, changes: { reason: { old: null, new: input.reason } } });
  });
  const affected = await appointmentRows(deps.knex)
    .where('appointments.preferredDate', input.date)
    .whereIn('appointments.status', OPEN_BOOKING_STATUSES)
    .orderBy('appointments.preferredTime')
    .orderBy('appointments.id');
  deps.logger.info('closed_date_added', { date: input.date, affected: affected.length });
  return { date: input.date, reason: input.reason, affected: affected.map(appointmentJson) };
}

export async function reopenDate(deps: Deps, date: string): Promise<void> {
  if (!isPlausibleDate(date)) throw notFound('Closed date');
  await changeClinicRules(deps, async (trx) => {
    const deleted = await trx('closed_dates').where({ date }).delete().returning(['date', 'reason']);
    if (deleted.length === 0) throw notFound('Closed date');
    await audit(trx, { action: 'delete', entity: 'closed-date', entityId: date, changes: { reason: { old: deleted[0].reason, new: null } } });
  });
  deps.logger.info('closed_date_removed', { date });
}
