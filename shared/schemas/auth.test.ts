import { describe, expect, it } from 'vitest';
import { accountPasswordSchema, loginSchema } from './auth';
import { fieldErrors } from './test-helpers';

describe('loginSchema', () => {
  it('gives the spec messages', () => {
    expect(fieldErrors(loginSchema, { email: 'admin', password: '12345' })).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('accepts a 6-character password', () => {
    expect(loginSchema.parse({ email: ' admin@clinic.example ', password: 'abcdef' }).email).toBe('admin@clinic.example');
  });
});

describe('accountPasswordSchema', () => {
  const message = (p: string) => accountPasswordSchema.safeParse(p).error?.issues[0].message;

  it('needs 10 characters and not a common password', () => {
    expect(message('short')).toBe('Password must be at least 10 characters');
    expect(message('1234567890')).toBe('This password is too common. Please choose another.');
    expect(message('Password2026!')).toBe('This password is too common. Please choose another.');
    expect(message('aaaaaaaaaaaa')).toBe('This password is too common. Please choose another.');
    expect(message('molar-river-kite-42')).toBeUndefined();
  });

  it('refuses a placeholder left in a template, however it is written', () => {
    for (const p of ['change-me-at-first-sign-in', 'ChangeMe-2026-now', 'replace_me_with_a_secret', 'your-password-here', 'placeholder-value']) {
      expect(message(p), p).toBe('This password is a placeholder. Please choose your own.');
    }
    expect(message('exchange-rates-of-molars')).toBeUndefined();
  });

  it('refuses passwords bcrypt would truncate', () => {
    expect(message('é'.repeat(40))).toBe('Password must be at most 72 bytes');
  });
});
