import { lazy, useState, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './features/auth/components/require-auth';
import { AdminLayout } from './layout/admin-layout';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { loadedScreen, screens, type ScreenName } from './screens';

// ADMIN-1's admin routes, relative to the router's basename /admin. Each screen is its own chunk
// (screens.ts), loaded when it is first opened (the layout shows a quiet placeholder meanwhile), so opening
// the admin costs the code of one screen, not of all eight (docs/benchmarks.md has each chunk's size).
function screen(name: ScreenName, exportName: string) {
  const Lazy = lazy(() => screens[name]().then((module) => ({ default: module[exportName] as ComponentType })));
  return function Screen() {
    // Chosen once per mount: a screen whose chunk is already here renders at once, without suspending.
    const [Ready] = useState(() => loadedScreen(name)?.[exportName] as ComponentType | undefined);
    return Ready ? <Ready /> : <Lazy />;
  };
}

const DashboardPage = screen('dashboard', 'DashboardPage');
const PatientsPage = screen('patients', 'PatientsPage');
const PatientPage = screen('patient', 'PatientPage');
const AppointmentsPage = screen('appointments', 'AppointmentsPage');
const InvoicesPage = screen('invoices', 'InvoicesPage');
const InvoicePrintPage = screen('invoicePrint', 'InvoicePrintPage');
const BlogPage = screen('blog', 'BlogPage');
const GalleryPage = screen('gallery', 'GalleryPage');
const SettingsPage = screen('settings', 'SettingsPage');
const ReportsPage = screen('reports', 'ReportsPage');
const StaffPage = screen('staff', 'StaffPage');
const AuditPage = screen('audit', 'AuditPage');
const AccountPage = screen('account', 'AccountPage');
const ReviewsPage = screen('reviews', 'ReviewsPage');

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
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'patients', element: <PatientsPage /> },
      { path: 'patients/:id', element: <PatientPage /> },
      { path: 'appointments', element: <AppointmentsPage /> },
      { path: 'invoices', element: <InvoicesPage /> },
      { path: 'invoices/:id/print', element: <InvoicePrintPage /> },
      { path: 'blog-admin', element: <BlogPage /> },
      { path: 'gallery-admin', element: <GalleryPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'reports', element: <ReportsPage /> },
      { path: 'staff', element: <StaffPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'reviews', element: <ReviewsPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
