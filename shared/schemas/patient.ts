import { z } from 'zod';
import { clinicToday } from '../domain/clinic-time';
import { idField, optionalEmailField, firstNameField, lastNameField, optionalDate, optionalText, phoneField } from './fields';
import type { IsoDate, IsoDateTime } from './json';
import type { FieldProblem } from './validation-error';
import type { Lang } from '../i18n/types';

// A patient of the clinic: the form's schema (add and edit), the record the API answers, and the rules
// every screen applies to it. Nowhere else defines a patient's shape.

function alertText(label: string, max = 1000) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');
}

// Same name, email and phone rules and messages as the booking form (PAT-2, BOOK-2); the email may be left
// out (PAT-11), and the phone is stored in its normal form by the server (PAT-9).
export const patientSchema = z.object({
  firstName: firstNameField(),
  lastName: lastNameField(),
  email: optionalEmailField,
  phone: phoneField,
  address: optionalText(500, 'Address must be at most 500 characters'),
  // Not in the future: a rule of the clock, dateOfBirthProblem below (a schema holds no clock, CLINIC-12).
  dateOfBirth: optionalDate('Please enter a valid date of birth'),
  // PAT-7: medical alerts and notes, free text; '' when none (absent in a request means '').
  allergies: alertText('Allergies'),
  conditions: alertText('Conditions'),
  medications: alertText('Medicines'),
  notes: alertText('Notes', 5000),
});
export const DATE_OF_BIRTH_FUTURE = 'Date of birth cannot be in the future';

/** The clock-dependent rule (CLINIC-3): a date of birth is today at the clinic or earlier. */
export function dateOfBirthProblem(dateOfBirth: string | null, now: Date): FieldProblem | null {
  return dateOfBirth !== null && dateOfBirth > clinicToday(now) ? { field: 'dateOfBirth', message: DATE_OF_BIRTH_FUTURE } : null;
}

/**
 * PAT-18: POST /api/admin/patients also takes `createAnyway: true`, the desk's answer to "this person is
 * already registered" (a second record on purpose: twins sharing a first name and a mobile, say).
 */
export const patientCreateSchema = patientSchema.extend({ createAnyway: z.boolean().optional() });

/**
 * PAT-19: the 400 of an email staff ask for (an invoice, a recall, a follow-up) to someone without an
 * address, naming them and saying what to do instead.
 */
export function noEmailMessage(name: string, action: 'invoice' | 'message'): string {
  const instead =
    action === 'invoice'
      ? 'Add one to their record, or download the PDF and share it another way.'
      : 'Please call them or send a WhatsApp message instead.';
  return `${name} has no email address. ${instead}`;
}

/** PAT-18: the body of Add Patient's 409 beside `error`. */
export interface DuplicatePatientAnswer {
  existingPatientId: number;
  existingPatient: Omit<PatientRef, 'phone'>;
}

/** PAT-18: the 409 of Add Patient for a mobile and first name already on file, naming that record. */
export function duplicatePatientMessage(existing: { fileNumber: string; firstName: string; lastName: string }): string {
  return `${patientName(existing)} (${existing.fileNumber}) is already registered with this mobile number and first name`;
}

/** POST and PUT /api/admin/patients: the form's values as the schema reads them. */
export type PatientPayload = z.output<typeof patientSchema>;
/** The form's values before the schema reads them. */
export type PatientInput = z.input<typeof patientSchema>;

/** PAT-1: a patient as GET /api/admin/patients (and every patient mutation) answers it. */
export interface Patient {
  id: number;
  /** PAT-12: the clinic's file number, "SC-000123"; given on insert, never reused. */
  fileNumber: string;
  firstName: string;
  lastName: string;
  /** PAT-11: null when the patient gave none. */
  email: string | null;
  /** PAT-9: E.164 ("+919822010000") when it parses, else as typed. */
  phone: string;
  /** PAT-14: the patient's guardian (another patient), null when none. */
  guardianId: number | null;
  /** PAT-13: set when this record was merged into another; such a record is hidden from lists. */
  mergedIntoId: number | null;
  address: string | null;
  dateOfBirth: IsoDate | null;
  /** PAT-7: free text, '' when none. */
  allergies: string;
  conditions: string;
  medications: string;
  notes: string;
  createdAt: IsoDateTime;
}

/**
 * DATA-11: a patient as the Patients list (and the patient pickers' search) answers it: whether an alert exists,
 * never what it is. The alerts themselves are read where they are shown (the medical history, audited).
 */
