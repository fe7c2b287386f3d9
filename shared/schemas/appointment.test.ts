import { describe, expect, it } from 'vitest';
import {
  appointmentRequestSchema,
  appointmentStatusUpdateSchema,
  checkBookingRules,
  followUpSchema,
} from './appointment';
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
      ...valid, firstName: 'x'.repeat(101), phone: '9'.repeat(21), notes: 'n'.repeat(1001), preferredDate: '1899-12-31',
    });
    expect(errors.firstName).toBe('First name must be at most 100 characters');
    expect(errors.phone).toBe('Phone number must be at most 20 characters');
    expect(errors.notes).toBe('Notes must be at most 1000 characters');
    expect(errors.preferredDate).toBe('Please select a valid date');
    expect(fieldErrors(appointmentRequestSchema, { ...valid, preferredDate: '2026-02-30' }).preferredDate).toBe(
      'Please select a valid date',
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
  });
});

describe('appointmentStatusUpdateSchema', () => {
  it('accepts statuses case-insensitively', () => {
    expect(appointmentStatusUpdateSchema.parse({ status: 'Confirmed' })).toEqual({ status: 'confirmed' });
    expect(fieldErrors(appointmentStatusUpdateSchema, { status: 'done' }).status).toBe('Please select a valid status');
  });
});

describe('followUpSchema', () => {
  it('requires a date in the future', () => {
    expect(fieldErrors(followUpSchema, {}).followUpDate).toBe('Please select a follow-up appointment date.');
    expect(fieldErrors(followUpSchema, { followUpDate: '' }).followUpDate).toBe(
      'Please select a follow-up appointment date.',
    );
    expect(fieldErrors(followUpSchema, { followUpDate: '2020-01-01T10:00:00.000Z' }).followUpDate).toBe(
      'Follow-up date must be in the future.',
    );
    expect(fieldErrors(followUpSchema, { followUpDate: '2020-01-01' }).followUpDate).toBe(
      'Follow-up date must be in the future.',
    );
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
