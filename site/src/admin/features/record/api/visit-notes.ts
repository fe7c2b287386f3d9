import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { NoteSections, UnsignedNote, VisitNote, VisitNoteTemplates } from '../../../../../../shared/clinical/visit-note';

// Visit notes (NOTE-1..NOTE-7): a patient's notes, the draft a new one starts from, writing, signing,
// addenda, and the owner's templates.

export const visitNotesQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: adminKeys.visitNotes(patientId),
    queryFn: ({ signal }) => api.get<VisitNote[]>(`/api/admin/patients/${patientId}/visit-notes`, { signal }),
  });

export function useVisitNotes(patientId: number, enabled: boolean) {
  return useQuery({ ...visitNotesQueryOptions(patientId), enabled: enabled && Number.isInteger(patientId) && patientId > 0 });
}

export function useVisitNoteTemplates(enabled = true) {
  return useQuery({
    queryKey: adminKeys.visitNoteTemplates,
    queryFn: ({ signal }) => api.get<VisitNoteTemplates>('/api/admin/visit-note-templates', { signal }),
    enabled,
  });
}

/** The notes still unsigned a day on: the signed-in dentist's (`mine`) or every dentist's (`all`, the owner's). */
export function useUnsignedNotes(enabled: boolean, scope: 'mine' | 'all') {
  return useQuery({
    queryKey: [...adminKeys.unsignedNotes, scope],
    queryFn: ({ signal }) => api.get<UnsignedNote[]>(`/api/admin/visit-notes?unsigned=${scope}`, { signal }),
    enabled,
  });
}

export interface NoteDraft {
  prompts: NoteSections;
  sections: NoteSections;
  templateId: number | null;
}

export function fetchDraft(patientId: number, templateId: number | null): Promise<NoteDraft> {
  return api.get<NoteDraft>(`/api/admin/patients/${patientId}/visit-notes/draft${templateId ? `?templateId=${templateId}` : ''}`);
}

function useNoteMutation<A>(patientId: number, fn: (arg: A) => Promise<VisitNote>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.visitNotes(patientId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.unsignedNotes });
    },
  });
}

export function useCreateNote(patientId: number) {
  return useNoteMutation(patientId, (input: { sections: NoteSections; templateId: number | null }) =>
    api.post<VisitNote>(`/api/admin/patients/${patientId}/visit-notes`, input),
  );
}

export function useUpdateNote(patientId: number) {
  return useNoteMutation(patientId, ({ id, sections, version }: { id: number; sections: NoteSections; version: number }) =>
    api.put<VisitNote>(`/api/admin/visit-notes/${id}`, { sections, version }),
  );
}

export function useSignNote(patientId: number) {
  return useNoteMutation(patientId, (id: number) => api.post<VisitNote>(`/api/admin/visit-notes/${id}/sign`, {}));
}

export function useAddAddendum(patientId: number) {
  return useNoteMutation(patientId, ({ id, text }: { id: number; text: string }) => api.post<VisitNote>(`/api/admin/visit-notes/${id}/addenda`, { text }));
}
