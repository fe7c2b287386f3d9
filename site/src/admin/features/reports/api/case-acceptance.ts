import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CaseAcceptanceRow } from '../../../../../../shared/schemas/treatment-plan';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { AdminPlatform } from '../../../platform/types';

// PLAN-14, PLAN-17 (the owner's, capability 'reports'):
// GET /api/admin/reports/case-acceptance?from=yyyy-MM&to=yyyy-MM and case-acceptance.csv

const query = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export function useCaseAcceptance(from: string, to: string) {
  return useQuery({
    queryKey: adminKeys.caseAcceptance(from, to),
    queryFn: ({ signal }) => api.get<CaseAcceptanceRow[]>(`/api/admin/reports/case-acceptance?${query(from, to)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCaseAcceptanceCsv(platform: AdminPlatform) {
  return useMutation({
    retry: false,
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      platform.saveServerFile({ path: `/api/admin/reports/case-acceptance.csv?${query(from, to)}`, fileName: `case-acceptance-${from === to ? from : `${from}-to-${to}`}.csv` }),
  });
}
