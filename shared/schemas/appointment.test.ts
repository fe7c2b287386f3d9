import { describe, expect, it } from 'vitest';
import {
  appointmentRequestSchema,
  appointmentStatusUpdateSchema,
  checkBookingDate,
  checkBookingRules,
  followUpDateProblem,
  followUpSchema,
  lastBookableDate,
} from './appointment';
import { patientSchema } from './patient';
import { fieldErrors } from './test-helpers';

const valid = {
  firstName: ' Priya ',
  lastName: 'Kulkarni',
  email: 'priya@example.com',
  phone: '+91 98765 43210',
  preferredDate: '2026-11-23',
  preferredTime: '13:00',
  treatment: 'cleaning',
  notes: '',
};

describe('appointmentRequestSchema', () => {
  it('accepts and trims a booking; empty notes become null', () => {
    const parsed = appointmentRequestSchema.parse(valid);
    expect(parsed.firstName).toBe('Priya');
    expect(parsed.notes).toBeNull();
  });

  it('gives the spec messages for an empty form', () => {
    expect(fieldErrors(appointmentRequestSchema, {})).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
      preferredDate: 'Please select a preferred date',
      preferredTime: 'Please select a preferred time',
      treatment: 'Please select a treatment',
    });
  });

  it('gives the spec messages for short values', () => {
    const errors = fieldErrors(appointmentRequestSchema, {
      ...valid, firstName: 'P', lastName: ' K ', email: 'priya@', phone: '98765', preferredDate: '', preferredTime: '', treatment: '',
    });
    expect(errors.firstName).toBe('First name must be at least 2 characters');
    expect(errors.lastName).toBe('Last name must be at least 2 characters');
    expect(errors.email).toBe('Invalid email address');
    expect(errors.phone).toBe('Phone number must be at least 10 digits');
    expect(errors.preferredDate).toBe('Please select a preferred date');
  });

  it('caps lengths and refuses impossible dates', () => {
    const errors = fieldErrors(appointmentRequestSchema, {
      ...valid, firstName: 'x'.repeat(51), phone: '9'.repeat(21), notes: 'n'.repeat(1001), preferredDate: '1899-12-31',
    });
    // A booking's names: 50 characters; a patient's, entered by staff, keep 100.
    expect(errors.firstName).toBe('First name must be at most 50 characters');
    expect(errors.phone).toBe('Phone number must be at most 20 characters');
    expect(errors.notes).toBe('Notes must be at most 1000 characters');
    expect(errors.preferredDate).toBe('Please select a valid date');
    expect(fieldErrors(appointmentRequestSchema, { ...valid, preferredDate: '2026-02-30' }).preferredDate).toBe(
      'Please select a valid date',
    );
  });
});

describe('names on the booking form carry no links', () => {
  it.each([
    ['Priya'], ['प्रिया'], ['सूर्\u200Dया'], ['कुलकर्णी'], ['Anne-Marie'], ["D'Souza"], ['O’Brien'], ['S.K.'], ['A. P. J.'], ['St. John'], ['José'],
  ])('takes %s', (name) => {
    expect(appointmentRequestSchema.safeParse({ ...valid, firstName: name, lastName: name }).success).toBe(true);
  });

  it.each([
    ['https://spam.example', 'First name must contain only letters'],
    ['mail@spam.example', 'First name must contain only letters'],
    ['Priya 2', 'First name must contain only letters'],
    ['<b>Priya</b>', 'First name must contain only letters'],
    ['-Priya', 'First name must contain only letters'],
    ['spam.example', 'First name must have a space after each dot'],
    ['S.Kumar', 'First name must have a space after each dot'],
    ['spam.рф', 'First name must have a space after each dot'],
  ])('refuses %s', (name, message) => {
    expect(fieldErrors(appointmentRequestSchema, { ...valid, firstName: name }).firstName).toBe(message);
  });

  it('leaves staff-entered patient names as they were', () => {
    const patient = { firstName: 'x'.repeat(100), lastName: 'Dr. Rao (2nd)', email: 'p@example.com', phone: '9876543210' };
    expect(patientSchema.safeParse(patient).success).toBe(true);
  });
});

