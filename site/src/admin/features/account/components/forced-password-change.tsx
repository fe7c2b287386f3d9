import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { clinic } from '../../../../../../shared/constants/clinic';
import { ClinicLogo } from '../../../components/clinic-logo';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ChangePasswordForm } from './change-password-form';

/**
 * AUTH-11: the only screen of a user whose password someone else chose (the owner on the Staff screen, the
 * server's console, ADMIN_PASSWORD in production). Every other admin call answers 403 until it is changed;
 * after the change the admin opens where it was going. The desktop app shows the same screen.
 */
export function ForcedPasswordChange({ name, onChanged, onLogout, loggingOut }: { name: string; onChanged: () => void; onLogout: () => void; loggingOut: boolean }) {
  usePageTitle('Choose a new password');
  return (
    <div className="login-screen">
      <main className="login-card" aria-labelledby="forced-password-heading">
        <div className="login-brand">
          <ClinicLogo size={56} />
          <h1 id="forced-password-heading">Choose a new password</h1>
          <p>
            Welcome, {name}. The password you signed in with was chosen for you, by {clinic.name}&apos;s owner or when the system was set up. Choose
            your own to continue: nobody else will know it.
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
