import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

// POST /api/admin/invoices/:id/send -> { success }: emails the invoice PDF to the patient (409 without an email).

export function sendInvoice(id: number): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>(`/api/admin/invoices/${id}/send`);
}

// Not retried: a lost answer may mean the email is already queued, and the patient should get it once.
export function useSendInvoice() {
  return useMutation({ mutationFn: sendInvoice, retry: false });
}
