import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type PageParams } from '../../../api/paged-list';
import { adminKeys } from '../../../api/query-keys';
import type { Invoice } from '../../../../../../shared/schemas/invoice';

// GET /api/admin/invoices?q=&status=&limit=&offset= : newest first, with the patient embedded (null once the
// patient is deleted, PAT-4); q matches the invoice number or the patient's name; X-Total-Count gives the count.

export function getInvoices(params: PageParams, signal?: AbortSignal) {
  return fetchPage<Invoice>('/api/admin/invoices', params, signal);
}

export const invoicesQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...adminKeys.invoices, params],
    queryFn: ({ signal }) => getInvoices(params, signal),
    placeholderData: keepPreviousData,
  });

export function useInvoices(params: PageParams) {
  return useQuery(invoicesQueryOptions(params));
}
