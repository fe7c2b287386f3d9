import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { clinic } from '../../../shared/constants/clinic';
import { formatRupeesExact } from '../../../shared/domain/money';
import type { Lang } from '../../../shared/i18n/types';
import { estimateWords } from '../../../shared/plans/estimate-words';
import { patientName } from '../../../shared/plans/patient-names';
import type { PlanOption } from '../../../shared/schemas/treatment-plan';
import { HASH_PLACEHOLDER, verifyAddress } from '../../platform/documents/issued-documents';
import { PROJECT_ROOT } from '../../paths';

// PLAN-8: the estimate as a PDF in the patient's language (English, Marathi or Hindi), drawn with pdfkit in
// Noto Sans Devanagari (its Latin and the rupee sign included). A signed estimate carries the signature,
// who signed and when, and VER-1's hash placeholder (in Courier, uncompressed streams) with the verify
// address; api/platform/documents stamps the hash. A draft (no acceptance yet) carries none of these.

const FONT_DIR = path.join(PROJECT_ROOT, 'api/fonts/noto-sans-devanagari');
const REGULAR = fs.readFileSync(path.join(FONT_DIR, 'NotoSansDevanagari-Regular.ttf'));
const BOLD = fs.readFileSync(path.join(FONT_DIR, 'NotoSansDevanagari-Bold.ttf'));

export interface EstimateDocument {
  lang: Lang;
  title: string;
  planId: number;
  version: number;
  patientName: string;
  dentistName: string;
  date: string;
  options: PlanOption[];
  acceptance: null | { option: string; signedBy: string; when: string; via: 'screen' | 'link'; signaturePng: Buffer | null };
  /** The public address (PUBLIC_URL); the verify address is verifyAddress's (VER-7). */
  publicUrl: string;
}

const A4 = { w: 595.28, h: 841.89 };
const M = 42;
const W = A4.w - 2 * M;
const rupees = (n: number) => formatRupeesExact(n);

