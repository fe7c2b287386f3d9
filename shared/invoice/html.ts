import { escapeHtml } from '../emails/layout';
import { qrSvg } from '../domain/qr';
import type { InvoiceDocument, InvoiceDocumentColumn } from './document';
import { invoiceStyle as s, titleSize } from './style';

// INV-17: the invoice as a complete, self-contained, print-ready A4 HTML page (inline CSS, the UPI QR code as
// inline SVG, no external resources, every text escaped). The admin's printable view shows it and the desktop prints it with
// webContents.printToPDF; the server's PDF draws the same document model in the same order.

const e = escapeHtml;

function cell(tag: 'td' | 'th', column: InvoiceDocumentColumn, text: string): string {
  return `<${tag} class="c-${column.key} a-${column.align}">${e(text)}</${tag}>`;
}

const css = `
@page { size: A4; margin: ${s.page.marginYMm}mm ${s.page.marginXMm}mm; }
* { box-sizing: border-box; }
html { background: #e2e8f0; }
body { margin: 0; color: ${s.colour.ink}; font-family: Helvetica, Arial, 'Liberation Sans',
  'Noto Sans Devanagari', 'Nirmala UI', Mangal, sans-serif;
  font-size: ${s.size.body}pt; line-height: 1.35; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.sheet { width: ${s.page.widthMm}mm; min-height: ${s.page.heightMm}mm; margin: 8mm auto; background: #fff;
  padding: ${s.page.marginYMm}mm ${s.page.marginXMm}mm; box-shadow: 0 1px 6px rgba(15, 23, 42, 0.25); }
@media print {
  html { background: none; }
  .sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
}
p { margin: 0; }
.header { display: flex; justify-content: space-between; align-items: flex-start; gap: 24pt;
  padding-bottom: 10pt; border-bottom: 2pt solid ${s.colour.accent}; }
.clinic-name { font-size: ${s.size.clinicName}pt; font-weight: bold; color: ${s.colour.accent}; margin-bottom: 3pt; }
.muted { color: ${s.colour.muted}; }
.keep-spaces { white-space: pre-wrap; }
.small { font-size: ${s.size.small}pt; }
.title { font-size: ${s.size.title}pt; font-weight: bold; white-space: nowrap; text-align: right; }
.parties { display: flex; justify-content: space-between; align-items: flex-start; gap: 24pt; margin: 12pt 0 14pt; }
.heading { font-size: ${s.size.small}pt; font-weight: bold; color: ${s.colour.accent}; text-transform: none;
  letter-spacing: 0.04em; margin-bottom: 2pt; }
.bill-name { font-weight: bold; font-size: 10.5pt; }
table { border-collapse: collapse; width: 100%; }
.meta td { padding: 1pt 0; }
.meta td:first-child { color: ${s.colour.muted}; padding-right: 12pt; }
.meta td:last-child { font-weight: bold; text-align: right; white-space: nowrap; }
.items thead { display: table-header-group; }
.items th { background: ${s.colour.accent}; color: ${s.colour.onAccent}; font-size: ${s.size.tableHead}pt;
  font-weight: bold; padding: 5pt 6pt; }
.items td { padding: 5pt 6pt; border-bottom: 0.75pt solid ${s.colour.rule}; vertical-align: top; }
.items tr { page-break-inside: avoid; break-inside: avoid; }
.c-index { width: ${s.columnPt.index}pt; }
.c-sac { width: ${s.columnPt.sac}pt; }
.c-quantity { width: ${s.columnPt.quantity}pt; }
.c-rate { width: ${s.columnPt.rate}pt; }
.c-gst { width: ${s.columnPt.gst}pt; }
.c-amount { width: ${s.columnPt.amount}pt; }
.c-description { overflow-wrap: anywhere; white-space: pre-line; }
.a-left { text-align: left; } .a-right { text-align: right; white-space: nowrap; } .a-center { text-align: center; }
.summary { display: flex; justify-content: space-between; align-items: flex-start; margin-top: 10pt;
  break-inside: avoid; page-break-inside: avoid; }
.paid { border: 2.5pt solid ${s.colour.paid}; color: ${s.colour.paid}; border-radius: 4pt; padding: 4pt 14pt;
  text-align: center; margin: 4pt 0 0 8pt; }
.paid-label { font-size: ${s.size.paid}pt; font-weight: bold; line-height: 1.1; }
.paid.cancelled { border-color: ${s.colour.cancelled}; color: ${s.colour.cancelled}; }
.cancelled-banner { margin-top: 8pt; padding: 5pt 8pt; border: 1.5pt solid ${s.colour.cancelled};
  background: ${s.colour.cancelledBand}; color: ${s.colour.cancelled}; font-weight: bold; text-align: center; }
.upi { display: flex; align-items: flex-start; gap: 8pt; margin-top: 2pt; }
.upi svg { display: block; width: ${s.qrPt}pt; height: ${s.qrPt}pt; flex: none; }
.upi-text { width: ${s.qrCaptionPt}pt; font-size: ${s.size.small}pt; padding-top: 6pt; }
.upi-text .heading { font-size: ${s.size.small}pt; }
.gst-summary { margin-top: 12pt; break-inside: avoid; page-break-inside: avoid; }
.gst-summary table { width: auto; }
.gst-summary th { background: ${s.colour.band}; font-size: ${s.size.tableHead}pt; padding: 3pt 6pt; text-align: right; }
.gst-summary td { padding: 2pt 6pt; text-align: right; border-bottom: 0.75pt solid ${s.colour.rule}; }
.gst-summary th:first-child, .gst-summary td:first-child { text-align: left; }
.gst-summary tr.total td { font-weight: bold; border-bottom: none; }
.paid-detail { font-size: ${s.size.small}pt; font-weight: bold; }
.totals { width: ${s.totalsPt}pt; margin-left: auto; }
.totals td { padding: 3pt 6pt; }
.totals td:last-child { text-align: right; white-space: nowrap; }
.totals tr.grand td { background: ${s.colour.accent}; color: ${s.colour.onAccent}; font-weight: bold;
  font-size: ${s.size.grandTotal}pt; padding: 5pt 6pt; }
.words { background: ${s.colour.band}; padding: 6pt 8pt; margin-top: 12pt; break-inside: avoid; }
.notes { margin-top: 12pt; break-inside: avoid; }
.notes p { white-space: pre-line; overflow-wrap: anywhere; }
.signatory { margin-top: 16pt; margin-left: auto; width: ${s.totalsPt}pt; text-align: right; break-inside: avoid; }
.signatory .space { height: 26pt; }
.footer { margin-top: 12pt; padding-top: 6pt; border-top: 0.75pt solid ${s.colour.rule}; text-align: center;
  color: ${s.colour.muted}; font-size: ${s.size.small}pt; }
`;

