import { amountInWords } from '../domain/amount-in-words';
import { formatEnGbDate } from '../domain/clinic-time';
import { invoiceDocumentTitle } from '../domain/invoice-totals';
import { divideRounded, toPaise } from '../domain/money';

// D16: ONE invoice layout. buildInvoiceDocument turns an invoice (as GET /api/admin/invoices/:id answers it)
// into a plain model whose every figure and line of text is already formatted. The server's PDF
// (api/services/invoice-pdf.ts) and the HTML page (./html.ts, for the admin's print view and the desktop's
// printToPDF) only draw these strings, in the same sections and order, so the two always agree.
//
// Amounts are written '₹ 1,50,000.00', the same text in both renderings: the server PDF's font (Noto Sans
// Devanagari) has the rupee sign, and so do the fonts browsers print the HTML page with.

/** The invoice fields the document needs; the API's invoice JSON satisfies it. */
export interface InvoiceSource {
  invoiceNumber: string;
  /** yyyy-MM-dd */
  issueDate: string;
  dueDate?: string | null;
  /** 'paid' puts the PAID mark on the document; anything else does not. */
  status: string;
  paidOn?: string | null;
  subtotal: number | string;
  taxPercentage: number | string;
  taxAmount: number | string;
  totalAmount: number | string;
  notes?: string | null;
  /** The recipient as billed, kept on the invoice at issue time (CGST Rule 46). */
  billTo: { name: string; email?: string | null; phone?: string | null; address?: string | null };
  items: readonly {
    description: string;
    sacCode?: string | null;
    quantity: number;
    unitPrice: number | string;
    totalPrice: number | string;
  }[];
}

/** The supplier's identity (shared/constants/clinic.ts satisfies it). An empty gstin omits the GST lines. */
export interface ClinicIdentity {
  name: string;
  addressText: string;
  phone: string;
  email: string;
  gstin?: string;
  stateCode?: string;
  address: { state: string };
}

export type ColumnKey = 'index' | 'description' | 'sac' | 'quantity' | 'rate' | 'amount';

export interface InvoiceDocumentColumn {
  key: ColumnKey;
  label: string;
  align: 'left' | 'right' | 'center';
}

export interface InvoiceDocumentLine {
  index: string;
  description: string;
  sac: string;
  quantity: string;
  rate: string;
  amount: string;
}

export interface InvoiceDocumentTotal {
  label: string;
  value: string;
  /** The grand total row. */
  grand: boolean;
}

export interface InvoiceDocument {
  /** 'Tax Invoice' when GST is charged, else 'Bill of Supply' (D16). */
  title: 'Tax Invoice' | 'Bill of Supply';
  taxed: boolean;
  supplier: {
    name: string;
    /** Address, phone and email lines. */
    lines: string[];
    /** 'GSTIN: ...' and the state with its code; empty when the clinic has no GSTIN. */
    taxLines: string[];
  };
  invoiceNumber: string;
  issueDate: string;
  dueDate: string | null;
  /** Invoice No., Invoice Date and (when set) Due Date, label and value. */
  meta: { label: string; value: string }[];
  billTo: { heading: string; name: string; lines: string[] };
  columns: InvoiceDocumentColumn[];
  lines: InvoiceDocumentLine[];
  totals: InvoiceDocumentTotal[];
  /** The grand total, e.g. '₹ 5,900.00'. */
  total: string;
  amountInWords: { label: string; value: string };
  notes: { heading: string; text: string } | null;
  paid: { label: string; detail: string } | null;
  signatory: { forLine: string; label: string };
  footer: string[];
  /** 'invoice-INV-2026-27-0001.pdf', the emailed attachment's name. */
  fileName: string;
  /** The PDF's and the HTML page's title. */
  documentTitle: string;
}

export const CURRENCY_PREFIX = '₹';

/** '15,00,000.50': Indian grouping (thousand, lakh, crore) with two decimals, exact from paise. */
export function formatIndianAmount(amount: number | string): string {
  const paise = toPaise(amount);
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
  return `${paise < 0 ? '-' : ''}${grouped}.${fraction}`;
}

/** '₹ 1,50,000.00' */
export function formatInvoiceAmount(amount: number | string): string {
  return `${CURRENCY_PREFIX} ${formatIndianAmount(amount)}`;
}

