import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateInvoices } from './invalidate';

// DELETE /api/admin/invoices/:id -> 204

export function deleteInvoice(id: number): Promise<null> {
  return api.delete(`/api/admin/invoices/${id}`);
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteInvoice, onSuccess: (_data, id) => invalidateInvoices(queryClient, id) });
}
