import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { PriceListItem, PriceListItemFields } from '../../../../shared/schemas/price-list';
import { adminKeys } from './query-keys';

// The price list (docs/billing.md): GET /api/admin/price-list?active=true (the invoice form's picker, by
// order) or all of it (the Settings editor); POST (201), PUT /:id, DELETE /:id (204) are the owner's.

export function getPriceList(active: boolean, signal?: AbortSignal): Promise<PriceListItem[]> {
  return api.get<PriceListItem[]>(`/api/admin/price-list${active ? '?active=true' : ''}`, { signal });
}

export const priceListQueryOptions = (active: boolean) =>
  queryOptions({ queryKey: [...adminKeys.priceList, { active }], queryFn: ({ signal }) => getPriceList(active, signal) });

export function usePriceList(active: boolean, enabled = true) {
  return useQuery({ ...priceListQueryOptions(active), enabled });
}

export function useSavePriceListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number | null; fields: PriceListItemFields }) =>
      id === null ? api.post<PriceListItem>('/api/admin/price-list', fields) : api.put<PriceListItem>(`/api/admin/price-list/${id}`, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.priceList }),
  });
}

export function useDeletePriceListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/admin/price-list/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.priceList }),
  });
}
