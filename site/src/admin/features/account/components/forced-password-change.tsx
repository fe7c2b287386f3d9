import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { clinic } from '../../../../../../shared/constants/clinic';
import { ClinicLogo } from '../../../components/clinic-logo';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ChangePasswordForm } from './change-password-form';

/**
 * AUTH-11: the only screen of a user whose password the owner set. Every other admin call answers 403
 * until it is changed; after the change the admin opens where it was going.
 */
export function ForcedPasswordChange({ name, onChanged, onLogout, loggingOut }: { name: string; onChanged: () => void; onLogout: () => void; loggingOut: boolean }) {
  usePageTitle('Change your password');
  return (
    <div className="login-screen">
      <main className="login-card" aria-labelledby="forced-password-heading">
        <div className="login-brand">
          <ClinicLogo size={56} />
          <h1 id="forced-password-heading">Change your password</h1>
          <p>
            Welcome, {name}. The password you signed in with was set for you by {clinic.name}&apos;s owner. Choose your own to continue.
          </p>
        </div>
        <ChangePasswordForm onChanged={onChanged} submitLabel="Save and Continue" />
        <Button type="link" className="back-link" icon={<LogoutOutlined aria-hidden="true" />} onClick={onLogout} loading={loggingOut}>
          Logout
        </Button>
      </main>
    </div>
  );
}
