import { useMutation } from '@tanstack/react-query';
import { receiptFileName } from '../../../../../../shared/invoice/receipt';
import type { InvoicePayment } from '../../../../../../shared/schemas/invoice';
import type { AdminPlatform } from '../../../platform/types';

// A payment's receipt PDF, GET /api/admin/invoices/:id/payments/:paymentId/receipt, saved through the
// platform (the browser downloads it, the desktop app asks where to save it) as receipt-<number>.pdf.

export function useSaveReceipt(platform: AdminPlatform) {
  return useMutation({
    retry: false,
    mutationFn: (payment: Pick<InvoicePayment, 'id' | 'invoiceId' | 'receiptNumber'>) =>
      platform.saveServerFile({
        path: `/api/admin/invoices/${payment.invoiceId}/payments/${payment.id}/receipt`,
        fileName: receiptFileName(payment.receiptNumber),
      }),
  });
}
