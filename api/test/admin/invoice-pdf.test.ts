import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/constants/clinic';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { escapeHtml } from '../../../shared/emails/layout';
import { buildInvoiceDocument, invoiceDocumentStrings, type InvoiceDocument } from '../../../shared/invoice/document';
import { renderInvoiceHtml } from '../../../shared/invoice/html';
import { renderInvoiceAttachment } from '../../services/mail-attachments';
import { fontRuns, renderInvoicePdf } from '../../services/billing/invoice-pdf';
import type { InvoiceJson } from '../../services/billing/invoices';
import type { OutboxWorker } from '../../platform/mail/outbox-worker';
import { peerOutboxWorker } from '../support/peer-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';

// INV-17: the invoice document, read back from the server's PDF with poppler's pdftotext, compared with the
// document model and with the HTML page the desktop prints.

const NOW = '2026-11-23T05:00:00Z'; // 23 November 2026, 10:30 in Pune

let app: TestApp;
let cookie: string;
let peer: SmtpPeer;
let worker: OutboxWorker;
let tmp: string;

beforeAll(async () => {
  app = await startTestApp();
  // Signed in on the test's clock: a session lives 12 hours by the app's clock (CLINIC-12), whatever the machine's date.
  app.clock.set(NOW);
  cookie = await app.signIn();
  peer = await new SmtpPeer().start();
  worker = peerOutboxWorker(app.deps, peer);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'));
});
afterAll(async () => {
  await worker?.stop();
  await peer?.stop();
  await app?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('invoices').delete();
  await app.deps.knex('invoice_counters').delete();
  await app.deps.knex('patients').delete();
  // A registered clinic (INV-19), so the INV-5 payloads at 18% are Tax Invoices; no UPI ID unless a test sets one.
  await setSetting('gstin', GSTIN);
  await setSetting('upi_id', null);
  peer.received.length = 0;
});

const GSTIN = '27AAPFU0939F1ZV';

async function setSetting(key: 'gstin' | 'upi_id', value: string | null) {
  const res = await app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', cookie, json: { value } });
  expect(res.status, await res.clone().text()).toBe(200);
}

const api = (p: string, init: Parameters<TestApp['request']>[1] = {}) => app.request(`/api/admin/invoices${p}`, { cookie, ...init });

/** pdftotext -layout of a PDF. */
function pdfText(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8');
}

