import type { Lang } from '../i18n/types';
import { formatDate } from '../domain/dates';
import { formatPhone } from '../domain/phone';
import { formatInvoiceAmount, type ClinicIdentity } from './document';

// INV-43: the credit note as a plain model of formatted strings, in the patient's language (English, Marathi
// or Hindi), which the server's PDF draws in the invoice's fonts and measures (api/services/billing/invoice-pdf.ts,
// renderCreditNotePdf). Figures, numbers and dates stay in Western digits, as on invoices.

export interface CreditNoteWords {
  title: string;
  heading: string;
  number: string;
  date: string;
  against: string;
  againstValue: (invoiceNumber: string, date: string) => string;
  issuedTo: string;
  fileNumber: string;
  phoneLabel: string;
  reason: string;
  description: string;
  sac: string;
  taxable: string;
  rate: string;
  cgst: string;
  sgst: string;
  amount: string;
  subtotal: string;
  totalTax: string;
  total: string;
  exempt: string;
  note: string;
  forLine: (clinic: string) => string;
  signatory: string;
  footer: string;
}

const en: CreditNoteWords = {
  title: 'Credit Note',
  heading: 'Issued To',
  number: 'Credit Note No.',
  date: 'Date',
  against: 'Original invoice',
  againstValue: (invoiceNumber, date) => `${invoiceNumber} dated ${date}`,
  issuedTo: 'Issued To',
  fileNumber: 'File No.',
  phoneLabel: 'Phone',
  reason: 'Reason',
  description: 'Description',
  sac: 'SAC',
  taxable: 'Taxable value',
  rate: 'GST',
  cgst: 'CGST',
  sgst: 'SGST',
  amount: 'Amount',
  subtotal: 'Taxable value credited',
  totalTax: 'GST reversed',
  total: 'Total credited',
  exempt: 'Exempt',
  note: 'Issued under section 34 of the CGST Act, 2017: this note reduces the value and tax of the invoice named above.',
  forLine: (clinic) => `For ${clinic}`,
  signatory: 'Authorised Signatory',
  footer: 'This is a computer-generated credit note.',
};

const mr: CreditNoteWords = {
  title: 'क्रेडिट नोट',
  heading: 'यांना दिली',
  number: 'क्रेडिट नोट क्र.',
  date: 'दिनांक',
  against: 'मूळ बीजक',
  againstValue: (invoiceNumber, date) => `${invoiceNumber}, दिनांक ${date}`,
  issuedTo: 'यांना दिली',
  fileNumber: 'फाइल क्र.',
  phoneLabel: 'फोन',
  reason: 'कारण',
  description: 'तपशील',
  sac: 'SAC',
  taxable: 'करपात्र मूल्य',
  rate: 'जीएसटी',
  cgst: 'सीजीएसटी',
  sgst: 'एसजीएसटी',
  amount: 'रक्कम',
  subtotal: 'जमा केलेले करपात्र मूल्य',
  totalTax: 'परत केलेला जीएसटी',
  total: 'एकूण जमा रक्कम',
  exempt: 'सवलत',
  note: 'सीजीएसटी कायदा, 2017 च्या कलम 34 अन्वये दिलेली: ही नोट वरील बीजकाचे मूल्य व कर कमी करते.',
  forLine: (clinic) => `${clinic} करिता`,
  signatory: 'अधिकृत स्वाक्षरीकर्ता',
  footer: 'ही संगणकाद्वारे तयार केलेली क्रेडिट नोट आहे.',
};

const hi: CreditNoteWords = {
  title: 'क्रेडिट नोट',
  heading: 'जिन्हें जारी',
  number: 'क्रेडिट नोट सं.',
  date: 'दिनांक',
  against: 'मूल बीजक',
  againstValue: (invoiceNumber, date) => `${invoiceNumber}, दिनांक ${date}`,
  issuedTo: 'जिन्हें जारी',
  fileNumber: 'फ़ाइल सं.',
  phoneLabel: 'फ़ोन',
  reason: 'कारण',
  description: 'विवरण',
  sac: 'SAC',
  taxable: 'कर योग्य मूल्य',
  rate: 'जीएसटी',
  cgst: 'सीजीएसटी',
  sgst: 'एसजीएसटी',
  amount: 'राशि',
  subtotal: 'जमा किया गया कर योग्य मूल्य',
  totalTax: 'वापस किया गया जीएसटी',
  total: 'कुल जमा राशि',
  exempt: 'छूट',
  note: 'सीजीएसटी अधिनियम, 2017 की धारा 34 के अंतर्गत जारी: यह नोट ऊपर लिखे बीजक का मूल्य और कर घटाता है।',
  forLine: (clinic) => `${clinic} की ओर से`,
  signatory: 'अधिकृत हस्ताक्षरकर्ता',
  footer: 'यह कंप्यूटर द्वारा बनाया गया क्रेडिट नोट है।',
};

export const creditNoteWords: Record<Lang, CreditNoteWords> = { en, mr, hi };

/** The credit note's fields the document needs; the API's credit note with its invoice satisfies it. */
export interface CreditNoteSource {
  number: string;
  issueDate: string;
  reason: string;
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  lines: readonly { description: string; sacCode: string | null; taxRate: number; taxableValue: number; cgst: number; sgst: number; amount: number }[];
  invoice: {
    invoiceNumber: string;
    issueDate: string;
    supplierGstin: string | null;
    gstRegistered: boolean;
    billTo: { name: string; phone?: string | null };
    patient?: { fileNumber?: string | null } | null;
  };
}

