import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { adminKeys } from '../api/query-keys';
import { useToast } from '../components/toasts';
import { useAuthStore } from '../session/auth-store';
import { LoginScreen } from '../features/auth/components/login-screen';

// /admin/login inside the running admin (after Logout, or when a session ends): the sign-in form, then
// the page the admin was sent away from (or the dashboard). A visit that starts signed out gets the same
// form without the rest of the admin (sign-in.tsx).
export function LoginPage() {
  const user = useAuthStore((s) => s.user);
  const [signedInAlready] = useState(() => user !== null);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useToast();

  if (signedInAlready) return <Navigate to="/" replace />;
  const from = (location.state as { from?: string } | null)?.from;

  return (
    <LoginScreen
      onSignedIn={() => {
        queryClient.removeQueries({ queryKey: adminKeys.all });
        toast.success('Login successful', 'Welcome to the admin panel.');
        navigate(from && from !== '/login' ? from : '/', { replace: true });
      }}
    />
  );
}
