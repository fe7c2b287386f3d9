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
  billTo: { name: 'Priya Kulkarni', email: 'priya@example.in', phone: '+919822012345', address: 'Flat 3\nMoshi, Pune' },
  supplierGstin: '27AAPFU0939F1ZV',
  gstRegistered: true,
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

  it('keeps the split of an invoice issued before per-rate GST, and prints fractional rates', () => {
    const doc = buildInvoiceDocument({ ...base, taxPercentage: 12.5, taxAmount: 0.05, subtotal: 0.4, totalAmount: 0.45, items: [{ description: 'X', quantity: 4, unitPrice: 0.1, totalPrice: 0.4 }] }, clinic);
    expect(doc.totals.slice(1, 3)).toEqual([
      { label: 'CGST @ 6.25%', value: '₹ 0.03', grand: false },
      { label: 'SGST @ 6.25%', value: '₹ 0.02', grand: false },
    ]);
    expect(buildInvoiceDocument({ ...base, taxPercentage: '28.00' }, clinic).totals[1].label).toBe('CGST @ 14%');
  });

  it('makes a Bill of Supply with no tax lines at 0%', () => {
    const doc = buildInvoiceDocument({ ...base, taxPercentage: 0, taxAmount: 0, totalAmount: 13501 }, clinic);
    expect(doc.title).toBe('Bill of Supply');
    expect(doc.taxed).toBe(false);
    expect(doc.totals).toEqual([{ label: 'Total', value: '₹ 13,501.00', grand: true }]);
    expect(doc.taxSummary).toBeNull();
    expect(invoiceDocumentStrings(doc).join('\n')).not.toMatch(/GST @|CGST|SGST/);
    expect(doc.footer[0]).toBe('No GST is charged on the services in this bill of supply.');
    expect(doc.supplier.taxLines).toEqual(['GSTIN: 27AAPFU0939F1ZV', 'State: Maharashtra (Code 27)']);
  });

  it('makes a Bill of Supply without GSTIN or tax when the invoice was issued unregistered', () => {
    const doc = buildInvoiceDocument({ ...base, supplierGstin: null, gstRegistered: false, taxAmount: 0, totalAmount: 13501 }, clinic);
    expect(doc).toMatchObject({ kind: 'bill-of-supply', title: 'Bill of Supply', taxed: false, taxSummary: null });
    expect(doc.supplier.taxLines).toEqual([]);
    expect(doc.columns.map((c) => c.key)).not.toContain('gst');
    expect(doc.footer[0]).toBe('The clinic is not registered under GST: no GST is charged.');
  });

  it('makes an Invoice-cum-Bill of Supply for taxed and exempt items together, with tax on the taxed ones only', () => {
    const doc = buildInvoiceDocument(
      {
        ...base,
        subtotal: 14501,
        taxAmount: 1530.18,
        totalAmount: 16031.18,
        items: [
          { description: 'Root canal treatment', sacCode: '999312', quantity: 1, unitPrice: 5000, totalPrice: 5000, taxRate: 0 },
          { description: 'Teeth whitening', sacCode: '999722', quantity: 2, unitPrice: '4250.50', totalPrice: '8501.00', taxRate: 18 },
          { description: 'Mouthwash', sacCode: null, quantity: 1, unitPrice: 1000, totalPrice: 1000, taxRate: 0 },
        ],
      },
      clinic,
    );
    expect(doc).toMatchObject({ kind: 'invoice-cum-bill-of-supply', title: 'Invoice-cum-Bill of Supply', taxed: true });
    expect(doc.lines.map((l) => l.gst)).toEqual(['Exempt', '18%', 'Nil']);
    expect(doc.totals.map((t) => `${t.label} ${t.value}`)).toEqual([
      'Subtotal ₹ 14,501.00',
      'CGST @ 9% ₹ 765.09',
      'SGST @ 9% ₹ 765.09',
      'Total ₹ 16,031.18',
    ]);
    expect(doc.taxSummary).toEqual({
      heading: 'GST Summary',
      columns: ['GST Rate', 'Value (₹)', 'CGST (₹)', 'SGST (₹)', 'Total Tax (₹)'],
      rows: [
        ['18%', '8,501.00', '765.09', '765.09', '1,530.18'],
        ['Exempt / nil-rated', '6,000.00', '0.00', '0.00', '0.00'],
      ],
      total: ['Total', '14,501.00', '765.09', '765.09', '1,530.18'],
    });
    expect(doc.footer[0]).toMatch(/only on the items with a rate shown/);
  });

  it('prints a line per rate when items carry different rates', () => {
    const doc = buildInvoiceDocument(
      {
        ...base,
        subtotal: 2000,
        taxAmount: 230,
        totalAmount: 2230,
        items: [
          { description: 'A', quantity: 1, unitPrice: 1000, totalPrice: 1000, taxRate: 5 },
          { description: 'B', quantity: 1, unitPrice: 1000, totalPrice: 1000, taxRate: 18 },
        ],
      },
      clinic,
    );
    expect(doc.title).toBe('Tax Invoice');
    expect(doc.totals.map((t) => t.label)).toEqual(['Subtotal', 'CGST @ 2.5%', 'SGST @ 2.5%', 'CGST @ 9%', 'SGST @ 9%', 'Total']);
    expect(doc.taxSummary?.rows.map((r) => r[0])).toEqual(['5%', '18%']);
  });

  it('shows what was received and the balance of a part-paid invoice, with a UPI QR code for the balance', () => {
    const doc = buildInvoiceDocument({ ...base, amountPaid: 5000, upiId: 'smilecare@okicici' }, clinic);
    expect(doc.totals.slice(-2)).toEqual([
      { label: 'Amount received', value: '₹ 5,000.00', grand: false },
      { label: 'Balance due', value: '₹ 10,931.18', grand: false },
    ]);
    expect(doc.balanceDue).toBe('₹ 10,931.18');
    expect(doc.upi).toMatchObject({
      heading: 'Pay by UPI',
      lines: ['Scan with any UPI app', 'to pay ₹ 10,931.18', 'UPI ID: smilecare@okicici'],
      uri: `upi://pay?pa=smilecare@okicici&pn=${encodeURIComponent(clinic.name)}&am=10931.18&tn=INV%2F2026-27%2F0007&cu=INR`,
    });
    expect(doc.upi!.qr.size).toBeGreaterThanOrEqual(21);
    expect(buildInvoiceDocument({ ...base, upiId: null }, clinic).upi).toBeNull();
    expect(buildInvoiceDocument({ ...base, status: 'paid', amountPaid: 15931.18, upiId: 'x1@ybl' }, clinic).upi).toBeNull();
  });

  it('marks a cancelled invoice CANCELLED, with no PAID mark, no balance and no QR code', () => {
    const doc = buildInvoiceDocument({ ...base, status: 'cancelled', cancelledAt: '2026-11-24T20:00:00Z', amountPaid: 0, upiId: 'x1@ybl' }, clinic);
    expect(doc.cancelled).toEqual({
      label: 'CANCELLED',
      detail: 'Cancelled on 25/11/2026',
      banner: 'CANCELLED on 25/11/2026: this invoice is kept for the record and nothing is payable on it.',
    });
    expect(doc).toMatchObject({ paid: null, upi: null, balanceDue: null, documentTitle: 'Tax Invoice INV/2026-27/0007 (CANCELLED)' });
    expect(invoiceDocumentStrings(doc)).toContain('CANCELLED');
  });

  it('shows the GSTIN and state code only when the clinic has a GSTIN', () => {
    const legacy = { ...base, supplierGstin: undefined, gstRegistered: undefined };
    expect(buildInvoiceDocument(legacy, clinic).supplier.taxLines).toEqual([]);
    expect(buildInvoiceDocument(legacy, { ...clinic, gstin: ' 27ABCDE1234F1Z5 ' }).supplier.taxLines).toEqual([
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
    expect(doc.columns.map((c) => c.label)).toEqual(['#', 'Description', 'SAC', 'Qty', 'Rate (₹)', 'GST', 'Amount (₹)']);
    expect(doc.lines).toEqual([
      { index: '1', description: 'Root canal treatment', sac: '999312', quantity: '1', rate: '5,000.00', gst: '18%', amount: '5,000.00' },
      { index: '2', description: 'Teeth whitening', sac: '', quantity: '2', rate: '4,250.50', gst: '18%', amount: '8,501.00' },
    ]);
    const noSac = buildInvoiceDocument({ ...base, items: base.items.map((i) => ({ ...i, sacCode: null })) }, clinic);
    expect(noSac.columns.map((c) => c.key)).toEqual(['index', 'description', 'quantity', 'rate', 'gst', 'amount']);
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
