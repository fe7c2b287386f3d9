import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useMe } from '../api/get-me';
import { useAuthStore } from '../auth-store';

// SPEC 2/6 and D6: admin pages render only with a stored user; GET /api/auth/me confirms it on load, and a
// 401 there (or from any call) clears it, which brings the admin back here and on to the login page.
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const location = useLocation();
  const me = useMe(user !== null);

  useEffect(() => {
    const confirmed = me.data?.user;
    if (confirmed && user && (confirmed.name !== user.name || confirmed.email !== user.email || confirmed.role !== user.role)) {
      setUser(confirmed);
    }
  }, [me.data, user, setUser]);

  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}
