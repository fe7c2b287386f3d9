import { clinic } from '../../../shared/constants/clinic';
import { buildInvoiceDocument, type InvoiceSource } from '../../../shared/invoice/document';
import { renderInvoiceHtml } from '../../../shared/invoice/html';
import type { Fetch } from './server-address';

// DESK-2, INV-17: the desktop prints the same document the server draws. The main process fetches the invoice
// (GET /api/admin/invoices/:id, with the session cookie its server session holds), builds the shared
// document model with the clinic's identity exactly as api/services/billing/invoices.ts does, and renders the
// shared HTML page.

export class InvoiceLoadError extends Error {
  constructor(
    message: string,
    readonly signedOut = false,
  ) {
    super(message);
    this.name = 'InvoiceLoadError';
  }
}

export const invoiceMessages = {
  signedOut: 'Your session has ended. Sign in again, then download the PDF.',
  notFound: 'Invoice not found',
  unreachable: (address: string) => `Cannot reach the clinic server at ${address} to fetch the invoice.`,
  incomplete: 'The server sent an invoice without its items; the PDF cannot be made.',
};

export async function loadInvoiceHtml(invoiceId: number, options: { serverAddress: string | null; fetch: Fetch }): Promise<string> {
  const { serverAddress } = options;
  if (!serverAddress) throw new InvoiceLoadError("The clinic server's address is not set.");
  let res: Response;
  try {
    res = await options.fetch(`${serverAddress}/api/admin/invoices/${invoiceId}`, {
      headers: { Accept: 'application/json' },
      credentials: 'include',
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new InvoiceLoadError(invoiceMessages.unreachable(serverAddress));
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.status === 401) throw new InvoiceLoadError(invoiceMessages.signedOut, true);
  if (!res.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    throw new InvoiceLoadError(
      typeof error === 'string' && error ? error : res.status === 404 ? invoiceMessages.notFound : `HTTP ${res.status}: ${res.statusText}`,
    );
  }
  const invoice = body as Partial<InvoiceSource> | null;
  if (!invoice || !Array.isArray(invoice.items) || !invoice.billTo) throw new InvoiceLoadError(invoiceMessages.incomplete);
  return renderInvoiceHtml(buildInvoiceDocument(invoice as InvoiceSource, clinic));
}
