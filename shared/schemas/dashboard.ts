// GET /api/admin/stats: the dashboard's four figures (ADMIN-9, ADMIN-10, ADMIN-11). monthlyRevenue is in rupees.
export interface DashboardStats {
  totalPatients: number;
  todayAppointments: number;
  pendingInvoices: number;
  /** Only for a role with the `reports` capability (AUTH-16). */
  monthlyRevenue?: number;
}

// GET /api/admin/dashboard/charts (ADMIN-13): appointments per clinic day for the last 30 days by status,
// and payments received per clinic month for the last 12 months (as monthlyRevenue counts them), oldest first.
export interface ChartDay {
  date: string; // yyyy-MM-dd at the clinic
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
  'no-show': number;
}
export interface ChartMonth {
  month: string; // yyyy-MM at the clinic
  revenue: number; // rupees
}
export interface DashboardCharts {
  days: ChartDay[];
  months: ChartMonth[];
}
