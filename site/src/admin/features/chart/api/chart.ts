import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProcedureStatus } from '../../../../../../shared/clinical/chart-command';
import type { ChartVocabulary, ClinicalItem, PatientChart } from '../../../../../../shared/schemas/clinical-item';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';

// The chart's endpoints (docs/clinical.md): GET /api/admin/patients/:id/chart[?at=], GET /api/admin/chart-codes,
// POST /api/admin/patients/:id/chart-commands, PATCH /api/admin/clinical-items/:id,
// POST /api/admin/patients/:id/clinical-items/invalidate. Every change refreshes the patient's chart (now and at dates).

export function useChart(patientId: number, at: string | null) {
  return useQuery({
    queryKey: [...adminKeys.chart(patientId), at ?? 'now'],
    queryFn: ({ signal }) => api.get<PatientChart>(`/api/admin/patients/${patientId}/chart?primary=true${at ? `&at=${at}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChartCodes() {
  return useQuery({ queryKey: adminKeys.chartCodes, queryFn: ({ signal }) => api.get<ChartVocabulary>('/api/admin/chart-codes', { signal }), staleTime: 60_000 });
}

/** Puts items the server answered into the chart now, so the chart redraws without waiting for the refetch. */
function useMergeItems(patientId: number) {
  const queryClient = useQueryClient();
  return (items: ClinicalItem[]) => {
    queryClient.setQueryData<PatientChart>([...adminKeys.chart(patientId), 'now'], (chart) => {
      if (!chart) return chart;
      const byId = new Map(chart.items.map((i) => [i.id, i]));
      for (const item of items) byId.set(item.id, item);
      return { ...chart, items: [...byId.values()] };
    });
    // The answer holds the items whole: the chart now is not fetched again (400 items are 200 KB to read and
    // redraw); charts at a date are, when next shown (today's end includes the change).
    void queryClient.invalidateQueries({ queryKey: adminKeys.chart(patientId), predicate: (q) => q.queryKey[3] !== 'now' });
  };
}

export function useRecordCommand(patientId: number) {
  const merge = useMergeItems(patientId);
  const queryClient = useQueryClient();
  return useMutation({
    // CHART-29: performedOn, the day the work was done when it is recorded later.
    mutationFn: ({ command, performedOn }: { command: string; performedOn: string | null }) =>
      api.post<{ preview: false; items: ClinicalItem[] }>(`/api/admin/patients/${patientId}/chart-commands`, { command, ...(performedOn ? { performedOn } : {}) }),
    onSuccess: ({ items }) => {
      merge(items);
      // CHART-27: done work may have marked findings treated: the chart is read again.
      if (items.some((i) => i.kind === 'procedure' && i.status === 'completed')) void queryClient.invalidateQueries({ queryKey: adminKeys.chart(patientId) });
    },
  });
}

export function useChangeStatus(patientId: number) {
  const merge = useMergeItems(patientId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ProcedureStatus | 'resolved' }) => api.patch<ClinicalItem>(`/api/admin/clinical-items/${id}`, { status }),
    onSuccess: (item) => {
      merge([item]);
      // CHART-27: completing work may mark findings treated on the server: the chart is read again.
      if (item.status === 'completed') void queryClient.invalidateQueries({ queryKey: adminKeys.chart(patientId) });
    },
  });
}

export function useInvalidateItems(patientId: number) {
  const merge = useMergeItems(patientId);
  return useMutation({
    // The items of one entry together, in one transaction (an undo of `18 28 38 48 missing` takes back all four or none).
    mutationFn: ({ ids, reason }: { ids: number[]; reason: string }) => api.post<ClinicalItem[]>(`/api/admin/patients/${patientId}/clinical-items/invalidate`, { ids, reason }),
    onSuccess: (items) => merge(items),
  });
}
