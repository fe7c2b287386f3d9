import { zodResolver } from '@hookform/resolvers/zod';
import { Select } from 'antd';
import { Controller, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { roleLabels, staffRoles } from '../../../../../../shared/constants/roles';
import { staffCreateSchema, staffUpdateSchema, type StaffUser } from '../../../../../../shared/schemas/staff';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { useCreateStaff, useUpdateStaff } from '../api/staff';

const roleOptions = staffRoles.map((role) => ({ value: role, label: roleLabels[role] }));

// Add: email, name, role and a temporary password. Edit: name and role (email stays: it is the sign-in).
const addSchema = staffCreateSchema;
const editSchema = z.object({ name: staffUpdateSchema.shape.name.unwrap(), role: staffUpdateSchema.shape.role.unwrap() });
type Values = { email: string; name: string; role: StaffUser['role']; password: string };

const initialValues = (user: StaffUser | null): Values => ({ email: user?.email ?? '', name: user?.name ?? '', role: user?.role ?? 'receptionist', password: '' });
const FIELDS = ['email', 'name', 'role', 'password'] as const;

/** AUTH-9: Add Staff Member and Edit Staff Member. */
export function StaffFormDialog({ open, user, onClose }: { open: boolean; user: StaffUser | null; onClose: () => void }) {
  const create = useCreateStaff();
  const update = useUpdateStaff();
  // The edit form leaves email and password out of its schema (they are not shown).
  const resolver = zodResolver(user ? editSchema : addSchema) as unknown as Resolver<Values, unknown, Values>;
  const { form, save } = useDialogForm({ open, item: user, initialValues, resolver, serverFields: FIELDS, onClose });
  const { control } = form;

  const onSubmit = form.handleSubmit((values: Values) => {
    if (user) {
      save(update, { id: user.id, name: values.name, role: values.role }, {
        success: (saved) => ['Staff member updated', `${saved?.name ?? values.name}'s account has been updated.`],
        failure: 'Error updating staff member',
      });
    } else {
      save(create, values, {
        success: (saved) => ['Staff member added', `${saved?.name ?? values.name} can sign in with the temporary password and will be asked to change it.`],
        failure: 'Error adding staff member',
      });
    }
  });

  return (
    <FormDialog
      open={open}
      title={user ? 'Edit Staff Member' : 'Add Staff Member'}
      formId="staff-form"
      submitLabel={user ? 'Save Changes' : 'Add Staff Member'}
      pending={create.isPending || update.isPending}
      onCancel={onClose}
    >
      <form id="staff-form" onSubmit={onSubmit} noValidate className="form-grid">
        <TextField control={control} name="name" id="staff-name" label="Name" required type="text" autoComplete="off" />
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <Field id="staff-role" label="Role" required error={fieldState.error?.message}>
              <Select
                value={field.value}
                onChange={field.onChange}
                options={roleOptions}
                style={{ width: '100%' }}
                {...fieldAria('staff-role', fieldState.error?.message)}
              />
            </Field>
          )}
        />
        {!user && (
          <>
            <TextField control={control} name="email" id="staff-email" label="Email" required type="email" autoComplete="off" />
            <TextField
              control={control}
              name="password"
              id="staff-password"
              label="Temporary Password"
              required
              type="text"
              autoComplete="off"
              hint="10+ characters. They must change it when they first sign in."
            />
          </>
        )}
      </form>
    </FormDialog>
  );
}

const resetResolver = zodResolver(z.object({ password: staffCreateSchema.shape.password }));

/** AUTH-11, AUTH-12: a new temporary password for someone who forgot theirs. */
export function ResetPasswordDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const update = useUpdateStaff();
  const { form, save } = useDialogForm({
    open: user !== null,
    item: user,
    initialValues: () => ({ password: '' }),
    resolver: resetResolver,
    serverFields: ['password'],
    onClose,
  });
  const onSubmit = form.handleSubmit((values) => {
    if (!user) return;
    save(update, { id: user.id, password: values.password }, {
      success: () => ['Password reset', `${user.name} has been signed out and must change the new password at the next sign-in.`],
      failure: 'Error resetting password',
    });
  });
  return (
    <FormDialog open={user !== null} title={`Reset Password: ${user?.name ?? ''}`} formId="reset-password-form" submitLabel="Reset Password" pending={update.isPending} onCancel={onClose}>
      <form id="reset-password-form" onSubmit={onSubmit} noValidate>
        <TextField
          control={form.control}
          name="password"
          id="reset-password"
          label="New Temporary Password"
          required
          type="text"
          autoComplete="off"
          hint="Tell it to them in person. Their sessions end now."
        />
      </form>
    </FormDialog>
  );
}
