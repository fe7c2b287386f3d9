import { describe, expect, it } from 'vitest';
import { buildGstReport, monthRange, type GstReportInvoice } from './gst-report';

const base: GstReportInvoice = {
  id: 1,
  invoiceNumber: 'INV/2026-27/0001',
  financialYear: '2026-27',
  sequence: 1,
  issueDate: '2026-11-02',
  status: 'pending',
  cancelledAt: null,
  gstRegistered: true,
  supplierGstin: '27AAPFU0939F1ZV',
  taxPercentage: 18,
  taxAmount: 180,
  totalAmount: 1680,
  items: [
    { quantity: 1, unitPrice: 1000, taxRate: 18, sacCode: '999722' },
    { quantity: 1, unitPrice: 500, taxRate: 0, sacCode: '999312' },
  ],
};

describe('monthRange', () => {
  it('gives the first and last day of a month, leap years included, and null for anything else', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    for (const bad of ['2026-13', '2026-1', '26-11', '0999-01', '2026-11-01']) expect(monthRange(bad)).toBeNull();
  });
});

describe('buildGstReport', () => {
  it('sums per rate, keeps exempt, nil-rated and unregistered value apart, and leaves cancelled invoices out', () => {
    const report = buildGstReport('2026-11', [
      base,
      { ...base, id: 2, sequence: 2, invoiceNumber: 'INV/2026-27/0002', items: [{ quantity: 2, unitPrice: 100, taxRate: 0, sacCode: null }], taxAmount: 0, totalAmount: 200 },
      { ...base, id: 3, sequence: 3, invoiceNumber: 'INV/2026-27/0003', status: 'cancelled', cancelledAt: '2026-11-03T20:00:00Z' },
      { ...base, id: 4, sequence: 4, invoiceNumber: 'INV/2026-27/0004', gstRegistered: false, supplierGstin: null, taxAmount: 0, totalAmount: 1500 },
    ]);
    expect(report.rates.find((r) => r.rate === 18)).toEqual({ rate: 18, taxableValue: 1000, cgst: 90, sgst: 90, totalTax: 180, value: 1180 });
    expect(report.rates.map((r) => r.rate)).toEqual([5, 12, 18, 28]);
    expect(report.totals).toEqual({
      invoices: 3,
      taxableValue: 1000,
      cgst: 90,
      sgst: 90,
      totalTax: 180,
      exemptValue: 500,
      nilRatedValue: 200,
      unregisteredValue: 1500,
      invoiceValue: 3380,
    });
    expect(report.documents).toEqual([
      { financialYear: '2026-27', firstNumber: 'INV/2026-27/0001', lastNumber: 'INV/2026-27/0004', total: 4, cancelled: 1, net: 3 },
    ]);
    // Cancelled at 01:30 on 4 November in Pune.
    expect(report.cancelled).toEqual([{ id: 3, invoiceNumber: 'INV/2026-27/0003', issueDate: '2026-11-02', cancelledOn: '2026-11-04', totalAmount: 1680 }]);
  });

  it('reads an invoice issued before per-rate GST with its tax as billed', () => {
    const legacy = { ...base, taxAmount: 0.01, totalAmount: 0.07, items: [{ quantity: 1, unitPrice: 0.06, taxRate: 18, sacCode: null }] };
    expect(buildGstReport('2026-11', [legacy]).totals).toMatchObject({ cgst: 0.01, sgst: 0, totalTax: 0.01 });
  });

  it('refuses a month that is not one', () => {
    expect(() => buildGstReport('2026-13', [])).toThrow('month must be a month like 2026-11');
  });
});
