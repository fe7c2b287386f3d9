import { ApiError, apiUrl } from '../../lib/api-client';
import type { AdminPlatform, DownloadRequest, InvoicePdfRequest } from './types';

// The browser: same-origin API, the server renders the PDF (GET /api/admin/invoices/:id/pdf) and the
// browser downloads it as invoice-{id}.pdf.

async function downloadServerPdf(request: InvoicePdfRequest): Promise<'saved'> {
  return downloadFile({ path: `/api/admin/invoices/${request.id}/pdf`, fileName: request.fileName });
}

/**
 * Fetches an API file with the session and hands it to the browser as a download named `fileName`. The
 * desktop app uses it too: Electron asks where to save a download (ADMIN-19).
 */
export async function downloadFile(request: DownloadRequest): Promise<'saved'> {
  const res = await fetch(apiUrl(request.path), { credentials: 'include' });
  if (!res.ok) {
    let message = `HTTP ${res.status}: ${res.statusText}`;
    try {
      const body = (await res.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(message, res.status);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = request.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'saved';
}

export const browserPlatform: AdminPlatform = {
  kind: 'browser',
  apiBase: '',
  routing: 'browser',
  saveInvoicePdf: downloadServerPdf,
  saveDownload: downloadFile,
  openExternal(url) {
    if (!/^https?:\/\//i.test(url)) return;
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  websiteUrl: '/',
};
