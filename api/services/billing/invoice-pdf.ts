import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { qrRuns, type QrMatrix } from '../../../shared/domain/qr';
import type { InvoiceDocument, InvoiceDocumentColumn } from '../../../shared/invoice/document';
import type { ReceiptDocument } from '../../../shared/invoice/receipt';
import type { CreditNoteDocument } from '../../../shared/invoice/credit-note';
import { MM_TO_PT, invoiceStyle as s, titleSize } from '../../../shared/invoice/style';
import { PROJECT_ROOT } from '../../paths';

// INV-17, INV-18: the server's invoice PDF (GET /api/admin/invoices/:id/pdf and the emailed attachment), drawn with
// pdfkit from the SAME document model as shared/invoice/html.ts, section by section in the same order,
// with the same strings and measures. No browser: a render takes a few milliseconds.
//
// The text is set in Noto Sans Devanagari (SIL Open Font License 1.1; the Google Fonts build, its Regular
// and Bold kept in api/fonts/noto-sans-devanagari with the licence), embedded as a subset: it has Latin, Latin-1, the
// typographic quotes and dashes, the rupee sign and Devanagari, so a patient named 'प्रिया कुलकर्णी' or an
// item written in Marathi prints as written, its conjuncts shaped by fontkit (pdfkit's font engine). The
// few Latin-1 signs it lacks (± ½ ² µ † ‰ ...) are drawn in the built-in Helvetica, run by run; anything
// neither has prints as '?'.

type Pdf = InstanceType<typeof PDFDocument>;

const PAGE_W = s.page.widthMm * MM_TO_PT;
const PAGE_H = s.page.heightMm * MM_TO_PT;
const MX = s.page.marginXMm * MM_TO_PT;
const MY = s.page.marginYMm * MM_TO_PT;
const CONTENT_W = PAGE_W - 2 * MX;
const BOTTOM = PAGE_H - MY;
const LEADING = 1.35;
const CELL_PAD_X = 6;
const CELL_PAD_Y = 5;

// The font files are read and parsed once, when this module loads. Each render hands pdfkit the parsed
// fontkit font (pdfkit 0.20 takes one where its types say Buffer): parsing the file again for every
// document (its shaping tables above all) cost about 18 ms a render.
const FONT_DIR = path.join(PROJECT_ROOT, 'api/fonts/noto-sans-devanagari');

