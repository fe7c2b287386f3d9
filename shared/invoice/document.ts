import type { InvoiceKind } from '../constants/invoice';
import { amountInWords } from '../domain/amount-in-words';
import { formatDate } from '../domain/dates';
import { invoiceKindTitle, supplyClass } from '../domain/invoice-kind';
import { billedRateTaxes, computeInvoiceTotals } from '../domain/invoice-totals';
import { toPaise } from '../domain/money';
import { qrMatrix, type QrMatrix } from '../domain/qr';
import { upiPaymentUri } from '../domain/upi';
import { formatPhone } from '../domain/phone';

// INV-17 and INV-19: ONE invoice layout. buildInvoiceDocument turns an invoice (as GET /api/admin/invoices/:id
// answers it) into a plain model whose every figure and line of text is already formatted. The server's PDF
// (api/services/billing/invoice-pdf.ts) and the HTML page (./html.ts, for the admin's print view and the desktop's
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
  /** 'paid' puts the PAID mark on the document, 'cancelled' the CANCELLED one. */
  status: string;
  paidOn?: string | null;
  subtotal: number | string;
  /** The default rate of items without their own (INV-5). */
  taxPercentage: number | string;
  taxAmount: number | string;
  totalAmount: number | string;
  notes?: string | null;
  /** The recipient as billed, kept on the invoice at issue time (CGST Rule 46). */
  billTo: { name: string; email?: string | null; phone?: string | null; address?: string | null };
  /** PAT-12: the patient's clinic file number, printed under the name; absent once the patient is deleted. */
  patient?: { fileNumber?: string | null } | null;
  items: readonly {
    description: string;
    sacCode?: string | null;
    quantity: number;
    unitPrice: number | string;
    totalPrice: number | string;
    /** The GST rate applied (percent); missing: the invoice's taxPercentage. */
    taxRate?: number | string | null;
  }[];
  /** The GSTIN the invoice was issued under (null: none). Missing: the clinic identity's. */
  supplierGstin?: string | null;
  /** Whether GST applied when it was issued. Missing: whether there is a GSTIN. */
  gstRegistered?: boolean;
  /** ISO timestamp of the cancellation (INV-12). */
  cancelledAt?: string | null;
  /** The sum of the payments recorded; missing: the total when paid, else 0. */
  amountPaid?: number | string;
  /** The clinic's UPI ID: a QR code for the balance is printed when set (INV-22). */
  upiId?: string | null;
  /** INV-42: the credit notes issued against it: listed under the total, and no longer asked for. */
  creditNotes?: readonly { number: string; totalAmount: number | string }[];
}

/** The supplier's identity (shared/constants/clinic.ts satisfies it). */
export interface ClinicIdentity {
  name: string;
  addressText: string;
  phone: string;
  email: string;
  /** Used only when the invoice does not carry its own supplierGstin. */
  gstin?: string;
  stateCode?: string;
  address: { state: string };
}

export type ColumnKey = 'index' | 'description' | 'sac' | 'quantity' | 'rate' | 'gst' | 'amount';

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
  /** The item's GST rate ('18%'), or 'Exempt' / 'Nil' when it carries none; empty on a Bill of Supply. */
  gst: string;
  amount: string;
}

export interface InvoiceDocumentTotal {
  label: string;
  value: string;
  /** The grand total row. */
  grand: boolean;
}

