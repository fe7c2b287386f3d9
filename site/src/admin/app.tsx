import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ToastProvider, useToast } from './components/toasts';
import { PlatformProvider } from './platform/platform-context';
import type { AdminPlatform } from './platform/types';
import { adminTheme } from './theme';

type Router = ReturnType<typeof createBrowserRouter>;

/** A11Y-5: no motion under prefers-reduced-motion: antd's transitions and its click wave are switched off. */
function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const onChange = () => setReduced(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** A toast to show once the admin is on screen (the sign-in page's welcome, shown by the screen it opens). */
export type StartupNotice = [title: string, description: string];

function ShowStartupNotice({ notice }: { notice?: StartupNotice }) {
  const toast = useToast();
  useEffect(() => {
    if (notice) toast.success(...notice);
  }, [notice, toast]);
  return null;
}

export function AdminApp({
  platform,
  queryClient,
  router,
  notice,
}: {
  platform: AdminPlatform;
  queryClient: QueryClient;
  router: Router;
  notice?: StartupNotice;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ ...adminTheme, token: { ...adminTheme.token, motion: !reducedMotion } }), [reducedMotion]);
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion]);
  return (
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={theme} wave={wave} locale={enGB}>
          <ToastProvider>
            <ShowStartupNotice notice={notice} />
            <RouterProvider router={router} />
          </ToastProvider>
        </ConfigProvider>
      </QueryClientProvider>
    </PlatformProvider>
  );
}
