import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateInvoices } from './invalidate';
import type { PaymentMode } from '../../../../../../shared/constants/invoice';
import type { Invoice } from '../../../../../../shared/schemas/invoice';

// PATCH /api/admin/invoices/:id/mark-paid { mode } -> invoice (status paid, paidOn set): records a payment of
// the balance dated today, by the mode the desk chose (INV-26, INV-37); 409 when already paid or cancelled.

export function markInvoicePaid({ id, mode }: { id: number; mode: PaymentMode }): Promise<Invoice> {
  return api.patch<Invoice>(`/api/admin/invoices/${id}/mark-paid`, { mode });
}

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markInvoicePaid, onSuccess: (_data, { id }) => invalidateInvoices(queryClient, id) });
}
