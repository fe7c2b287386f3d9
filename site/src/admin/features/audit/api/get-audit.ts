import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { AuditPage } from '../../../../../../shared/schemas/audit';
import { adminKeys } from '../../../api/query-keys';

// GET /api/admin/audit?user=&entity=&entityId=&from=&to=&limit=&cursor= -> { rows, next } (DATA-6).

export interface AuditFilters {
  user?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

export function useAuditPage(filters: AuditFilters, cursor: string | null, limit: number) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  search.set('limit', String(limit));
  if (cursor) search.set('cursor', cursor);
  return useQuery({
    queryKey: [...adminKeys.audit, filters, cursor, limit],
    queryFn: ({ signal }) => api.get<AuditPage>(`/api/admin/audit?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
