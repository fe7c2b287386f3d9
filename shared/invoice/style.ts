// The invoice layout's measures, shared by the HTML page (./html.ts) and the server's PDF
// (api/services/invoice-pdf.ts) so both draw the same page: A4, the same margins, sizes and colours.

export const invoiceStyle = {
  page: { widthMm: 210, heightMm: 297, marginXMm: 15, marginYMm: 14 },
  /** Font sizes in points. */
  size: {
    clinicName: 17,
    title: 18,
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
  },
  /** Widths of the item table's fixed columns in points; the description takes the rest. */
  columnPt: { index: 30, sac: 50, quantity: 34, rate: 78, amount: 84 },
  /** Width of the totals box in points. */
  totalsPt: 230,
} as const;

export const MM_TO_PT = 72 / 25.4;
