import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { GstReport } from '../../../../../../shared/domain/gst-report';
import { adminKeys } from '../../../api/query-keys';
import type { AdminPlatform } from '../../../platform/types';

// GET /api/admin/reports/gst?month=yyyy-MM (the owner's, capability 'reports') and its CSV,
// /api/admin/reports/gst.csv?month=, saved through the platform as gst-report-yyyy-MM.csv.

export const gstReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: adminKeys.gstReport(month),
    queryFn: ({ signal }) => api.get<GstReport>(`/api/admin/reports/gst?month=${encodeURIComponent(month)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useGstReport(month: string) {
  return useQuery(gstReportQueryOptions(month));
}

export function useSaveGstReportCsv(platform: AdminPlatform) {
  return useMutation({
    retry: false,
    mutationFn: (month: string) =>
      platform.saveServerFile({ path: `/api/admin/reports/gst.csv?month=${encodeURIComponent(month)}`, fileName: `gst-report-${month}.csv` }),
  });
}
