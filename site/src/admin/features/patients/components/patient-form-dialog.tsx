import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { dateOfBirthProblem, patientName, patientSchema, type DuplicatePatientAnswer, type Patient, type PatientInput, type PatientListItem, type PatientPayload } from '../../../../../../shared/schemas/patient';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { duplicateOf, useCreatePatient } from '../api/create-patient';
import { useUpdatePatient } from '../api/update-patient';
import { clockNow } from '../../../../lib/clock';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth', 'allergies', 'conditions', 'medications', 'notes'] as const;

/** The record edited: the patient's page's, or the Patients list's (which holds no alerts, DATA-11). */
type Edited = Patient | PatientListItem;

function initialValues(patient: Edited | null): PatientInput {
  return {
    firstName: patient?.firstName ?? '',
    lastName: patient?.lastName ?? '',
    email: patient?.email ?? '',
    phone: patient?.phone ?? '',
    address: patient?.address ?? '',
    dateOfBirth: patient?.dateOfBirth ?? '',
    // MED-5: the alert fields are not the form's; left out of an edit, the server keeps them (PAT-7).
    allergies: '',
    conditions: '',
    medications: '',
    notes: patient?.notes ?? '',
  };
}

// The schema's rules, and the one of the clock (not born in the future), asked when the form is checked.
const resolver = zodResolver(
  patientSchema.superRefine((patient, ctx) => {
    const problem = dateOfBirthProblem(patient.dateOfBirth, clockNow());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }),
);

/** Add Patient and Edit Patient (PAT-3, validation of PAT-2 through the shared patientSchema). */
export function PatientFormDialog({ open, patient, onClose }: { open: boolean; patient: Edited | null; onClose: () => void }) {
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const { form, save } = useDialogForm({ open, item: patient, initialValues, resolver, serverFields: FIELDS, onClose });
  const { control } = form;
  const navigate = useNavigate();
  // PAT-18: Add Patient refused because the person is on file: the dialog offers that record or a second one.
  const [duplicate, setDuplicate] = useState<{ existing: DuplicatePatientAnswer['existingPatient']; message: string; values: PatientPayload } | null>(null);
  useEffect(() => {
    if (!open) setDuplicate(null);
  }, [open]);
  // The prompt is at the top of a dialog scrolled to its button (on a phone): focus brings it into view.
  const openExisting = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (duplicate) openExisting.current?.focus();
  }, [duplicate]);

  const add = (values: PatientPayload, createAnyway: boolean) => {
    setDuplicate(null);
    save(create, createAnyway ? { ...values, createAnyway } : values, {
      success: (saved) => ['Patient added', `${patientName(saved ?? values)} has been added.`],
      failure: 'Error adding patient',
      refused: (err) => {
        const existing = duplicateOf(err);
        if (existing) setDuplicate({ existing, message: (err as Error).message, values });
        return existing !== null;
      },
    });
  };

  const onSubmit = form.handleSubmit((values) => {
    if (patient) {
      const { allergies: _a, conditions: _c, medications: _m, ...details } = values;
      save(update, { id: patient.id, ...details }, {
        success: (saved) => ['Patient updated', `${patientName(saved ?? values)}'s details have been updated.`],
        failure: 'Error updating patient',
      });
    } else {
      add(values, false);
    }
  });

  return (
    <FormDialog
      open={open}
      title={patient ? 'Edit Patient' : 'Add Patient'}
      formId="patient-form"
      submitLabel={patient ? 'Save Changes' : 'Add Patient'}
      pending={create.isPending || update.isPending}
      onCancel={onClose}
    >
      {duplicate && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="patient-duplicate"
          data-testid="patient-duplicate"
          message={`${duplicate.message}.`}
          description={
            <Space wrap>
              <Button
                ref={openExisting}
                type="primary"
                onClick={() => {
                  onClose();
                  navigate(`/patients/${duplicate.existing.id}`);
                }}
              >
                {`Open ${patientName(duplicate.existing)} (${duplicate.existing.fileNumber})`}
              </Button>
              <Button onClick={() => add(duplicate.values, true)} loading={create.isPending}>
                Add anyway
              </Button>
            </Space>
          }
        />
      )}
      <form id="patient-form" onSubmit={onSubmit} noValidate className="form-grid">
        <TextField control={control} name="firstName" id="patient-firstName" label="First Name" required type="text" autoComplete="off" />
        <TextField control={control} name="lastName" id="patient-lastName" label="Last Name" required type="text" autoComplete="off" />
        {/* PAT-11: many phone-in and elderly patients have no email. */}
        <TextField control={control} name="email" id="patient-email" label="Email (optional)" type="email" autoComplete="off" />
        <TextField control={control} name="phone" id="patient-phone" label="Mobile" required type="tel" autoComplete="off" />
        <div className="span-2">
          <TextField control={control} name="address" id="patient-address" label="Address" rows={2} />
        </div>
        <TextField control={control} name="dateOfBirth" id="patient-dateOfBirth" label="Date of Birth" type="date" min="1900-01-01" max={clinicToday(clockNow())} />
        {/* MED-5: allergies, conditions and medicines are the medical history's, edited on the patient's record
            screen; the form sends back what is stored, unchanged. */}
        <p className="field-hint span-2">Allergies, conditions and medicines: record them in the patient&apos;s Medical History.</p>
        <div className="span-2">
          <TextField control={control} name="notes" id="patient-notes" label="Notes" rows={3} />
        </div>
      </form>
    </FormDialog>
  );
}
