import PDFDocument from 'pdfkit';
import type { InvoiceDocument, InvoiceDocumentColumn } from '../../shared/invoice/document';
import { MM_TO_PT, invoiceStyle as s } from '../../shared/invoice/style';

// D16: the server's invoice PDF (GET /api/admin/invoices/:id/pdf and the emailed attachment), drawn with
// pdfkit from the SAME document model as shared/invoice/html.ts, section by section in the same order,
// with the same strings and measures. No browser: a render takes a few milliseconds. The built-in
// Helvetica carries real text, so pdftotext reads every figure.

type Pdf = InstanceType<typeof PDFDocument>;

const PAGE_W = s.page.widthMm * MM_TO_PT;
const PAGE_H = s.page.heightMm * MM_TO_PT;
const MX = s.page.marginXMm * MM_TO_PT;
const MY = s.page.marginYMm * MM_TO_PT;
const CONTENT_W = PAGE_W - 2 * MX;
const BOTTOM = PAGE_H - MY;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const LEADING = 1.35;
const CELL_PAD_X = 6;
const CELL_PAD_Y = 5;

// Helvetica's built-in encoding (WinAnsi) covers Latin-1 and these; anything else would print as junk.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as Helvetica can draw it: '₹' becomes 'Rs.', characters outside WinAnsi become '?'. */
export function pdfSafeText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === '\n' || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
    } else if (ch === '₹') out += 'Rs.';
    else if (ch === '\t') out += ' ';
    else if (ch === '\r') continue;
    else out += '?';
  }
  return out;
}

interface TextStyle {
  font?: string;
  size?: number;
  colour?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  characterSpacing?: number;
}

function setStyle(pdf: Pdf, style: TextStyle): void {
  pdf.font(style.font ?? REGULAR).fontSize(style.size ?? s.size.body).fillColor(style.colour ?? s.colour.ink);
}

function lineGap(style: TextStyle): number {
  return (style.size ?? s.size.body) * (LEADING - 1.15);
}

/** Height of the text wrapped at `width` in the given style. */
function measure(pdf: Pdf, text: string, style: TextStyle): number {
  setStyle(pdf, style);
  return pdf.heightOfString(pdfSafeText(text), {
    width: style.width,
    lineGap: lineGap(style),
    characterSpacing: style.characterSpacing,
  });
}

/** Draws the text with its top at (x, y), wrapped at style.width; answers the height used. */
function draw(pdf: Pdf, text: string, x: number, y: number, style: TextStyle): number {
  const safe = pdfSafeText(text);
  setStyle(pdf, style);
  const options = {
    width: style.width,
    align: style.align ?? 'left',
    lineGap: lineGap(style),
    characterSpacing: style.characterSpacing,
  };
  pdf.text(safe, x, y, options);
  return pdf.heightOfString(safe, options);
}

function width(pdf: Pdf, text: string, style: TextStyle): number {
  setStyle(pdf, style);
  return pdf.widthOfString(pdfSafeText(text), { characterSpacing: style.characterSpacing });
}

function rule(pdf: Pdf, y: number, thickness: number, colour: string): void {
  pdf.save().moveTo(MX, y).lineTo(MX + CONTENT_W, y).lineWidth(thickness).strokeColor(colour).stroke().restore();
}

interface Column extends InvoiceDocumentColumn {
  x: number;
  w: number;
}

