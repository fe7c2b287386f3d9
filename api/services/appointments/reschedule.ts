import { checkStaffSlot } from './slots';
import { RESCHEDULE_STATUS_MESSAGE, reschedulableStatuses } from '../../../shared/constants/booking';
import { appointmentRescheduledEmail } from '../../../shared/emails/reschedule';
import { type Reschedule } from '../../../shared/schemas/appointment';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { Appointment } from '../../models/appointment';
import { placeholderUrl } from './manage-links';
import { loadAppointment, type AppointmentJson } from './appointments';
import { audit } from '../../platform/audit';
import { appointmentMoved, icsAttachment } from './reminders';
import { enqueueEmail } from '../../platform/mail/outbox';

// APPT-12: moving an appointment to another time.

/**
 * PATCH /api/admin/appointments/:id/reschedule (APPT-12): moves a pending or confirmed appointment under the
 * slot lock every booking takes, and queues the patient's email in the same transaction.
 */
export async function rescheduleAppointment(deps: Deps, id: number, input: Reschedule): Promise<AppointmentJson> {
  await deps.knex.transaction(async (trx) => {
    const current = await Appointment.query(trx).findById(id).forUpdate();
    if (!current) throw notFound('Appointment');
    if (!reschedulableStatuses.includes(current.status)) throw conflict(RESCHEDULE_STATUS_MESSAGE);
    if (current.preferredDate === input.preferredDate && current.preferredTime === input.preferredTime) {
      const message = 'The appointment is already at that time. Please choose another date or time.';
      throw badRequest(message, { preferredTime: message });
    }
    const overridden = await checkStaffSlot(deps, trx, input, id);
    await trx('appointments').where({ id }).update({
      preferredDate: input.preferredDate,
      preferredTime: input.preferredTime,
      bookedAnyway: overridden,
      updatedAt: deps.now(),
    });
    await audit(trx, {
      action: 'reschedule',
      entity: 'appointment',
      entityId: id,
      changes: {
        preferredDate: { old: current.preferredDate, new: input.preferredDate },
        preferredTime: { old: current.preferredTime, new: input.preferredTime },
        ...(overridden ? { bookedAnyway: { old: current.bookedAnyway ?? false, new: true } } : {}),
      },
    });
    // MAIL-9: the reminder moves with the appointment; BOOK-15: a visitor's request is answered.
    await appointmentMoved(trx, id);
    // BOOK-12, MAIL-9: like the confirmation, the email carries the personal link, and a confirmed appointment
    // the .ics at its new time (same UID, higher SEQUENCE: the calendar entry moves). A pending one has no
    // calendar entry yet: its .ics comes with the confirmation.
    const moved = { ...current, preferredDate: input.preferredDate, preferredTime: input.preferredTime };
    const withIcs = current.status === 'confirmed';
    await enqueueEmail(trx, {
      kind: 'appointment-rescheduled',
      to: current.email,
      ...appointmentRescheduledEmail(
        { ...moved, previousDate: current.preferredDate, previousTime: current.preferredTime },
        placeholderUrl('manage', deps.config.publicUrl),
        withIcs,
      ),
      link: { kind: 'manage', appointmentId: id },
      ...(withIcs ? { attachments: [icsAttachment(moved, deps.config.publicUrl, deps.now())] } : {}),
    });
  });
  deps.nudgeOutbox();
  deps.logger.info('appointment_rescheduled', { appointmentId: id });
  return loadAppointment(deps.knex, id);
}
