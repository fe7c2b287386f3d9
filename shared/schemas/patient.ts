import { z } from 'zod';
import { clinicToday } from '../domain/clinic-time';
import { emailField, firstNameField, lastNameField, optionalDate, optionalText, phoneField } from './fields';

// Same name, email and phone rules and messages as the booking form (SPEC section 5).
export const patientSchema = z.object({
  firstName: firstNameField(),
  lastName: lastNameField(),
  email: emailField,
  phone: phoneField,
  address: optionalText(500, 'Address must be at most 500 characters'),
  dateOfBirth: optionalDate('Please enter a valid date of birth').refine(
    (value) => value === null || value <= clinicToday(),
    'Date of birth cannot be in the future',
  ),
});
export type Patient = z.output<typeof patientSchema>;
export type PatientInput = z.input<typeof patientSchema>;
