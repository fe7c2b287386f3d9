import { clinicMonthRange, clinicToday } from '../../shared/domain/clinic-time';
import type { DashboardStats } from '../../shared/schemas/dashboard';
import type { Deps } from '../deps';

export type { DashboardStats };

/**
 * ADMIN-10's four figures in one round trip (one statement of four subqueries), each answered from an index:
 * all patients; today's appointments at the clinic (Asia/Kolkata, CLINIC-3) that are not cancelled; invoices
 * with something left to pay (ADMIN-10: not paid and not cancelled; part-paid and overdue ones count); and the
 * payments received this calendar month at the clinic, on invoices that are not cancelled (ADMIN-11).
 */
export async function dashboardStats(deps: Deps): Promise<DashboardStats> {
  const now = deps.now();
  const today = clinicToday(now);
  const month = clinicMonthRange(now);
  const result = await deps.knex.raw<{ rows: Record<string, string | number>[] }>(
    `select
       (select count(*) from patients)::int as total_patients,
       (select count(*) from appointments where preferred_date = :today and status <> 'cancelled')::int
         as today_appointments,
       (select count(*) from invoices where status = 'pending')::int as pending_invoices,
       (select coalesce(sum(pay.amount), 0) from invoice_payments pay join invoices inv on inv.id = pay.invoice_id
         where pay.paid_on >= :start and pay.paid_on < :end and inv.status <> 'cancelled')::text
         as monthly_revenue`,
    { today, start: month.start, end: month.end },
  );
  const row = result.rows[0];
  return {
    totalPatients: Number(row.total_patients),
    todayAppointments: Number(row.today_appointments),
    pendingInvoices: Number(row.pending_invoices),
    monthlyRevenue: Number(row.monthly_revenue),
  };
}
