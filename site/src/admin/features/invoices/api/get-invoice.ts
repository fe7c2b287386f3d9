import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../api/query-keys';
import type { InvoiceDetail } from '../../../../../../shared/schemas/invoice';

// GET /api/admin/invoices/:id -> the invoice with items and billTo (the printable view and the desktop PDF).

export function getInvoice(id: number, signal?: AbortSignal): Promise<InvoiceDetail> {
  return api.get<InvoiceDetail>(`/api/admin/invoices/${id}`, { signal });
}

export const invoiceQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.invoice(id), queryFn: ({ signal }) => getInvoice(id, signal) });

export function useInvoice(id: number) {
  return useQuery(invoiceQueryOptions(id));
}
