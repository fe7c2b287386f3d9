import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlatform } from '../../../platform/types';
import { invoiceQueryOptions } from './get-invoice';
import { invoiceHtml } from './invoice-html';

// Download PDF: through the platform. The browser saves the server's GET /api/admin/invoices/:id/pdf as
// invoice-{id}.pdf; the desktop prints the shared invoice HTML locally, built here on demand.

export function useSaveInvoicePdf(platform: AdminPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: (invoice: { id: number; invoiceNumber: string }) =>
      platform.saveInvoicePdf({
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        fileName: `invoice-${invoice.id}.pdf`,
        renderHtml: async () => invoiceHtml(await queryClient.fetchQuery({ ...invoiceQueryOptions(invoice.id), staleTime: 0 })),
      }),
  });
}