export interface CreditNoteDocument {
  lang: Lang;
  title: string;
  supplier: { name: string; lines: string[]; taxLines: string[] };
  issuedTo: { heading: string; name: string; lines: string[] };
  meta: { label: string; value: string }[];
  reason: { label: string; value: string };
  columns: { label: string; align: 'left' | 'right'; width: number }[];
  rows: string[][];
  totals: { label: string; value: string; grand?: boolean }[];
  note: string;
  signatory: { forLine: string; label: string };
  footer: string;
  fileName: string;
  documentTitle: string;
}

/** 'credit-note-CN-2026-27-0001.pdf'. */
export function creditNoteFileName(number: string): string {
  return `credit-note-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

export function buildCreditNoteDocument(source: CreditNoteSource, clinic: ClinicIdentity, lang: Lang): CreditNoteDocument {
  const w = creditNoteWords[lang];
  const { invoice } = source;
  const gstin = invoice.supplierGstin?.trim();
  const taxed = invoice.gstRegistered;
  const columns: CreditNoteDocument['columns'] = taxed
    ? [
        { label: '#', align: 'left', width: 0.04 },
        { label: w.description, align: 'left', width: 0.22 },
        { label: w.sac, align: 'left', width: 0.09 },
        { label: w.taxable, align: 'right', width: 0.15 },
        { label: w.rate, align: 'right', width: 0.09 },
        { label: w.cgst, align: 'right', width: 0.13 },
        { label: w.sgst, align: 'right', width: 0.13 },
        { label: w.amount, align: 'right', width: 0.15 },
      ]
    : [
        { label: '#', align: 'left', width: 0.06 },
        { label: w.description, align: 'left', width: 0.6 },
        { label: w.sac, align: 'left', width: 0.14 },
        { label: w.amount, align: 'right', width: 0.2 },
      ];
  const rows = source.lines.map((line, i) =>
    taxed
      ? [
          String(i + 1),
          line.description,
          line.sacCode ?? '',
          formatInvoiceAmount(line.taxableValue),
          line.taxRate > 0 ? percent(line.taxRate) : w.exempt,
          formatInvoiceAmount(line.cgst),
          formatInvoiceAmount(line.sgst),
          formatInvoiceAmount(line.amount),
        ]
      : [String(i + 1), line.description, line.sacCode ?? '', formatInvoiceAmount(line.amount)],
  );
  const cgst = source.lines.reduce((sum, l) => sum + Math.round(l.cgst * 100), 0) / 100;
  const sgst = source.lines.reduce((sum, l) => sum + Math.round(l.sgst * 100), 0) / 100;
  const totals: CreditNoteDocument['totals'] = taxed
    ? [
        { label: w.subtotal, value: formatInvoiceAmount(source.subtotal) },
        { label: w.cgst, value: formatInvoiceAmount(cgst) },
        { label: w.sgst, value: formatInvoiceAmount(sgst) },
        { label: w.totalTax, value: formatInvoiceAmount(source.taxAmount) },
        { label: w.total, value: formatInvoiceAmount(source.totalAmount), grand: true },
      ]
    : [{ label: w.total, value: formatInvoiceAmount(source.totalAmount), grand: true }];
  const date = formatDate(source.issueDate);
  return {
    lang,
    title: w.title,
    supplier: {
      name: clinic.name,
      lines: [clinic.addressText, `${w.phoneLabel}: ${clinic.phone}  |  Email: ${clinic.email}`],
      taxLines: gstin ? [`GSTIN: ${gstin}`] : [],
    },
    issuedTo: {
      heading: w.issuedTo,
      name: invoice.billTo.name.trim(),
      lines: [
        ...(invoice.patient?.fileNumber ? [`${w.fileNumber} ${invoice.patient.fileNumber}`] : []),
        ...(invoice.billTo.phone ? [`${w.phoneLabel}: ${formatPhone(invoice.billTo.phone)}`] : []),
      ],
    },
    meta: [
      { label: w.number, value: source.number },
      { label: w.date, value: date },
      { label: w.against, value: w.againstValue(invoice.invoiceNumber, formatDate(invoice.issueDate)) },
    ],
    reason: { label: w.reason, value: source.reason },
    columns,
    rows,
    totals,
    note: w.note,
    signatory: { forLine: w.forLine(clinic.name), label: w.signatory },
    footer: w.footer,
    fileName: creditNoteFileName(source.number),
    documentTitle: `${en.title} ${source.number}`,
  };
}

/** 'CN/2026-27/0001': the credit note series, its own per financial year (INV-40), as long as the invoices'. */
export function formatCreditNoteNumber(financialYear: string, seq: number): string {
  if (!/^\d{4}-\d{2}$/.test(financialYear)) throw new RangeError(`Not a financial year like 2026-27: ${financialYear}`);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`Not a credit note sequence: ${seq}`);
  const padded = String(seq).padStart(4, '0');
  const long = `CN/${financialYear}/${padded}`;
  return long.length <= 16 ? long : `CN/${financialYear.slice(2)}/${padded}`;
}