describe('checkBookingDate: the day rules, written once', () => {
  const noonMonday = new Date('2026-11-23T06:30:00Z');
  const rules = { windowDays: 60 };

  it('takes today up to day 60, and no further', () => {
    expect(lastBookableDate(rules, noonMonday)).toBe('2027-01-22');
    expect(checkBookingDate('2026-11-23', noonMonday, rules)).toBeNull();
    expect(checkBookingDate('2027-01-22', noonMonday, rules)).toBeNull();
    expect(checkBookingDate('2027-01-23', noonMonday, rules)).toEqual({
      field: 'preferredDate', message: 'Please choose a date within the next 60 days',
    });
    expect(checkBookingDate('2026-12-08', noonMonday, { windowDays: 14 })?.message).toBe('Please choose a date within the next 14 days');
  });

  it('says past before anything else, and the window before Sunday', () => {
    expect(checkBookingDate('2026-11-22', noonMonday, rules)?.message).toBe('Please choose today or a later date');
    expect(checkBookingDate('1899-12-31', noonMonday, rules)?.message).toBe('Please choose today or a later date');
    expect(checkBookingDate('2027-01-24', noonMonday, rules)?.message).toBe('Please choose a date within the next 60 days');
    expect(checkBookingDate('2026-11-29', noonMonday, rules)?.message).toBe(
      'The clinic is closed on Sundays. For emergencies, please call us.',
    );
  });
});

describe('checkBookingRules', () => {
  const noonMonday = new Date('2026-11-23T06:30:00Z'); // 12:00 on Monday 23 Nov at the clinic
  const req = { preferredDate: '2026-11-23', preferredTime: '13:00', treatment: 'cleaning' };

  it('accepts a later slot today', () => {
    expect(checkBookingRules(req, noonMonday)).toBeNull();
  });

  it('refuses each broken rule with its message', () => {
    expect(checkBookingRules({ ...req, preferredDate: '2026-11-21' }, noonMonday)).toEqual({
      field: 'preferredDate', message: 'Please choose today or a later date',
    });
    expect(checkBookingRules({ ...req, preferredDate: '2026-11-29' }, noonMonday)).toEqual({
      field: 'preferredDate', message: 'The clinic is closed on Sundays. For emergencies, please call us.',
    });
    expect(checkBookingRules({ ...req, preferredTime: '15:00' }, noonMonday)).toEqual({
      field: 'preferredTime', message: 'Please select a valid time slot',
    });
    expect(checkBookingRules({ ...req, preferredTime: '12:00' }, noonMonday)).toEqual({
      field: 'preferredTime', message: 'This time has already passed today. Please choose a later time.',
    });
    expect(checkBookingRules({ ...req, treatment: 'magic' }, noonMonday)).toEqual({
      field: 'treatment', message: 'Please select a valid treatment',
    });
    expect(checkBookingRules({ ...req, preferredDate: '2027-01-23' }, noonMonday, { windowDays: 60 })).toEqual({
      field: 'preferredDate', message: 'Please choose a date within the next 60 days',
    });
  });
});

describe('appointmentStatusUpdateSchema', () => {
  it('accepts statuses case-insensitively', () => {
    expect(appointmentStatusUpdateSchema.parse({ status: 'Confirmed' })).toEqual({ status: 'confirmed' });
    expect(fieldErrors(appointmentStatusUpdateSchema, { status: 'done' }).status).toBe('Please select a valid status');
  });
});

describe('followUpSchema', () => {
  it('requires a date', () => {
    expect(fieldErrors(followUpSchema, {}).followUpDate).toBe('Please select a follow-up appointment date.');
    expect(fieldErrors(followUpSchema, { followUpDate: '' }).followUpDate).toBe(
      'Please select a follow-up appointment date.',
    );
    expect(fieldErrors(followUpSchema, { followUpDate: '15/01/2027' }).followUpDate).toBe('Please select a follow-up appointment date.');
  });

  it('holds no clock: "in the future" is followUpDateProblem, asked with the clinic clock (CLINIC-12)', () => {
    expect(followUpSchema.safeParse({ followUpDate: '2020-01-01' }).success).toBe(true);
    const noonMonday = new Date('2026-11-23T06:30:00Z'); // 12:00 on Monday 23 Nov at the clinic
    const past = { field: 'followUpDate', message: 'Follow-up date must be in the future.' };
    // A bare date is a whole day: today at the clinic is not in the future, tomorrow is.
    expect(followUpDateProblem('2026-11-23', noonMonday)).toEqual(past);
    expect(followUpDateProblem('2026-11-24', noonMonday)).toBeNull();
    expect(followUpDateProblem('2026-11-23T06:29:00Z', noonMonday)).toEqual(past);
    expect(followUpDateProblem('2026-11-23T06:31:00Z', noonMonday)).toBeNull();
    expect(followUpDateProblem('2020-01-01T10:00:00.000Z', noonMonday)).toEqual(past);
  });

  it('accepts a future ISO date with an optional message', () => {
    expect(followUpSchema.parse({ followUpDate: '2099-01-15T04:30:00.000Z', customMessage: ' See you ' })).toEqual({
      followUpDate: '2099-01-15T04:30:00.000Z',
      customMessage: 'See you',
    });
    expect(fieldErrors(followUpSchema, { followUpDate: '2099-01-15', customMessage: 'x'.repeat(2001) }).customMessage).toBe(
      'Message must be at most 2000 characters',
    );
  });
});
