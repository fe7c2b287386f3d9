import { appointmentConfirmedEmail } from '../../../shared/emails/appointment-status';
import { type StaffBooking } from '../../../shared/schemas/appointment';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { Patient } from '../../models/patient';
import { placeholderUrl } from './manage-links';
import { loadAppointment, type AppointmentJson } from './appointments';
import { audit } from '../../platform/audit';
import { icsAttachment } from './reminders';
import { enqueueEmail } from '../../platform/mail/outbox';
import { latestBookingLanguage } from '../patients/patients';
import { StaffMember, checkStaffSlot } from './slots';

// APPT-10: a phone or walk-in booking made by staff.

/** POST /api/admin/appointments (APPT-10): a phone or walk-in booking, for a patient on file or new details. */
export async function staffBookAppointment(deps: Deps, input: StaffBooking, staff: StaffMember): Promise<AppointmentJson> {
  const id = await deps.knex.transaction(async (trx) => {
    let person: { firstName: string; lastName: string; email: string; phone: string };
    let patientId: number | null;
    if ('patientId' in input) {
      const patient = await Patient.query(trx).findById(input.patientId);
      if (!patient) throw badRequest('Patient not found', { patientId: 'Patient not found' });
      person = patient;
      patientId = patient.id;
    } else {
      person = input;
      // Linked to a patient on file by email, as the public booking links (migration 003).
      const match = await trx('patients').whereRaw('lower(email) = lower(?)', [input.email]).orderBy('id').first<{ id: number } | undefined>('id');
      patientId = match?.id ?? null;
    }
    // I18N-3: the language the staff member chose, else the patient's (a Marathi family who phones in
    // keeps getting Marathi emails and WhatsApp texts); read before the slot's lock is taken.
    const language = input.language ?? (await latestBookingLanguage(trx, { patientId, email: person.email }));
    const overridden = await checkStaffSlot(deps, trx, input);
    const now = deps.now();
    const [row] = await trx('appointments')
      .insert({
        patientId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        treatment: input.treatment,
        preferredDate: input.preferredDate,
        preferredTime: input.preferredTime,
        notes: input.notes,
        patientNote: input.patientNote,
        status: input.status,
        confirmedAt: input.status === 'confirmed' ? now : null,
        source: 'staff',
        bookedAnyway: overridden,
        bookedBy: staff.id,
        bookedByName: staff.displayName,
        language,
        createdAt: now,
        updatedAt: now,
      })
      .returning<{ id: number }[]>('id');
    await audit(trx, {
      action: 'create',
      entity: 'appointment',
      entityId: row.id,
      changes: {
        preferredDate: { old: null, new: input.preferredDate },
        preferredTime: { old: null, new: input.preferredTime },
        status: { old: null, new: input.status },
        bookedAnyway: { old: null, new: overridden },
        language: { old: null, new: language },
      },
    });
    if (input.status === 'confirmed') {
      // BOOK-12, MAIL-9: the confirmation carries the personal link and the .ics.
      await enqueueEmail(trx, {
        kind: 'appointment-confirmed',
        to: person.email,
        ...appointmentConfirmedEmail({ ...person, ...input, language }, placeholderUrl('manage', deps.config.publicUrl)),
        link: { kind: 'manage', appointmentId: row.id },
        attachments: [icsAttachment({ ...input, id: row.id }, deps.config.publicUrl, now)],
      });
    }
    return row.id;
  });
  if (input.status === 'confirmed') deps.nudgeOutbox();
  deps.logger.info('appointment_booked_by_staff', { appointmentId: id, staffId: staff.id });
  return loadAppointment(deps.knex, id);
}
