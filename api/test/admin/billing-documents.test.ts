import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/constants/clinic';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { qrSvg } from '../../../shared/domain/qr';
import { escapeHtml } from '../../../shared/emails/layout';
import { buildInvoiceDocument, invoiceDocumentStrings, type InvoiceDocument } from '../../../shared/invoice/document';
import { renderInvoiceHtml } from '../../../shared/invoice/html';
import { startTestApp, type TestApp } from '../support/test-app';

// INV-19's documents read back with poppler: each kind (unregistered and registered Bill of Supply, Tax
// Invoice, Invoice-cum-Bill of Supply), cancelled, part-paid with the balance, the UPI QR code decoded from
// the rendered page, and a payment's receipt. The HTML page the desktop prints holds the same strings.

const NOW = '2026-11-23T05:00:00Z'; // 23 November 2026, 10:30 in Pune
const GSTIN = '27AAPFU0939F1ZV';
const UPI_ID = 'smilecare.clinic@okicici';

let app: TestApp;
let cookie: string;
let tmp: string;

beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'billing-docs-'));
});
afterAll(async () => {
  await app?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function setSetting(key: 'gstin' | 'upi_id', value: string | null) {
  const res = await app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', cookie, json: { value } });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('invoices').delete();
  await app.deps.knex('invoice_counters').delete();
  await app.deps.knex('patients').delete();
  await setSetting('gstin', GSTIN);
  await setSetting('upi_id', null);
});

const api = (p: string, init: Parameters<TestApp['request']>[1] = {}) => app.request(`/api/admin/invoices${p}`, { cookie, ...init });

type Item = { description: string; quantity: number; unitPrice: number; sacCode?: string | null; taxRate?: number | null };
const rootCanal: Item = { description: 'Root canal treatment (molar)', quantity: 1, unitPrice: 8500, sacCode: '999312', taxRate: 0 };
const xray: Item = { description: 'Digital X-ray', quantity: 2, unitPrice: 300, sacCode: '999312', taxRate: 0 };
const whitening: Item = { description: 'Teeth whitening, in-clinic', quantity: 1, unitPrice: 12000, sacCode: '999722', taxRate: 18 };
const kit: Item = { description: 'Whitening kit for home', quantity: 1, unitPrice: 1999, sacCode: null, taxRate: 5 };

async function createInvoice(items: Item[], registered = true) {
  const [row] = await app.deps
    .knex('patients')
    .insert({ firstName: 'Priya', lastName: 'Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345' })
    .returning('id');
  const totals = computeInvoiceTotals(items, 18, { registered });
  const res = await api('', {
    method: 'POST',
    json: {
      patientId: row.id,
      dueDate: '2026-12-07',
      taxPercentage: 18,
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      items: items.map((item, i) => ({ ...item, totalPrice: totals.items[i].totalPrice })),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; invoiceNumber: string; totalAmount: number };
}

async function getPdf(url: string): Promise<Buffer> {
  const res = await app.request(url, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

function pdfText(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8');
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const linesOf = (text: string) => text.split('\n').map(flat);

async function documentOf(id: number): Promise<InvoiceDocument> {
  return buildInvoiceDocument(await (await api(`/${id}`)).json(), clinic);
}

/** The invoice's PDF text, checked against its document model and its HTML page (INV-17). */
async function readBack(id: number): Promise<{ text: string; lines: string[]; doc: InvoiceDocument }> {
  const text = pdfText(await getPdf(`/api/admin/invoices/${id}/pdf`));
  const doc = await documentOf(id);
  const html = renderInvoiceHtml(doc);
  for (const s of invoiceDocumentStrings(doc)) {
    expect(flat(text), `"${s}" missing from the PDF`).toContain(flat(s));
    expect(html, `"${s}" missing from the HTML`).toContain(escapeHtml(s));
  }
  return { text, lines: linesOf(text), doc };
}

/** Decodes the QR code on page 1 of a PDF: rendered by pdftoppm, read by jsQR. */
async function decodePdfQr(pdf: Buffer): Promise<string | null> {
  const file = path.join(tmp, `qr-${process.hrtime.bigint()}`);
  fs.writeFileSync(`${file}.pdf`, pdf);
  const run = spawnSync('/usr/bin/pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', '-singlefile', `${file}.pdf`, file]);
  if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr.toString()}`);
  return decodePng(fs.readFileSync(`${file}.png`));
}

async function decodePng(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('the document kinds (INV-19)', () => {
  it('prints a Bill of Supply with no tax lines and no GSTIN for a clinic that is not registered', async () => {
    await setSetting('gstin', null);
    const invoice = await createInvoice([whitening, rootCanal], false);
    const { text, lines } = await readBack(invoice.id);
    expect(text).toContain('Bill of Supply');
    expect(text).not.toMatch(/Tax Invoice|GSTIN|CGST|SGST|GST Summary|\b18%/);
    expect(lines).toContain('Total ₹ 20,500.00');
    expect(text).toContain('The clinic is not registered under GST: no GST is charged.');
  });

  it('prints a Tax Invoice when every item is taxed, with CGST and SGST per rate and a GST summary', async () => {
    const invoice = await createInvoice([whitening, kit]);
    const { text, lines } = await readBack(invoice.id);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Subtotal ₹ 13,999.00',
        'CGST @ 2.5% ₹ 49.98', // 2.5% of 1,999 = 49.975
        'SGST @ 2.5% ₹ 49.98',
        'CGST @ 9% ₹ 1,080.00',
        'SGST @ 9% ₹ 1,080.00',
        'Total ₹ 16,258.96',
        'GST Summary',
        'GST Rate Value (₹) CGST (₹) SGST (₹) Total Tax (₹)',
        '5% 1,999.00 49.98 49.98 99.96',
        '18% 12,000.00 1,080.00 1,080.00 2,160.00',
        'Total 13,999.00 1,129.98 1,129.98 2,259.96',
      ]),
    );
    expect(lines.some((l) => /^2 Whitening kit for home 1 1,999.00 5% 1,999.00$/.test(l))).toBe(true);
  });

  it('prints a Bill of Supply with the GSTIN and no tax lines when every item is exempt', async () => {
    const invoice = await createInvoice([rootCanal, xray]);
    const { text, lines } = await readBack(invoice.id);
    expect(text).toContain('Bill of Supply');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(text).not.toMatch(/CGST|SGST|GST Summary/);
    expect(lines).toContain('Total ₹ 9,100.00');
    expect(text).toContain('No GST is charged on the services in this bill of supply.');
  });

  it('prints an Invoice-cum-Bill of Supply with tax only on the taxed items', async () => {
    const invoice = await createInvoice([rootCanal, whitening, xray]);
    const { text, lines } = await readBack(invoice.id);
    expect(text).toContain('Invoice-cum-Bill of Supply');
    expect(lines.some((l) => /^1 Root canal treatment \(molar\) 999312 1 8,500.00 Exempt 8,500.00$/.test(l))).toBe(true);
    expect(lines.some((l) => /^2 Teeth whitening, in-clinic 999722 1 12,000.00 18% 12,000.00$/.test(l))).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Subtotal ₹ 21,100.00',
        'CGST @ 9% ₹ 1,080.00',
        'SGST @ 9% ₹ 1,080.00',
        'Total ₹ 23,260.00',
        '18% 12,000.00 1,080.00 1,080.00 2,160.00',
        'Exempt 9,100.00 0.00 0.00 0.00',
        'Total 21,100.00 1,080.00 1,080.00 2,160.00',
      ]),
    );
    expect(text.match(/CGST @/g)).toHaveLength(1);
    expect(text).toContain('GST is charged only on the items with a rate shown');
  });
});

describe('cancelled and part-paid invoices', () => {
  it('prints CANCELLED across a cancelled invoice, with its number kept and no QR code', async () => {
    await setSetting('upi_id', UPI_ID);
    const invoice = await createInvoice([whitening]);
    app.clock.set('2026-11-24T19:00:00Z'); // 00:30 on 25 November in Pune
    expect((await api(`/${invoice.id}`, { method: 'DELETE' })).status).toBe(204);
    const pdf = await getPdf(`/api/admin/invoices/${invoice.id}/pdf`);
    const { text, doc } = await readBack(invoice.id);
    expect(text).toContain('CANCELLED on 25/11/2026: this invoice is kept for the record and nothing is payable on it.');
    expect(text).toContain('Cancelled on 25/11/2026');
    expect(text).toContain('INV/2026-27/0001');
    expect(text).not.toMatch(/\bPAID\b|Pay by UPI/);
    expect(await decodePdfQr(pdf)).toBeNull();
    const info = spawnSync('/usr/bin/pdfinfo', ['-'], { input: pdf }).stdout.toString();
    expect(info).toMatch(/Title:\s+Tax Invoice INV\/2026-27\/0001 \(CANCELLED\)/);
    expect(renderInvoiceHtml(doc)).toContain('class="cancelled-banner"');
  });

  it('prints what was received and the balance due on a part-paid invoice', async () => {
    const invoice = await createInvoice([whitening, rootCanal]); // 22,660
    await api(`/${invoice.id}/payments`, { method: 'POST', json: { amount: 10000, paidOn: '2026-11-23', mode: 'cash' } });
    const { lines } = await readBack(invoice.id);
    expect(lines).toEqual(expect.arrayContaining(['Total ₹ 22,660.00', 'Amount received ₹ 10,000.00', 'Balance due ₹ 12,660.00']));
    expect(lines.join('\n')).not.toMatch(/\bPAID\b/);
  });
});

describe('the UPI QR code (INV-22)', () => {
  it('carries upi://pay for the balance with the invoice number, decoded back from the rendered PDF page', async () => {
    await setSetting('upi_id', UPI_ID);
    const invoice = await createInvoice([whitening, kit]); // 16,258.96
    await api(`/${invoice.id}/payments`, { method: 'POST', json: { amount: 6000.5, paidOn: '2026-11-23', mode: 'upi' } });
    const pdf = await getPdf(`/api/admin/invoices/${invoice.id}/pdf`);
    const { text } = await readBack(invoice.id);
    expect(text).toContain('Pay by UPI');
    expect(text).toContain('Scan with any UPI app');
    expect(text).toContain('to pay ₹ 10,258.46');
    expect(text).toContain(`UPI ID: ${UPI_ID}`);

    const decoded = await decodePdfQr(pdf);
    expect(decoded).not.toBeNull();
    const url = new URL(decoded!);
    expect(url.protocol).toBe('upi:');
    expect(Object.fromEntries(url.searchParams)).toEqual({ pa: UPI_ID, pn: clinic.name, am: '10258.46', tn: invoice.invoiceNumber, cu: 'INR' });
    expect(decoded).toBe(
      `upi://pay?pa=${UPI_ID}&pn=${encodeURIComponent(clinic.name)}&am=10258.46&tn=${encodeURIComponent(invoice.invoiceNumber)}&cu=INR`,
    );
  });

  it('draws the same code in the HTML page as inline SVG', async () => {
    await setSetting('upi_id', UPI_ID);
    const invoice = await createInvoice([whitening]);
    const doc = await documentOf(invoice.id);
    const html = renderInvoiceHtml(doc);
    const svg = /<svg[\s\S]*?<\/svg>/.exec(html)?.[0];
    expect(svg).toBe(qrSvg(doc.upi!.qr, 128, `UPI QR code: pay ₹ 14,160.00 to ${UPI_ID}`));
    expect(html).not.toMatch(/<img|src=|href=|url\(/);
    const png = await sharp(Buffer.from(svg!.replace('width="128" height="128"', 'width="400" height="400"'))).png().toBuffer();
    const url = new URL((await decodePng(png))!);
    expect(url.searchParams.get('am')).toBe('14160.00');
    expect(url.searchParams.get('tn')).toBe(invoice.invoiceNumber);
  });

  it('is left out without a UPI ID or once paid, and the email says how to pay', async () => {
    const invoice = await createInvoice([whitening]);
    expect(pdfText(await getPdf(`/api/admin/invoices/${invoice.id}/pdf`))).not.toContain('Pay by UPI');
    await setSetting('upi_id', UPI_ID);
    await api(`/${invoice.id}/send`, { method: 'POST' });
    const [mail] = await app.deps.knex('email_outbox').orderBy('id', 'desc').limit(1);
    expect(mail.textBody).toContain(`To pay ₹ 14,160.00 by UPI, scan the QR code on the attached invoice`);
    expect(mail.textBody).toContain(`UPI ID ${UPI_ID} with the note ${invoice.invoiceNumber}`);
    await api(`/${invoice.id}/mark-paid`, { method: 'PATCH', json: { mode: 'upi' } });
    const paid = pdfText(await getPdf(`/api/admin/invoices/${invoice.id}/pdf`));
    expect(paid).not.toContain('Pay by UPI');
    expect(paid).toMatch(/\bPAID\b/);
  });
});

describe('GET /api/admin/invoices/:id/payments/:paymentId/receipt', () => {
  it('answers a receipt PDF per payment, in the invoice fonts, with the amount, mode and balance', async () => {
    const invoice = await createInvoice([whitening, rootCanal]); // 22,660
    await api(`/${invoice.id}/payments`, { method: 'POST', json: { amount: 10000, paidOn: '2026-11-23', mode: 'cash' } });
    const second = await (await api(`/${invoice.id}/payments`, { method: 'POST', json: { amount: 2660.5, paidOn: '2026-11-23', mode: 'upi', reference: 'UTR 998877' } })).json();
    const res = await app.request(`/api/admin/invoices/${invoice.id}/payments/${second.id}/receipt`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="receipt-INV-2026-27-0001-R2.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = pdfText(pdf);
    const lines = linesOf(text);
    expect(text).toContain('Payment Receipt');
    expect(flat(text)).toContain('Receipt No. INV/2026-27/0001-R2');
    expect(flat(text)).toContain('Date 23/11/2026');
    expect(text).toContain('Priya Kulkarni');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Amount received ₹ 2,660.50',
        'Payment mode UPI',
        'Reference UTR 998877',
        'Against invoice INV/2026-27/0001 dated 23/11/2026',
        'Invoice total ₹ 22,660.00',
        'Received to date ₹ 12,660.50',
        'Balance due ₹ 9,999.50',
      ]),
    );
    expect(flat(text)).toContain('Amount in words: Rupees Two Thousand Six Hundred Sixty and Fifty Paise Only');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    const fonts = spawnSync('/usr/bin/pdffonts', ['-'], { input: pdf }).stdout.toString();
    expect(fonts).toMatch(/\+NotoSansDevanagari-Regular/);
  });

  it('answers 404 for a payment of another invoice, an unknown payment or invoice', async () => {
    const a = await createInvoice([whitening]);
    const b = await createInvoice([whitening]);
    const pay = await (await api(`/${a.id}/payments`, { method: 'POST', json: { amount: 100, paidOn: '2026-11-23', mode: 'cash' } })).json();
    for (const [url, error] of [
      [`/api/admin/invoices/${b.id}/payments/${pay.id}/receipt`, 'Payment not found'],
      [`/api/admin/invoices/${a.id}/payments/424242/receipt`, 'Payment not found'],
      [`/api/admin/invoices/${a.id}/payments/x/receipt`, 'Payment not found'],
      [`/api/admin/invoices/424242/payments/${pay.id}/receipt`, 'Invoice not found'],
    ]) {
      const res = await app.request(url, { cookie });
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ error });
    }
  });
});
