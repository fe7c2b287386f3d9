import { api } from '../../../site/src/lib/api-client';
import { downloadFile } from '../../../site/src/admin/platform/browser';
import type { AdminPlatform } from '../../../site/src/admin/platform/types';
import type { ClinicDesktopApi } from '../preload/api';

/**
 * The admin screens' platform in the desktop app. The API is on the page's own origin (app://clinic/api,
 * forwarded to the clinic server by the main process, which keeps the session cookie), so apiBase is ''.
 * Invoice PDFs are printed locally by the main process (window.clinicDesktop.saveInvoicePdf).
 */
export function createDesktopPlatform(desktop: Pick<ClinicDesktopApi, 'saveInvoicePdf'>, serverAddress: string): AdminPlatform {
  return {
    kind: 'desktop',
    apiBase: '',
    routing: 'hash',
    async saveInvoicePdf(request) {
      const result = await desktop.saveInvoicePdf(request.id);
      if (result.status === 'saved') return 'saved';
      if (result.status === 'cancelled') return 'cancelled';
      // A 401 seen by the main process: one call through the admin's client runs its sign-out handling.
      if (result.signedOut) void api.get('/api/auth/me').catch(() => undefined);
      throw new Error(result.message);
    },
    // A CSV export (ADMIN-19): the same download as in the browser; Electron shows its Save dialog.
    saveDownload: downloadFile,
    openExternal(url) {
      // The main process opens http(s) in the system browser and refuses everything else.
      if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
    },
    websiteUrl: `${serverAddress}/`,
  };
}
