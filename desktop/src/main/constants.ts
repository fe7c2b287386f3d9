// The app's own origin and the names of its sessions. The window's pages are served from app://clinic
// (desktop/out/renderer through a protocol handler); app://clinic/api/* and /media/* are proxied to the
// clinic server by the main process (see docs/desktop.md).

export const APP_SCHEME = 'app';
export const APP_HOST = 'clinic';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** In-memory session that holds the clinic server's session cookie; no web page ever runs in it. */
export const SERVER_PARTITION = 'clinic-server';
/** In-memory session of the hidden window that prints invoices: no protocol handlers, no cookies. */
export const PRINT_PARTITION = 'clinic-print';

/** The app's pages: scripts, connections and frames only from app://clinic (images also from https: for
 * gallery images given by URL; styles inline because antd writes its CSS at run time). */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "frame-src 'self'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Privileges of app:// (registered before the app is ready): a standard, secure origin with fetch. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true, codeCache: true },
};
