import { appointmentStatuses, type AppointmentStatus } from '../../../shared/constants/booking';
import { addDays, clinicMonthRange, clinicToday } from '../../../shared/domain/clinic-time';
import type { ChartDay, DashboardCharts, DashboardStats } from '../../../shared/schemas/dashboard';
import type { Deps } from '../../deps';
import { occupiesPlaceSql } from '../appointments/places';

export type { DashboardCharts, DashboardStats };

/**
 * ADMIN-10's four figures in one round trip (one statement of four subqueries), each answered from an index:
 * all patients; today's appointments at the clinic (Asia/Kolkata, CLINIC-3) that are not cancelled; invoices
 * with something left to pay (ADMIN-10: not paid and not cancelled; part-paid and overdue ones count); and the
 * payments received this calendar month at the clinic, on invoices that are not cancelled (ADMIN-11), only
 * `withRevenue` (the owner's, AUTH-16).
 */
export async function dashboardStats(deps: Deps, { withRevenue }: { withRevenue: boolean }): Promise<DashboardStats> {
  const now = deps.now();
  const today = clinicToday(now);
  const month = clinicMonthRange(now);
  const result = await deps.knex.raw<{ rows: Record<string, string | number>[] }>(
    `select
       (select count(*) from patients)::int as total_patients,
       (select count(*) from appointments where preferred_date = :today and ${occupiesPlaceSql()})::int
         as today_appointments,
       (select count(*) from invoices where status = 'pending')::int as pending_invoices${
         withRevenue
           ? `,
       (select coalesce(sum(pay.amount - pay.refunded), 0) from invoice_payments pay join invoices inv on inv.id = pay.invoice_id
         where pay.paid_on >= :start and pay.paid_on < :end and inv.status <> 'cancelled')::text
         as monthly_revenue`
           : ''
       }`,
    { today, start: month.start, end: month.end },
  );
  const row = result.rows[0];
  const stats: DashboardStats = {
    totalPatients: Number(row.total_patients),
    todayAppointments: Number(row.today_appointments),
    pendingInvoices: Number(row.pending_invoices),
  };
  // AUTH-16: not computed, so not sent, for a role that may not see the reports.
  if (withRevenue) stats.monthlyRevenue = Number(row.monthly_revenue);
  return stats;
}

/**
 * ADMIN-13: the owner's two charts. Appointments per day for the 30 clinic days ending today, counted by
 * status (every status, so a day's counts add up to the appointments list filtered to that date); and the
 * payments received per month for the 12 clinic months ending with this one, on invoices that are not
 * cancelled (ADMIN-11: the same rule as monthlyRevenue, so this month's bar equals it). Empty days and months
 * are answered as zeros.
 */
export async function dashboardCharts(deps: Deps): Promise<DashboardCharts> {
  const now = deps.now();
  const today = clinicToday(now);
  const firstDay = addDays(today, -29);
  const thisMonth = clinicMonthRange(now);
  const [year, month] = thisMonth.start.split('-').map(Number);
  const monthKeys = Array.from({ length: 12 }, (_, i) => {
    const m = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  });
  const [appointments, payments] = await Promise.all([
    deps.knex.raw<{ rows: { date: string; status: AppointmentStatus; count: number }[] }>(
      `select to_char(preferred_date, 'YYYY-MM-DD') as date, status, count(*)::int as count from appointments
        where preferred_date >= :from and preferred_date <= :to group by 1, 2`,
      { from: firstDay, to: today },
    ),
    deps.knex.raw<{ rows: { month: string; revenue: string }[] }>(
      `select to_char(pay.paid_on, 'YYYY-MM') as month, sum(pay.amount)::text as revenue
         from invoice_payments pay join invoices inv on inv.id = pay.invoice_id
        where pay.paid_on >= :start and pay.paid_on < :end and inv.status <> 'cancelled' group by 1`,
      { start: `${monthKeys[0]}-01`, end: thisMonth.end },
    ),
  ]);
  const days: ChartDay[] = Array.from({ length: 30 }, (_, i) => ({
    date: addDays(firstDay, i),
    ...(Object.fromEntries(appointmentStatuses.map((s) => [s, 0])) as Record<AppointmentStatus, number>),
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const row of appointments.rows) {
    const day = byDate.get(row.date);
    if (day) day[row.status] += Number(row.count);
  }
  const revenue = new Map(payments.rows.map((r) => [r.month, Number(r.revenue)]));
  return { days, months: monthKeys.map((m) => ({ month: m, revenue: revenue.get(m) ?? 0 })) };
}
