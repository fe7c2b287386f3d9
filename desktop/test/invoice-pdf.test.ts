import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { clinic } from '../../shared/constants/clinic';
import { computeInvoiceTotals } from '../../shared/domain/invoice-totals';
import { buildInvoiceDocument, invoiceDocumentStrings, type InvoiceDocument } from '../../shared/invoice/document';
import { createApiProxy } from '../src/main/api-proxy';
import { loadInvoiceHtml, invoiceMessages, InvoiceLoadError } from '../src/main/invoice-html';
import { PRINT_TO_PDF_OPTIONS, htmlDataUrl, saveInvoicePdf } from '../src/main/ipc/print-invoice';
import { createSessionFetch } from './support/session-fetch';

// DESK-2 and INV-17 on the desktop: the invoice the main process fetches (through the same session the page signs in
// with), rendered as the shared HTML page and printed by headless Chromium's Page.printToPDF (what
// Electron's webContents.printToPDF wraps), then read back with pdftotext: every figure equals the one in
// the server's PDF of the same invoice (GET /api/admin/invoices/:id/pdf).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PDFTOTEXT = '/usr/bin/pdftotext';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
}
if (!existsSync(PDFTOTEXT)) throw new Error('pdftotext not found. Install it (Debian: apt-get install -y poppler-utils).');

let app: TestApp;
let browser: Browser;
let tmp: string;
const sessionFetch = createSessionFetch();

beforeAll(async () => {
  [app, browser, tmp] = await Promise.all([
    startTestApp(),
    chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] }),
    mkdtemp(join(tmpdir(), 'clinic-desk-invoice-')),
  ]);
  app.clock.set('2026-11-23T05:00:00Z'); // 23 November 2026 in Pune
  await signInThroughProxy();
  // A GST-registered clinic (INV-19): the invoices below charge GST, which an unregistered clinic may not.
  const gstin = await admin('/api/admin/site-settings/gstin', { method: 'PUT', json: { value: '27AAPFU0939F1ZV' } });
  expect(gstin.status).toBe(200);
});

/**
 * Signed in the way the desktop page does it: through the main process's proxy, so the cookie lands in the
 * main process's session (here the stand-in jar) and nowhere else. Again after the clock moves past the
 * session's 12 hours: the session expires by the app's clock (CLINIC-12).
 */
