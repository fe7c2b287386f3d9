import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './features/auth/components/require-auth';
import { AdminLayout } from './layout/admin-layout';
import { AppointmentsPage } from './pages/appointments-page';
import { BlogPage } from './pages/blog-page';
import { DashboardPage } from './pages/dashboard-page';
import { GalleryPage } from './pages/gallery-page';
import { InvoicePrintPage } from './pages/invoice-print-page';
import { InvoicesPage } from './pages/invoices-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PatientsPage } from './pages/patients-page';
import { SettingsPage } from './pages/settings-page';

// SPEC 2's admin routes, relative to the router's basename /admin.
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
      { path: 'appointments', element: <AppointmentsPage /> },
      { path: 'invoices', element: <InvoicesPage /> },
      { path: 'invoices/:id/print', element: <InvoicePrintPage /> },
      { path: 'blog-admin', element: <BlogPage /> },
      { path: 'gallery-admin', element: <GalleryPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
