import { zodResolver } from '@hookform/resolvers/zod';
import { Input } from 'antd';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { patientName, patientSchema, type Patient, type PatientInput, type PatientPayload } from '../../../../../../shared/schemas/patient';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../components/server-errors';
import { useToast } from '../../../components/use-toast';
import { useCreatePatient } from '../api/create-patient';
import { useUpdatePatient } from '../api/update-patient';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth'] as const;

function emptyValues(patient: Patient | null): PatientInput {
  return {
    firstName: patient?.firstName ?? '',
    lastName: patient?.lastName ?? '',
    email: patient?.email ?? '',
    phone: patient?.phone ?? '',
    address: patient?.address ?? '',
    dateOfBirth: patient?.dateOfBirth ?? '',
  };
}

/** Add Patient and Edit Patient (SPEC 2, validation of SPEC 5 through the shared patientSchema). */
export function PatientFormDialog({ open, patient, onClose }: { open: boolean; patient: Patient | null; onClose: () => void }) {
  const toast = useToast();
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const form = useForm<PatientInput, unknown, PatientPayload>({ resolver: zodResolver(patientSchema), defaultValues: emptyValues(patient) });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.reset(emptyValues(patient));
  }, [open, patient, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (patient) {
      update.mutate(
        { id: patient.id, ...values },
        {
          onSuccess: (saved) => {
            toast.success('Patient updated', `${patientName(saved ?? values)}'s details have been updated.`);
            onClose();
          },
          onError: (err) => {
            applyServerFieldErrors(err, form.setError, FIELDS);
            toast.failure('Error updating patient', err);
          },
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: (saved) => {
          toast.success('Patient added', `${patientName(saved ?? values)} has been added.`);
          onClose();
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, FIELDS);
          toast.failure('Error adding patient', err);
        },
      });
    }
  });

  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <Field id={`patient-${name}`} label={label} error={errors[name]?.message} required>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Input
            {...field}
            value={field.value ?? ''}
            {...fieldAria(`patient-${name}`, errors[name]?.message)}
            type={type}
            autoComplete={autoComplete}
          />
        )}
      />
    </Field>
  );

  return (
    <FormDialog
      open={open}
      title={patient ? 'Edit Patient' : 'Add Patient'}
      formId="patient-form"
      submitLabel={patient ? 'Save Changes' : 'Add Patient'}
      pending={pending}
      onCancel={onClose}
    >
      <form id="patient-form" onSubmit={onSubmit} noValidate className="form-grid">
        {text('firstName', 'First Name', 'text', 'off')}
        {text('lastName', 'Last Name', 'text', 'off')}
        {text('email', 'Email', 'email', 'off')}
        {text('phone', 'Phone', 'tel', 'off')}
        <div className="span-2">
          <Field id="patient-address" label="Address" error={errors.address?.message}>
            <Controller
              control={form.control}
              name="address"
              render={({ field }) => (
                <Input.TextArea {...field} value={field.value ?? ''} {...fieldAria('patient-address', errors.address?.message)} rows={2} />
              )}
            />
          </Field>
        </div>
        <Field id="patient-dateOfBirth" label="Date of Birth" error={errors.dateOfBirth?.message}>
          <Controller
            control={form.control}
            name="dateOfBirth"
            render={({ field }) => (
              <Input
                {...field}
                value={field.value ?? ''}
                {...fieldAria('patient-dateOfBirth', errors.dateOfBirth?.message)}
                type="date"
                min="1900-01-01"
                max={clinicToday()}
              />
            )}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
