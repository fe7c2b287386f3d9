import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { DayEndReport, DuesReport } from '../../../../../../shared/schemas/desk-reports';
import { adminKeys } from '../../../api/query-keys';
import type { AdminPlatform } from '../../../platform/types';

// INV-31 to INV-33 (the owner's, capability 'reports'):
// GET /api/admin/reports/day-end?date=yyyy-MM-dd and day-end.csv (saved as day-end-yyyy-MM-dd.csv)
// GET /api/admin/reports/dues?asOf=yyyy-MM-dd and dues.csv (saved as dues-yyyy-MM-dd.csv)

export const dayEndQueryOptions = (date: string) =>
  queryOptions({
    queryKey: adminKeys.dayEnd(date),
    queryFn: ({ signal }) => api.get<DayEndReport>(`/api/admin/reports/day-end?date=${encodeURIComponent(date)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useDayEndReport(date: string) {
  return useQuery(dayEndQueryOptions(date));
}

export const duesQueryOptions = (asOf: string) =>
  queryOptions({
    queryKey: adminKeys.dues(asOf),
    queryFn: ({ signal }) => api.get<DuesReport>(`/api/admin/reports/dues?asOf=${encodeURIComponent(asOf)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useDuesReport(asOf: string) {
  return useQuery(duesQueryOptions(asOf));
}

export function useSaveDeskReportCsv(platform: AdminPlatform) {
  return useMutation({
    retry: false,
    mutationFn: ({ report, date }: { report: 'day-end' | 'dues'; date: string }) =>
      platform.saveServerFile({
        path: `/api/admin/reports/${report}.csv?${report === 'day-end' ? 'date' : 'asOf'}=${encodeURIComponent(date)}`,
        fileName: `${report}-${date}.csv`,
      }),
  });
}
