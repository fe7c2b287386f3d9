import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { escapeHtml } from '../emails/layout';
import { buildInvoiceDocument, invoiceDocumentStrings, type InvoiceSource } from './document';
import { renderInvoiceHtml } from './html';

const invoice: InvoiceSource = {
  invoiceNumber: 'INV/2026-27/0007',
  issueDate: '2026-11-23',
  dueDate: '2026-12-07',
  status: 'paid',
  paidOn: '2026-11-24',
  subtotal: 5000,
  taxPercentage: 18,
  taxAmount: 900,
  totalAmount: 5900,
  notes: 'Line one\nLine two',
  billTo: { name: 'Priya <b>Kulkarni</b> & "Co"', email: 'priya@example.in', phone: null, address: null },
  items: [{ description: '<img src=x onerror=alert(1)>Crown', sacCode: '999312', quantity: 1, unitPrice: 5000, totalPrice: 5000 }],
};

describe('renderInvoiceHtml', () => {
  const doc = buildInvoiceDocument(invoice, { ...clinic, gstin: '27ABCDE1234F1Z5' });
  const html = renderInvoiceHtml(doc);

  it('is a complete A4 page titled with the document and number', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Tax Invoice INV/2026-27/0007</title>');
    expect(html).toContain('@page { size: A4;');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('is self-contained: no scripts, links, images or fetched resources', () => {
    const plain = renderInvoiceHtml(
      buildInvoiceDocument({ ...invoice, billTo: { name: 'Priya Kulkarni' }, items: [{ ...invoice.items[0], description: 'Crown' }] }, clinic),
    );
    expect(plain).not.toMatch(/<script|<link|<img|<iframe|url\(|@import|src=|href=/i);
    expect(plain).not.toMatch(/https?:\/\//);
  });

  it('escapes every text it shows', () => {
    expect(html).toContain('Priya &lt;b&gt;Kulkarni&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;Crown');
    expect(html).not.toContain('<b>Kulkarni');
  });

  it('shows every string of the document model', () => {
    for (const s of invoiceDocumentStrings(doc)) expect(html, s).toContain(escapeHtml(s));
    expect(html).toContain('GSTIN: 27ABCDE1234F1Z5');
    expect(html).toContain('Paid on 24/11/2026');
  });

  it('lays the items out with right-aligned figures and a header that repeats on each printed page', () => {
    expect(html).toContain('<th class="c-amount a-right">Amount (₹)</th>');
    expect(html).toContain('<td class="c-amount a-right">5,000.00</td>');
    expect(html).toContain('.items thead { display: table-header-group; }');
  });
});
