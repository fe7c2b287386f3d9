import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import {
  buildInvoiceDocument,
  formatIndianAmount,
  formatInvoiceAmount,
  invoiceDocumentStrings,
  invoiceFileName,
  type InvoiceSource,
} from './document';

const base: InvoiceSource = {
  invoiceNumber: 'INV/2026-27/0007',
  issueDate: '2026-11-23',
  dueDate: '2026-12-07',
  status: 'pending',
  paidOn: null,
  subtotal: 13501,
  taxPercentage: 18,
  taxAmount: 2430.18,
  totalAmount: 15931.18,
  notes: '  Review after two weeks.  ',
  billTo: { name: 'Priya Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345', address: 'Flat 3\nMoshi, Pune' },
  items: [
    { description: 'Root canal treatment', sacCode: '999312', quantity: 1, unitPrice: 5000, totalPrice: 5000 },
    { description: 'Teeth whitening', sacCode: null, quantity: 2, unitPrice: '4250.50', totalPrice: '8501.00' },
  ],
};

describe('formatIndianAmount', () => {
  it('groups by thousand, lakh and crore with two decimals, exactly', () => {
    expect(formatIndianAmount(0)).toBe('0.00');
    expect(formatIndianAmount(5)).toBe('5.00');
    expect(formatIndianAmount(999.5)).toBe('999.50');
    expect(formatIndianAmount(1000)).toBe('1,000.00');
    expect(formatIndianAmount(150000)).toBe('1,50,000.00');
    expect(formatIndianAmount('12345678.9')).toBe('1,23,45,678.90');
    expect(formatIndianAmount(1.005)).toBe('1.01');
    expect(formatIndianAmount(9999999999.99)).toBe('9,99,99,99,999.99');
    expect(formatIndianAmount(-1500)).toBe('-1,500.00');
    expect(formatInvoiceAmount(150000.5)).toBe('₹ 1,50,000.50');
  });
});

