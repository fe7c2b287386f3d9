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
import { latestBookingLanguage, refuseMerged } from '../patients/patients';
import { linkOrCreatePatient, patientContact } from '../patients/patient-link';
import { normalisePhone } from '../../../shared/domain/phone';
import { StaffMember, checkStaffSlot } from './slots';

// APPT-10: a phone or walk-in booking made by staff.

/** POST /api/admin/appointments (APPT-10): a phone or walk-in booking, for a patient on file or new details. */
export async function staffBookAppointment(deps: Deps, input: StaffBooking, staff: StaffMember): Promise<AppointmentJson> {
  const id = await deps.knex.transaction(async (trx) => {
    let person: { firstName: string; lastName: string; email: string | null; phone: string };
    let patientId: number | null;
    if ('patientId' in input) {
      const patient = await Patient.query(trx).findById(input.patientId);
      if (!patient) throw badRequest('Patient not found', { patientId: 'Patient not found' });
      await refuseMerged(trx, patient);
      // PAT-14: a dependant without an email or phone of their own is reached through their guardian.
      person = { firstName: patient.firstName, lastName: patient.lastName, ...(await patientContact(trx, patient)) };
      patientId = patient.id;
    } else {
      person = { ...input, phone: normalisePhone(input.phone) };
      patientId = null;
    }
    // I18N-3: the language the staff member chose, else the patient's (a Marathi family who phones in
    // keeps getting Marathi emails and WhatsApp texts); read before the slot's lock is taken.
    const language = input.language ?? (await latestBookingLanguage(trx, { patientId, email: person.email }));
    const overridden = await checkStaffSlot(deps, trx, input);
    // BOOK-17: new details belong to the patient with their phone and first name, or to one made now; after
    // the slot's lock, in the order the public booking takes them (slot, then person).
    patientId ??= await linkOrCreatePatient(trx, person, deps.now());
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
        treatment: { old: null, new: input.treatment },
        status: { old: null, new: input.status },
        bookedAnyway: { old: null, new: overridden },
        language: { old: null, new: language },
        source: { old: null, new: 'staff' },
      },
    });
    if (input.status === 'confirmed' && person.email) {
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
  deps.nudgeOutbox();
  deps.logger.info('appointment_booked_by_staff', { appointmentId: id, staffId: staff.id });
  return loadAppointment(deps.knex, id);
}
