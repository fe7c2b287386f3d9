import { ApiError, apiUrl } from '../../lib/api-client';

// Saves a file the server makes (an invoice or receipt PDF, the GST report's CSV) under a suggested name:
// fetched with the session, then handed to the page as a download. In the browser that is the browser's
// download; in the desktop app (whose page reaches the API through app://clinic/api) Electron asks where
// to save it.

export async function downloadServerFile(path: string, fileName: string): Promise<'saved'> {
  const res = await fetch(apiUrl(path), { credentials: 'include' });
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
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'saved';
}
