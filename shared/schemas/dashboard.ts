// GET /api/admin/stats: the dashboard's four figures (SPEC 2, D15). monthlyRevenue is in rupees.
export interface DashboardStats {
  totalPatients: number;
  todayAppointments: number;
  pendingInvoices: number;
  monthlyRevenue: number;
}
