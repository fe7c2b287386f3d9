import type { SaveDialogOptions } from 'electron';
import { createApiProxy } from './api-proxy';
import { loadInvoiceHtml } from './invoice-html';
import type { IpcServices } from './ipc/handlers';
import { saveInvoicePdf } from './ipc/print-invoice';
import { checkServerAddress, type Fetch } from './server-address';
import type { SettingsStore } from './settings-store';

// The main process's state and services, wired from the Electron pieces index.ts hands in: the remembered
// server address, the API proxy behind app://clinic/api, and what the IPC handlers call. The tests build
// it with Node's fetch and Chromium in place of Electron's session and hidden window.

export interface DesktopServicesOptions {
  settings: SettingsStore;
  /** The server session's fetch (session.fromPartition(SERVER_PARTITION).fetch). */
  serverFetch: Fetch;
  /** Forgets the server session's cookies (another server was chosen). */
  clearServerCookies(): Promise<void>;
  printHtmlToPdf(html: string): Promise<Uint8Array>;
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  writeFile(filePath: string, data: Uint8Array): Promise<void>;
  offerToOpen(filePath: string): Promise<void>;
  /** The save dialog's starting folder (app.getPath('documents')). */
  documentsDirectory: string;
}

export interface DesktopServices {
  getServerAddress(): string | null;
  proxy: (request: Request) => Promise<Response>;
  ipc: IpcServices;
}

export async function createDesktopServices(options: DesktopServicesOptions): Promise<DesktopServices> {
  let serverAddress = (await options.settings.read()).serverAddress;
  const getServerAddress = () => serverAddress;
  return {
    getServerAddress,
    proxy: createApiProxy({ getServerAddress, fetch: options.serverFetch }),
    ipc: {
      getServerAddress,
      checkServerAddress: (address) => checkServerAddress(address, options.serverFetch),
      async rememberServerAddress(address) {
        // Another server: the old server's session cookie has no business being kept.
        if (address !== serverAddress) await options.clearServerCookies();
        serverAddress = address;
        await options.settings.write({ serverAddress: address });
      },
      saveInvoicePdf: (invoiceId) =>
        saveInvoicePdf(
          {
            loadInvoiceHtml: (id) => loadInvoiceHtml(id, { serverAddress, fetch: options.serverFetch }),
            printHtmlToPdf: options.printHtmlToPdf,
            showSaveDialog: options.showSaveDialog,
            writeFile: options.writeFile,
            offerToOpen: options.offerToOpen,
            defaultDirectory: options.documentsDirectory,
          },
          invoiceId,
        ),
    },
  };
}
