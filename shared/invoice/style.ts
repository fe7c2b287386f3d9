// The invoice layout's measures, shared by the HTML page (./html.ts) and the server's PDF
// (api/services/billing/invoice-pdf.ts) so both draw the same page: A4, the same margins, sizes and colours.

export const invoiceStyle = {
  page: { widthMm: 210, heightMm: 297, marginXMm: 15, marginYMm: 14 },
  /** Font sizes in points. */
  size: {
    clinicName: 17,
    title: 18,
    /** The longest title ('Invoice-cum-Bill of Supply') is set smaller, so the clinic's lines keep their width. */
    titleLong: 14,
    body: 9.5,
    small: 8.5,
    tableHead: 8.5,
    grandTotal: 11,
    paid: 22,
  },
  colour: {
    ink: '#0f172a',
    muted: '#475569',
    accent: '#0f766e',
    onAccent: '#ffffff',
    rule: '#cbd5e1',
    band: '#f1f5f9',
    paid: '#15803d',
    cancelled: '#b91c1c',
    cancelledBand: '#fef2f2',
  },
  /** Widths of the item table's fixed columns in points; the description takes the rest. */
  columnPt: { index: 30, sac: 50, quantity: 34, rate: 74, gst: 46, amount: 84 },
  /** The UPI QR code's side in points, quiet zone included, and the caption's width beside it. */
  qrPt: 96,
  qrCaptionPt: 170,
  /** Widths of the GST summary's columns in points (rate, value, CGST, SGST, total tax). */
  taxSummaryPt: [110, 100, 90, 90, 100],
  /** Width of the totals box in points. */
  totalsPt: 230,
} as const;

export const MM_TO_PT = 72 / 25.4;

/** The title's font size in points: the long document names are set smaller (see size.titleLong). */
export function titleSize(title: string): number {
  return title.length > 16 ? invoiceStyle.size.titleLong : invoiceStyle.size.title;
}
