import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateInvoices } from './invalidate';

// DELETE /api/admin/invoices/:id -> 204: cancels the invoice (INV-12): it keeps its number, items and
// payments and reads CANCELLED; 409 when already cancelled. The owner's only (403 for a receptionist).

export function cancelInvoice(id: number): Promise<null> {
  return api.delete(`/api/admin/invoices/${id}`);
}

export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelInvoice, retry: false, onSuccess: (_data, id) => invalidateInvoices(queryClient, id) });
}
