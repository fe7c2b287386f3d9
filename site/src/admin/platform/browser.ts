import type { AdminPlatform } from './types';
import { downloadServerFile } from './download';

// The browser: same-origin API, the server renders the PDF (GET /api/admin/invoices/:id/pdf) and the
// browser downloads it as invoice-{id}.pdf; receipts and reports are downloaded the same way.

export const browserPlatform: AdminPlatform = {
  kind: 'browser',
  apiBase: '',
  routing: 'browser',
  saveInvoicePdf: (request) => downloadServerFile(`/api/admin/invoices/${request.id}/pdf`, request.fileName),
  saveServerFile: (request) => downloadServerFile(request.path, request.fileName),
  openExternal(url) {
    if (!/^https?:\/\//i.test(url)) return;
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  websiteUrl: '/',
};
