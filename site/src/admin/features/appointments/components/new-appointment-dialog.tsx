import { zodResolver } from '@hookform/resolvers/zod';
import { Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Controller, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { bookingTreatments } from '../../../../../../shared/constants/booking';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { languageNames, languages, type Lang } from '../../../../../../shared/i18n/types';
import { staffBookingForPatientSchema, staffBookingNewPatientSchema } from '../../../../../../shared/schemas/appointment';
import { patientName, type Patient } from '../../../../../../shared/schemas/patient';
import { ApiError } from '../../../../lib/api-client';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { PatientPicker } from '../../../components/patient-picker';
import { usePatient } from '../../../api/get-patient';
import { MedicalAlert } from '../../../components/medical-alert';
import { useCreateAppointment } from '../api/create-appointment';
import { BookAnywayWarning } from './book-anyway-warning';
import { SlotPicker, slotProblem, useDaySlots } from './slot-picker';
import { clockNow } from '../../../../lib/clock';

// APPT-10: New Appointment, for a patient on the phone or at the desk: an existing patient (searched) or
// new details (the booking form's rules), the date, a slot with its places left, treatment, notes and
// status, and the language of the patient's emails and WhatsApp texts (I18N-3: the chosen patient's latest
// booking's, English for new details, changeable). A full slot, a closed day or a passed time is warned
// about, and is booked only with "Book anyway" ticked (the server records it). The chosen patient's medical
// alerts show as a warning.

const formSchema = z.discriminatedUnion('mode', [
  staffBookingForPatientSchema.extend({ mode: z.literal('existing') }),
  staffBookingNewPatientSchema.extend({ mode: z.literal('new') }),
]);
type Parsed = z.output<typeof formSchema>;

interface FormValues {
  mode: 'existing' | 'new';
  patientId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
  notes: string;
  patientNote: string;
  status: 'confirmed' | 'pending';
  bookAnyway: boolean;
  language: Lang;
}

const resolver = zodResolver(formSchema) as unknown as Resolver<FormValues, unknown, Parsed>;
const FIELDS = ['patientId', 'firstName', 'lastName', 'email', 'phone', 'preferredDate', 'preferredTime', 'treatment', 'notes', 'patientNote', 'status', 'language'] as const;
const LANGUAGE_OPTIONS = languages.map((lang) => ({ value: lang, label: languageNames[lang] }));

function initialValues(patient: Patient | null): FormValues {
  return {
    mode: 'existing',
    patientId: patient?.id ?? null,
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    preferredDate: clinicToday(clockNow()),
    preferredTime: '',
    treatment: 'consultation',
    notes: '',
    patientNote: '',
    status: 'confirmed',
    bookAnyway: false,
    language: 'en',
  };
}

export function NewAppointmentDialog({ open, patient = null, onClose }: { open: boolean; patient?: Patient | null; onClose: () => void }) {
  const create = useCreateAppointment();
  const [chosen, setChosen] = useState<Pick<Patient, 'id' | 'firstName' | 'lastName'> | null>(patient);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (open) setChosen(patient);
  }, [open, patient]);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const { form, save } = useDialogForm({ open, item: patient, initialValues, resolver, serverFields: FIELDS, onClose: close });
  const { control } = form;
  const [mode, patientId, date, time, bookAnyway] = useWatch({ control, name: ['mode', 'patientId', 'preferredDate', 'preferredTime', 'bookAnyway'] });
  const patientLanguage = usePatient(mode === 'existing' ? patientId : null).data?.language;
  // The language starts as the chosen patient's (English until it is known, and for new details) each time the
  // dialog opens or the patient changes; what the receptionist picks afterwards stands.
  const { setValue } = form;
  useEffect(() => {
    if (open) setValue('language', mode === 'existing' ? (patientLanguage ?? 'en') : 'en');
  }, [open, mode, patientId, patientLanguage, setValue]);
  const { day, slots } = useDaySlots(date);
  const problem = slotProblem(date, time, day, slots);
  // DATA-11: the alerts themselves come from the patient's medical history (an audited read), not from the list.
  const alertsOf = mode === 'existing' ? (chosen ?? patient)?.id ?? null : null;

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    const { mode: _mode, ...rest } = values;
    const payload =
      'patientId' in rest
        ? { patientId: rest.patientId, preferredDate: rest.preferredDate, preferredTime: rest.preferredTime, treatment: rest.treatment, notes: rest.notes, patientNote: rest.patientNote, status: rest.status, bookAnyway: rest.bookAnyway, language: rest.language }
        : rest;
    const who = 'patientId' in rest ? (chosen ? patientName(chosen) : 'The patient') : patientName(rest);
    save(create, payload, {
      success: () => ['Appointment booked', `${who} is booked.`],
      failure: 'Error booking appointment',
    });
  });

  // A 409 (slot full) or 400 on the date or time: the server's message stays above the button, so the
  // receptionist can tick Book anyway (APPT-10).
  const lastError = create.error;
  const serverRefusal =
    refusal ??
    (lastError instanceof ApiError && (lastError.status === 409 || (lastError.status === 400 && (lastError.fields?.preferredDate || lastError.fields?.preferredTime)))
      ? lastError.message
      : null);

  return (
    <FormDialog open={open} title="New Appointment" formId="new-appointment-form" submitLabel={bookAnyway ? 'Book Anyway' : 'Book Appointment'} pending={create.isPending} width={640} onCancel={close}>
      <form id="new-appointment-form" onSubmit={onSubmit} noValidate className="form-grid">
        <div className="span-2">
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <Segmented<'existing' | 'new'>
                aria-label="Existing or new patient"
                block
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  form.clearErrors();
                }}
                options={[
                  { value: 'existing', label: 'Existing patient' },
                  { value: 'new', label: 'New patient' },
                ]}
              />
            )}
          />
        </div>
        {mode === 'existing' ? (
          <div className="span-2">
            <Controller
              control={control}
              name="patientId"
              render={({ field, fieldState }) => (
                <Field id="appointment-patient" label="Patient" required error={fieldState.error?.message}>
                  <PatientPicker
                    id="appointment-patient"
                    value={field.value}
                    onChange={field.onChange}
                    onPatient={setChosen}
                    initialPatient={patient}
                    invalid={Boolean(fieldState.error)}
                    describedBy={fieldState.error ? 'appointment-patient-error' : undefined}
                  />
                </Field>
              )}
            />
            {alertsOf !== null && <MedicalAlert patientId={alertsOf} compact />}
          </div>
        ) : (
          <>
            <TextField control={control} name="firstName" id="appointment-firstName" label="First Name" required autoComplete="off" />
            <TextField control={control} name="lastName" id="appointment-lastName" label="Last Name" required autoComplete="off" />
            <TextField control={control} name="phone" id="appointment-phone" label="Phone" required type="tel" autoComplete="off" />
            <TextField control={control} name="email" id="appointment-email" label="Email (optional)" type="email" autoComplete="off" />
          </>
        )}
        {/* A row of its own, under the contact fields: date and treatment stay side by side. */}
        <div className="span-2">
          <Controller
            control={control}
            name="language"
            render={({ field, fieldState }) => (
              <Field id="appointment-language" label="Language for messages" hint="Emails and WhatsApp texts to the patient" error={fieldState.error?.message}>
                <Select {...fieldAria('appointment-language', fieldState.error?.message, true)} value={field.value} onChange={field.onChange} options={LANGUAGE_OPTIONS} />
              </Field>
            )}
          />
        </div>
        <TextField
          control={control}
          name="preferredDate"
          id="appointment-date"
          label="Date"
          required
          type="date"
          min={clinicToday(clockNow())}
        />
        <Controller
          control={control}
          name="treatment"
          render={({ field, fieldState }) => (
            <Field id="appointment-treatment" label="Treatment" required error={fieldState.error?.message}>
              <Select
                {...fieldAria('appointment-treatment', fieldState.error?.message)}
                value={field.value}
                onChange={field.onChange}
                showSearch={{ optionFilterProp: 'label' }}
                options={bookingTreatments.map((t) => ({ value: t.code, label: t.label }))}
              />
            </Field>
          )}
        />
        <div className="span-2">
          <Controller
            control={control}
            name="preferredTime"
            render={({ field, fieldState }) => (
              <Field id="appointment-time" label="Time Slot" required error={fieldState.error?.message}>
                <SlotPicker
                  id="appointment-time"
                  date={date}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    setRefusal(null);
                    create.reset();
                  }}
                  invalid={Boolean(fieldState.error)}
                  describedBy={fieldState.error ? 'appointment-time-error' : undefined}
                />
              </Field>
            )}
          />
        </div>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Field id="appointment-status" label="Status">
              <Select
                id="appointment-status"
                value={field.value}
                onChange={field.onChange}
                options={[
                  { value: 'confirmed', label: 'Confirmed' },
                  { value: 'pending', label: 'Pending' },
                ]}
              />
            </Field>
          )}
        />
        {/* APPT-22: the internal note never leaves the clinic; only the note for the patient reaches their emails. */}
        <div className="span-2">
          <TextField
            control={control}
            name="notes"
            id="appointment-notes"
            label="Internal note (staff only)"
            rows={2}
            placeholder="e.g. Prefers the evening dentist; check X-ray first"
            hint="Never sent to the patient."
          />
        </div>
        <div className="span-2">
          <TextField
            control={control}
            name="patientNote"
            id="appointment-patient-note"
            label="Note for the patient"
            rows={2}
            placeholder="e.g. Please bring your previous X-rays"
            hint="Shown in the patient's confirmation email."
          />
        </div>
        {(problem || serverRefusal) && (
          <div className="span-2">
            <Controller
              control={control}
              name="bookAnyway"
              render={({ field }) => <BookAnywayWarning id="appointment-book-anyway" message={serverRefusal ?? problem?.message ?? ''} checked={field.value} onChange={field.onChange} />}
            />
          </div>
        )}
      </form>
    </FormDialog>
  );
}