/** pdfinfo's fields of a PDF, e.g. { Pages: '1', 'Page size': '595.28 x 841.89 pts (A4)' }. */
function pdfInfo(pdf: Buffer): Record<string, string> {
  const file = path.join(tmp, `info-${process.hrtime.bigint()}.pdf`);
  fs.writeFileSync(file, pdf);
  const run = spawnSync('/usr/bin/pdfinfo', [file]);
  fs.rmSync(file);
  if (run.status !== 0) throw new Error(`pdfinfo failed: ${run.stderr.toString()}`);
  return Object.fromEntries(
    run.stdout
      .toString('utf8')
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

/** Layout text flattened to single spaces, so a string is found whatever the column spacing. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function addPatient(fields: Partial<{ firstName: string; lastName: string; email: string; address: string | null }> = {}) {
  const [row] = await app.deps
    .knex('patients')
    .insert({
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      phone: '+91 98220 12345',
      address: 'Flat 3, Sunrise Heights\nMoshi, Pune 412105',
      ...fields,
    })
    .returning('id');
  return row.id as number;
}

type Item = { description: string; quantity: number; unitPrice: number; sacCode?: string | null };
const items: Item[] = [
  { description: 'Root canal treatment (lower molar)', quantity: 1, unitPrice: 5000, sacCode: '999312' },
  { description: 'Teeth whitening, in-office', quantity: 2, unitPrice: 4250.5, sacCode: '999722' },
];

async function createInvoice(patientId: number, list: Item[] = items, taxPercentage = 18, extra: object = {}): Promise<InvoiceJson> {
  const totals = computeInvoiceTotals(list, taxPercentage);
  const res = await api('', {
    method: 'POST',
    json: {
      patientId,
      dueDate: '2026-12-07',
      taxPercentage,
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      notes: 'Review after two weeks.',
      items: totals.items,
      ...extra,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function getPdf(id: number): Promise<Buffer> {
  const res = await api(`/${id}/pdf`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The document as the desktop builds it: from GET /api/admin/invoices/:id and the clinic's identity. */
async function documentOf(id: number): Promise<InvoiceDocument> {
  const invoice = await (await api(`/${id}`)).json();
  return buildInvoiceDocument(invoice, clinic);
}

describe('GET /api/admin/invoices/:id/pdf', () => {
  it('answers an A4 PDF download named invoice-{id}.pdf', async () => {
    const invoice = await createInvoice(await addPatient());
    const res = await api(`/${invoice.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice.id}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = pdfInfo(pdf);
    expect(info).toMatchObject({ Pages: '1', 'Page size': '595.28 x 841.89 pts (A4)', Title: 'Tax Invoice INV/2026-27/0001' });
  });

  it('reads back the number, the patient, every item, subtotal, CGST, SGST, total and the amount in words', async () => {
    const invoice = await createInvoice(await addPatient());
    const text = pdfText(await getPdf(invoice.id));
    const lines = text.split('\n').map(flat);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV/2026-27/0001');
    expect(text).toContain('Priya Kulkarni');
    expect(text).toContain('Root canal treatment (lower molar)');
    expect(text).toContain('Teeth whitening, in-office');
    expect(lines).toContain('Subtotal ₹ 13,501.00');
    expect(lines).toContain('CGST @ 9% ₹ 1,215.09');
    expect(lines).toContain('SGST @ 9% ₹ 1,215.09');
    expect(lines).toContain('Total ₹ 15,931.18');
    expect(flat(text)).toContain(
      'Amount in words: Rupees Fifteen Thousand Nine Hundred Thirty-One and Eighteen Paise Only',
    );
    expect(lines.some((l) => /^2 Teeth whitening, in-office 999722 2 4,250.50 18% 8,501.00$/.test(l))).toBe(true);
    expect(flat(text)).toContain('Invoice Date 23/11/2026');
    expect(flat(text)).toContain('Due Date 07/12/2026');
    expect(text).toContain('Phone: +91 98220 12345');
    expect(text).toContain('Email: priya@example.in');
    expect(text).not.toMatch(/\bPAID\b/);
  });

  it('holds every string of the document model, its sections in the same order as the HTML page', async () => {
    const invoice = await createInvoice(await addPatient());
    const doc = await documentOf(invoice.id);
    const text = flat(pdfText(await getPdf(invoice.id)));
    for (const s of invoiceDocumentStrings(doc)) expect(text, `"${s}" missing from the PDF`).toContain(flat(s));
    const sections = [
      doc.supplier.name,
      doc.title,
      doc.billTo.heading,
      doc.columns[1].label,
      doc.lines[0].description,
      doc.lines[1].description,
      doc.totals[0].label,
      doc.total,
      doc.amountInWords.value,
      doc.notes!.text,
      doc.signatory.forLine,
      doc.signatory.label,
      doc.footer[0],
    ];
    const positions = sections.map((s) => text.indexOf(flat(s)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const html = renderInvoiceHtml(doc);
    const htmlPositions = sections.map((s) => html.indexOf(escapeHtml(s), html.indexOf('<body>')));
    expect(htmlPositions).toEqual([...htmlPositions].sort((a, b) => a - b));
  });

  it('prints a 0% invoice as a Bill of Supply with no tax lines', async () => {
    const invoice = await createInvoice(await addPatient(), items, 0);
    const text = pdfText(await getPdf(invoice.id));
    expect(text).toContain('Bill of Supply');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text.split('\n').map(flat)).toContain('Total ₹ 13,501.00');
    expect(flat(text)).toContain('Amount in words: Rupees Thirteen Thousand Five Hundred One Only');
    expect(text).toContain('No GST is charged on the services in this bill of supply.');
  });

  it('carries the PAID mark with the date paid once the invoice is paid', async () => {
    const invoice = await createInvoice(await addPatient());
    app.clock.set('2026-11-25T06:00:00Z');
    cookie = await app.signIn(); // two days on, past the session's 12 hours by the app's clock
    expect((await api(`/${invoice.id}/mark-paid`, { method: 'PATCH' })).status).toBe(200);
    const text = pdfText(await getPdf(invoice.id));
    expect(text).toMatch(/\bPAID\b/);
    expect(text).toContain('Paid on 25/11/2026');
  });

  it('runs a long invoice onto more pages, repeating the table header, with every item', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ description: `Treatment visit ${i + 1}`, quantity: 1, unitPrice: 100 + i }));
    const invoice = await createInvoice(await addPatient(), many, 18);
    const pdf = await getPdf(invoice.id);
    const pages = Number(pdfInfo(pdf).Pages);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf);
    for (const item of many) expect(text).toMatch(new RegExp(`\\b${item.description}\\b`));
    expect(text.match(/Amount \(₹\)/g)).toHaveLength(pages);
    expect(text.split('\f')[pages - 1]).toContain('Authorised Signatory');
  });

  it('prints a patient and items written in Devanagari as written, with the rupee sign, and reads them back', async () => {
    // 'प्रिया' and 'कुलकर्णी' are the cases a plain extraction gets wrong: shaping draws the vowel sign 'ि'
    // before its consonants and the reph of 'र्णी' on top of its syllable, so the glyphs stand in another
    // order than the text, and pdftotext reading the glyphs alone gives 'िप्रया कुलकणीर्'. Each Devanagari
    // word carries its text (ActualText), which pdftotext reads instead.
    const marathi = ['रूट कॅनाल उपचार (खालची दाढ)', 'दात स्वच्छता व पॉलिशिंग — श्रीमती क्षमा ज्ञानेश्वर'];
    const invoice = await createInvoice(
      await addPatient({ firstName: 'प्रिया', lastName: 'कुलकर्णी', address: 'फ्लॅट ३, सनराइज हाइट्स\nमोशी, पुणे 412105' }),
      [
        { description: marathi[0], quantity: 1, unitPrice: 5000, sacCode: '999312' },
        { description: 'Teeth whitening, in-office', quantity: 2, unitPrice: 4250.5, sacCode: '999722' },
        { description: marathi[1], quantity: 1, unitPrice: 1500.25, sacCode: null },
      ],
      18,
      { notes: 'पुढील तपासणी दोन आठवड्यांनी. ₹500 advance paid.' },
    );
    const pdf = await getPdf(invoice.id);
    const text = pdfText(pdf).normalize('NFC');
    const lines = text.split('\n').map(flat);
    /** The line that starts with the words given (the bill-to shares its lines with the invoice's dates). */
    const lineStarting = (words: string) => lines.find((l) => l.startsWith(words.normalize('NFC')));
    expect(text).not.toContain('?');
    expect(lineStarting('प्रिया कुलकर्णी Invoice Date 23/11/2026')).toBeDefined();
    // PAT-12: the file number under the name, then the address.
    expect(lines.find((l) => /^File No\.: SC-\d{6} Due Date 07\/12\/2026$/.test(l))).toBeDefined();
    expect(lines).toContain('फ्लॅट ३, सनराइज हाइट्स'.normalize('NFC'));
    expect(lines).toContain('मोशी, पुणे 412105'.normalize('NFC'));
    expect(lines).toContain(`1 ${marathi[0]} 999312 1 5,000.00 18% 5,000.00`.normalize('NFC'));
    expect(lines).toContain(`3 ${marathi[1]} 1 1,500.25 18% 1,500.25`.normalize('NFC'));
    expect(flat(text)).toContain('पुढील तपासणी दोन आठवड्यांनी. ₹500 advance paid.'.normalize('NFC'));
    expect(lines).toContain('Total ₹ 17,701.47'); // 9% of 15,001.25 is 1,350.11 twice

    // The same strings as the HTML page, Devanagari included.
    const doc = await documentOf(invoice.id);
    const html = renderInvoiceHtml(doc);
    for (const s of invoiceDocumentStrings(doc)) {
      expect(html, `"${s}" missing from the HTML`).toContain(escapeHtml(s));
      expect(flat(text), `"${s}" missing from the PDF`).toContain(flat(s).normalize('NFC'));
    }

    // One embedded font, subset, for both scripts and the rupee sign.
    const fonts = spawnSync('/usr/bin/pdffonts', ['-'], { input: pdf }).stdout.toString();
    expect(fonts).toMatch(/\+NotoSansDevanagari-Regular +CID TrueType +Identity-H +yes yes yes/);
    expect(fonts).toMatch(/\+NotoSansDevanagari-Bold /);
    expect(fonts).not.toContain('Helvetica');
  });

  it('takes its two fonts from the repository, with their OFL licence beside them (no font package)', () => {
    const dir = path.join(import.meta.dirname, '../../fonts/noto-sans-devanagari');
    expect(fs.readdirSync(dir).sort()).toEqual(['NotoSansDevanagari-Bold.ttf', 'NotoSansDevanagari-Regular.ttf', 'OFL.txt', 'README.md']);
    expect(fs.readFileSync(path.join(dir, 'OFL.txt'), 'utf8')).toContain('SIL Open Font License, Version 1.1');
    const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).filter((name) => name.includes('font') && name !== 'fontkit')).toEqual([]);
  });

  it('draws the Latin-1 signs the font lacks in Helvetica, and only what no font has as ?', async () => {
    const invoice = await createInvoice(await addPatient({ firstName: 'राम', lastName: 'Pâtil' }), items, 18, {
      notes: 'Crown ½ size, ± 0.5 mm; Tamil தமிழ்; smile 😀\u{FE0F}',
    });
    const pdf = await getPdf(invoice.id);
    const text = pdfText(pdf);
    expect(text).toContain('राम Pâtil');
    expect(text).toContain('Crown ½ size, ± 0.5 mm; Tamil ?????; smile ?');
    expect(spawnSync('/usr/bin/pdffonts', ['-'], { input: pdf }).stdout.toString()).toMatch(/^Helvetica /m);
  });

  it('answers 404 for an unknown invoice', async () => {
    const res = await api('/424242/pdf');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Invoice not found' });
  });
});

describe('one layout for the PDF and the HTML page (INV-17)', () => {
  it('shows the same strings in the HTML page the desktop prints as in the server PDF', async () => {
    const invoice = await createInvoice(await addPatient());
    app.clock.set('2026-11-24T06:00:00Z');
    cookie = await app.signIn(); // the next day, past the session's 12 hours by the app's clock
    await api(`/${invoice.id}/mark-paid`, { method: 'PATCH' });
    const doc = await documentOf(invoice.id);
    const html = renderInvoiceHtml(doc);
    const pdf = flat(pdfText(await getPdf(invoice.id)));
    const strings = invoiceDocumentStrings(doc);
    expect(strings).toEqual(expect.arrayContaining(['₹ 15,931.18', 'CGST @ 9%', '₹ 1,215.09', 'PAID', 'Paid on 24/11/2026']));
    for (const s of strings) {
      expect(html, `"${s}" missing from the HTML`).toContain(escapeHtml(s));
      expect(pdf, `"${s}" missing from the PDF`).toContain(flat(s));
    }
  });

  it('prints the GSTIN the invoice was issued under, with the state code, and none when issued unregistered', async () => {
    const invoice = await createInvoice(await addPatient());
    const doc = await documentOf(invoice.id);
    const text = pdfText(await getPdf(invoice.id));
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(text).toContain('State: Maharashtra (Code 27)');
    expect(renderInvoiceHtml(doc)).toContain(`GSTIN: ${GSTIN}`);
    // A later change of the setting does not change an issued invoice.
    await setSetting('gstin', '27AAAAA0000A1Z2');
    expect(pdfText(await getPdf(invoice.id))).toContain(`GSTIN: ${GSTIN}`);
    await setSetting('gstin', null);
    const unregistered = await createInvoice(await addPatient(), items, 0);
    expect(pdfText(await getPdf(unregistered.id))).not.toContain('GSTIN');
  });

  // Its speed is measured in bench/invoice-pdf.ts against a baseline of the same run, not here: a limit in
  // milliseconds fails on a loaded machine whatever the code does.
  it('renders the PDF in the server process, the same bytes each time, without a browser', async () => {
    const invoice = await createInvoice(await addPatient());
    const doc = await documentOf(invoice.id);
    const first = await renderInvoicePdf(doc);
    const second = await renderInvoicePdf(doc);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.length).toBe(first.length);
  });

  it('draws each character in a font that has it', () => {
    expect(fontRuns('Rohan “Ro” Patil – ₹1,500 é प्रिया')).toEqual([
      { text: 'Rohan “Ro” Patil – ₹1,500 é प्रिया', fallback: false },
    ]);
    expect(fontRuns('½ dose ±2', true)).toEqual([
      { text: '½', fallback: true },
      { text: ' dose ', fallback: false },
      { text: '±', fallback: true },
      { text: '2', fallback: false },
    ]);
    expect(fontRuns('தமிழ்\tx\r\ny')).toEqual([{ text: '????? x\ny', fallback: false }]);
    expect(fontRuns('e\u0301 ok\u{FE0F}')).toEqual([{ text: 'é ok', fallback: false }]);
  });
});

describe('POST /api/admin/invoices/:id/send, delivered by the outbox worker', () => {
  it('emails the patient the same PDF as GET /pdf, through a real SMTP server', async () => {
    const invoice = await createInvoice(await addPatient());
    const res = await api(`/${invoice.id}/send`, { method: 'POST' });
    expect(await res.json()).toEqual({ success: true });
    expect(await worker.drain()).toBe(1);

    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('priya@example.in');
    expect(mail.subject).toBe(`Your invoice INV/2026-27/0001 from ${clinic.name}`);
    expect(mail.text).toContain('Dear Priya Kulkarni,');
    expect(mail.text).toContain('Total amount: ₹ 15,931.18');
    expect(mail.text).toContain('Your invoice is attached');
    expect(mail.html).toContain('INV/2026-27/0001');

    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment.filename).toBe('invoice-INV-2026-27-0001.pdf');
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(attachment.content)).toBe(pdfText(await getPdf(invoice.id)));

    const [row] = await app.deps.knex('email_outbox');
    expect(row).toMatchObject({ kind: 'invoice', attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
  });

  it('sends nothing for an invoice deleted before the worker got to it', async () => {
    const invoice = await createInvoice(await addPatient());
    await api(`/${invoice.id}/send`, { method: 'POST' });
    expect((await api(`/${invoice.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await worker.drain()).toBe(0);
    expect(peer.received).toHaveLength(0);
  });

  it('refuses to render an attachment for an invoice that no longer exists, so the mail is retried, not sent bare', async () => {
    await expect(renderInvoiceAttachment({ type: 'invoice-pdf', invoiceId: 424242 }, app.deps.knex, app.deps.now())).rejects.toThrow(
      'Invoice 424242 no longer exists',
    );
  });
});
