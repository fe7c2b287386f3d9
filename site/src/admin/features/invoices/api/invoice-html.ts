import { clinic } from '../../../../../../shared/constants/clinic';
import { buildInvoiceDocument } from '../../../../../../shared/invoice/document';
import { renderInvoiceHtml } from '../../../../../../shared/invoice/html';
import type { InvoiceDetail } from '../../../../../../shared/schemas/invoice';

/** INV-17's one invoice layout as a print-ready HTML page: the printable view and the desktop's local PDF. */
export function invoiceHtml(invoice: InvoiceDetail): string {
  return renderInvoiceHtml(buildInvoiceDocument(invoice, clinic));
}
