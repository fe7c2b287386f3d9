import './styles.css';
import type { StartupNotice } from './app';
import { useAuthStore } from './session/auth-store';
import { browserPlatform } from './platform/browser';
import { preloadScreenAt } from './screens';
import { mountSignIn } from './sign-in';

// The browser entry of the admin back office (site/admin.html, served for every /admin path).
// Signed out, every admin page leads to the sign-in page (ADMIN-3): it is shown at once with its own code
// only (React and the form, a fifth of the admin's script; the form's schema follows); the rest of the admin
// (router, TanStack Query, antd, the layout) loads while the form is filled in, and each screen in its own
// chunk when it is opened (routes.tsx). Signed in, the admin starts straight away.

const rootElement = document.getElementById('root')!;
const loadAdmin = () => import('./mount');

async function openAdmin(notice?: StartupNotice): Promise<void> {
  const { mountAdmin } = await loadAdmin();
  mountAdmin(rootElement, browserPlatform, { notice });
}

// The path under /admin, as the admin's router sees it.
const path = window.location.pathname.replace(/^\/admin/, '').replace(/\/+$/, '') || '/';

if (useAuthStore.getState().user) {
  // The screen's chunk is fetched together with the rest of the admin, not after it.
  void preloadScreenAt(path);
  void openAdmin();
} else {
  // Where the visitor was going, as the admin's own redirect remembers it (RequireAuth's `from`).
  const target = path === '/' || path === '/login' ? '' : path + window.location.search;
  if (path !== '/login') window.history.replaceState(null, '', '/admin/login');
  const unmount = mountSignIn(rootElement, browserPlatform, {
    prefetch: () => void loadAdmin().catch(() => {}),
    onSignedIn: async () => {
      void preloadScreenAt(target || '/');
      const { mountAdmin } = await loadAdmin();
      unmount();
      window.history.replaceState(null, '', `/admin${target}`);
      mountAdmin(rootElement, browserPlatform, { notice: ['Login successful', 'Welcome to the admin panel.'] });
    },
  });
}
