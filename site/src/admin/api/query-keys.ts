// Query keys of the admin. Every admin list lives under ['admin', <resource>], so one invalidation of the
// prefix refetches every page and search of that list after a change.

export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  stats: ['admin', 'stats'] as const,
  dashboardCharts: ['admin', 'dashboard-charts'] as const,
  recentAppointments: ['admin', 'recent-appointments'] as const,
  patients: ['admin', 'patients'] as const,
  patientUsage: (id: number) => ['admin', 'patient-usage', id] as const,
  appointments: ['admin', 'appointments'] as const,
  patient: (id: number) => ['admin', 'patients', 'one', id] as const,
  medicalHistory: (id: number) => ['admin', 'medical-history', id] as const,
  visitNotes: (id: number) => ['admin', 'visit-notes', id] as const,
  unsignedNotes: ['admin', 'unsigned-notes'] as const,
  visitNoteTemplates: ['admin', 'visit-note-templates'] as const,
  clinicSettings: ['admin', 'clinic-settings'] as const,
  closedDates: ['admin', 'closed-dates'] as const,
  reminders: ['admin', 'reminders'] as const,
  recall: ['admin', 'recall'] as const,
  plans: ['admin', 'treatment-plans'] as const,
  patientPlans: (id: number) => ['admin', 'treatment-plans', 'patient', id] as const,
  billable: (id: number) => ['admin', 'treatment-plans', 'billable', id] as const,
  reviews: ['admin', 'reviews'] as const,
  invoices: ['admin', 'invoices'] as const,
  invoice: (id: number) => ['admin', 'invoice', id] as const,
  blogPosts: ['admin', 'blog-posts'] as const,
  gallery: ['admin', 'gallery'] as const,
  siteSetting: (key: string) => ['admin', 'site-settings', key] as const,
  priceList: ['admin', 'price-list'] as const,
  gstReport: (month: string) => ['admin', 'gst-report', month] as const,
  patientCredit: (id: number) => ['admin', 'patient-credit', id] as const,
  dayEnd: (date: string) => ['admin', 'day-end', date] as const,
  caseAcceptance: (from: string, to: string) => ['admin', 'case-acceptance', from, to] as const,
  dues: (asOf: string) => ['admin', 'dues', asOf] as const,
  staff: ['admin', 'staff'] as const,
  sessions: ['admin', 'sessions'] as const,
  audit: ['admin', 'audit'] as const,
  chart: (patientId: number) => ['admin', 'chart', patientId] as const,
  chartCodes: ['admin', 'chart-codes'] as const,
  findings: ['admin', 'findings'] as const,
};

// The public data ADMIN-18 says to refresh after admin changes (/api/blog-posts, /api/gallery,
// /api/site-settings/doctor_image). The public site runs its own query client in its own page, so within
// the admin these only matter if a screen shows public data; the server drops its public cache itself.
export const publicKeys = {
  blogPosts: ['blog-posts'] as const,
  gallery: ['gallery'] as const,
  doctorImage: ['site-settings', 'doctor_image'] as const,
};
