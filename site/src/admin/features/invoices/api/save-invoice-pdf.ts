import { useMutation } from '@tanstack/react-query';
import type { AdminPlatform } from '../../../platform/types';

// Download PDF: through the platform. The browser saves the server's GET /api/admin/invoices/:id/pdf as
// invoice-{id}.pdf; the desktop's main process fetches the invoice and prints the shared layout itself.

export function useSaveInvoicePdf(platform: AdminPlatform) {
  return useMutation({
    retry: false,
    mutationFn: (invoice: { id: number; invoiceNumber: string }) =>
      platform.saveInvoicePdf({ id: invoice.id, invoiceNumber: invoice.invoiceNumber, fileName: `invoice-${invoice.id}.pdf` }),
  });
}
