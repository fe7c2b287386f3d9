import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { MeAnswer } from '../../../../../../shared/schemas/auth';
import { adminKeys } from '../../../api/query-keys';

// GET /api/auth/me -> { user } | 401 (AUTH-2, ADMIN-3). A 401 reaches the client's unauthorized handler, which clears
// the stored user.

export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return api.get<MeAnswer>('/api/auth/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.me, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