export function renderInvoiceHtml(doc: InvoiceDocument): string {
  const head = doc.columns.map((c) => cell('th', c, c.label)).join('');
  const rows = doc.lines
    .map((line) => `<tr>${doc.columns.map((c) => cell('td', c, line[c.key])).join('')}</tr>`)
    .join('\n');
  const totals = doc.totals
    .map((t) => `<tr${t.grand ? ' class="grand"' : ''}><td>${e(t.label)}</td><td>${e(t.value)}</td></tr>`)
    .join('');
  const stamp = doc.cancelled ?? doc.paid;
  const left = stamp
    ? `<div class="paid${doc.cancelled ? ' cancelled' : ''}"><p class="paid-label">${e(stamp.label)}</p><p class="paid-detail">${e(stamp.detail)}</p></div>`
    : doc.upi
      ? `<div class="upi">${qrSvg(doc.upi.qr, 128, `UPI QR code: pay ${doc.upi.amount} to ${doc.upi.upiId}`)}<div class="upi-text"><p class="heading">${e(doc.upi.heading)}</p>${doc.upi.lines
          .map((l) => `<p>${e(l)}</p>`)
          .join('')}</div></div>`
      : '<div></div>';
  const summary = doc.taxSummary;
  const gstSummary = summary
    ? `<section class="gst-summary"><p class="heading">${e(summary.heading)}</p><table>
<thead><tr>${summary.columns.map((c, i) => `<th style="width:${s.taxSummaryPt[i]}pt">${e(c)}</th>`).join('')}</tr></thead>
<tbody>
${summary.rows.map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`).join('\n')}
<tr class="total">${summary.total.map((c) => `<td>${e(c)}</td>`).join('')}</tr>
</tbody></table></section>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(doc.documentTitle)}</title>
<style>${css}</style>
</head>
<body>
<main class="sheet">
<header class="header">
<div>
<p class="clinic-name">${e(doc.supplier.name)}</p>
${doc.supplier.lines.map((l) => `<p class="muted small keep-spaces">${e(l)}</p>`).join('\n')}
${doc.supplier.taxLines.map((l) => `<p class="small"><strong>${e(l)}</strong></p>`).join('\n')}
</div>
<h1 class="title" style="margin:0;font-size:${titleSize(doc.title)}pt">${e(doc.title)}</h1>
</header>
${doc.cancelled ? `<p class="cancelled-banner">${e(doc.cancelled.banner)}</p>` : ''}
<section class="parties">
<div>
<p class="heading">${e(doc.billTo.heading)}</p>
<p class="bill-name">${e(doc.billTo.name)}</p>
${doc.billTo.lines.map((l) => `<p>${e(l)}</p>`).join('\n')}
</div>
<table class="meta" style="width:auto">
${doc.meta.map((m) => `<tr><td>${e(m.label)}</td><td>${e(m.value)}</td></tr>`).join('\n')}
</table>
</section>
<table class="items">
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<section class="summary">
${left}
<table class="totals">${totals}</table>
</section>
<p class="words"><strong>${e(doc.amountInWords.label)}</strong> ${e(doc.amountInWords.value)}</p>
${gstSummary}
${doc.notes ? `<section class="notes"><p class="heading">${e(doc.notes.heading)}</p><p>${e(doc.notes.text)}</p></section>` : ''}
<section class="signatory">
<p><strong>${e(doc.signatory.forLine)}</strong></p>
<div class="space"></div>
<p class="muted">${e(doc.signatory.label)}</p>
</section>
<footer class="footer">
${doc.footer.map((l) => `<p>${e(l)}</p>`).join('\n')}
</footer>
</main>
</body>
</html>
`;
}
