import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { DashboardCharts } from '../../../../../../shared/schemas/dashboard';
import { adminKeys } from '../../../api/query-keys';

// GET /api/admin/dashboard/charts -> { days: [{ date, pending, confirmed, completed, cancelled, no-show }],
// months: [{ month, revenue }] } (ADMIN-13, owner only)

export function getCharts(signal?: AbortSignal): Promise<DashboardCharts> {
  return api.get<DashboardCharts>('/api/admin/dashboard/charts', { signal });
}

export function useDashboardCharts() {
  return useQuery(queryOptions({ queryKey: adminKeys.dashboardCharts, queryFn: ({ signal }) => getCharts(signal) }));
}
