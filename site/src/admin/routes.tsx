import { lazy, useState, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './layout/require-auth';
import { useCan } from './session/use-can';
import { AdminLayout } from './layout/admin-layout';
import { ForbiddenPage } from './pages/forbidden-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { screenNames, screenTable, type ScreenName } from './screen-table';
import { loadedScreen, screens } from './screens';

// ADMIN-1's admin routes, relative to the router's basename /admin, made from the screen table
// (screen-table.ts). Each screen is its own chunk, loaded when it is first opened (the layout shows a
// quiet placeholder meanwhile), so opening the admin costs the code of one screen, not of all of them
// (docs/benchmarks.md has each chunk's size). A role that may not use a screen is told so, and the screen's
// code is not loaded (AUTH-8; the server refuses its calls anyway).
function screen(name: ScreenName): ComponentType {
  const { component, needs, nav, title, does } = screenTable[name] as (typeof screenTable)[ScreenName] & { nav?: string; title?: string };
  const Lazy = lazy(() => screens[name]().then((module) => ({ default: module[component] as ComponentType })));
  return function Screen() {
    const allowed = useCan(needs);
    // Chosen once per mount: a screen whose chunk is already here renders at once, without suspending.
    const [Ready] = useState(() => loadedScreen(name)?.[component] as ComponentType | undefined);
    if (!allowed) return <ForbiddenPage needs={needs} title={nav ?? title ?? 'Not available'} does={does} />;
    return Ready ? <Ready /> : <Lazy />;
  };
}

const Screens = Object.fromEntries(screenNames.map((name) => [name, screen(name)])) as Record<ScreenName, ComponentType>;
const { dashboard: DashboardPage } = Screens;

export const adminRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AdminLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      ...screenNames.map((name) => {
        const Page = Screens[name];
        return { path: screenTable[name].path.slice(1), element: <Page /> };
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