async function signInThroughProxy() {
  const proxy = createApiProxy({ getServerAddress: () => app.url, fetch: sessionFetch });
  const res = await proxy(
    new Request('app://clinic/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@clinic.test', password: 'correct-horse-battery' }),
    }),
  );
  expect(res.status).toBe(200);
  expect(res.headers.getSetCookie()).toEqual([]);
  expect(sessionFetch.jar.has('sid')).toBe(true);
}

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** An API call with the main process's session (the cookie the page signed in with). */
function admin(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  return sessionFetch(`${app.url}${path}`, {
    ...init,
    headers,
    credentials: 'include',
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

/** Priya, made once: the same mobile and first name again is the same patient (PAT-18, 409). */
let priya: number | null = null;
async function createPatient(): Promise<number> {
  if (priya !== null) return priya;
  const res = await admin('/api/admin/patients', {
    method: 'POST',
    json: {
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      phone: '9822012345',
      address: 'Flat 3, Sunrise Heights\nMoshi, Pune 412105',
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  priya = ((await res.json()) as { id: number }).id;
  return priya;
}

type Item = { description: string; quantity: number; unitPrice: number; sacCode?: string | null };

async function createInvoice(patientId: number, items: Item[], taxPercentage: number, notes: string | null = null): Promise<number> {
  const totals = computeInvoiceTotals(items, taxPercentage);
  const res = await admin('/api/admin/invoices', {
    method: 'POST',
    json: {
      patientId,
      dueDate: '2026-12-07',
      taxPercentage,
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      notes,
      items: totals.items,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function serverPdf(id: number): Promise<Buffer> {
  const res = await admin(`/api/admin/invoices/${id}/pdf`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

/** The desktop's PDF: the main process's HTML, loaded as the data: URL the hidden window loads, printed
 * by Chromium with the options webContents.printToPDF is given (A4, backgrounds), JavaScript off. */
async function desktopPdf(id: number): Promise<Buffer> {
  const html = await loadInvoiceHtml(id, { serverAddress: app.url, fetch: sessionFetch });
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(htmlDataUrl(html), { waitUntil: 'load' });
    expect(PRINT_TO_PDF_OPTIONS).toEqual({ pageSize: 'A4', printBackground: true });
    return await page.pdf({ format: PRINT_TO_PDF_OPTIONS.pageSize, printBackground: PRINT_TO_PDF_OPTIONS.printBackground });
  } finally {
    await context.close();
  }
}

async function documentOf(id: number): Promise<InvoiceDocument> {
  return buildInvoiceDocument((await (await admin(`/api/admin/invoices/${id}`)).json()) as never, clinic);
}

function pdfText(pdf: Buffer): string {
  const run = spawnSync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8');
}

async function pageSize(pdf: Buffer): Promise<string> {
  const file = join(tmp, `size-${process.hrtime.bigint()}.pdf`);
  await writeFile(file, pdf);
  const run = spawnSync('/usr/bin/pdfinfo', [file]);
  return /Page size:\s+(.*)/.exec(run.stdout.toString())?.[1] ?? '';
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Every figure on the page, in reading order: amounts (1,50,000.00), percentages (9%, 2.5%), dates
 * (23/11/2026), the invoice number, SAC codes, quantities and the digits of phone numbers and addresses.
 */
function figures(text: string): string[] {
  return flat(text).match(/INV\/\d{4}-\d{2}\/\d{4}|\d[\d,./]*%?/g)!.map((f) => f.replace(/[.,/]$/, ''));
}

const sorted = (list: string[]) => [...list].sort();

describe('the desktop invoice PDF (printToPDF of the shared HTML) against the server PDF', () => {
  it('has every figure of the server PDF for a Tax Invoice of three items, lakh amounts included', async () => {
    const id = await createInvoice(
      await createPatient(),
      [
        { description: 'Root canal treatment (lower molar)', quantity: 1, unitPrice: 5000, sacCode: '999312' },
        { description: 'Teeth whitening, in-office', quantity: 2, unitPrice: 4250.5, sacCode: '999722' },
        { description: 'Full-mouth rehabilitation with implant-supported crowns', quantity: 3, unitPrice: 125000.35, sacCode: '999312' },
      ],
      18,
      'Review after two weeks.',
    );
    const [server, desktop, doc] = await Promise.all([serverPdf(id), desktopPdf(id), documentOf(id)]);
    expect(desktop.subarray(0, 5).toString()).toBe('%PDF-');
    // Both A4 (Chromium rounds A4 to 8.27 x 11.7 in, as Electron's pageSize 'A4' does; pdfkit is exact).
    expect(await pageSize(server)).toMatch(/\(A4\)$/);
    expect(await pageSize(desktop)).toMatch(/\(A4\)$/);

    const serverText = pdfText(server);
    const desktopText = pdfText(desktop);
    expect(sorted(figures(desktopText))).toEqual(sorted(figures(serverText)));
    expect(figures(serverText).length).toBeGreaterThan(25);
    expect(figures(serverText)).toEqual(
      expect.arrayContaining(['INV/2026-27/0001', '23/11/2026', '07/12/2026', '999312', '999722', '1,25,000.35', '3,75,001.05', '9%', '4,58,432.41']),
    );

    // The figures themselves, as the document model states them.
    expect(doc.totals.map((t) => `${t.label} ${t.value}`)).toEqual([
      // 5,000 + 2 x 4,250.50 + 3 x 1,25,000.35; CGST and SGST are each 9% of it, 34,965.1845 -> 34,965.18.
      'Subtotal ₹ 3,88,502.05',
      'CGST @ 9% ₹ 34,965.18',
      'SGST @ 9% ₹ 34,965.18',
      'Total ₹ 4,58,432.41',
    ]);
    for (const text of [serverText, desktopText]) {
      const lines = text.split('\n').map(flat);
      for (const total of doc.totals) expect(lines).toContain(`${total.label} ${total.value}`);
      for (const line of doc.lines) {
        expect(flat(text)).toContain(`${line.sac} ${line.quantity} ${line.rate} ${line.gst} ${line.amount}`);
      }
      expect(flat(text)).toContain(flat(doc.amountInWords.value));
      expect(flat(text)).toContain('Invoice No. INV/2026-27/0001');
      expect(flat(text)).toContain('Invoice Date 23/11/2026');
      expect(flat(text)).toContain('Due Date 07/12/2026');
    }
  });

  it('holds every string of the document, as the server PDF does', async () => {
    const id = await createInvoice(await createPatient(), [{ description: 'Scaling and polishing', quantity: 1, unitPrice: 1200 }], 18);
    const [desktop, server, doc] = await Promise.all([desktopPdf(id), serverPdf(id), documentOf(id)]);
    const desktopText = flat(pdfText(desktop));
    const serverText = flat(pdfText(server));
    for (const s of invoiceDocumentStrings(doc)) {
      expect(desktopText, `"${s}" missing from the desktop PDF`).toContain(flat(s));
      expect(serverText, `"${s}" missing from the server PDF`).toContain(flat(s));
    }
  });

  it('agrees on a Bill of Supply (0%) with no tax lines', async () => {
    const id = await createInvoice(
      await createPatient(),
      [
        { description: 'Tooth extraction', quantity: 1, unitPrice: 1500, sacCode: '999312' },
        { description: 'X-ray (IOPA)', quantity: 2, unitPrice: 250.75, sacCode: '999312' },
      ],
      0,
    );
    const [server, desktop] = await Promise.all([serverPdf(id), desktopPdf(id)]);
    const desktopText = pdfText(desktop);
    expect(sorted(figures(desktopText))).toEqual(sorted(figures(pdfText(server))));
    expect(desktopText).toContain('Bill of Supply');
    expect(desktopText).not.toContain('CGST');
    expect(desktopText.split('\n').map(flat)).toContain('Total ₹ 2,001.50');
  });

  it('agrees on a paid invoice at 5% (CGST and SGST at 2.5%) with its PAID mark and date', async () => {
    const id = await createInvoice(await createPatient(), [{ description: 'Composite veneer', quantity: 4, unitPrice: 3333.33, sacCode: '999722' }], 5);
    app.clock.set('2026-11-25T06:00:00Z');
    await signInThroughProxy();
    expect((await admin(`/api/admin/invoices/${id}/mark-paid`, { method: 'PATCH' })).status).toBe(200);
    const [server, desktop] = await Promise.all([serverPdf(id), desktopPdf(id)]);
    const desktopText = pdfText(desktop);
    expect(sorted(figures(desktopText))).toEqual(sorted(figures(pdfText(server))));
    expect(desktopText).toMatch(/\bPAID\b/);
    expect(desktopText).toContain('Paid on 25/11/2026');
    // CGST and SGST are each 2.5% of 13,333.32: 333.333 -> 333.33.
    expect(flat(desktopText)).toContain('CGST @ 2.5% ₹ 333.33');
    expect(flat(desktopText)).toContain('SGST @ 2.5% ₹ 333.33');
  });

  it('saves the printed PDF through the print handler, named invoice-{id}.pdf by default', async () => {
    const id = await createInvoice(await createPatient(), [{ description: 'Consultation', quantity: 1, unitPrice: 500 }], 18);
    const chosen = join(tmp, `saved-${id}.pdf`);
    let suggested = '';
    const result = await saveInvoicePdf(
      {
        loadInvoiceHtml: (invoiceId) => loadInvoiceHtml(invoiceId, { serverAddress: app.url, fetch: sessionFetch }),
        printHtmlToPdf: async (html) => {
          const context = await browser.newContext({ javaScriptEnabled: false });
          const page = await context.newPage();
          await page.goto(htmlDataUrl(html));
          const pdf = await page.pdf({ format: 'A4', printBackground: true });
          await context.close();
          return pdf;
        },
        showSaveDialog: async (options) => {
          suggested = options.defaultPath ?? '';
          return { canceled: false, filePath: chosen };
        },
        writeFile: (path, data) => writeFile(path, data),
        offerToOpen: async () => undefined,
        defaultDirectory: tmp,
      },
      id,
    );
    expect(result).toEqual({ status: 'saved', filePath: chosen });
    expect(suggested).toBe(join(tmp, `invoice-${id}.pdf`));
    const { readFile } = await import('node:fs/promises');
    expect(sorted(figures(pdfText(await readFile(chosen))))).toEqual(sorted(figures(pdfText(await serverPdf(id)))));
  });

  it('says so when the session has ended or the invoice is gone', async () => {
    const signedOut = createSessionFetch();
    await expect(loadInvoiceHtml(1, { serverAddress: app.url, fetch: signedOut })).rejects.toEqual(
      new InvoiceLoadError(invoiceMessages.signedOut, true),
    );
    await expect(loadInvoiceHtml(424242, { serverAddress: app.url, fetch: sessionFetch })).rejects.toThrow('Invoice not found');
  });
});
