import { describe, expect, it } from 'vitest';
import { effectiveInvoiceStatus } from './invoice-status';

const now = new Date('2026-11-23T06:30:00Z'); // 23 Nov at the clinic

describe('effectiveInvoiceStatus', () => {
  it('reads unpaid invoices past their due date as overdue', () => {
    expect(effectiveInvoiceStatus('pending', '2026-11-22', now)).toBe('overdue');
    expect(effectiveInvoiceStatus('pending', '2026-11-23', now)).toBe('pending');
    expect(effectiveInvoiceStatus('pending', null, now)).toBe('pending');
    expect(effectiveInvoiceStatus('paid', '2020-01-01', now)).toBe('paid');
  });
});
