import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateInvoices } from './invalidate';
import type { Invoice } from '../../../../../../shared/schemas/invoice';

// PATCH /api/admin/invoices/:id/mark-paid -> invoice (status paid, paidOn set): records a cash payment of the
// balance dated today (INV-26); 409 when already paid or cancelled.

export function markInvoicePaid(id: number): Promise<Invoice> {
  return api.patch<Invoice>(`/api/admin/invoices/${id}/mark-paid`);
}

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markInvoicePaid, onSuccess: (_data, id) => invalidateInvoices(queryClient, id) });
}
