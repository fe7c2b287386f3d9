import { z } from 'zod';
import { staffRoles, type StaffRole } from '../constants/roles';
import { accountPasswordSchema } from './auth';
import { emailField, requiredText } from './fields';

// Staff accounts (docs/requirements.md AUTH-9, AUTH-11, AUTH-12): GET/POST /api/admin/users, PUT/DELETE /api/admin/users/:id.

export const STAFF_MESSAGES = {
  name: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  role: 'Role must be owner, dentist or receptionist',
  duplicate: 'An account with this email already exists',
  lastOwner: 'The clinic must keep at least one active owner: make another account an owner first.',
  disabled: 'Disabled must be true or false',
} as const;

const nameField = requiredText(STAFF_MESSAGES.name, 100, STAFF_MESSAGES.nameTooLong);
const roleField = z.enum(staffRoles, { error: STAFF_MESSAGES.role });

/** POST /api/admin/users: the password is temporary (its holder must change it at first sign-in). */
export const staffCreateSchema = z.object({
  email: emailField,
  name: nameField,
  role: roleField,
  password: accountPasswordSchema,
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;
export type StaffCreate = z.output<typeof staffCreateSchema>;

/** PUT /api/admin/users/:id: any of the fields; a password resets it (temporary again). */
export const staffUpdateSchema = z.object({
  name: nameField.optional(),
  role: roleField.optional(),
  disabled: z.boolean({ error: STAFF_MESSAGES.disabled }).optional(),
  password: accountPasswordSchema.optional(),
});
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;
export type StaffUpdate = z.output<typeof staffUpdateSchema>;

/** A staff account as the Staff screen reads it (never the hash). */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  /** The latest activity of any of its sessions, or null. */
  lastSeenAt: string | null;
}
