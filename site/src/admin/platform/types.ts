// What differs between the browser admin and the desktop app (issue 6). The admin screens only ever talk to
// this interface; the browser build passes `browserPlatform`, the desktop renderer passes its own object
// to mountAdmin().

/** One invoice to turn into a PDF file. */
export interface InvoicePdfRequest {
  id: number;
  invoiceNumber: string;
  /** The suggested file name, `invoice-{id}.pdf` (SPEC 7). */
  fileName: string;
  /**
   * The invoice as the shared layout's print-ready HTML page (shared/invoice renderInvoiceHtml), built from
   * GET /api/admin/invoices/:id. Only a platform that prints locally (the desktop) needs to call it.
   */
  renderHtml: () => Promise<string>;
}

/** One file the server makes (a CSV export, ADMIN-19), to save where the user chooses. */
export interface DownloadRequest {
  /** The API path with its query, e.g. /api/admin/export/patients.csv?q=ram. */
  path: string;
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
  /** Fetches a file from the API with the session and saves it (browser download, desktop save dialog). */
  saveDownload(request: DownloadRequest): Promise<SaveResult>;
  /** Opens an http(s) address outside the admin (a new tab, or the system browser). */
  openExternal(url: string): void;
  /** Where "Back to Website" and "View Website" go: the public site's home page. */
  websiteUrl: string;
}
