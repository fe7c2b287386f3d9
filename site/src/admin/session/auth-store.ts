import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AdminUser } from '../../../../shared/schemas/auth';

// ADMIN-4: kept in local storage under one auth key. Its presence is what lets the admin pages
// render (ADMIN-3); GET /api/auth/me confirms it on load and any 401 clears it (AUTH-2).

interface AuthState {
  user: AdminUser | null;
  setUser: (user: AdminUser) => void;
  clearUser: () => void;
}

export const AUTH_STORAGE_KEY = 'clinic-admin-user';

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      setUser: (user) => set({ user }),
      clearUser: () => set({ user: null }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
    },
  ),
);