export interface PatientListItem extends Omit<Patient, 'allergies' | 'conditions' | 'medications'> {
  hasAlerts: boolean;
}

/** GET /api/admin/patients/:id: the patient, and the language a staff booking for them defaults to. */
export interface PatientDetail extends Patient {
  /** I18N-3: the language of the patient's latest booking (by created time), 'en' without one. */
  language: Lang;
  /** PAT-14: the guardian, and the patients whose guardian this one is. */
  guardian: PatientRef | null;
  dependants: PatientRef[];
  /** PAT-13: the patient this record was merged into (its page opens that one). */
  mergedInto: PatientRef | null;
  /** PAT-15: the date of the patient's latest visit (a completed appointment), null without one. */
  lastVisit: IsoDate | null;
  /** PAT-16: the merges into this record not undone, newest first, and until when the owner may undo each. */
  merges: MergeRecord[];
}

/** PAT-16: a merge into a record, as its page shows it. */
export interface MergeRecord {
  mergeId: number;
  mergedPatient: PatientRef;
  reason: string;
  mergedAt: IsoDateTime;
  mergedByName: string | null;
  /** The end of the 30 days the owner may undo it in. */
  undoableUntil: IsoDateTime;
}

/** Another patient named on a patient's page. */
export interface PatientRef {
  id: number;
  fileNumber: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** PAT-13: the answer to a change of a merged record, naming the record it went into. */
export function mergedMessage(into: { fileNumber: string; firstName: string; lastName: string } | undefined): string {
  return into ? `This patient record was merged into ${into.fileNumber} (${patientName(into)})` : 'This patient record was merged into another';
}

export const MERGE_MESSAGES = {
  reason: 'Say why these two records are one patient',
  reasonTooLong: 'The reason must be at most 500 characters',
  /** PAT-15: a receptionist merges only records without clinical data. */
  clinical: 'Only the owner or a dentist can merge records that hold clinical data (a chart, visit notes, treatment plans or a medical history).',
  undone: 'This merge has already been undone',
  tooLate: 'A merge can be undone for 30 days: this one is older',
  keptMerged: (into: string) => `The record this merge kept was since merged into ${into}: undo that merge first`,
} as const;

/** PAT-16: how long the owner may undo a merge. */
export const MERGE_UNDO_DAYS = 30;

/** PAT-13, PAT-15: POST /api/admin/patients/:id/merge. */
export const mergePatientSchema = z.object({
  otherPatientId: idField('Please select the patient to merge'),
  reason: z.string({ error: MERGE_MESSAGES.reason }).trim().min(1, MERGE_MESSAGES.reason).max(500, MERGE_MESSAGES.reasonTooLong),
});
export type MergePatientRequest = z.infer<typeof mergePatientSchema>;

/** PAT-13: what a merge moved from the other record into this one. */
export interface MergeSummary {
  /** PAT-16: the merge's own record, for its undo (POST /api/admin/merges/{mergeId}/undo). */
  mergeId: number;
  patient: Patient;
  mergedPatientId: number;
  moved: Record<string, number>;
}

/** PAT-14: PUT /api/admin/patients/:id/guardian; null clears it. */
export const guardianSchema = z.object({
  guardianId: idField('Please select a guardian').nullable(),
});
export type GuardianRequest = z.infer<typeof guardianSchema>;

/** PAT-16: POST /api/admin/merges/:mergeId/undo. */
export interface UndoMergeSummary {
  mergeId: number;
  patient: Patient;
  restoredPatient: Patient;
  /** How many values were put back, and how many were left because they had changed since the merge. */
  restored: number;
  leftChanged: number;
}

/** GET /api/admin/patients/:id/usage: what the delete prompt mentions (PAT-4). */
export interface PatientUsage {
  invoices: number;
  appointments: number;
}

export function patientName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/** DATA-3: erasing a patient asks for the word ERASE, typed. */
export const eraseRequestSchema = z.object({
  confirm: z.literal('ERASE', { message: 'Type ERASE to confirm' }),
});
export type EraseRequest = z.infer<typeof eraseRequestSchema>;

/** DATA-3: what an erasure removed. */
export interface ErasureSummary {
  patientId: number;
  patient: 'anonymised' | 'deleted';
  appointments: number;
  manageLinks: number;
  emails: number;
  auditRows: number;
  invoices: number;
}
