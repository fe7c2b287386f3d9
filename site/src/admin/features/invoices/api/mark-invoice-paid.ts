import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateInvoices } from './invalidate';
import type { Invoice } from '../../../../../../shared/schemas/invoice';

// PATCH /api/admin/invoices/:id/mark-paid -> invoice (status paid, paidOn set); 409 when already paid.

export function markInvoicePaid(id: number): Promise<Invoice> {
  return api.patch<Invoice>(`/api/admin/invoices/${id}/mark-paid`);
}

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markInvoicePaid, onSuccess: (_data, id) => invalidateInvoices(queryClient, id) });
}
