import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { FindingEntry } from '../../../../../../shared/schemas/clinical-item';
import type { VisitNoteTemplates, VisitNoteTemplatesPayload } from '../../../../../../shared/clinical/visit-note';

// The owner's editors of the chart and the notes (CHART-16, NOTE-10): the findings list
// (GET/POST /api/admin/findings, PUT/DELETE /api/admin/findings/{code}) and the visit-note templates with
// the default texts (GET/PUT /api/admin/visit-note-templates). A change refreshes the chart's vocabulary.

export function useFindings() {
  return useQuery({ queryKey: adminKeys.findings, queryFn: ({ signal }) => api.get<FindingEntry[]>('/api/admin/findings', { signal }) });
}

export interface FindingFields {
  code: string;
  names: string[];
  draw: FindingEntry['draw'];
  takesSurfaces: boolean;
  retired: boolean;
}

function useFindingMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.findings });
      void queryClient.invalidateQueries({ queryKey: adminKeys.chartCodes });
    },
  });
}

export function useSaveFinding() {
  return useFindingMutation(({ isNew, fields }: { isNew: boolean; fields: FindingFields }) => {
    const { code, ...rest } = fields;
    return isNew
      ? api.post<FindingEntry>('/api/admin/findings', { code, names: rest.names, draw: rest.draw, takesSurfaces: rest.takesSurfaces })
      : api.put<FindingEntry>(`/api/admin/findings/${encodeURIComponent(code)}`, rest);
  });
}

export function useDeleteFinding() {
  return useFindingMutation((code: string) => api.delete(`/api/admin/findings/${encodeURIComponent(code)}`));
}

export function useNoteTemplates() {
  return useQuery({
    queryKey: adminKeys.visitNoteTemplates,
    queryFn: ({ signal }) => api.get<VisitNoteTemplates>('/api/admin/visit-note-templates', { signal }),
  });
}

export function useSaveNoteTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: VisitNoteTemplatesPayload) => api.put<VisitNoteTemplates>('/api/admin/visit-note-templates', payload),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.visitNoteTemplates, saved),
  });
}
