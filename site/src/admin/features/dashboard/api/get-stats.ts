import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';

// GET /api/admin/stats -> { totalPatients, todayAppointments, pendingInvoices, monthlyRevenue } (D15)

export interface DashboardStats {
  totalPatients: number;
  todayAppointments: number;
  pendingInvoices: number;
  monthlyRevenue: number | string;
}

export function getStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>('/api/admin/stats', { signal });
}

export const statsQueryOptions = () => queryOptions({ queryKey: adminKeys.stats, queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(statsQueryOptions());
}
