import { describe, expect, it } from 'vitest';
import { invoiceBalance, invoiceStatus } from './invoice-status';

const now = new Date('2026-11-23T06:30:00Z'); // 23 Nov at the clinic
const facts = { cancelled: false, totalAmount: 1180, amountPaid: 0, dueDate: null as string | null };

describe('invoiceStatus', () => {
  it('reads pending, partially-paid and paid from the payments', () => {
    expect(invoiceStatus(facts, now)).toBe('pending');
    expect(invoiceStatus({ ...facts, amountPaid: '0.01' }, now)).toBe('partially-paid');
    expect(invoiceStatus({ ...facts, amountPaid: 1180 }, now)).toBe('paid');
    expect(invoiceStatus({ ...facts, totalAmount: 0 }, now)).toBe('paid');
  });

  it('reads an unpaid or part-paid invoice past its due date (clinic time) as overdue', () => {
    expect(invoiceStatus({ ...facts, dueDate: '2026-11-22' }, now)).toBe('overdue');
    expect(invoiceStatus({ ...facts, dueDate: '2026-11-22', amountPaid: 500 }, now)).toBe('overdue');
    expect(invoiceStatus({ ...facts, dueDate: '2026-11-23' }, now)).toBe('pending');
    expect(invoiceStatus({ ...facts, dueDate: '2020-01-01', amountPaid: 1180 }, now)).toBe('paid');
  });

  it('reads a cancelled invoice as cancelled, whatever was paid or due', () => {
    expect(invoiceStatus({ ...facts, cancelled: true, dueDate: '2020-01-01' }, now)).toBe('cancelled');
    expect(invoiceStatus({ ...facts, cancelled: true, amountPaid: 1180 }, now)).toBe('cancelled');
  });
});

describe('invoiceBalance', () => {
  it('is the total less the payments, exactly, never negative', () => {
    expect(invoiceBalance('15931.18', 5000.1)).toBe(10931.08);
    expect(invoiceBalance(100, 100)).toBe(0);
    expect(invoiceBalance(100, 120)).toBe(0);
  });
});