function layoutColumns(columns: InvoiceDocumentColumn[]): Column[] {
  const fixed = columns.reduce((sum, c) => sum + (c.key === 'description' ? 0 : s.columnPt[c.key]), 0);
  let x = MX;
  return columns.map((c) => {
    const w = c.key === 'description' ? CONTENT_W - fixed : s.columnPt[c.key];
    const col = { ...c, x, w };
    x += w;
    return col;
  });
}

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    // Pages are broken here, by hand, so pdfkit's own bottom margin never moves text to a new page.
    margins: { top: MY, bottom: 0, left: MX, right: MX },
    info: { Title: pdfSafeText(doc.documentTitle), Author: pdfSafeText(doc.supplier.name), Subject: doc.title },
    pdfVersion: '1.7',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  let y = MY;
  const newPage = () => {
    pdf.addPage();
    y = MY;
  };
  const ensure = (height: number, onNewPage?: () => void) => {
    if (y + height > BOTTOM) {
      newPage();
      onNewPage?.();
    }
  };

  // Header: the clinic on the left, the document's title on the right, an accent rule below.
  const titleStyle: TextStyle = { font: BOLD, size: s.size.title };
  const titleW = width(pdf, doc.title, titleStyle);
  const leftW = CONTENT_W - titleW - 24;
  let left = MY;
  left += draw(pdf, doc.supplier.name, MX, left, { font: BOLD, size: s.size.clinicName, colour: s.colour.accent, width: leftW });
  left += 3;
  for (const line of doc.supplier.lines) {
    left += draw(pdf, line, MX, left, { size: s.size.small, colour: s.colour.muted, width: leftW });
  }
  for (const line of doc.supplier.taxLines) {
    left += draw(pdf, line, MX, left, { font: BOLD, size: s.size.small, width: leftW });
  }
  const titleBottom = MY + draw(pdf, doc.title, MX + CONTENT_W - titleW - 1, MY, { ...titleStyle, width: titleW + 1, align: 'right' });
  y = Math.max(left, titleBottom) + 10;
  rule(pdf, y, 2, s.colour.accent);
  y += 1 + 12;

  // Parties: bill-to on the left, the invoice's number and dates on the right.
  const labelStyle: TextStyle = { colour: s.colour.muted };
  const valueStyle: TextStyle = { font: BOLD };
  const labelW = Math.max(...doc.meta.map((m) => width(pdf, m.label, labelStyle)));
  const valueW = Math.max(...doc.meta.map((m) => width(pdf, m.value, valueStyle)));
  const metaX = MX + CONTENT_W - (labelW + 12 + valueW);
  const billW = metaX - MX - 24;
  let bill = y;
  bill += draw(pdf, doc.billTo.heading, MX, bill, { font: BOLD, size: s.size.small, colour: s.colour.accent, width: billW, characterSpacing: 0.3 });
  bill += 2;
  bill += draw(pdf, doc.billTo.name, MX, bill, { font: BOLD, size: 10.5, width: billW });
  for (const line of doc.billTo.lines) bill += draw(pdf, line, MX, bill, { width: billW });
  let meta = y;
  for (const m of doc.meta) {
    draw(pdf, m.label, metaX, meta + 1, { ...labelStyle, width: labelW + 1 });
    const h = draw(pdf, m.value, MX + CONTENT_W - valueW - 1, meta + 1, { ...valueStyle, width: valueW + 1, align: 'right' });
    meta += h + 2;
  }
  y = Math.max(bill, meta) + 14;

  // The items, with the header band repeated on each page the table runs onto.
  const columns = layoutColumns(doc.columns);
  const headStyle: TextStyle = { font: BOLD, size: s.size.tableHead, colour: s.colour.onAccent };
  const headH = s.size.tableHead * LEADING + 2 * CELL_PAD_Y;
  const drawHead = () => {
    pdf.save().rect(MX, y, CONTENT_W, headH).fill(s.colour.accent).restore();
    for (const c of columns) {
      draw(pdf, c.label, c.x + CELL_PAD_X, y + CELL_PAD_Y, { ...headStyle, width: c.w - 2 * CELL_PAD_X, align: c.align });
    }
    y += headH;
  };
  ensure(headH + 30);
  drawHead();
  for (const line of doc.lines) {
    const heights = columns.map((c) => measure(pdf, line[c.key], { width: c.w - 2 * CELL_PAD_X }));
    const rowH = Math.max(...heights) + 2 * CELL_PAD_Y;
    ensure(rowH, drawHead);
    for (const c of columns) {
      draw(pdf, line[c.key], c.x + CELL_PAD_X, y + CELL_PAD_Y, { width: c.w - 2 * CELL_PAD_X, align: c.align });
    }
    y += rowH;
    rule(pdf, y, 0.75, s.colour.rule);
  }

  // Summary: the PAID mark on the left, the totals box on the right.
  const rowH = s.size.body * LEADING + 6;
  const grandH = s.size.grandTotal * LEADING + 10;
  const totalsH = doc.totals.reduce((sum, t) => sum + (t.grand ? grandH : rowH), 0);
  const paidLabel: TextStyle = { font: BOLD, size: s.size.paid, colour: s.colour.paid };
  const paidDetail: TextStyle = { font: BOLD, size: s.size.small, colour: s.colour.paid };
  const paidH = doc.paid ? s.size.paid * 1.1 + s.size.small * LEADING + 8 + 4 : 0;
  ensure(10 + Math.max(totalsH, paidH));
  y += 10;
  const top = y;
  if (doc.paid) {
    const innerW = Math.max(width(pdf, doc.paid.label, paidLabel), width(pdf, doc.paid.detail, paidDetail));
    const boxW = innerW + 28;
    const boxX = MX + 8;
    const boxY = top + 4;
    pdf.save().roundedRect(boxX, boxY, boxW, paidH - 4, 4).lineWidth(2.5).strokeColor(s.colour.paid).stroke().restore();
    draw(pdf, doc.paid.label, boxX, boxY + 4, { ...paidLabel, width: boxW, align: 'center' });
    draw(pdf, doc.paid.detail, boxX, boxY + 4 + s.size.paid * 1.1, { ...paidDetail, width: boxW, align: 'center' });
  }
  const totalsX = MX + CONTENT_W - s.totalsPt;
  for (const t of doc.totals) {
    const h = t.grand ? grandH : rowH;
    const style: TextStyle = t.grand ? { font: BOLD, size: s.size.grandTotal, colour: s.colour.onAccent } : {};
    if (t.grand) pdf.save().rect(totalsX, y, s.totalsPt, h).fill(s.colour.accent).restore();
    const pad = t.grand ? 5 : 3;
    draw(pdf, t.label, totalsX + CELL_PAD_X, y + pad, { ...style, width: s.totalsPt / 2 });
    draw(pdf, t.value, totalsX + s.totalsPt / 2, y + pad, { ...style, width: s.totalsPt / 2 - CELL_PAD_X, align: 'right' });
    y += h;
  }
  y = Math.max(y, top + paidH);

  // The total in words on a light band across the page.
  const wordsText = `${doc.amountInWords.label} ${doc.amountInWords.value}`;
  const wordsW = CONTENT_W - 16;
  const wordsH = measure(pdf, wordsText, { font: BOLD, width: wordsW }) + 12;
  ensure(12 + wordsH);
  y += 12;
  pdf.save().rect(MX, y, CONTENT_W, wordsH).fill(s.colour.band).restore();
  setStyle(pdf, { font: BOLD });
  pdf.text(`${pdfSafeText(doc.amountInWords.label)} `, MX + 8, y + 6, { width: wordsW, lineGap: lineGap({}), continued: true });
  setStyle(pdf, {});
  pdf.text(pdfSafeText(doc.amountInWords.value), { width: wordsW, lineGap: lineGap({}) });
  y += wordsH;

  if (doc.notes) {
    const headingH = measure(pdf, doc.notes.heading, { font: BOLD, size: s.size.small });
    const notesH = measure(pdf, doc.notes.text, { width: CONTENT_W });
    ensure(12 + headingH + 2 + Math.min(notesH, 200));
    y += 12;
    y += draw(pdf, doc.notes.heading, MX, y, { font: BOLD, size: s.size.small, colour: s.colour.accent, characterSpacing: 0.3 }) + 2;
    for (const paragraph of doc.notes.text.split(/\r?\n/)) {
      const h = measure(pdf, paragraph || ' ', { width: CONTENT_W });
      ensure(h);
      y += draw(pdf, paragraph || ' ', MX, y, { width: CONTENT_W });
    }
  }

  // The signatory block on the right, then the footer lines.
  const signX = MX + CONTENT_W - s.totalsPt;
  const signH = s.size.body * LEADING * 2 + 30;
  const footerH = 18 + 6 + doc.footer.length * s.size.small * LEADING;
  ensure(22 + signH + footerH);
  y += 22;
  y += draw(pdf, doc.signatory.forLine, signX, y, { font: BOLD, width: s.totalsPt, align: 'right' });
  y += 30;
  y += draw(pdf, doc.signatory.label, signX, y, { colour: s.colour.muted, width: s.totalsPt, align: 'right' });
  y += 18;
  rule(pdf, y, 0.75, s.colour.rule);
  y += 6;
  for (const line of doc.footer) {
    y += draw(pdf, line, MX, y, { size: s.size.small, colour: s.colour.muted, width: CONTENT_W, align: 'center' });
  }

  pdf.end();
  return done;
}
