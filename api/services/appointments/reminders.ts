import type { Knex } from 'knex';
import { appointmentReminderEmail } from '../../../shared/emails/appointment-status';
import type { Deps } from '../../deps';
import { Appointment } from '../../models/appointment';
import { placeholderUrl } from './manage-links';
import { getClinicSettings } from './clinic-settings';
import { appointmentIcs, type IcsAppointment } from '../../platform/ics';
import { enqueueEmail } from '../../platform/mail/outbox';

const BATCH = 50;

/** SQL for an appointment's start instant: its date and slot are Asia/Kolkata wall-clock time. */
export const START_SQL = `((preferred_date + preferred_time::time) at time zone 'Asia/Kolkata')`;

/** MAIL-9: the reminder lead time in hours: the clinic's setting (SET-4), seeded by REMINDER_HOURS_BEFORE. */
export async function reminderHoursBefore(deps: Pick<Deps, 'knex' | 'config'>): Promise<number> {
  return (await getClinicSettings(deps)).reminderHoursBefore;
}

/** The .ics attachment of an appointment's confirmation or reminder (MAIL-9). */
export function icsAttachment(a: IcsAppointment, publicUrl: string, now: Date) {
  return { type: 'ics' as const, filename: 'appointment.ics', content: appointmentIcs(a, publicUrl, now) };
}

/**
 * MAIL-9 / MAIL-10 / OPS-15: queues the reminder of every confirmed appointment whose lead time has come and
 * that has not started. Rows are locked (skip locked) and reminder_sent_at is set in the same transaction
 * as the outbox row, so however many processes sweep at once, and however often, each reminder is queued
 * once. The state is in the appointment, so a reminder due while the server was down goes out when it is
 * back; a reschedule clears reminder_sent_at (the reminder moves, appointmentMoved); a cancelled
 * appointment is not confirmed, so its reminder is dropped. An appointment confirmed already inside the
 * lead time gets no separate reminder: its confirmation just said the same, with the same .ics.
 */
export async function sendDueReminders(deps: Pick<Deps, 'knex' | 'config' | 'logger' | 'nudgeOutbox'>, now: Date): Promise<number> {
  const hours = await reminderHoursBefore(deps);
  let queued = 0;
  for (;;) {
    const count = await deps.knex.transaction(async (trx) => {
      const { rows } = await trx.raw<{ rows: { id: number }[] }>(
        `select id from appointments
         where status = 'confirmed' and reminder_sent_at is null
           and ${START_SQL} > ?::timestamptz
           and ${START_SQL} <= ?::timestamptz + (? * interval '1 hour')
           and (confirmed_at is null or confirmed_at <= ${START_SQL} - (? * interval '1 hour'))
         order by id limit ? for update skip locked`,
        [now.toISOString(), now.toISOString(), hours, hours, BATCH],
      );
      for (const { id } of rows) {
        const a = await Appointment.query(trx).findById(id);
        if (!a) continue;
        await enqueueEmail(trx, {
          kind: 'appointment-reminder',
          to: a.email,
          ...appointmentReminderEmail(a, placeholderUrl('manage', deps.config.publicUrl)),
          link: { kind: 'manage', appointmentId: a.id },
          attachments: [icsAttachment(a, deps.config.publicUrl, now)],
        });
        await trx('appointments').where({ id }).update({ reminderSentAt: now });
      }
      return rows.length;
    });
    queued += count;
    if (count < BATCH) break;
  }
  if (queued > 0) {
    deps.nudgeOutbox();
    deps.logger.info('reminders_queued', { count: queued });
  }
  return queued;
}

/**
 * MAIL-9: call in the transaction that moves an appointment to another date or time (a reschedule, or an
 * approved request from the manage page): its reminder is due again at the new lead time, and any request
 * for another time is answered.
 */
export async function appointmentMoved(trx: Knex.Transaction, appointmentId: number): Promise<void> {
  await trx('appointments')
    .where({ id: appointmentId })
    .update({ reminderSentAt: null, reminderWhatsappAt: null, requestedDate: null, requestedTime: null, requestedAt: null });
}
