import { EditOutlined, KeyOutlined, StopOutlined, UndoOutlined, UserAddOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../../shared/domain/dates';
import { Avatar, Button } from 'antd';
import { useState } from 'react';
import { roleLabels } from '../../../../shared/constants/roles';
import type { StaffUpdate, StaffUser } from '../../../../shared/schemas/staff';
import { ConfirmDialog, useConfirmAction } from '../components/confirm-dialog';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useToast } from '../components/toasts';
import { useAuthStore } from '../session/auth-store';
import { useStaff, useUpdateStaff } from '../features/staff/api/staff';
import { ResetPasswordDialog, StaffFormDialog } from '../features/staff/components/staff-form-dialog';
import { usePageTitle } from '../hooks/use-page-title';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');

const when = (iso: string) => formatDateTime(iso);

// AUTH-9, AUTH-11, AUTH-12: the owner's staff accounts: add (temporary password), edit name and role, reset a
// password, disable and enable. Nothing is deleted: the audit trail names every account.
export function StaffPage() {
  usePageTitle('Staff');
  const me = useAuthStore((s) => s.user);
  const list = useStaff();
  const update = useUpdateStaff();
  const toast = useToast();
  const [editing, setEditing] = useState<{ open: boolean; user: StaffUser | null }>({ open: false, user: null });
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const disable = useConfirmAction<StaffUser, StaffUpdate & { id: number }>({
    mutation: update,
    variables: (u) => ({ id: u.id, disabled: true }),
    success: (u) => ['Staff member disabled', `${u.name} has been signed out and can no longer sign in.`],
    failure: 'Error disabling staff member',
  });
  const enable = (u: StaffUser) =>
    update.mutate(
      { id: u.id, disabled: false },
      { onSuccess: () => toast.success('Staff member enabled', `${u.name} can sign in again.`), onError: (err) => toast.failure('Error enabling staff member', err) },
    );

  let body;
  if (list.isPending) body = <ListSkeleton count={3} label="Loading staff" />;
  else if (list.isError) body = <ErrorState text="Unable to load staff." />;
  else if (list.data.length === 0) body = <EmptyState text="No staff accounts yet." />;
  else {
    body = (
      <ul className="row-list" aria-label="Staff">
        {list.data.map((u) => (
          <li key={u.id} className={u.disabled ? 'list-row row-disabled' : 'list-row'}>
            <Avatar className="initials" size={44} aria-hidden="true">
              {initials(u.name)}
            </Avatar>
            <div className="row-main">
              <div className="row-title-line">
                <p className="row-title">
                  {u.name}
                  {u.id === me?.id && <span className="muted"> (you)</span>}
                </p>
                <span className={u.role === 'owner' ? 'badge badge-blue' : 'badge badge-grey'}>{roleLabels[u.role]}</span>
                {u.disabled && <span className="badge badge-red">Disabled</span>}
                {!u.disabled && u.mustChangePassword && <span className="badge badge-amber">Temporary password</span>}
              </div>
              <p className="row-meta">
                <span>{u.email}</span>
                <span>{u.lastSeenAt ? `Last active ${when(u.lastSeenAt)}` : 'Not signed in'}</span>
              </p>
            </div>
            <div className="row-actions">
              <Button icon={<EditOutlined aria-hidden="true" />} aria-label={`Edit ${u.name}`} onClick={() => setEditing({ open: true, user: u })}>
                <span className="label-wide">Edit</span>
              </Button>
              <Button icon={<KeyOutlined aria-hidden="true" />} aria-label={`Reset password of ${u.name}`} onClick={() => setResetting(u)}>
                <span className="label-wide">Reset Password</span>
              </Button>
              {u.disabled ? (
                <Button icon={<UndoOutlined aria-hidden="true" />} aria-label={`Enable ${u.name}`} onClick={() => enable(u)}>
                  <span className="label-wide">Enable</span>
                </Button>
              ) : (
                <Button danger icon={<StopOutlined aria-hidden="true" />} aria-label={`Disable ${u.name}`} onClick={() => disable.ask(u)} disabled={u.id === me?.id}>
                  <span className="label-wide">Disable</span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can sign in to the back office, and what each may do."
        actions={
          <Button type="primary" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => setEditing({ open: true, user: null })}>
            Add Staff Member
          </Button>
        }
      />
      {body}
      <StaffFormDialog open={editing.open} user={editing.user} onClose={() => setEditing({ open: false, user: null })} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog {...disable.dialogProps} title={`Disable ${disable.item?.name ?? ''}?`} confirmLabel="Disable">
        <p>They are signed out at once and cannot sign in until you enable the account again. Their records and history stay.</p>
      </ConfirmDialog>
    </>
  );
}
