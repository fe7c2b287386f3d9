import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { InvoiceCreate, InvoiceDetail } from '../../../../../../shared/schemas/invoice';
import { invalidateInvoices } from './invalidate';

// POST /api/admin/invoices {patientId, dueDate, subtotal, taxPercentage, taxAmount, totalAmount, notes, items}
// -> 201 invoice with items. The server recomputes the figures and refuses any that differ by a paisa (INV-8).

export function createInvoice(payload: InvoiceCreate): Promise<InvoiceDetail> {
  return api.post<InvoiceDetail>('/api/admin/invoices', payload);
}

// Not retried: a creation whose answer was lost may have happened, and a second would be a second invoice.
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvoice, retry: false, onSuccess: () => invalidateInvoices(queryClient) });
}
