import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PlatformProvider } from './platform/platform-context';
import type { AdminPlatform } from './platform/types';
import { adminTheme } from './theme';

type Router = ReturnType<typeof createBrowserRouter>;

// F8 moves focus to the visible toast (SPEC 9 "toast region focus hotkey F8"), so a keyboard user can
// read or close it.
function useToastHotkey() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const notice = document.querySelector<HTMLElement>('.ant-notification-notice');
      if (!notice) return;
      event.preventDefault();
      notice.tabIndex = -1;
      notice.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** D23: no motion under prefers-reduced-motion (antd's transitions are switched off). */
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

export function AdminApp({ platform, queryClient, router }: { platform: AdminPlatform; queryClient: QueryClient; router: Router }) {
  useToastHotkey();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ ...adminTheme, token: { ...adminTheme.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={theme} locale={enGB}>
          {/* SPEC 4/9: at most one toast at a time, closing after 5000 ms. */}
          <AntApp notification={{ maxCount: 1, duration: 5, placement: 'topRight' }} message={{ maxCount: 1, duration: 5 }}>
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </PlatformProvider>
  );
}
