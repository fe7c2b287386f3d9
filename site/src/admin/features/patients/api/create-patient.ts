import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import type { DuplicatePatientAnswer, Patient, PatientPayload } from '../../../../../../shared/schemas/patient';
import { adminKeys } from '../../../api/query-keys';

// POST /api/admin/patients {firstName, lastName, email, phone, address, dateOfBirth, createAnyway?} -> 201 patient;
// 409 { error, existingPatientId, existingPatient } for a mobile and first name on file (PAT-18)

export async function createPatient(payload: PatientPayload & { createAnyway?: boolean }): Promise<Patient> {
  // A 409's body (PAT-18) is read from a copy of the answer: the error keeps it for duplicateOf.
  let refusal: Promise<unknown> | undefined;
  try {
    return await apiRequest<Patient>('/api/admin/patients', {
      method: 'POST',
      json: payload,
      onResponse: (res) => {
        if (res.status === 409) refusal = res.clone().json().catch(() => undefined);
      },
    });
  } catch (err) {
    throw refusal ? Object.assign(err as Error, { body: await refusal }) : err;
  }
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.patients });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
}

/** PAT-18: the record on file that a refused Add Patient names, if that is why it was refused. */
export function duplicateOf(err: unknown): DuplicatePatientAnswer['existingPatient'] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const existing = ((err as ApiError & { body?: Partial<DuplicatePatientAnswer> }).body)?.existingPatient;
  return existing && typeof existing.id === 'number' ? existing : null;
}
