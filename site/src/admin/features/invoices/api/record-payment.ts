import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Invoice, InvoicePayment } from '../../../../../../shared/schemas/invoice';
import type { PaymentCreate } from '../../../../../../shared/schemas/payment';
import { invalidateInvoices } from './invalidate';

// POST /api/admin/invoices/:id/payments { amount, paidOn, mode, reference } -> 201 payment with `invoice`
// as it now stands; 400 for more than the balance or a date out of range, 409 on a paid or cancelled invoice.

export function recordPayment({ invoiceId, payment }: { invoiceId: number; payment: PaymentCreate }) {
  return api.post<InvoicePayment & { invoice: Invoice }>(`/api/admin/invoices/${invoiceId}/payments`, payment);
}

// Not retried: a payment whose answer was lost may have been recorded, and a second would count it twice.
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, retry: false, onSuccess: (_data, { invoiceId }) => invalidateInvoices(queryClient, invoiceId) });
}
