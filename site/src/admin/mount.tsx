import './zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createHashRouter } from 'react-router-dom';
import { installUnauthorizedHandler } from './session/session';
import { setApiBase } from '../lib/api-client';
import type { AdminPlatform } from './platform/types';
import { AdminApp, type StartupNotice } from './app';
import { createAdminQueryClient } from './query-client';
import { adminRoutes } from './routes';
import { preloadScreenAt } from './screens';
import './styles.css';

/**
 * Mounts the admin back office into `rootElement` with the given platform: the browser entry
 * (site/src/admin/main.tsx) passes browserPlatform; the desktop renderer passes its own.
 * `notice` is a toast to show once it is on screen.
 * Returns a function that unmounts it.
 */
export function mountAdmin(rootElement: HTMLElement, platform: AdminPlatform, options: { notice?: StartupNotice } = {}): () => void {
  setApiBase(platform.apiBase);
  installUnauthorizedHandler();
  const queryClient = createAdminQueryClient();
  const router =
    platform.routing === 'hash' ? createHashRouter(adminRoutes) : createBrowserRouter(adminRoutes, { basename: '/admin' });
  const root = createRoot(rootElement);
  let mounted = true;
  // The first screen renders once its chunk is here (screens.ts says why).
  void preloadScreenAt(router.state.location.pathname).then(() => {
    if (!mounted) return;
    root.render(
      <StrictMode>
        <AdminApp platform={platform} queryClient={queryClient} router={router} notice={options.notice} />
      </StrictMode>,
    );
  });
  return () => {
    mounted = false;
    root.unmount();
    router.dispose();
  };
}

export type { AdminPlatform } from './platform/types';