function loadFont(file: string): fontkit.Font {
  const font = fontkit.create(fs.readFileSync(path.join(FONT_DIR, file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

const FACES = {
  regular: { name: 'Noto', font: loadFont('NotoSansDevanagari-Regular.ttf'), fallback: 'Helvetica' },
  bold: { name: 'Noto-Bold', font: loadFont('NotoSansDevanagari-Bold.ttf'), fallback: 'Helvetica-Bold' },
} as const;
type Face = (typeof FACES)[keyof typeof FACES];

/** The font's line height with its own gap, in ems: what pdfkit advances a line by before lineGap. */
const FONT_LINE =
  (FACES.regular.font.ascent - FACES.regular.font.descent + FACES.regular.font.lineGap) / FACES.regular.font.unitsPerEm;

// The built-in Helvetica's encoding (WinAnsi): Latin-1 and these.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const inWinAnsi = (ch: string, code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
const DEVANAGARI = /[\u0900-\u097f\ua8e0-\ua8ff\u1cd0-\u1cff]/;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

export interface FontRun {
  text: string;
  /** true: drawn in Helvetica, for a character Noto Sans Devanagari lacks. */
  fallback: boolean;
}

/**
 * The text split into runs by the font that draws them: Noto Sans Devanagari where it has the character,
 * Helvetica for the Latin-1 signs it lacks. Tabs become spaces; carriage returns and invisible format
 * characters that neither font has are dropped; any other character neither font has becomes '?'.
 */
export function fontRuns(text: string, bold = false): FontRun[] {
  const { font } = bold ? FACES.bold : FACES.regular;
  const runs: FontRun[] = [];
  for (let ch of text.normalize('NFC')) {
    if (ch === '\r') continue;
    if (ch === '\t') ch = ' ';
    const code = ch.codePointAt(0) ?? 0;
    let fallback = false;
    if (ch !== '\n' && !font.hasGlyphForCodePoint(code)) {
      if (inWinAnsi(ch, code)) fallback = true;
      else if (IGNORABLE.test(ch)) continue;
      else ch = '?';
    }
    const last = runs[runs.length - 1];
    if (last && last.fallback === fallback) last.text += ch;
    else runs.push({ text: ch, fallback });
  }
  return runs;
}

interface TextStyle {
  bold?: boolean;
  size?: number;
  colour?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  characterSpacing?: number;
}

const faceOf = (style: TextStyle): Face => (style.bold ? FACES.bold : FACES.regular);
const sizeOf = (style: TextStyle) => style.size ?? s.size.body;

/** Sets the font and size, enough to measure text. */
function setFont(pdf: Pdf, style: TextStyle, fallback = false): void {
  const face = faceOf(style);
  pdf.font(fallback ? face.fallback : face.name).fontSize(sizeOf(style));
}

/** Sets the font, size and colour, to draw text. */
function setStyle(pdf: Pdf, style: TextStyle, fallback = false): void {
  setFont(pdf, style, fallback);
  pdf.fillColor(style.colour ?? s.colour.ink);
}

/** The gap pdfkit adds under each line so that lines are LEADING x the font size apart, as in the HTML. */
function lineGap(style: TextStyle): number {
  return sizeOf(style) * (LEADING - FONT_LINE);
}

const lineAdvance = (style: TextStyle) => sizeOf(style) * LEADING;

// Text is drawn one of two ways. Text that Noto draws alone and that has no Devanagari goes to pdfkit's
// text() as it is, wrapping included. Devanagari, or a run in the fallback font, is laid out here word by
// word (pdfkit cannot switch fonts inside a wrapped line), and each Devanagari word is marked with its
// logical text (ActualText): shaping draws a vowel sign such as 'ि' before its consonant and a reph after
// its syllable, and without the mark a text extractor, search or copy would read the glyphs in that drawn
// order ('िप्रया' for 'प्रिया').

interface Word {
  text: string;
  runs: FontRun[];
  width: number;
}

interface Line {
  words: Word[];
  width: number;
}

interface Layout {
  /** Drawn by pdfkit's own text(): the text (already cleaned), else null. */
  plain: string | null;
  lines: Line[];
  space: number;
}

function runsWidth(pdf: Pdf, runs: FontRun[], style: TextStyle): number {
  let w = 0;
  for (const run of runs) {
    setFont(pdf, style, run.fallback);
    w += pdf.widthOfString(run.text, { characterSpacing: style.characterSpacing });
  }
  return w;
}

/** Splits a word too wide for a line into pieces that fit, between grapheme clusters. */
function splitWord(pdf: Pdf, word: Word, max: number, style: TextStyle): Word[] {
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(word.text)].map((g) => g.segment);
  const pieces: Word[] = [];
  let text = '';
  for (const g of graphemes) {
    const next = text + g;
    if (text && runsWidth(pdf, fontRuns(next, style.bold), style) > max) {
      pieces.push(toWord(pdf, text, style));
      text = g;
    } else text = next;
  }
  if (text) pieces.push(toWord(pdf, text, style));
  return pieces;
}

function toWord(pdf: Pdf, text: string, style: TextStyle): Word {
  const runs = fontRuns(text, style.bold);
  return { text: runs.map((r) => r.text).join(''), runs, width: runsWidth(pdf, runs, style) };
}

function layout(pdf: Pdf, text: string, style: TextStyle): Layout {
  const runs = fontRuns(text, style.bold);
  const clean = runs.map((r) => r.text).join('');
  if (!runs.some((r) => r.fallback) && !DEVANAGARI.test(clean)) return { plain: clean, lines: [], space: 0 };
  setFont(pdf, style);
  const space = pdf.widthOfString(' ') + (style.characterSpacing ?? 0);
  const max = style.width ?? Infinity;
  const lines: Line[] = [];
  for (const paragraph of clean.split('\n')) {
    let line: Line = { words: [], width: 0 };
    lines.push(line);
    for (const part of paragraph.split(' ').filter(Boolean)) {
      const word = toWord(pdf, part, style);
      for (const piece of word.width > max ? splitWord(pdf, word, max, style) : [word]) {
        const width = line.words.length ? line.width + space + piece.width : piece.width;
        if (line.words.length && width > max) {
          line = { words: [piece], width: piece.width };
          lines.push(line);
        } else {
          line.words.push(piece);
          line.width = width;
        }
      }
    }
  }
  return { plain: null, lines, space };
}

/** Draws a word's runs from x on the baseline y, marked with its logical text when it has Devanagari. */
function drawWord(pdf: Pdf, word: Word, x: number, baseline: number, style: TextStyle): void {
  const marked = DEVANAGARI.test(word.text);
  // pdfkit draws text under its own flipped transform, and poppler places an ActualText span by the
  // transform and font in force at its end (EMC): flip the same way around the mark, and set the font there.
  const flip = () => pdf.transform(1, 0, 0, -1, 0, pdf.page.height);
  if (marked) {
    pdf.save();
    flip();
    pdf.markContent('Span', { actual: word.text });
    flip();
  }
  for (const run of word.runs) {
    setStyle(pdf, style, run.fallback);
    const options = { lineBreak: false, baseline: 'alphabetic', characterSpacing: style.characterSpacing } as const;
    pdf.text(run.text, x, baseline, options);
    x += pdf.widthOfString(run.text, options);
  }
  if (marked) {
    flip();
    const current = pdf as unknown as { _font: { id: string }; _fontSize: number };
    pdf.addContent(`BT /${current._font.id} ${current._fontSize} Tf <> Tj ET`);
    pdf.endMarkedContent();
    pdf.restore();
  }
}

function textOptions(style: TextStyle) {
  return {
    width: style.width,
    align: style.align ?? 'left',
    lineGap: lineGap(style),
    characterSpacing: style.characterSpacing,
  };
}

/** Height of the text wrapped at `width` in the given style. */
function measure(pdf: Pdf, text: string, style: TextStyle): number {
  const laid = layout(pdf, text, style);
  if (laid.plain === null) return laid.lines.length * lineAdvance(style);
  setFont(pdf, style);
  return pdf.heightOfString(laid.plain, textOptions(style));
}

/** Draws the text with its top at (x, y), wrapped at style.width; answers the height used. */
function draw(pdf: Pdf, text: string, x: number, y: number, style: TextStyle): number {
  const laid = layout(pdf, text, style);
  if (laid.plain !== null) {
    setStyle(pdf, style);
    const options = textOptions(style);
    pdf.text(laid.plain, x, y, options);
    return pdf.heightOfString(laid.plain, options);
  }
  const { ascent, unitsPerEm } = faceOf(style).font;
  let baseline = y + (sizeOf(style) * ascent) / unitsPerEm;
  for (const line of laid.lines) {
    const free = (style.width ?? line.width) - line.width;
    let wx = x + (style.align === 'right' ? free : style.align === 'center' ? free / 2 : 0);
    for (const word of line.words) {
      drawWord(pdf, word, wx, baseline, style);
      wx += word.width + laid.space;
    }
    baseline += lineAdvance(style);
  }
  return laid.lines.length * lineAdvance(style);
}

/** Width of the text on one line. */
function width(pdf: Pdf, text: string, style: TextStyle): number {
  const laid = layout(pdf, text, { ...style, width: undefined });
  if (laid.plain === null) return Math.max(...laid.lines.map((l) => l.width));
  setFont(pdf, style);
  return pdf.widthOfString(laid.plain, { characterSpacing: style.characterSpacing });
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

/** A new A4 document with the fonts registered, and the promise of its bytes once ended. */
function startPdf(info: { Title: string; Author: string; Subject: string }): { pdf: Pdf; done: Promise<Buffer> } {
  const pdf = new PDFDocument({
    size: 'A4',
    // Pages are broken here, by hand, so pdfkit's own bottom margin never moves text to a new page.
    margins: { top: MY, bottom: 0, left: MX, right: MX },
    // The document information is written as UTF-16 where it needs to be, so it takes any text.
    info,
    pdfVersion: '1.7',
    // No starting font: pdfkit would load its default Helvetica, parsing its metrics file for every
    // document (about 1 ms), and the text is set in the fonts registered below.
    font: null as unknown as string,
  });
  for (const face of Object.values(FACES)) pdf.registerFont(face.name, face.font as unknown as Buffer);
  pdf.font(FACES.regular.name);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/**
 * The QR code's modules as filled rectangles, `side` points wide with its 4-module quiet zone: one run of
 * dark modules a rectangle, all written as one path (what pdf.rect() writes, without ~500 calls).
 */
function drawQr(pdf: Pdf, qr: QrMatrix, x: number, y: number, side: number): void {
  const unit = side / (qr.size + 8);
  const n = (v: number) => Math.round(v * 1000) / 1000;
  pdf.save().rect(x, y, side, side).fill('#ffffff');
  const path = qrRuns(qr)
    .map(([row, col, len]) => `${n(x + (col + 4) * unit)} ${n(y + (row + 4) * unit)} ${n(len * unit)} ${n(unit)} re`)
    .join('\n');
  pdf.addContent(path);
  pdf.fill('#000000').restore();
}

/** The header every document shares: the clinic on the left, the title on the right, an accent rule. */
function drawHeader(pdf: Pdf, supplier: { name: string; lines: string[]; taxLines: string[] }, title: string): number {
  const titleStyle: TextStyle = { bold: true, size: titleSize(title) };
  const titleW = width(pdf, title, titleStyle);
  const leftW = CONTENT_W - titleW - 24;
  let left = MY;
  left += draw(pdf, supplier.name, MX, left, { bold: true, size: s.size.clinicName, colour: s.colour.accent, width: leftW });
  left += 3;
  for (const line of supplier.lines) {
    left += draw(pdf, line, MX, left, { size: s.size.small, colour: s.colour.muted, width: leftW });
  }
  for (const line of supplier.taxLines) {
    left += draw(pdf, line, MX, left, { bold: true, size: s.size.small, width: leftW });
  }
  const titleBottom = MY + draw(pdf, title, MX + CONTENT_W - titleW - 1, MY, { ...titleStyle, width: titleW + 1, align: 'right' });
  const y = Math.max(left, titleBottom) + 10;
  rule(pdf, y, 2, s.colour.accent);
  return y + 1 + 12;
}

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { pdf, done } = startPdf({ Title: doc.documentTitle, Author: doc.supplier.name, Subject: doc.title });

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
  y = drawHeader(pdf, doc.supplier, doc.title);

  // A cancelled invoice says so across the page, under the header (INV-12).
  if (doc.cancelled) {
    const bannerStyle: TextStyle = { bold: true, colour: s.colour.cancelled, width: CONTENT_W - 16, align: 'center' };
    const h = measure(pdf, doc.cancelled.banner, bannerStyle) + 10;
    pdf.save().rect(MX, y - 4, CONTENT_W, h).fillAndStroke(s.colour.cancelledBand, s.colour.cancelled).restore();
    draw(pdf, doc.cancelled.banner, MX + 8, y + 1, bannerStyle);
    y += h + 8;
  }

  // Parties: bill-to on the left, the invoice's number and dates on the right.
  const labelStyle: TextStyle = { colour: s.colour.muted };
  const valueStyle: TextStyle = { bold: true };
  const labelW = Math.max(...doc.meta.map((m) => width(pdf, m.label, labelStyle)));
  const valueW = Math.max(...doc.meta.map((m) => width(pdf, m.value, valueStyle)));
  const metaX = MX + CONTENT_W - (labelW + 12 + valueW);
  const billW = metaX - MX - 24;
  let bill = y;
  bill += draw(pdf, doc.billTo.heading, MX, bill, { bold: true, size: s.size.small, colour: s.colour.accent, width: billW, characterSpacing: 0.3 });
  bill += 2;
  bill += draw(pdf, doc.billTo.name, MX, bill, { bold: true, size: 10.5, width: billW });
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
  const headStyle: TextStyle = { bold: true, size: s.size.tableHead, colour: s.colour.onAccent };
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

  // Summary: the PAID or CANCELLED mark, or the UPI QR code, on the left; the totals box on the right.
  const rowH = s.size.body * LEADING + 6;
  const grandH = s.size.grandTotal * LEADING + 10;
  const totalsH = doc.totals.reduce((sum, t) => sum + (t.grand ? grandH : rowH), 0);
  const stamp = doc.cancelled ?? doc.paid;
  const stampColour = doc.cancelled ? s.colour.cancelled : s.colour.paid;
  const paidLabel: TextStyle = { bold: true, size: s.size.paid, colour: stampColour };
  const paidDetail: TextStyle = { bold: true, size: s.size.small, colour: stampColour };
  const upiText: TextStyle = { size: s.size.small, width: s.qrCaptionPt };
  const paidH = stamp
    ? s.size.paid * 1.1 + s.size.small * LEADING + 8 + 4
    : doc.upi
      ? Math.max(s.qrPt, 6 + [doc.upi.heading, ...doc.upi.lines].reduce((sum, l) => sum + measure(pdf, l, upiText), 0)) + 2
      : 0;
  ensure(10 + Math.max(totalsH, paidH));
  y += 10;
  const top = y;
  if (stamp) {
    const innerW = Math.max(width(pdf, stamp.label, paidLabel), width(pdf, stamp.detail, paidDetail));
    const boxW = innerW + 28;
    const boxX = MX + 8;
    const boxY = top + 4;
    pdf.save().roundedRect(boxX, boxY, boxW, paidH - 4, 4).lineWidth(2.5).strokeColor(stampColour).stroke().restore();
    draw(pdf, stamp.label, boxX, boxY + 4, { ...paidLabel, width: boxW, align: 'center' });
    draw(pdf, stamp.detail, boxX, boxY + 4 + s.size.paid * 1.1, { ...paidDetail, width: boxW, align: 'center' });
  } else if (doc.upi) {
    drawQr(pdf, doc.upi.qr, MX, top + 2, s.qrPt);
    let ty = top + 2 + 6;
    const tx = MX + s.qrPt + 8;
    ty += draw(pdf, doc.upi.heading, tx, ty, { ...upiText, bold: true, colour: s.colour.accent });
    for (const line of doc.upi.lines) ty += draw(pdf, line, tx, ty, upiText);
  }
  const totalsX = MX + CONTENT_W - s.totalsPt;
  for (const t of doc.totals) {
    const h = t.grand ? grandH : rowH;
    const style: TextStyle = t.grand ? { bold: true, size: s.size.grandTotal, colour: s.colour.onAccent } : {};
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
  const wordsH = measure(pdf, wordsText, { bold: true, width: wordsW }) + 12;
  ensure(12 + wordsH);
  y += 12;
  pdf.save().rect(MX, y, CONTENT_W, wordsH).fill(s.colour.band).restore();
  const wordsStyle: TextStyle = { width: wordsW };
  const label = layout(pdf, doc.amountInWords.label, { ...wordsStyle, bold: true }).plain;
  const value = layout(pdf, doc.amountInWords.value, wordsStyle).plain;
  if (label !== null && value !== null) {
    // The label in bold running on into the words, in one wrapped paragraph.
    setStyle(pdf, { bold: true });
    pdf.text(`${label} `, MX + 8, y + 6, { ...textOptions(wordsStyle), continued: true });
    setStyle(pdf, wordsStyle);
    pdf.text(value, textOptions(wordsStyle));
  } else {
    draw(pdf, wordsText, MX + 8, y + 6, { ...wordsStyle, bold: true });
  }
  y += wordsH;

  // GST by rate (INV-14, INV-20), when GST is charged.
  if (doc.taxSummary) {
    const t = doc.taxSummary;
    const cellStyle: TextStyle = { size: s.size.small };
    const lineH = s.size.small * LEADING + 4;
    const tableH = measure(pdf, t.heading, { bold: true, size: s.size.small }) + 2 + lineH * (t.rows.length + 2);
    ensure(12 + tableH);
    y += 12;
    y += draw(pdf, t.heading, MX, y, { bold: true, size: s.size.small, colour: s.colour.accent, characterSpacing: 0.3 }) + 2;
    const drawRow = (cells: string[], style: TextStyle, band: boolean, ruleBelow: boolean) => {
      if (band) pdf.save().rect(MX, y, s.taxSummaryPt.reduce((a, b) => a + b, 0), lineH).fill(s.colour.band).restore();
      let x = MX;
      cells.forEach((cell, i) => {
        const w = s.taxSummaryPt[i];
        draw(pdf, cell, x + CELL_PAD_X, y + 2, { ...style, width: w - 2 * CELL_PAD_X, align: i === 0 ? 'left' : 'right' });
        x += w;
      });
      y += lineH;
      if (ruleBelow) {
        pdf.save().moveTo(MX, y).lineTo(x, y).lineWidth(0.75).strokeColor(s.colour.rule).stroke().restore();
      }
    };
    drawRow(t.columns, { ...cellStyle, bold: true }, true, false);
    for (const row of t.rows) drawRow(row, cellStyle, false, true);
    drawRow(t.total, { ...cellStyle, bold: true }, false, false);
  }

  if (doc.notes) {
    const headingH = measure(pdf, doc.notes.heading, { bold: true, size: s.size.small });
    const notesH = measure(pdf, doc.notes.text, { width: CONTENT_W });
    ensure(12 + headingH + 2 + Math.min(notesH, 200));
    y += 12;
    y += draw(pdf, doc.notes.heading, MX, y, { bold: true, size: s.size.small, colour: s.colour.accent, characterSpacing: 0.3 }) + 2;
    for (const paragraph of doc.notes.text.split(/\r?\n/)) {
      const h = measure(pdf, paragraph || ' ', { width: CONTENT_W });
      ensure(h);
      y += draw(pdf, paragraph || ' ', MX, y, { width: CONTENT_W });
    }
  }

  // The signatory block on the right, then the footer lines.
  const signX = MX + CONTENT_W - s.totalsPt;
  const signH = s.size.body * LEADING * 2 + 26;
  const footerH = 12 + 6 + doc.footer.length * s.size.small * LEADING;
  ensure(16 + signH + footerH);
  y += 16;
  y += draw(pdf, doc.signatory.forLine, signX, y, { bold: true, width: s.totalsPt, align: 'right' });
  y += 26;
  y += draw(pdf, doc.signatory.label, signX, y, { colour: s.colour.muted, width: s.totalsPt, align: 'right' });
  y += 12;
  rule(pdf, y, 0.75, s.colour.rule);
  y += 6;
  for (const line of doc.footer) {
    y += draw(pdf, line, MX, y, { size: s.size.small, colour: s.colour.muted, width: CONTENT_W, align: 'center' });
  }

  pdf.end();
  return done;
}

/** INV-21: a payment's receipt, one A4 page in the invoice's fonts and measures. */

/**
 * Who the document is for on the left (a heading, the name, address lines) and its numbers and dates on the
 * right, as the receipt and the credit note print them; answers the bottom of the taller side.
 */
function drawPartyAndMeta(
  pdf: PDFKit.PDFDocument,
  party: { heading: string; name: string; lines: readonly string[] },
  metaRows: readonly { label: string; value: string }[],
  top: number,
  maxValueW = Infinity,
): number {
  const labelStyle: TextStyle = { colour: s.colour.muted };
  const valueStyle: TextStyle = { bold: true };
  const labelW = Math.max(...metaRows.map((m) => width(pdf, m.label, labelStyle)));
  const valueW = Math.min(maxValueW, Math.max(...metaRows.map((m) => width(pdf, m.value, valueStyle))));
  const metaX = MX + CONTENT_W - (labelW + 12 + valueW);
  const partyW = metaX - MX - 24;
  let left = top;
  left += draw(pdf, party.heading, MX, left, { bold: true, size: s.size.small, colour: s.colour.accent, width: partyW, characterSpacing: 0.3 });
  left += 2;
  left += draw(pdf, party.name, MX, left, { bold: true, size: 10.5, width: partyW });
  for (const line of party.lines) left += draw(pdf, line, MX, left, { width: partyW });
  let right = top;
  for (const m of metaRows) {
    draw(pdf, m.label, metaX, right + 1, { ...labelStyle, width: labelW + 1 });
    right += draw(pdf, m.value, MX + CONTENT_W - valueW - 1, right + 1, { ...valueStyle, width: valueW + 1, align: 'right' }) + 2;
  }
  return Math.max(left, right);
}

export function renderReceiptPdf(doc: ReceiptDocument): Promise<Buffer> {
  const { pdf, done } = startPdf({ Title: doc.documentTitle, Author: doc.supplier.name, Subject: doc.title });
  let y = drawHeader(pdf, doc.supplier, doc.title);

  // Received from on the left, the receipt's number and date on the right.
  y = drawPartyAndMeta(pdf, doc.receivedFrom, doc.meta, y) + 16;

  // The amount on an accent band, then its words.
  const bandH = s.size.grandTotal * LEADING + 14;
  pdf.save().rect(MX, y, CONTENT_W, bandH).fill(s.colour.accent).restore();
  const amountStyle: TextStyle = { bold: true, size: s.size.grandTotal, colour: s.colour.onAccent };
  draw(pdf, doc.amount.label, MX + 8, y + 7, { ...amountStyle, width: CONTENT_W / 2 });
  draw(pdf, doc.amount.value, MX + CONTENT_W / 2, y + 7, { ...amountStyle, width: CONTENT_W / 2 - 8, align: 'right' });
  y += bandH + 8;
  y += draw(pdf, `${doc.amountInWords.label} ${doc.amountInWords.value}`, MX, y, { width: CONTENT_W });
  y += 12;

  // The payment's details, label and value per row.
  const rowLabelW = 140;
  for (const row of doc.rows) {
    draw(pdf, row.label, MX, y + 3, { colour: s.colour.muted, width: rowLabelW });
    const h = draw(pdf, row.value, MX + rowLabelW, y + 3, { bold: true, width: CONTENT_W - rowLabelW });
    y += h + 6;
    rule(pdf, y, 0.75, s.colour.rule);
  }

  y += 30;
  const signX = MX + CONTENT_W - s.totalsPt;
  y += draw(pdf, doc.signatory.forLine, signX, y, { bold: true, width: s.totalsPt, align: 'right' });
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

/**
 * INV-43: a credit note, in the invoice's fonts and measures and in the patient's language: the header, who
 * it is issued to beside its number, date and the invoice it reverses, the reason, the lines with the GST
 * reversed (CGST and SGST as the invoice split them), the totals, the section 34 note and the signatory.
 */
export function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  const { pdf, done } = startPdf({ Title: doc.documentTitle, Author: doc.supplier.name, Subject: doc.title });
  let y = drawHeader(pdf, doc.supplier, doc.title);
  const newPageIfNeeded = (height: number) => {
    if (y + height > BOTTOM) {
      pdf.addPage();
      y = MY;
    }
  };

  y = drawPartyAndMeta(pdf, doc.issuedTo, doc.meta, y, 220) + 12;

  // The reason, on a light band.
  const reasonText = `${doc.reason.label}: ${doc.reason.value}`;
  const reasonH = measure(pdf, reasonText, { width: CONTENT_W - 16 }) + 10;
  pdf.save().rect(MX, y - 2, CONTENT_W, reasonH).fill(s.colour.band).restore();
  draw(pdf, reasonText, MX + 8, y + 3, { width: CONTENT_W - 16 });
  y += reasonH + 12;

  // The lines.
  let x = MX;
  const columns = doc.columns.map((c) => {
    const col = { ...c, x, w: c.width * CONTENT_W };
    x += col.w;
    return col;
  });
  const headStyle: TextStyle = { bold: true, size: s.size.tableHead, colour: s.colour.onAccent };
  const headH = Math.max(...columns.map((c) => measure(pdf, c.label, { ...headStyle, width: c.w - 2 * CELL_PAD_X }))) + 2 * CELL_PAD_Y;
  const drawHead = () => {
    pdf.save().rect(MX, y, CONTENT_W, headH).fill(s.colour.accent).restore();
    for (const c of columns) draw(pdf, c.label, c.x + CELL_PAD_X, y + CELL_PAD_Y, { ...headStyle, width: c.w - 2 * CELL_PAD_X, align: c.align });
    y += headH;
  };
  newPageIfNeeded(headH + 30);
  drawHead();
  for (const row of doc.rows) {
    const h = Math.max(...row.map((cell, i) => measure(pdf, cell, { width: columns[i].w - 2 * CELL_PAD_X }))) + 2 * CELL_PAD_Y;
    if (y + h > BOTTOM) {
      pdf.addPage();
      y = MY;
      drawHead();
    }
    row.forEach((cell, i) => draw(pdf, cell, columns[i].x + CELL_PAD_X, y + CELL_PAD_Y, { width: columns[i].w - 2 * CELL_PAD_X, align: columns[i].align }));
    y += h;
    rule(pdf, y, 0.75, s.colour.rule);
  }
  y += 10;

  // The totals, right-aligned in the invoice's totals box.
  const boxX = MX + CONTENT_W - s.totalsPt;
  for (const t of doc.totals) {
    const style: TextStyle = t.grand ? { bold: true, size: s.size.grandTotal } : {};
    newPageIfNeeded(24);
    if (t.grand) {
      const bandH = sizeOf(style) * LEADING + 8;
      pdf.save().rect(boxX, y, s.totalsPt, bandH).fill(s.colour.accent).restore();
      draw(pdf, t.label, boxX + 6, y + 4, { ...style, colour: s.colour.onAccent, width: s.totalsPt / 2 + 20 });
      draw(pdf, t.value, boxX + s.totalsPt / 2, y + 4, { ...style, colour: s.colour.onAccent, width: s.totalsPt / 2 - 6, align: 'right' });
      y += bandH + 4;
    } else {
      draw(pdf, t.label, boxX + 6, y + 2, { colour: s.colour.muted, width: s.totalsPt / 2 + 20 });
      y += draw(pdf, t.value, boxX + s.totalsPt / 2, y + 2, { width: s.totalsPt / 2 - 6, align: 'right' }) + 4;
    }
  }
  y += 14;
  newPageIfNeeded(110);
  y += draw(pdf, doc.note, MX, y, { size: s.size.small, colour: s.colour.muted, width: CONTENT_W });

  y += 34;
  const signX = MX + CONTENT_W - s.totalsPt;
  y += draw(pdf, doc.signatory.forLine, signX, y, { bold: true, width: s.totalsPt, align: 'right' });
  y += 30;
  y += draw(pdf, doc.signatory.label, signX, y, { colour: s.colour.muted, width: s.totalsPt, align: 'right' });
  y += 18;
  rule(pdf, y, 0.75, s.colour.rule);
  y += 6;
  draw(pdf, doc.footer, MX, y, { size: s.size.small, colour: s.colour.muted, width: CONTENT_W, align: 'center' });
  pdf.end();
  return done;
}
