import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useMe } from '../features/auth/api/get-me';
import { useAuthStore } from '../session/auth-store';
import { useLogoutAction } from '../features/auth/use-logout-action';
import { ForcedPasswordChange } from '../features/account/components/forced-password-change';

// ADMIN-3 and AUTH-2: admin pages render only with a stored user (and, AUTH-11, one whose password is their own); GET /api/auth/me confirms it on load, and a
// 401 there (or from any call) clears it, which brings the admin back here and on to the login page.
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const location = useLocation();
  const me = useMe(user !== null);
  const { logout, pending } = useLogoutAction();

  useEffect(() => {
    const confirmed = me.data?.user;
    const changed =
      confirmed &&
      user &&
      (confirmed.name !== user.name || confirmed.email !== user.email || confirmed.role !== user.role || Boolean(confirmed.mustChangePassword) !== Boolean(user.mustChangePassword));
    if (changed) {
      setUser(confirmed);
    }
  }, [me.data, user, setUser]);

  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  // AUTH-11: a temporary password opens nothing but the screen that replaces it.
  if (user.mustChangePassword) {
    return <ForcedPasswordChange name={user.name} onChanged={() => setUser({ ...user, mustChangePassword: false })} onLogout={logout} loggingOut={pending} />;
  }
  return children;
}