export interface TaxSummary {
  heading: string;
  columns: string[];
  /** Rate label, taxable value, CGST, SGST, total tax. */
  rows: string[][];
  total: string[];
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  /** 'Tax Invoice', 'Bill of Supply' or 'Invoice-cum-Bill of Supply' (INV-19). */
  title: string;
  /** True when GST is charged on some item (tax lines and summary shown). */
  taxed: boolean;
  supplier: {
    name: string;
    /** Address, phone and email lines. */
    lines: string[];
    /** 'GSTIN: ...' and the state with its code; empty when the invoice has no GSTIN. */
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
  /** GST by rate, when GST is charged. */
  taxSummary: TaxSummary | null;
  amountInWords: { label: string; value: string };
  notes: { heading: string; text: string } | null;
  paid: { label: string; detail: string } | null;
  /** INV-12: a cancelled invoice keeps its number and says so across the page. */
  cancelled: { label: string; detail: string; banner: string } | null;
  /** INV-22: a UPI QR code for the balance, when the clinic has a UPI ID and something is left to pay. */
  upi: { heading: string; lines: string[]; uri: string; qr: QrMatrix; upiId: string; amount: string } | null;
  /** What is left to pay, e.g. '₹ 1,000.00'; null when nothing is (paid or cancelled). */
  balanceDue: string | null;
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

/** '18%', '2.5%', '6.25%' */
export function ratePercentText(rate: number | string): string {
  return percentText(toPaise(rate) * 10);
}

export function buildInvoiceDocument(invoice: InvoiceSource, clinic: ClinicIdentity): InvoiceDocument {
  const gstin = (invoice.supplierGstin === undefined ? clinic.gstin : invoice.supplierGstin)?.trim() ?? '';
  const registered = invoice.gstRegistered ?? gstin !== '';
  const computed = computeInvoiceTotals(
    invoice.items.map((item) => ({ quantity: item.quantity, unitPrice: item.unitPrice, taxRate: item.taxRate })),
    invoice.taxPercentage,
    { registered },
  );
  const kind = computed.kind;
  const title = invoiceKindTitle(kind);
  const taxed = kind !== 'bill-of-supply';
  const cancelled = invoice.status === 'cancelled';

  const supplierTaxLines = gstin
    ? [`GSTIN: ${gstin}`, `State: ${clinic.address.state}${clinic.stateCode ? ` (Code ${clinic.stateCode})` : ''}`]
    : [];

  const issueDate = formatDate(invoice.issueDate);
  const dueDate = invoice.dueDate ? formatDate(invoice.dueDate) : null;
  const meta = [
    { label: 'Invoice No.', value: invoice.invoiceNumber },
    { label: 'Invoice Date', value: issueDate },
    ...(dueDate ? [{ label: 'Due Date', value: dueDate }] : []),
  ];

  const billTo = {
    heading: 'Bill To',
    name: invoice.billTo.name.trim(),
    lines: [
      ...(invoice.patient?.fileNumber ? [`File No.: ${invoice.patient.fileNumber}`] : []),
      ...textLines(invoice.billTo.address),
      ...(invoice.billTo.phone ? [`Phone: ${formatPhone(invoice.billTo.phone)}`] : []),
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
    ...(taxed ? [{ key: 'gst', label: 'GST', align: 'right' } as const] : []),
    { key: 'amount', label: `Amount (${CURRENCY_PREFIX})`, align: 'right' },
  ];
  const classes = computed.items.map((item, i) => supplyClass(registered, { taxRate: item.taxRate, sacCode: invoice.items[i].sacCode }));
  const lines = invoice.items.map((item, i) => ({
    index: String(i + 1),
    description: item.description.trim(),
    sac: item.sacCode ?? '',
    quantity: String(item.quantity),
    rate: formatIndianAmount(item.unitPrice),
    gst: !taxed ? '' : classes[i] === 'taxed' ? ratePercentText(computed.items[i].taxRate) : classes[i] === 'exempt' ? 'Exempt' : 'Nil',
    amount: formatIndianAmount(item.totalPrice),
  }));

  // The stored figures are the billed ones (the server computed them from the items at creation, INV-8).
  const total = formatInvoiceAmount(invoice.totalAmount);
  const perRate = taxed ? billedRateTaxes(computed.rates, toPaise(invoice.taxAmount)) : [];
  const amountPaid =
    invoice.amountPaid !== undefined ? toPaise(invoice.amountPaid) : invoice.status === 'paid' ? toPaise(invoice.totalAmount) : 0;
  const credits = invoice.creditNotes ?? [];
  const credited = credits.reduce((sum, note) => sum + toPaise(note.totalAmount), 0);
  const balance = cancelled ? 0 : Math.max(0, toPaise(invoice.totalAmount) - credited - amountPaid);
  const totals: InvoiceDocumentTotal[] = [
    ...(taxed ? [{ label: 'Subtotal', value: formatInvoiceAmount(invoice.subtotal), grand: false }] : []),
    ...perRate.flatMap((line) => {
      const half = percentText(toPaise(line.rate) * 5); // hundredths / 2 = thousandths * 5
      return [
        { label: `CGST @ ${half}`, value: formatInvoiceAmount(line.cgst / 100), grand: false },
        { label: `SGST @ ${half}`, value: formatInvoiceAmount(line.sgst / 100), grand: false },
      ];
    }),
    { label: 'Total', value: total, grand: true },
    ...credits.map((note) => ({ label: `Less ${note.number}`, value: `- ${formatInvoiceAmount(note.totalAmount)}`, grand: false })),
    ...(credited > 0 && amountPaid === 0 && balance > 0 ? [{ label: 'Balance due', value: formatInvoiceAmount(balance / 100), grand: false }] : []),
    ...(amountPaid > 0 && balance > 0
      ? [
          { label: 'Amount received', value: formatInvoiceAmount(amountPaid / 100), grand: false },
          { label: 'Balance due', value: formatInvoiceAmount(balance / 100), grand: false },
        ]
      : []),
  ];

  let taxSummary: TaxSummary | null = null;
  if (taxed) {
    const untaxed = computed.rates.find((line) => line.rate === 0);
    const untaxedClasses = new Set(classes.filter((c) => c !== 'taxed'));
    const untaxedLabel = untaxedClasses.size === 1 ? (untaxedClasses.has('exempt') ? 'Exempt' : 'Nil-rated') : 'Exempt / nil-rated';
    const rows = perRate.map((line) => [
      ratePercentText(line.rate),
      formatIndianAmount(line.taxable / 100),
      formatIndianAmount(line.cgst / 100),
      formatIndianAmount(line.sgst / 100),
      formatIndianAmount((line.cgst + line.sgst) / 100),
    ]);
    if (untaxed) rows.push([untaxedLabel, formatIndianAmount(untaxed.taxable), '0.00', '0.00', '0.00']);
    const cgst = perRate.reduce((sum, line) => sum + line.cgst, 0);
    const sgst = perRate.reduce((sum, line) => sum + line.sgst, 0);
    taxSummary = {
      heading: 'GST Summary',
      columns: ['GST Rate', `Value (${CURRENCY_PREFIX})`, `CGST (${CURRENCY_PREFIX})`, `SGST (${CURRENCY_PREFIX})`, `Total Tax (${CURRENCY_PREFIX})`],
      rows,
      total: ['Total', formatIndianAmount(invoice.subtotal), formatIndianAmount(cgst / 100), formatIndianAmount(sgst / 100), formatIndianAmount((cgst + sgst) / 100)],
    };
  }

  const notes = invoice.notes?.trim() ? { heading: 'Notes', text: invoice.notes.trim() } : null;
  // INV-42: an invoice its credit notes settled without a payment says so, not PAID.
  const creditedOnly = credited > 0 && amountPaid === 0;
  const paid =
    invoice.status === 'paid'
      ? creditedOnly
        ? { label: 'CREDITED', detail: 'Reversed by credit note' }
        : { label: 'PAID', detail: invoice.paidOn ? `Paid on ${formatDate(invoice.paidOn)}` : 'Paid' }
      : null;
  const cancelledOn = cancelled && invoice.cancelledAt ? formatDate(invoice.cancelledAt) : null;
  const cancelledMark = cancelled
    ? {
        label: 'CANCELLED',
        detail: cancelledOn ? `Cancelled on ${cancelledOn}` : 'Cancelled',
        banner: `CANCELLED${cancelledOn ? ` on ${cancelledOn}` : ''}: this invoice is kept for the record and nothing is payable on it.`,
      }
    : null;

  const upiId = invoice.upiId?.trim();
  let upi: InvoiceDocument['upi'] = null;
  if (upiId && balance > 0) {
    const amount = formatInvoiceAmount(balance / 100);
    const uri = upiPaymentUri({ upiId, payeeName: clinic.name, amount: balance / 100, note: invoice.invoiceNumber });
    upi = { heading: 'Pay by UPI', lines: ['Scan with any UPI app', `to pay ${amount}`, `UPI ID: ${upiId}`], uri, qr: qrMatrix(uri), upiId, amount };
  }

  const footer = [
    ...(kind === 'bill-of-supply'
      ? [registered ? 'No GST is charged on the services in this bill of supply.' : 'The clinic is not registered under GST: no GST is charged.']
      : kind === 'invoice-cum-bill-of-supply'
        ? ['GST is charged only on the items with a rate shown; exempt and nil-rated items carry no tax.']
        : []),
    'This is a computer-generated document. Thank you for choosing us.',
  ];

  return {
    kind,
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
    taxSummary,
    amountInWords: { label: 'Amount in words:', value: amountInWords(invoice.totalAmount) },
    notes,
    paid: cancelled ? null : paid,
    cancelled: cancelledMark,
    upi,
    balanceDue: balance > 0 ? formatInvoiceAmount(balance / 100) : null,
    signatory: { forLine: `For ${clinic.name}`, label: 'Authorised Signatory' },
    footer,
    fileName: invoiceFileName(invoice.invoiceNumber),
    documentTitle: `${title} ${invoice.invoiceNumber}${cancelled ? ' (CANCELLED)' : ''}`,
  };
}

/** Every visible string of the document, in reading order: what both renderings must show. */
export function invoiceDocumentStrings(doc: InvoiceDocument): string[] {
  return [
    doc.supplier.name,
    ...doc.supplier.lines,
    ...doc.supplier.taxLines,
    doc.title,
    ...(doc.cancelled ? [doc.cancelled.banner] : []),
    doc.billTo.heading,
    doc.billTo.name,
    ...doc.billTo.lines,
    ...doc.meta.flatMap((m) => [m.label, m.value]),
    ...doc.columns.map((c) => c.label),
    ...doc.lines.flatMap((l) => [l.index, l.description, ...(l.sac ? [l.sac] : []), l.quantity, l.rate, ...(l.gst ? [l.gst] : []), l.amount]),
    ...(doc.cancelled ? [doc.cancelled.label, doc.cancelled.detail] : []),
    ...(doc.paid ? [doc.paid.label, doc.paid.detail] : []),
    ...(doc.upi ? [doc.upi.heading, ...doc.upi.lines] : []),
    ...doc.totals.flatMap((t) => [t.label, t.value]),
    doc.amountInWords.label,
    doc.amountInWords.value,
    ...(doc.taxSummary ? [doc.taxSummary.heading, ...doc.taxSummary.columns, ...doc.taxSummary.rows.flat(), ...doc.taxSummary.total] : []),
    ...(doc.notes ? [doc.notes.heading, doc.notes.text] : []),
    doc.signatory.forLine,
    doc.signatory.label,
    ...doc.footer,
  ];
}
