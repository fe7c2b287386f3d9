import type { BrowserWindow, BrowserWindowConstructorOptions, SaveDialogOptions } from 'electron';
import { join } from 'node:path';
import type { SaveInvoicePdfResult } from '../../preload/api';
import { PRINT_PARTITION } from '../constants';
import { InvoiceLoadError } from '../invoice-html';

// Invoice PDFs made on this computer (DESK-2): the shared invoice HTML in a hidden, sandboxed window with
// JavaScript off and no preload, printed by webContents.printToPDF (A4, backgrounds), written where the
// user chooses, then offered to open.

export const PRINT_TO_PDF_OPTIONS = { pageSize: 'A4', printBackground: true } as const;

export function printWindowOptions(): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: 794,
    height: 1123,
    webPreferences: {
      partition: PRINT_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

type PrintWindow = Pick<BrowserWindow, 'loadURL' | 'destroy' | 'isDestroyed'> & {
  webContents: Pick<BrowserWindow['webContents'], 'printToPDF'>;
};

/** The page as a data: URL: nothing touches the disk and the page has no origin to talk to. */
export function htmlDataUrl(html: string): string {
  return `data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`;
}

/** Loads the HTML in a hidden window, prints it to PDF and always closes the window. */
export async function printHtmlToPdf(
  BrowserWindowClass: new (options: BrowserWindowConstructorOptions) => PrintWindow,
  html: string,
): Promise<Buffer> {
  const win = new BrowserWindowClass(printWindowOptions());
  try {
    await win.loadURL(htmlDataUrl(html));
    return await win.webContents.printToPDF(PRINT_TO_PDF_OPTIONS);
  } finally {
    if (!win.isDestroyed()) win.destroy();
  }
}

export interface SaveInvoicePdfDeps {
  /** The invoice's print-ready HTML (./invoice-html.ts); throws InvoiceLoadError. */
  loadInvoiceHtml(invoiceId: number): Promise<string>;
  printHtmlToPdf(html: string): Promise<Uint8Array>;
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  writeFile(filePath: string, data: Uint8Array): Promise<void>;
  /** Asks whether to open the saved file (shell.openPath); runs after the answer is sent. */
  offerToOpen(filePath: string): Promise<void>;
  /** Where the save dialog starts: the user's Documents folder. */
  defaultDirectory: string;
}

export function invoicePdfFileName(invoiceId: number): string {
  return `invoice-${invoiceId}.pdf`;
}

export function isInvoiceId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

export async function saveInvoicePdf(deps: SaveInvoicePdfDeps, invoiceId: unknown): Promise<SaveInvoicePdfResult> {
  if (!isInvoiceId(invoiceId)) return { status: 'error', message: 'Invoice not found', signedOut: false };
  try {
    // The invoice first: a signed-out or missing invoice is said before any dialog opens.
    const html = await deps.loadInvoiceHtml(invoiceId);
    const choice = await deps.showSaveDialog({
      title: 'Save invoice PDF',
      defaultPath: join(deps.defaultDirectory, invoicePdfFileName(invoiceId)),
      buttonLabel: 'Save',
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    if (choice.canceled || !choice.filePath) return { status: 'cancelled' };
    const filePath = /\.pdf$/i.test(choice.filePath) ? choice.filePath : `${choice.filePath}.pdf`;
    const pdf = await deps.printHtmlToPdf(html);
    await deps.writeFile(filePath, pdf);
    void deps.offerToOpen(filePath).catch(() => {
      // The file is saved; failing to open it is not a failure to save.
    });
    return { status: 'saved', filePath };
  } catch (error) {
    if (error instanceof InvoiceLoadError) return { status: 'error', message: error.message, signedOut: error.signedOut };
    const detail = error instanceof Error ? error.message : String(error);
    return { status: 'error', message: `The PDF could not be saved: ${detail}`, signedOut: false };
  }
}
