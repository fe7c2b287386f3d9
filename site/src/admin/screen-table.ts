import type { Capability } from '../../../shared/constants/roles';

// ADMIN-1: every screen of the admin, once, in the sidebar's order. The router's routes (routes.tsx), the
// sidebar (layout/nav-items.ts), each screen's lazily loaded chunk (screens.ts), the role a screen needs
// and the bundle check (site/scripts/check-bundle.ts) are all derived from this table: a new screen is a
// row here and its page in pages/ (docs/architecture.md, "A new admin screen"). Plain data, so that the
// sign-in page and the build scripts can read it without loading a screen.

export interface ScreenSpec {
  /** The router's path under /admin; `:id` stands for one segment. */
  path: `/${string}`;
  /** Its file in pages/, without `.tsx`: the screen's own chunk. */
  page: `${string}-page`;
  /** The component the page file exports. */
  component: string;
  /** What the signed-in role must be allowed (AUTH-8); others see "Only the owner can ..." instead. */
  needs: Capability;
  /**
   * SITE-32: what this screen is for, as the sentence "Only the owner can {does}." says it to a role that
   * may not use it: the screen's own words (Reviews: "moderate the website's reviews"), not its capability's.
   */
  does: string;
  /** Its name as a heading where it has no sidebar label (the owner-only page's title). */
  title?: string;
  /** Its label in the sidebar; screens reached from another (a patient, a print view) have none. */
  nav?: string;
}

export const screenTable = {
  dashboard: { path: '/dashboard', page: 'dashboard-page', component: 'DashboardPage', needs: 'dashboard', does: 'see the dashboard', nav: 'Dashboard' },
  patients: { path: '/patients', page: 'patients-page', component: 'PatientsPage', needs: 'patients.read', does: 'see patients', nav: 'Patients' },
  patient: { path: '/patients/:id', page: 'patient-page', component: 'PatientPage', needs: 'patients.read', does: "see a patient's record", title: 'Patient' },
  chart: { path: '/patients/:id/chart', page: 'chart-page', component: 'ChartPage', needs: 'clinical.read', does: 'see the dental chart', title: 'Dental chart' },
  patientRecord: { path: '/patients/:id/record', page: 'patient-record-page', component: 'PatientRecordPage', needs: 'clinical.read', does: 'see the clinical record', title: 'Clinical record' },
  patientRecordPrint: { path: '/patients/:id/record/print', page: 'patient-record-print-page', component: 'PatientRecordPrintPage', needs: 'notes', does: 'print the clinical record', title: 'Clinical record (print)' },
  patientPlans: { path: '/patients/:id/plans', page: 'patient-plans-page', component: 'PatientPlansPage', needs: 'clinical.read', does: "see a patient's treatment plans", title: 'Treatment plans' },
  appointments: { path: '/appointments', page: 'appointments-page', component: 'AppointmentsPage', needs: 'appointments.read', does: 'see appointments', nav: 'Appointments' },
  plans: { path: '/treatment-plans', page: 'plans-page', component: 'PlansPage', needs: 'appointments.read', does: 'see treatment plans', nav: 'Plans' },
  invoices: { path: '/invoices', page: 'invoices-page', component: 'InvoicesPage', needs: 'invoices.read', does: 'see invoices', nav: 'Invoices' },
  invoicePrint: { path: '/invoices/:id/print', page: 'invoice-print-page', component: 'InvoicePrintPage', needs: 'invoices.read', does: 'see and print invoices', title: 'Invoice' },
  reports: { path: '/reports', page: 'reports-page', component: 'ReportsPage', needs: 'reports', does: 'see the reports', nav: 'Reports' },
  dayEnd: { path: '/reports/day-end', page: 'day-end-page', component: 'DayEndPage', needs: 'reports', does: 'see the day-end report', title: 'Day-end report' },
  dues: { path: '/reports/dues', page: 'dues-page', component: 'DuesPage', needs: 'reports', does: 'see the dues report', title: 'Dues report' },
  caseAcceptance: { path: '/reports/case-acceptance', page: 'case-acceptance-page', component: 'CaseAcceptancePage', needs: 'reports', does: 'see the case acceptance report', title: 'Case acceptance report' },
  blog: { path: '/blog-admin', page: 'blog-page', component: 'BlogPage', needs: 'content', does: "change the website's blog", nav: 'Blog' },
  gallery: { path: '/gallery-admin', page: 'gallery-page', component: 'GalleryPage', needs: 'content', does: "change the website's gallery", nav: 'Gallery' },
  reviews: { path: '/reviews', page: 'reviews-page', component: 'ReviewsPage', needs: 'content', does: "moderate the website's reviews", nav: 'Reviews' },
  settings: { path: '/settings', page: 'settings-page', component: 'SettingsPage', needs: 'settings.write', does: "change the clinic's settings", nav: 'Settings' },
  clinicalSettings: { path: '/settings/clinical', page: 'clinical-settings-page', component: 'ClinicalSettingsPage', needs: 'settings.write', does: 'change the clinical settings', title: 'Clinical settings' },
  staff: { path: '/staff', page: 'staff-page', component: 'StaffPage', needs: 'staff', does: 'manage staff accounts', nav: 'Staff' },
  audit: { path: '/audit', page: 'audit-page', component: 'AuditPage', needs: 'audit', does: 'read the audit trail', nav: 'Audit Trail' },
  account: { path: '/account', page: 'account-page', component: 'AccountPage', needs: 'dashboard', does: 'use My Account', nav: 'My Account' },
} as const satisfies Record<string, ScreenSpec>;

export type ScreenName = keyof typeof screenTable;
export const screenNames = Object.keys(screenTable) as ScreenName[];

/** The screens the sidebar lists, in its order. */
export type NavScreen = { [K in ScreenName]: (typeof screenTable)[K] extends { nav: string } ? K : never }[ScreenName];
export const navScreens = screenNames.filter((name): name is NavScreen => 'nav' in screenTable[name]);

const matchers = screenNames.map((name) => {
  const pattern = screenTable[name].path.replace(/:[a-zA-Z]+/g, '[^/]+');
  return { name, re: new RegExp(`^${pattern}$`) };
});

/** The screen a path under /admin shows (the router's own paths, without the /admin basename), or null. */
export function screenAt(path: string): ScreenName | null {
  const clean = path.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  // The dashboard is also the index route, /admin.
  if (clean === '/') return 'dashboard';
  return matchers.find(({ re }) => re.test(clean))?.name ?? null;
}
