import { describe, expect, it } from 'vitest';
import { dateOfBirthProblem, patientSchema } from './patient';
import { fieldErrors } from './test-helpers';

const valid = { firstName: 'Rohan', lastName: 'Joshi', email: 'rohan@example.com', phone: '9876543210' };

describe('patientSchema', () => {
  it('uses the booking form messages', () => {
    expect(fieldErrors(patientSchema, { firstName: 'R', lastName: '', email: 'x', phone: '123' })).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
    });
  });

  it('turns empty optional fields into null', () => {
    expect(patientSchema.parse({ ...valid, address: '  ', dateOfBirth: '' })).toMatchObject({
      address: null,
      dateOfBirth: null,
    });
    expect(patientSchema.parse(valid).dateOfBirth).toBeNull();
  });

  it('checks the date of birth', () => {
    expect(patientSchema.parse({ ...valid, dateOfBirth: '1990-05-17' }).dateOfBirth).toBe('1990-05-17');
    expect(fieldErrors(patientSchema, { ...valid, dateOfBirth: '17/05/1990' }).dateOfBirth).toBe(
      'Please enter a valid date of birth',
    );
  });

  it('asks "not in the future" of the clinic clock it is given, not the machine\'s (CLINIC-3, CLINIC-12)', () => {
    // 23 November 2026, 23:59 at the clinic (18:29 UTC): today there is 23 November.
    const lateNov23 = new Date('2026-11-23T18:29:00Z');
    expect(dateOfBirthProblem('2026-11-23', lateNov23)).toBeNull();
    expect(dateOfBirthProblem(null, lateNov23)).toBeNull();
    expect(dateOfBirthProblem('2026-11-24', lateNov23)).toEqual({ field: 'dateOfBirth', message: 'Date of birth cannot be in the future' });
    expect(patientSchema.parse({ ...valid, dateOfBirth: '2200-01-01' }).dateOfBirth).toBe('2200-01-01');
  });
});
