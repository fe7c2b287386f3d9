import { DesktopOutlined, LogoutOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../../shared/domain/dates';
import { Button } from 'antd';
import { roleLabels } from '../../../../shared/constants/roles';
import type { OwnSession } from '../../../../shared/schemas/auth';
import { ConfirmDialog, useConfirmAction } from '../components/confirm-dialog';
import { ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useEndSession, useOwnSessions } from '../features/account/api/account';
import { ChangePasswordForm } from '../features/account/components/change-password-form';
import { useAuthStore } from '../session/auth-store';
import { usePageTitle } from '../hooks/use-page-title';

const when = (iso: string) => formatDateTime(iso);

/** A readable name for a browser's User-Agent ("Chrome on Windows"). */
function browserName(agent: string | null): string {
  if (!agent) return 'Unknown browser';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Electron\//.test(agent) ? 'Desktop app' : /Firefox\//.test(agent) ? 'Firefox' : /Chrome\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'Browser';
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'macOS' : /Linux/.test(agent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

// AUTH-10: every user's own account: change the password, see where they are signed in and end
// any other session.
export function AccountPage() {
  usePageTitle('My Account');
  const user = useAuthStore((s) => s.user);
  const sessions = useOwnSessions();
  const end = useEndSession();
  const endAction = useConfirmAction<OwnSession, OwnSession>({
    mutation: end,
    variables: (s) => s,
    success: (s) => ['Session ended', `${browserName(s.userAgent)} has been signed out.`],
    failure: 'Error ending session',
  });

  return (
    <>
      <PageHeader title="My Account" description={user ? `${user.name} · ${user.email} · ${roleLabels[user.role]}` : undefined} />
      <div className="account-grid">
        <section className="panel" aria-labelledby="password-heading">
          <h2 id="password-heading">Change Password</h2>
          <p className="muted small panel-note">Your other sessions are signed out when you change it.</p>
          <ChangePasswordForm />
        </section>
        <section className="panel" aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">My Sessions</h2>
          {sessions.isPending ? (
            <ListSkeleton count={2} label="Loading sessions" />
          ) : sessions.isError ? (
            <ErrorState text="Unable to load your sessions." />
          ) : (
            <ul className="row-list" aria-label="My sessions">
              {sessions.data.map((s) => (
                <li key={s.id} className="list-row">
                  <DesktopOutlined aria-hidden="true" className="session-icon" />
                  <div className="row-main">
                    <div className="row-title-line">
                      <p className="row-title">{browserName(s.userAgent)}</p>
                      {s.current && <span className="badge badge-green">This session</span>}
                    </div>
                    <p className="row-meta">
                      <span>Signed in {when(s.createdAt)}</span>
                      <span>Last active {when(s.lastSeenAt)}</span>
                      {s.address && <span>From {s.address}</span>}
                    </p>
                  </div>
                  {!s.current && (
                    <div className="row-actions">
                      <Button icon={<LogoutOutlined aria-hidden="true" />} aria-label={`End session: ${browserName(s.userAgent)}, last active ${when(s.lastSeenAt)}`} onClick={() => endAction.ask(s)}>
                        <span className="label-wide">End</span>
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog {...endAction.dialogProps} title="End this session?" confirmLabel="End Session">
        <p>{endAction.item ? `${browserName(endAction.item.userAgent)} will be signed out.` : ''}</p>
      </ConfirmDialog>
    </>
  );
}