export function renderEstimatePdf(doc: EstimateDocument): Promise<Buffer> {
  const words = estimateWords[doc.lang];
  // compress: false keeps the hash placeholder's bytes findable (VER-1).
  const pdf = new PDFDocument({ size: 'A4', margin: M, compress: false, info: { Title: `${words.title} ${doc.planId}/${doc.version}`, Author: clinic.name } });
  pdf.registerFont('Noto', REGULAR);
  pdf.registerFont('Noto-Bold', BOLD);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const ensure = (height: number) => {
    if (pdf.y + height > A4.h - M) pdf.addPage();
  };

  pdf.font('Noto-Bold').fontSize(16).fillColor('#0f4c5c').text(clinic.name, M, M);
  pdf.font('Noto').fontSize(8.5).fillColor('#444').text(`${clinic.addressText} · ${clinic.phone}`);
  pdf.moveDown(0.6);
  pdf.font('Noto-Bold').fontSize(14).fillColor('#111').text(doc.acceptance ? words.title : `${words.title} (${words.draft})`);
  pdf.font('Noto').fontSize(9.5).fillColor('#111');
  pdf.text(`${words.patient}: ${doc.patientName}    ${words.dentist}: ${doc.dentistName}    ${words.date}: ${doc.date}`);
  pdf.text(`${words.plan}: ${doc.title} (#${doc.planId}, v${doc.version})`);
  pdf.moveDown(0.5);

  const shown = doc.acceptance ? doc.options.filter((o) => o.name === doc.acceptance!.option) : doc.options;
  const cols = [
    { key: 'item', w: 0.34 },
    { key: 'teeth', w: 0.12 },
    { key: 'price', w: 0.14 },
    { key: 'discount', w: 0.13 },
    { key: 'gst', w: 0.11 },
    { key: 'amount', w: 0.16 },
  ] as const;
  const row = (cells: string[], bold = false, fill?: string) => {
    const h = 16;
    ensure(h + 2);
    const y = pdf.y;
    if (fill) pdf.rect(M, y - 2, W, h).fill(fill);
    pdf.fillColor('#111').font(bold ? 'Noto-Bold' : 'Noto').fontSize(8.5);
    let x = M;
    cells.forEach((text, i) => {
      const w = cols[i].w * W;
      pdf.text(text, x + 3, y, { width: w - 6, align: i >= 2 ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += w;
    });
    pdf.y = y + h;
    pdf.x = M;
  };

  for (const option of shown) {
    ensure(60);
    pdf.font('Noto-Bold').fontSize(11.5).fillColor('#0f4c5c').text(`${words.option} ${option.name}`, M, pdf.y);
    pdf.moveDown(0.2);
    row([words.item, words.teeth, words.price, words.discount, words.gst, words.amount], true, '#e6f0f2');
    for (const visit of option.visits) {
      ensure(34);
      pdf.font('Noto-Bold').fontSize(9).fillColor('#333').text(`${words.visit} ${visit.visit}${visit.label ? `: ${visit.label}` : ''} · ${visit.minutes} ${words.minutes}`, M + 3, pdf.y + 2);
      pdf.moveDown(0.15);
      for (const line of option.items.filter((l) => l.visit === visit.visit)) {
        const gst = line.taxRate > 0 ? `${line.taxRate}%` : words.exempt;
        // PLAN-21: each item as the patient reads it, in their language.
        row([patientName(line.code, doc.lang, line.description), line.teeth.join(' '), rupees(line.unitPrice), line.discount + line.planDiscountShare > 0 ? `− ${rupees(line.discount + line.planDiscountShare)}` : '', gst, rupees(line.total)]);
      }
      row([`${words.visitTotal}`, '', '', '', visit.taxAmount > 0 ? rupees(visit.taxAmount) : '', rupees(visit.totalAmount)], true);
    }
    pdf.moveDown(0.3);
    const figure = (label: string, value: string, bold = false) => {
      ensure(16);
      const y = pdf.y;
      pdf.font(bold ? 'Noto-Bold' : 'Noto').fontSize(bold ? 11 : 9.5).fillColor('#111');
      pdf.text(label, M + W * 0.4, y, { width: W * 0.4, align: 'right', lineBreak: false });
      pdf.text(value, M + W * 0.8, y, { width: W * 0.2 - 3, align: 'right', lineBreak: false });
      pdf.y = y + (bold ? 17 : 14);
      pdf.x = M;
    };
    figure(words.listTotal, rupees(option.listTotal));
    if (option.discountTotal > 0) figure(words.discounts, `− ${rupees(option.discountTotal)}`);
    figure(words.subtotal, rupees(option.subtotal));
    if (option.taxAmount > 0) figure(words.tax, rupees(option.taxAmount));
    figure(words.total, rupees(option.total), true);
    for (const emi of option.emi) {
      pdf.font('Noto').fontSize(9).fillColor('#333').text(words.emi(emi.months, rupees(emi.monthly)), M, pdf.y, { width: W, align: 'right' });
    }
    pdf.moveDown(0.8);
  }
  if (doc.acceptance) {
    for (const other of doc.options.filter((o) => o.name !== doc.acceptance!.option)) {
      pdf.font('Noto').fontSize(9).fillColor('#555').text(`${words.option} ${other.name}: ${words.declined} (${rupees(other.total)})`);
    }
  }
  pdf.moveDown(0.4);
  pdf.font('Noto').fontSize(8).fillColor('#555').text(words.note, M, pdf.y, { width: W });

  if (doc.acceptance) {
    const a = doc.acceptance;
    ensure(150);
    pdf.moveDown(0.8);
    pdf.font('Noto-Bold').fontSize(10.5).fillColor('#111').text(words.accepted(a.option));
    pdf.font('Noto').fontSize(9.5).text(a.via === 'screen' ? words.signedBy(a.signedBy, a.when) : words.signedOnline(a.signedBy, a.when));
    if (a.signaturePng) {
      const y = pdf.y + 4;
      pdf.rect(M, y, 200, 70).strokeColor('#999').lineWidth(0.5).stroke();
      pdf.image(a.signaturePng, M + 4, y + 4, { fit: [192, 62] });
      pdf.y = y + 76;
    }
    pdf.moveDown(0.6);
    // VER-1: the placeholder, twice (the code and the address), in Courier; stamped after rendering.
    pdf.font('Noto').fontSize(8.5).fillColor('#111').text(`${words.hashLabel}:`, M, pdf.y);
    pdf.font('Courier').fontSize(8).text(HASH_PLACEHOLDER, M, pdf.y);
    pdf.font('Noto').fontSize(8.5).text(`${words.verifyLabel}:`, M, pdf.y + 2);
    pdf.font('Courier').fontSize(7).text(verifyAddress(doc.publicUrl, HASH_PLACEHOLDER), M, pdf.y);
    pdf.font('Noto').fontSize(8).fillColor('#555').text(words.verifyHow, M, pdf.y + 2, { width: W });
  }
  pdf.end();
  return done;
}
