// Each admin screen's code is its own chunk (routes.tsx renders it once loaded). When the admin starts on
// a screen, main.tsx fetches that screen's chunk together with the rest of the admin, and mount.tsx
// renders only once it is there: a screen that suspends on the first render is revealed up to 300 ms
// late (React throttles the reveal of suspended content), which the 50,000-patient timings showed.

const loaded = new Map<ScreenName, Record<string, unknown>>();

// zod is set up (jitless, for the CSP) before a screen's module builds its schemas: main.tsx may load a
// screen before mount.tsx has run, and a schema built earlier would try `new Function` (a CSP report).
const zodReady = () => import('./zod-setup');

function loader(name: ScreenName, load: () => Promise<Record<string, unknown>>) {
  return () =>
    zodReady()
      .then(load)
      .then((module) => {
        loaded.set(name, module);
        return module;
      });
}

export type ScreenName =
  | 'dashboard' | 'patients' | 'patient' | 'appointments' | 'invoices' | 'invoicePrint' | 'blog' | 'gallery' | 'settings' | 'reports'
  | 'staff' | 'audit' | 'account' | 'reviews';

export const screens: Record<ScreenName, () => Promise<Record<string, unknown>>> = {
  dashboard: loader('dashboard', () => import('./pages/dashboard-page')),
  patients: loader('patients', () => import('./pages/patients-page')),
  patient: loader('patient', () => import('./pages/patient-page')),
  appointments: loader('appointments', () => import('./pages/appointments-page')),
  invoices: loader('invoices', () => import('./pages/invoices-page')),
  invoicePrint: loader('invoicePrint', () => import('./pages/invoice-print-page')),
  blog: loader('blog', () => import('./pages/blog-page')),
  gallery: loader('gallery', () => import('./pages/gallery-page')),
  settings: loader('settings', () => import('./pages/settings-page')),
  reports: loader('reports', () => import('./pages/reports-page')),
  staff: loader('staff', () => import('./pages/staff-page')),
  audit: loader('audit', () => import('./pages/audit-page')),
  account: loader('account', () => import('./pages/account-page')),
  reviews: loader('reviews', () => import('./pages/reviews-page')),
};

/** The screen's module if its chunk has arrived, else undefined. */
export function loadedScreen(name: ScreenName): Record<string, unknown> | undefined {
  return loaded.get(name);
}

/** The screen a path under /admin shows (the router's own paths, without the /admin basename). */
export function screenAt(path: string): ScreenName | null {
  const clean = path.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  if (clean === '/' || clean === '/dashboard') return 'dashboard';
  if (/^\/invoices\/[^/]+\/print$/.test(clean)) return 'invoicePrint';
  if (/^\/patients\/[^/]+$/.test(clean)) return 'patient';
  const byPath: Record<string, ScreenName> = {
    '/patients': 'patients',
    '/appointments': 'appointments',
    '/invoices': 'invoices',
    '/blog-admin': 'blog',
    '/gallery-admin': 'gallery',
    '/settings': 'settings',
    '/reports': 'reports',
    '/staff': 'staff',
    '/audit': 'audit',
    '/account': 'account',
    '/reviews': 'reviews',
  };
  return byPath[clean] ?? null;
}

/** Starts loading the screen at `path` (nothing for a path without one); resolves when it is there or failed. */
export function preloadScreenAt(path: string): Promise<void> {
  const name = screenAt(path);
  // zod is configured first (zod-setup.ts): a screen whose module builds a schema (the dashboard's New
  // Appointment dialog) must not meet zod's eval probe, which the CSP refuses.
  return name
    ? import('./zod-setup').then(() => screens[name]()).then(() => undefined, () => undefined)
    : Promise.resolve();
}
