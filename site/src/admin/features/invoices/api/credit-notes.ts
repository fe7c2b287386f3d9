import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { creditNoteFileName } from '../../../../../../shared/invoice/credit-note';
import type { CreditNote, CreditNoteCreateInput } from '../../../../../../shared/schemas/credit-note';
import type { AdminPlatform } from '../../../platform/types';
import { invalidateInvoices } from './invalidate';

// INV-40..INV-43: credit notes (not the patient's advance credit of ./credit.ts).
// POST /api/admin/invoices/:id/credit-notes   { lines: [{ itemId, amount }], reason } -> 201 credit note (owner only)
// GET  /api/admin/credit-notes/:id.pdf        the PDF, in the patient's language
// Not retried: an answer lost on the way may mean the note was issued, and a second would credit twice.

export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ invoiceId, note }: { invoiceId: number; note: CreditNoteCreateInput }) => api.post<CreditNote>(`/api/admin/invoices/${invoiceId}/credit-notes`, note),
    onSuccess: (_note, { invoiceId }) => {
      invalidateInvoices(queryClient, invoiceId);
      // INV-41: a released item may now be invalidated or billed again: the chart and the plans read it.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'chart'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'treatment-plans'] });
    },
  });
}

export function useSaveCreditNotePdf(platform: AdminPlatform) {
  return useMutation({
    retry: false,
    mutationFn: (note: Pick<CreditNote, 'id' | 'number'>) =>
      platform.saveServerFile({ path: `/api/admin/credit-notes/${note.id}.pdf`, fileName: creditNoteFileName(note.number) }),
  });
}
