import type { AppointmentStatus } from '../../shared/constants/booking';
import type { Lang } from '../../shared/i18n/types';
import { BaseModel } from './base-model';
import { Patient } from './patient';

export class Appointment extends BaseModel {
  static override tableName = 'appointments';
  id!: number;
  patientId!: number | null;
  firstName!: string;
  lastName!: string;
  email!: string | null;
  phone!: string;
  treatment!: string;
  preferredDate!: string;
  preferredTime!: string;
  /** APPT-22: internal, staff only. */
  notes!: string | null;
  /** APPT-22: the note for the patient (migration 040). */
  patientNote?: string | null;
  status!: AppointmentStatus;
  /** The language the visitor booked in (I18N-3): their emails are written in it. */
  language!: Lang;
  createdAt!: Date;
  updatedAt!: Date;
  confirmedAt!: Date | null;
  completedAt!: Date | null;
  cancelledAt!: Date | null;
  source!: 'online' | 'staff';
  bookedAnyway!: boolean;
  bookedBy!: number | null;
  bookedByName!: string | null;
  noShowAt!: Date | null;
  /** DESK-10, DESK-11: check-in and the chair, by the server's clock. */
  arrivedAt?: Date | null;
  inChairAt?: Date | null;
  /** MAIL-9: when the reminder email was queued; a reschedule clears it. */
  reminderSentAt?: Date | null;
  /** APPT-16: when staff opened the WhatsApp reminder. */
  reminderWhatsappAt?: Date | null;
  /** BOOK-15: the other time the visitor asked for on the manage page. */
  requestedDate?: string | null;
  requestedTime?: string | null;
  requestedAt?: Date | null;

  static override relationMappings = () => ({
    patient: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Patient,
      join: { from: 'appointments.patientId', to: 'patients.id' },
    },
  });
}
