import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Invoice, InvoiceDetail } from '../../../../../../shared/schemas/invoice';
import type { Advance, AdvanceCreate, PatientCredit, Refund, RefundCreate } from '../../../../../../shared/schemas/payment';
import { adminKeys } from '../../../api/query-keys';
import { invalidateInvoices } from './invalidate';

// INV-28 to INV-30: a patient's advances and credit, applying credit to an invoice, refunds.
// GET  /api/admin/patients/:id/credit            -> { patientId, credit, advances }
// POST /api/admin/patients/:id/advances          { amount, mode, reference } -> 201 advance
// POST /api/admin/invoices/:id/apply-credit      { amount? } -> invoice
// POST /api/admin/payments/:id/refund            { amount, reason } -> 201 refund (+ invoice or advance)
// None is retried: an answer lost on the way may mean the money was recorded, and a second would count it twice.

export const patientCreditQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: adminKeys.patientCredit(patientId),
    queryFn: ({ signal }) => api.get<PatientCredit>(`/api/admin/patients/${patientId}/credit`, { signal }),
  });

export function usePatientCredit(patientId: number | null) {
  return useQuery({ ...patientCreditQueryOptions(patientId ?? 0), enabled: patientId !== null });
}

export function useRecordAdvance() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ patientId, advance }: { patientId: number; advance: AdvanceCreate }) => api.post<Advance>(`/api/admin/patients/${patientId}/advances`, advance),
    onSuccess: () => invalidateInvoices(queryClient),
  });
}

export function useApplyCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ invoiceId, amount }: { invoiceId: number; amount: number | null }) =>
      api.post<InvoiceDetail>(`/api/admin/invoices/${invoiceId}/apply-credit`, amount === null ? {} : { amount }),
    onSuccess: (_data, { invoiceId }) => invalidateInvoices(queryClient, invoiceId),
  });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ paymentId, refund }: { paymentId: number; refund: RefundCreate }) =>
      api.post<Refund & { invoice?: Invoice; advance?: Advance }>(`/api/admin/payments/${paymentId}/refund`, refund),
    onSuccess: (answer) => invalidateInvoices(queryClient, answer.invoice?.id),
  });
}
