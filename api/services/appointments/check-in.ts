import type { Knex } from 'knex';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { isOpenBooking } from '../../../shared/constants/booking';
import { CHECK_IN_MESSAGES } from '../../../shared/domain/check-in-messages';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { Appointment } from '../../models/appointment';
import { audit } from '../../platform/audit';
import { type AppointmentJson, loadAppointment } from './appointments';

// The day at the desk: check-in (arrived) and the chair, each with its undo. Times are the server's clock
// (deps.now(), CLINIC-12), never the browser's; each change locks the appointment's row and writes its audit
// row in the same transaction, so two receptionists clicking at once change it once.

type Step = 'arrived' | 'in-chair';

async function lock(trx: Knex.Transaction, id: number): Promise<Appointment> {
  const row = await Appointment.query(trx).findById(id).forUpdate();
  if (!row) throw notFound('Appointment');
  return row;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** POST /:id/arrived and /:id/in-chair. */
export async function markStep(deps: Deps, id: number, step: Step): Promise<AppointmentJson> {
  const result = await deps.knex.transaction(async (trx) => {
    const current = await lock(trx, id);
    const now = deps.now();
    if (step === 'arrived') {
      // DESK-10: only a pending or confirmed appointment of today (the clinic's date) arrives, once.
      if (current.arrivedAt) throw conflict(CHECK_IN_MESSAGES.alreadyArrived);
      if (!isOpenBooking(current.status)) throw conflict(CHECK_IN_MESSAGES.notOpen(current.status));
      if (current.preferredDate !== clinicToday(now)) throw conflict(CHECK_IN_MESSAGES.notToday);
      // DESK-10: a pending booking that arrives is confirmed by it (no email: the patient is at the desk).
      const confirm = current.status === 'pending' ? { status: 'confirmed' as const, confirmedAt: now } : {};
      await Appointment.query(trx).patch({ arrivedAt: now, updatedAt: now, ...confirm }).where('id', id);
      await audit(trx, {
        action: 'arrived',
        entity: 'appointment',
        entityId: id,
        changes: {
          arrivedAt: { old: null, new: now.toISOString() },
          ...(current.status === 'pending' ? { status: { old: 'pending', new: 'confirmed' } } : {}),
        },
      });
    } else {
      // DESK-11: into the chair only after arriving, once, while the visit is open.
      if (!current.arrivedAt) throw conflict(CHECK_IN_MESSAGES.notArrived);
      if (current.inChairAt) throw conflict(CHECK_IN_MESSAGES.alreadyInChair);
      if (current.status !== 'confirmed') throw conflict(CHECK_IN_MESSAGES.notOpen(current.status));
      await Appointment.query(trx).patch({ inChairAt: now, updatedAt: now }).where('id', id);
      await audit(trx, { action: 'in-chair', entity: 'appointment', entityId: id, changes: { inChairAt: { old: null, new: now.toISOString() } } });
    }
    return loadAppointment(trx, id);
  });
  deps.logger.info('appointment_check_in', { appointmentId: id, step });
  return result;
}

/** DELETE /:id/arrived and /:id/in-chair: DESK-12, undo in reverse order, while the visit is open. */
export async function undoStep(deps: Deps, id: number, step: Step): Promise<AppointmentJson> {
  const result = await deps.knex.transaction(async (trx) => {
    const current = await lock(trx, id);
    const now = deps.now();
    if (current.status !== 'confirmed') throw conflict(CHECK_IN_MESSAGES.undoClosed(current.status));
    if (step === 'arrived') {
      if (!current.arrivedAt) throw conflict(CHECK_IN_MESSAGES.notArrived);
      if (current.inChairAt) throw conflict(CHECK_IN_MESSAGES.inChairFirst);
      await Appointment.query(trx).patch({ arrivedAt: null, updatedAt: now }).where('id', id);
      await audit(trx, { action: 'undo-arrived', entity: 'appointment', entityId: id, changes: { arrivedAt: { old: iso(current.arrivedAt), new: null } } });
    } else {
      if (!current.inChairAt) throw conflict(CHECK_IN_MESSAGES.notInChair);
      await Appointment.query(trx).patch({ inChairAt: null, updatedAt: now }).where('id', id);
      await audit(trx, { action: 'undo-in-chair', entity: 'appointment', entityId: id, changes: { inChairAt: { old: iso(current.inChairAt), new: null } } });
    }
    return loadAppointment(trx, id);
  });
  deps.logger.info('appointment_check_in_undone', { appointmentId: id, step });
  return result;
}
