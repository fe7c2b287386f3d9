import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { buildInvoiceDocument, type InvoiceSource } from '../invoice/document';
import { invoiceEmail } from './invoice';

const invoice: InvoiceSource = {
  invoiceNumber: 'INV/2026-27/0007',
  issueDate: '2026-11-23',
  dueDate: '2026-12-07',
  status: 'pending',
  subtotal: 150000,
  taxPercentage: 0,
  taxAmount: 0,
  totalAmount: 150000,
  billTo: { name: 'Rohan <Patil>', email: 'rohan@example.in' },
  items: [{ description: 'Braces', quantity: 1, unitPrice: 150000, totalPrice: 150000 }],
};

describe('invoiceEmail', () => {
  it('names the invoice, its date, due date and total, and says the PDF is attached', () => {
    const mail = invoiceEmail(buildInvoiceDocument(invoice, clinic));
    expect(mail.subject).toBe(`Your invoice INV/2026-27/0007 from ${clinic.name}`);
    expect(mail.text).toContain('Dear Rohan <Patil>,');
    expect(mail.text).toContain('Your invoice is attached to this email as a PDF.');
    expect(mail.text).toContain('Invoice number: INV/2026-27/0007');
    expect(mail.text).toContain('Invoice date: 23/11/2026');
    expect(mail.text).toContain('Due date: 07/12/2026');
    expect(mail.text).toContain('Total amount: ₹ 1,50,000.00');
    expect(mail.text).toContain(clinic.phone);
    expect(mail.html).toContain('Dear Rohan &lt;Patil&gt;,');
    expect(mail.html).toContain('₹ 1,50,000.00');
  });

  it('says a paid invoice is paid instead of when it is due', () => {
    const mail = invoiceEmail(buildInvoiceDocument({ ...invoice, status: 'paid', paidOn: '2026-11-24' }, clinic));
    expect(mail.text).toContain('Status: Paid on 24/11/2026');
    expect(mail.text).not.toContain('Due date');
    expect(mail.text).toContain('This invoice has been paid.');
  });
});
