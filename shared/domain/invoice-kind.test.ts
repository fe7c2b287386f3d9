import { describe, expect, it } from 'vitest';
import { invoiceKind, invoiceKindTitle, supplyClass } from './invoice-kind';

describe('invoiceKind', () => {
  it('is a Bill of Supply for a clinic without a GSTIN, whatever the rates', () => {
    expect(invoiceKind(false, [18, 0])).toBe('bill-of-supply');
    expect(invoiceKind(false, [18])).toBe('bill-of-supply');
  });

  it('is a Tax Invoice, Bill of Supply or Invoice-cum-Bill of Supply for a registered clinic', () => {
    expect(invoiceKind(true, [18, 5])).toBe('tax-invoice');
    expect(invoiceKind(true, [0, '0.00'])).toBe('bill-of-supply');
    expect(invoiceKind(true, [])).toBe('bill-of-supply');
    expect(invoiceKind(true, [18, 0])).toBe('invoice-cum-bill-of-supply');
    expect(invoiceKindTitle('invoice-cum-bill-of-supply')).toBe('Invoice-cum-Bill of Supply');
  });
});

describe('supplyClass', () => {
  it('reports taxed, exempt (health care at 0%), nil-rated and unregistered value apart', () => {
    expect(supplyClass(true, { taxRate: 18, sacCode: '999722' })).toBe('taxed');
    expect(supplyClass(true, { taxRate: 0, sacCode: '999312' })).toBe('exempt');
    expect(supplyClass(true, { taxRate: '0.00', sacCode: null })).toBe('nil-rated');
    expect(supplyClass(false, { taxRate: 18, sacCode: '999722' })).toBe('unregistered');
  });
});