/** A rate held in thousandths of a percent as text: 9000 -> '9%', 6250 -> '6.25%', 5 -> '0.005%'. */
function percentText(thousandths: number): string {
  const whole = Math.floor(thousandths / 1000);
  const fraction = String(thousandths % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** 'invoice-INV-2026-27-0001.pdf' */
export function invoiceFileName(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

function textLines(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function buildInvoiceDocument(invoice: InvoiceSource, clinic: ClinicIdentity): InvoiceDocument {
  const title = invoiceDocumentTitle(invoice.taxPercentage);
  const taxed = title === 'Tax Invoice';
  const gstin = clinic.gstin?.trim() ?? '';

  const supplierTaxLines = gstin
    ? [`GSTIN: ${gstin}`, `State: ${clinic.address.state}${clinic.stateCode ? ` (Code ${clinic.stateCode})` : ''}`]
    : [];

  const issueDate = formatEnGbDate(invoice.issueDate);
  const dueDate = invoice.dueDate ? formatEnGbDate(invoice.dueDate) : null;
  const meta = [
    { label: 'Invoice No.', value: invoice.invoiceNumber },
    { label: 'Invoice Date', value: issueDate },
    ...(dueDate ? [{ label: 'Due Date', value: dueDate }] : []),
  ];

  const billTo = {
    heading: 'Bill To',
    name: invoice.billTo.name.trim(),
    lines: [
      ...textLines(invoice.billTo.address),
      ...(invoice.billTo.phone ? [`Phone: ${invoice.billTo.phone}`] : []),
      ...(invoice.billTo.email ? [`Email: ${invoice.billTo.email}`] : []),
    ],
  };

  const showSac = invoice.items.some((item) => item.sacCode);
  const columns: InvoiceDocumentColumn[] = [
    { key: 'index', label: '#', align: 'left' },
    { key: 'description', label: 'Description', align: 'left' },
    ...(showSac ? [{ key: 'sac', label: 'SAC', align: 'center' } as const] : []),
    { key: 'quantity', label: 'Qty', align: 'right' },
    { key: 'rate', label: `Rate (${CURRENCY_PREFIX})`, align: 'right' },
    { key: 'amount', label: `Amount (${CURRENCY_PREFIX})`, align: 'right' },
  ];
  const lines = invoice.items.map((item, i) => ({
    index: String(i + 1),
    description: item.description.trim(),
    sac: item.sacCode ?? '',
    quantity: String(item.quantity),
    rate: formatIndianAmount(item.unitPrice),
    amount: formatIndianAmount(item.totalPrice),
  }));

  // The stored figures are the billed ones (the server recomputed them from the items at creation, D14).
  // GST is split like computeInvoiceTotals does: CGST is half the tax rounded, SGST the rest.
  const taxPaise = toPaise(invoice.taxAmount);
  const cgstPaise = divideRounded(taxPaise, 2);
  const halfRate = percentText(toPaise(invoice.taxPercentage) * 5); // hundredths / 2 = thousandths * 5
  const total = formatInvoiceAmount(invoice.totalAmount);
  const totals: InvoiceDocumentTotal[] = taxed
    ? [
        { label: 'Subtotal', value: formatInvoiceAmount(invoice.subtotal), grand: false },
        { label: `CGST @ ${halfRate}`, value: formatInvoiceAmount(cgstPaise / 100), grand: false },
        { label: `SGST @ ${halfRate}`, value: formatInvoiceAmount((taxPaise - cgstPaise) / 100), grand: false },
        { label: 'Total', value: total, grand: true },
      ]
    : [{ label: 'Total', value: total, grand: true }];

  const notes = invoice.notes?.trim() ? { heading: 'Notes', text: invoice.notes.trim() } : null;
  const paid =
    invoice.status === 'paid'
      ? { label: 'PAID', detail: invoice.paidOn ? `Paid on ${formatEnGbDate(invoice.paidOn)}` : 'Paid' }
      : null;

  const footer = [
    ...(taxed ? [] : ['No GST is charged on the services in this bill of supply.']),
    'This is a computer-generated document. Thank you for choosing us.',
  ];

  return {
    title,
    taxed,
    supplier: {
      name: clinic.name,
      lines: [clinic.addressText, `Phone: ${clinic.phone}  |  Email: ${clinic.email}`],
      taxLines: supplierTaxLines,
    },
    invoiceNumber: invoice.invoiceNumber,
    issueDate,
    dueDate,
    meta,
    billTo,
    columns,
    lines,
    totals,
    total,
    amountInWords: { label: 'Amount in words:', value: amountInWords(invoice.totalAmount) },
    notes,
    paid,
    signatory: { forLine: `For ${clinic.name}`, label: 'Authorised Signatory' },
    footer,
    fileName: invoiceFileName(invoice.invoiceNumber),
    documentTitle: `${title} ${invoice.invoiceNumber}`,
  };
}

/** Every visible string of the document, in reading order: what both renderings must show. */
export function invoiceDocumentStrings(doc: InvoiceDocument): string[] {
  return [
    doc.supplier.name,
    ...doc.supplier.lines,
    ...doc.supplier.taxLines,
    doc.title,
    doc.billTo.heading,
    doc.billTo.name,
    ...doc.billTo.lines,
    ...doc.meta.flatMap((m) => [m.label, m.value]),
    ...doc.columns.map((c) => c.label),
    ...doc.lines.flatMap((l) => [l.index, l.description, ...(l.sac ? [l.sac] : []), l.quantity, l.rate, l.amount]),
    ...(doc.paid ? [doc.paid.label, doc.paid.detail] : []),
    ...doc.totals.flatMap((t) => [t.label, t.value]),
    doc.amountInWords.label,
    doc.amountInWords.value,
    ...(doc.notes ? [doc.notes.heading, doc.notes.text] : []),
    doc.signatory.forLine,
    doc.signatory.label,
    ...doc.footer,
  ];
}
