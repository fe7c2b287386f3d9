import type { StaffRole } from '../constants/roles';
import { z } from 'zod';
import { commonPasswords } from './common-passwords';
import { emailField } from './fields';

// The sign-in form keeps ADMIN-6's 6-character check; the cap only stops oversized bodies reaching bcrypt.
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(1024, 'Password is too long'),
});
export type LoginInput = z.output<typeof loginSchema>;

/** The signed-in admin as POST /api/auth/login and GET /api/auth/me answer it (ADMIN-4). */
export interface AdminUser {
  id: number;
  email: string;
  name: string;
  /** What the admin shows and hides (shared/constants/roles.ts); the server enforces it. */
  role: StaffRole;
  /** AUTH-11: the password was set by the owner; the admin asks for a new one before anything else. */
  mustChangePassword?: boolean;
}

/** POST /api/auth/login -> 200 { success: true, user } | 400/401/429 { success: false, error }. */
export interface LoginAnswer {
  success: boolean;
  user?: AdminUser;
  error?: string;
}

/** GET /api/auth/me -> 200 { user } | 401 (AUTH-2). */
export interface MeAnswer {
  user: AdminUser;
}

// 'Password2026!' counts as common: the list word with digits and symbols around it adds little.
function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (core.length > 0 && commonPasswords.has(core)) return true;
  return new Set(lower).size <= 2; // 'aaaaaaaaaa', 'abababababab'
}

// AUTH-7: what a template or a guide writes in place of a password ('change-me-at-first-sign-in' in
// deploy/env.example) must not work if someone forgets to replace it.
const PLACEHOLDER = /changeme|replaceme|yourpassword|placeholder/;
export const PLACEHOLDER_PASSWORD = 'This password is a placeholder. Please choose your own.';
const isPlaceholder = (password: string) => PLACEHOLDER.test(password.toLowerCase().replace(/[^a-z]/g, ''));

// bcrypt reads only the first 72 bytes; a longer password would silently match its own prefix.
const BCRYPT_MAX_BYTES = 72;

/** AUTH-7: a password set for an account (admin CLI, ADMIN_PASSWORD). */
export const accountPasswordSchema = z
  .string({ error: 'Password must be at least 10 characters' })
  .min(10, { message: 'Password must be at least 10 characters', abort: true })
  .refine((p) => new TextEncoder().encode(p).length <= BCRYPT_MAX_BYTES, {
    message: 'Password must be at most 72 bytes',
    abort: true,
  })
  .refine((p) => !isCommonPassword(p), { message: 'This password is too common. Please choose another.', abort: true })
  .refine((p) => !isPlaceholder(p), PLACEHOLDER_PASSWORD);

/** POST /api/auth/change-password (AUTH-10, AUTH-11): the new password follows AUTH-7's rules. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024, 'Password is too long'),
    newPassword: accountPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'The new password must be different from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** GET /api/auth/sessions: the signed-in user's own sessions (AUTH-10). */
export interface OwnSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  address: string | null;
  /** The session this request came with. */
  current: boolean;
}

/** The change-password form: the new password typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024, 'Password is too long'),
    newPassword: accountPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: 'The new password must be different from the current one', path: ['newPassword'] })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'The passwords do not match', path: ['confirmPassword'] });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