describe('buildInvoiceDocument', () => {
  it('makes a Tax Invoice with CGST and SGST halves when GST is charged', () => {
    const doc = buildInvoiceDocument(base, clinic);
    expect(doc.title).toBe('Tax Invoice');
    expect(doc.totals).toEqual([
      { label: 'Subtotal', value: '₹ 13,501.00', grand: false },
      { label: 'CGST @ 9%', value: '₹ 1,215.09', grand: false },
      { label: 'SGST @ 9%', value: '₹ 1,215.09', grand: false },
      { label: 'Total', value: '₹ 15,931.18', grand: true },
    ]);
    expect(doc.amountInWords).toEqual({
      label: 'Amount in words:',
      value: 'Rupees Fifteen Thousand Nine Hundred Thirty-One and Eighteen Paise Only',
    });
    expect(doc.documentTitle).toBe('Tax Invoice INV/2026-27/0007');
  });

  it('splits an odd paisa of tax so the halves add up, and prints fractional rates', () => {
    const doc = buildInvoiceDocument({ ...base, taxPercentage: 12.5, taxAmount: 0.05, subtotal: 0.4, totalAmount: 0.45 }, clinic);
    expect(doc.totals.slice(1, 3)).toEqual([
      { label: 'CGST @ 6.25%', value: '₹ 0.03', grand: false },
      { label: 'SGST @ 6.25%', value: '₹ 0.02', grand: false },
    ]);
    expect(buildInvoiceDocument({ ...base, taxPercentage: 0.01 }, clinic).totals[1].label).toBe('CGST @ 0.005%');
    expect(buildInvoiceDocument({ ...base, taxPercentage: '28.00' }, clinic).totals[1].label).toBe('CGST @ 14%');
  });

  it('makes a Bill of Supply with no tax lines at 0%', () => {
    const doc = buildInvoiceDocument({ ...base, taxPercentage: 0, taxAmount: 0, totalAmount: 13501 }, clinic);
    expect(doc.title).toBe('Bill of Supply');
    expect(doc.taxed).toBe(false);
    expect(doc.totals).toEqual([{ label: 'Total', value: '₹ 13,501.00', grand: true }]);
    expect(invoiceDocumentStrings(doc).join('\n')).not.toMatch(/GST @/);
    expect(doc.footer[0]).toBe('No GST is charged on the services in this bill of supply.');
  });

  it('shows the GSTIN and state code only when the clinic has a GSTIN', () => {
    expect(buildInvoiceDocument(base, clinic).supplier.taxLines).toEqual([]);
    expect(buildInvoiceDocument(base, { ...clinic, gstin: ' 27ABCDE1234F1Z5 ' }).supplier.taxLines).toEqual([
      'GSTIN: 27ABCDE1234F1Z5',
      'State: Maharashtra (Code 27)',
    ]);
    expect(buildInvoiceDocument(base, clinic).supplier).toMatchObject({
      name: clinic.name,
      lines: [clinic.addressText, `Phone: ${clinic.phone}  |  Email: ${clinic.email}`],
    });
  });

  it('writes the dates en-GB and the bill-to with its contact lines', () => {
    const doc = buildInvoiceDocument(base, clinic);
    expect(doc.meta).toEqual([
      { label: 'Invoice No.', value: 'INV/2026-27/0007' },
      { label: 'Invoice Date', value: '23/11/2026' },
      { label: 'Due Date', value: '07/12/2026' },
    ]);
    expect(doc.billTo).toEqual({
      heading: 'Bill To',
      name: 'Priya Kulkarni',
      lines: ['Flat 3', 'Moshi, Pune', 'Phone: +91 98220 12345', 'Email: priya@example.in'],
    });
    const bare = buildInvoiceDocument({ ...base, dueDate: null, billTo: { name: 'Walk-in' } }, clinic);
    expect(bare.meta.map((m) => m.label)).toEqual(['Invoice No.', 'Invoice Date']);
    expect(bare.billTo.lines).toEqual([]);
  });

  it('lists the items with a SAC column only when an item has a code', () => {
    const doc = buildInvoiceDocument(base, clinic);
    expect(doc.columns.map((c) => c.label)).toEqual(['#', 'Description', 'SAC', 'Qty', 'Rate (₹)', 'Amount (₹)']);
    expect(doc.lines).toEqual([
      { index: '1', description: 'Root canal treatment', sac: '999312', quantity: '1', rate: '5,000.00', amount: '5,000.00' },
      { index: '2', description: 'Teeth whitening', sac: '', quantity: '2', rate: '4,250.50', amount: '8,501.00' },
    ]);
    const noSac = buildInvoiceDocument({ ...base, items: base.items.map((i) => ({ ...i, sacCode: null })) }, clinic);
    expect(noSac.columns.map((c) => c.key)).toEqual(['index', 'description', 'quantity', 'rate', 'amount']);
  });

  it('adds the PAID mark with the date paid, and the notes trimmed', () => {
    expect(buildInvoiceDocument(base, clinic).paid).toBeNull();
    expect(buildInvoiceDocument({ ...base, status: 'overdue' }, clinic).paid).toBeNull();
    expect(buildInvoiceDocument({ ...base, status: 'paid', paidOn: '2026-11-25' }, clinic).paid).toEqual({
      label: 'PAID',
      detail: 'Paid on 25/11/2026',
    });
    expect(buildInvoiceDocument(base, clinic).notes).toEqual({ heading: 'Notes', text: 'Review after two weeks.' });
    expect(buildInvoiceDocument({ ...base, notes: '  ' }, clinic).notes).toBeNull();
  });

  it('names the attachment after the invoice number', () => {
    expect(invoiceFileName('INV/2026-27/0001')).toBe('invoice-INV-2026-27-0001.pdf');
    expect(buildInvoiceDocument(base, clinic).fileName).toBe('invoice-INV-2026-27-0007.pdf');
  });
});
