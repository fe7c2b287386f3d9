import { SAC_HEALTH_CARE, invoiceKinds, type InvoiceKind, type InvoiceKindTitle } from '../constants/invoice';

// INV-19, INV-20 and the CGST Rules: which document an invoice is, and how each item counts in the GST returns.
//
// - A clinic without a GSTIN is not registered: it charges no GST and issues a Bill of Supply (it may not
//   issue a tax invoice at all).
// - A registered clinic issues a Tax Invoice (Rule 46) when every item is taxed, a Bill of Supply (Rule 49)
//   when none is (exempt health care, nil-rated items), and an Invoice-cum-Bill of Supply (Rule 46A) when
//   one invoice holds both.

/** The document's kind from the clinic's registration and the items' GST rates (percent). */
export function invoiceKind(registered: boolean, rates: readonly (number | string)[]): InvoiceKind {
  if (!registered) return 'bill-of-supply';
  const taxed = rates.filter((rate) => Number(rate) > 0).length;
  if (taxed === 0) return 'bill-of-supply';
  return taxed === rates.length ? 'tax-invoice' : 'invoice-cum-bill-of-supply';
}

export function invoiceKindTitle(kind: InvoiceKind): InvoiceKindTitle {
  return invoiceKinds[kind];
}

/**
 * How an item's value is reported (GSTR-1 tables 7 and 8, GSTR-3B 3.1): 'taxed' at its rate; at 0% on a
 * registered invoice 'exempt' when its SAC is health care (999312: exempt by notification), else
 * 'nil-rated'; and 'unregistered' when the invoice was issued while the clinic had no GSTIN.
 */
export type SupplyClass = 'taxed' | 'exempt' | 'nil-rated' | 'unregistered';

export function supplyClass(registered: boolean, item: { taxRate: number | string; sacCode?: string | null }): SupplyClass {
  if (!registered) return 'unregistered';
  if (Number(item.taxRate) > 0) return 'taxed';
  return item.sacCode === SAC_HEALTH_CARE ? 'exempt' : 'nil-rated';
}
