import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { DashboardStats } from '../../../../../../shared/schemas/dashboard';
import { adminKeys } from '../../../api/query-keys';

// GET /api/admin/stats -> { totalPatients, todayAppointments, pendingInvoices, monthlyRevenue } (ADMIN-10)

export function getStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>('/api/admin/stats', { signal });
}

export const statsQueryOptions = () => queryOptions({ queryKey: adminKeys.stats, queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(statsQueryOptions());
}
