import { LockOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '../../../../../../shared/schemas/auth';
import { ApiError } from '../../../../lib/api-client';
import { TextField } from '../../../components/form-fields';
import { useToast } from '../../../components/toasts';
import { useChangePassword } from '../api/account';

const resolver = zodResolver(changePasswordFormSchema);

/**
 * AUTH-10: current password, new password twice (AUTH-7's rules, checked here and on the server). On success
 * the user's other sessions have ended; `onChanged` runs (the forced screen lets the admin in).
 */
export function ChangePasswordForm({ onChanged, submitLabel = 'Change Password' }: { onChanged?: () => void; submitLabel?: string }) {
  const toast = useToast();
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({ resolver, defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { control } = form;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast.success('Password changed', 'Your other sessions have been signed out.');
          onChanged?.();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const name of ['currentPassword', 'newPassword'] as const) {
              if (err.fields[name]) form.setError(name, { type: 'server', message: err.fields[name] });
            }
          }
          toast.failure('Error changing password', err);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="password-form">
      <TextField control={control} name="currentPassword" id="current-password" label="Current Password" required type="password" autoComplete="current-password" />
      <TextField
        control={control}
        name="newPassword"
        id="new-password"
        label="New Password"
        required
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters, not a common password."
      />
      <TextField control={control} name="confirmPassword" id="confirm-password" label="Confirm New Password" required type="password" autoComplete="new-password" />
      <Button type="primary" htmlType="submit" icon={<LockOutlined aria-hidden="true" />} loading={change.isPending}>
        {change.isPending ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
