// What differs between the browser admin and the desktop app. The admin screens only ever talk to
// this interface; the browser build passes `browserPlatform`, the desktop renderer passes its own object
// to mountAdmin().

/** One invoice to turn into a PDF file. */
export interface InvoicePdfRequest {
  id: number;
  invoiceNumber: string;
  /** The suggested file name, `invoice-{id}.pdf` (INV-18). */
  fileName: string;
}

/** A file the server makes, to save as is: a payment's receipt PDF, the GST report's CSV. */
export interface ServerFileRequest {
  /** The API path, e.g. /api/admin/invoices/7/payments/4/receipt or /api/admin/reports/gst.csv?month=2026-11. */
  path: string;
  /** The suggested file name, e.g. receipt-INV-2026-27-0007-R1.pdf. */
  fileName: string;
}

/** 'saved' when a file was written; 'cancelled' when the user closed the save dialog. */
export type SaveResult = 'saved' | 'cancelled';

export interface AdminPlatform {
  kind: 'browser' | 'desktop';
  /** The API's origin, '' for the same origin (browser) or the clinic server's address (desktop). */
  apiBase: string;
  /**
   * How the router keeps its location: 'browser' (path under /admin, the server answers every /admin path)
   * or 'hash' (a file:// or app:// page that has no server routing, the desktop).
   */
  routing: 'browser' | 'hash';
  /** Produces and saves the invoice's PDF. Throws with a readable message on failure. */
  saveInvoicePdf(request: InvoicePdfRequest): Promise<SaveResult>;
  /** Fetches a file from the server (with the session) and saves it. Throws with a readable message on failure. */
  saveServerFile(request: ServerFileRequest): Promise<SaveResult>;
  /** Opens an http(s) address outside the admin (a new tab, or the system browser). */
  openExternal(url: string): void;
  /** Where "Back to Website" and "View Website" go: the public site's home page. */
  websiteUrl: string;
}
