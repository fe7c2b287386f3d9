import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { InvoiceLoadError, invoiceMessages } from '../src/main/invoice-html';
import {
  PRINT_TO_PDF_OPTIONS,
  htmlDataUrl,
  printHtmlToPdf,
  saveInvoicePdf,
  type SaveInvoicePdfDeps,
} from '../src/main/ipc/print-invoice';
import { PRINT_PARTITION } from '../src/main/constants';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clinic-desk-pdf-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)), Buffer.from('\n%%EOF\n')]);

function deps(overrides: Partial<SaveInvoicePdfDeps> = {}) {
  const d = {
    loadInvoiceHtml: vi.fn(async (id: number) => `<!doctype html><title>Invoice ${id}</title>`),
    printHtmlToPdf: vi.fn(async () => PDF),
    showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: join(dir, 'chosen', '..', 'Asha invoice.pdf') })),
    writeFile: vi.fn((path: string, data: Uint8Array) => writeFile(path, data)),
    offerToOpen: vi.fn(async () => undefined),
    defaultDirectory: '/home/reception/Documents',
    ...overrides,
  };
  return d;
}

describe('saving an invoice PDF', () => {
  it('writes the printed buffer to the chosen path, then offers to open it', async () => {
    const d = deps();
    const result = await saveInvoicePdf(d, 42);
    const path = join(dir, 'Asha invoice.pdf');
    expect(result).toEqual({ status: 'saved', filePath: join(dir, 'chosen', '..', 'Asha invoice.pdf') });
    expect(Buffer.compare(await readFile(path), PDF)).toBe(0);
    expect(d.printHtmlToPdf).toHaveBeenCalledWith('<!doctype html><title>Invoice 42</title>');
    expect(d.offerToOpen).toHaveBeenCalledWith(result.status === 'saved' ? result.filePath : '');
  });

  it('suggests invoice-{id}.pdf in the Documents folder, PDF files only', async () => {
    const d = deps();
    await saveInvoicePdf(d, 42);
    expect(d.showSaveDialog).toHaveBeenCalledOnce();
    const options = vi.mocked(d.showSaveDialog).mock.calls[0][0] as { defaultPath: string; filters: unknown };
    expect(options.defaultPath).toBe(join('/home/reception/Documents', 'invoice-42.pdf'));
    expect(options.filters).toEqual([{ name: 'PDF document', extensions: ['pdf'] }]);
  });

  it('does nothing when the dialog is cancelled', async () => {
    for (const cancelled of [{ canceled: true, filePath: join(dir, 'x.pdf') }, { canceled: false, filePath: '' }, { canceled: true }]) {
      const d = deps({ showSaveDialog: vi.fn(async () => cancelled) });
      await expect(saveInvoicePdf(d, 42)).resolves.toEqual({ status: 'cancelled' });
      expect(d.printHtmlToPdf).not.toHaveBeenCalled();
      expect(d.writeFile).not.toHaveBeenCalled();
      expect(d.offerToOpen).not.toHaveBeenCalled();
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('adds .pdf when the name typed has no extension', async () => {
    const d = deps({ showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: join(dir, 'march') })) });
    await expect(saveInvoicePdf(d, 3)).resolves.toEqual({ status: 'saved', filePath: join(dir, 'march.pdf') });
    expect(await readdir(dir)).toEqual(['march.pdf']);
  });

  it('says when the session has ended, before any dialog', async () => {
    const d = deps({ loadInvoiceHtml: vi.fn(async () => Promise.reject(new InvoiceLoadError(invoiceMessages.signedOut, true))) });
    await expect(saveInvoicePdf(d, 42)).resolves.toEqual({ status: 'error', message: invoiceMessages.signedOut, signedOut: true });
    expect(d.showSaveDialog).not.toHaveBeenCalled();
  });

  it('passes the server’s error text on (a deleted invoice)', async () => {
    const d = deps({ loadInvoiceHtml: vi.fn(async () => Promise.reject(new InvoiceLoadError('Invoice not found'))) });
    await expect(saveInvoicePdf(d, 42)).resolves.toEqual({ status: 'error', message: 'Invoice not found', signedOut: false });
  });

  it('says when the file cannot be written', async () => {
    const d = deps({ showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: join(dir, 'missing-folder', 'x.pdf') })) });
    const result = await saveInvoicePdf(d, 42);
    expect(result).toMatchObject({ status: 'error', signedOut: false });
    expect(result.status === 'error' && result.message).toMatch(/^The PDF could not be saved: ENOENT/);
  });

  it('still reports saved when opening the file fails', async () => {
    const d = deps({ offerToOpen: vi.fn(async () => Promise.reject(new Error('no viewer'))) });
    await expect(saveInvoicePdf(d, 42)).resolves.toMatchObject({ status: 'saved' });
  });

  it('refuses an id that is not a positive whole number', async () => {
    for (const id of [0, -1, 1.5, Number.NaN, '42', null, undefined, { id: 1 }, 2 ** 60]) {
      const d = deps();
      await expect(saveInvoicePdf(d, id)).resolves.toEqual({ status: 'error', message: 'Invoice not found', signedOut: false });
      expect(d.loadInvoiceHtml).not.toHaveBeenCalled();
    }
  });
});

describe('printing HTML to PDF in a hidden window', () => {
  function fakeWindowClass(behaviour: { failLoad?: boolean; failPrint?: boolean } = {}) {
    const windows: FakePrintWindow[] = [];
    class FakePrintWindow {
      options: BrowserWindowConstructorOptions;
      loaded: string[] = [];
      destroyed = false;
      printOptions: unknown[] = [];
      webContents = {
        printToPDF: async (options: unknown) => {
          this.printOptions.push(options);
          if (behaviour.failPrint) throw new Error('print failed');
          return PDF;
        },
      };
      constructor(options: BrowserWindowConstructorOptions) {
        this.options = options;
        windows.push(this);
      }
      async loadURL(url: string) {
        this.loaded.push(url);
        if (behaviour.failLoad) throw new Error('ERR_FAILED');
      }
      destroy() {
        this.destroyed = true;
      }
      isDestroyed() {
        return this.destroyed;
      }
    }
    return { FakePrintWindow, windows };
  }

  it('prints A4 with backgrounds from a hidden, sandboxed window without JavaScript or preload', async () => {
    const { FakePrintWindow, windows } = fakeWindowClass();
    const html = '<!doctype html><p>Tax Invoice ₹ 5,900.00</p>';
    await expect(printHtmlToPdf(FakePrintWindow as never, html)).resolves.toBe(PDF);
    const [win] = windows;
    expect(win.options.show).toBe(false);
    expect(win.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      partition: PRINT_PARTITION,
    });
    expect(win.options.webPreferences).not.toHaveProperty('preload');
    expect(win.loaded).toEqual([htmlDataUrl(html)]);
    expect(Buffer.from(win.loaded[0].split(',')[1], 'base64').toString('utf8')).toBe(html);
    expect(win.printOptions).toEqual([{ pageSize: 'A4', printBackground: true }]);
    expect(PRINT_TO_PDF_OPTIONS).toEqual({ pageSize: 'A4', printBackground: true });
    expect(win.destroyed).toBe(true);
  });

  it('closes the window when loading or printing fails', async () => {
    for (const behaviour of [{ failLoad: true }, { failPrint: true }]) {
      const { FakePrintWindow, windows } = fakeWindowClass(behaviour);
      await expect(printHtmlToPdf(FakePrintWindow as never, '<p>x</p>')).rejects.toThrow();
      expect(windows[0].destroyed).toBe(true);
    }
  });
});
