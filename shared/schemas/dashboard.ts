// GET /api/admin/stats: the dashboard's four figures (ADMIN-9, ADMIN-10, ADMIN-11). monthlyRevenue is in rupees.
export interface DashboardStats {
  totalPatients: number;
  todayAppointments: number;
  pendingInvoices: number;
  monthlyRevenue: number;
}
