import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiBase } from '../lib/api-client';
import { ToastProvider } from './components/toasts';
import { LoginScreen } from './features/auth/components/login-screen';
import { PlatformProvider } from './platform/platform-context';
import type { AdminPlatform } from './platform/types';

/**
 * The sign-in page on its own, for a visit that starts signed out: React, the form and the shared schema,
 * without the router, TanStack Query, antd or any screen. `onSignedIn` opens the admin (it keeps this page
 * on screen until it returns); `prefetch` starts loading the admin while the form is being filled in.
 * Returns a function that unmounts it.
 */
export function mountSignIn(
  rootElement: HTMLElement,
  platform: AdminPlatform,
  { onSignedIn, prefetch }: { onSignedIn: () => Promise<void>; prefetch: () => void },
): () => void {
  setApiBase(platform.apiBase);
  const root = createRoot(rootElement);
  root.render(
    <StrictMode>
      <PlatformProvider platform={platform}>
        <ToastProvider>
          <LoginScreen onSignedIn={onSignedIn} onFirstFocus={prefetch} />
        </ToastProvider>
      </PlatformProvider>
    </StrictMode>,
  );
  return () => root.unmount();
}
