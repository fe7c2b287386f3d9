import { describe, expect, it } from 'vitest';
import { invoiceCreateSchema, invoiceItemSchema, invoiceTotalsMismatch } from './invoice';
import { fieldErrors } from './test-helpers';

const item = { description: 'Scaling', quantity: 2, unitPrice: 1500, totalPrice: 3000 };
const valid = {
  patientId: '7',
  dueDate: '',
  subtotal: 3000,
  taxPercentage: 18,
  taxAmount: 540,
  totalAmount: 3540,
  notes: '',
  items: [item],
};

describe('invoiceItemSchema', () => {
  it('coerces form input, with defaults for empty fields', () => {
    expect(invoiceItemSchema.parse({ description: 'X-ray', quantity: '', unitPrice: '' })).toEqual({
      description: 'X-ray', quantity: 1, unitPrice: 0, totalPrice: 0, sacCode: null, taxRate: null,
    });
    expect(invoiceItemSchema.parse({ description: 'Crown', quantity: '2', unitPrice: '8000.505', sacCode: '999312' }))
      .toMatchObject({ quantity: 2, unitPrice: 8000.51, totalPrice: 16001.02, sacCode: '999312' });
  });

  it('gives the spec messages', () => {
    expect(fieldErrors(invoiceItemSchema, { description: ' ', quantity: 0, unitPrice: -1, totalPrice: -1 })).toEqual({
      description: 'Description is required',
      quantity: 'Quantity must be at least 1',
      unitPrice: 'Unit price must be positive',
      totalPrice: 'Total price must be positive',
    });
    expect(fieldErrors(invoiceItemSchema, { description: 'A', sacCode: '123' }).sacCode).toBe('Please select a valid SAC code');
  });
});

describe('invoiceCreateSchema', () => {
  it('accepts a form payload', () => {
    const parsed = invoiceCreateSchema.parse(valid);
    expect(parsed).toMatchObject({ patientId: 7, dueDate: null, notes: null, taxPercentage: 18 });
    expect(invoiceTotalsMismatch(parsed)).toBeNull();
  });

  it('defaults the tax percentage to 18', () => {
    expect(invoiceCreateSchema.parse({ ...valid, taxPercentage: undefined }).taxPercentage).toBe(18);
  });

  it('gives the spec messages', () => {
    expect(
      fieldErrors(invoiceCreateSchema, {
        patientId: '', subtotal: -1, taxPercentage: -1, taxAmount: -1, totalAmount: -1, items: [],
      }),
    ).toEqual({
      patientId: 'Please select a patient',
      subtotal: 'Subtotal must be positive',
      taxPercentage: 'Tax percentage must be positive',
      taxAmount: 'Tax amount must be positive',
      totalAmount: 'Total amount must be positive',
      items: 'At least one item is required',
    });
    expect(fieldErrors(invoiceCreateSchema, { ...valid, taxPercentage: 100.5 }).taxPercentage).toBe(
      'Tax percentage cannot exceed 100%',
    );
    expect(fieldErrors(invoiceCreateSchema, { ...valid, items: [{ ...item, quantity: 0 }] })['items.0.quantity']).toBe(
      'Quantity must be at least 1',
    );
  });

  it('finds figures that disagree with the items by more than a paisa', () => {
    const off = invoiceCreateSchema.parse({ ...valid, totalAmount: 3540.02 });
    expect(invoiceTotalsMismatch(off)).toEqual({ field: 'totalAmount', message: 'Total amount must equal subtotal plus tax' });
    const itemOff = invoiceCreateSchema.parse({ ...valid, items: [{ ...item, totalPrice: 2999 }] });
    expect(invoiceTotalsMismatch(itemOff)?.field).toBe('items.0.totalPrice');
    expect(invoiceTotalsMismatch(invoiceCreateSchema.parse({ ...valid, taxAmount: 540.01 }))).toBeNull();
  });
});
