import { setUnauthorizedHandler } from '../../lib/api-client';
import { useAuthStore } from './auth-store';

// ADMIN-3: any 401 from the API ends the admin's session in this browser: the stored user is cleared, and the
// route guard then sends the admin to the login page. A 401 from the login call itself only means a wrong
// password, so it is ignored here.

export function endSession(): void {
  if (useAuthStore.getState().user) useAuthStore.getState().clearUser();
}

export function installUnauthorizedHandler(): void {
  setUnauthorizedHandler((path) => {
    if (path.startsWith('/api/auth/login')) return;
    endSession();
  });
}
