import { DEFAULT_TAX_PERCENTAGE } from '../../../../../../shared/constants/invoice';
import { computeInvoiceTotals, type InvoiceTotals } from '../../../../../../shared/domain/invoice-totals';
import { numberInput } from '../../../../../../shared/schemas/fields';

// The create dialog's figures, computed as the schema and the server will compute them (INV-7, INV-8, INV-20)
// by the one shared computation (shared/domain/invoice-totals.ts): an empty quantity is 1, an empty unit
// price 0, an empty tax percentage 18, an item without a GST rate takes the tax percentage, and a clinic
// without a GSTIN charges none; an item typed by hand (no price-list entry) is one without a rate, so it takes
// the tax percentage (INV-38); amounts in exact paise.

export interface ItemDraft {
  description: string;
  sacCode: string;
  /** '0' | '5' | '12' | '18' | '28', or '' for the invoice's tax percentage. */
  taxRate: string;
  quantity: string;
  unitPrice: string;
}

export interface InvoiceDraft {
  patientId: number | null;
  /** DESK-15: the visit billed ("Bill this visit"), else null. */
  appointmentId: number | null;
  dueDate: string;
  taxPercentage: string;
  notes: string;
  items: ItemDraft[];
}

export const emptyItem = (): ItemDraft => ({ description: '', sacCode: '', taxRate: '', quantity: '1', unitPrice: '' });

/** An item copied from a price list entry (INV-23): its name, price, SAC and rate. */
export function priceListDraft(entry: { name: string; defaultPrice: number; sacCode: string | null; taxRate: number }): ItemDraft {
  return { description: entry.name, sacCode: entry.sacCode ?? '', taxRate: String(entry.taxRate), quantity: '1', unitPrice: String(entry.defaultPrice) };
}

/** Whether an item is still as a new one is (the price list fills it instead of adding a row). */
export function isBlankItem(item: ItemDraft): boolean {
  return !item.description.trim() && !item.unitPrice.trim() && !item.sacCode && !item.taxRate && (item.quantity === '1' || !item.quantity);
}

export type DraftTotals = InvoiceTotals<{ quantity: number; unitPrice: number; taxRate: string | null }>;

function asNumber(value: string | undefined, fallback: number): number | null {
  const n = numberInput(fallback)(value);
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The live totals, or null while a figure cannot be read (the form then shows its field error). */
export function draftTotals(
  items: readonly ItemDraft[],
  taxPercentage: string,
  registered = true,
): DraftTotals | null {
  const tax = asNumber(taxPercentage, DEFAULT_TAX_PERCENTAGE);
  if (tax === null || tax < 0 || tax > 100) return null;
  const parsed: { quantity: number; unitPrice: number; taxRate: string | null }[] = [];
  for (const item of items) {
    const quantity = asNumber(item.quantity, 1);
    const unitPrice = asNumber(item.unitPrice, 0);
    if (quantity === null || unitPrice === null || !Number.isSafeInteger(quantity) || quantity < 0 || unitPrice < 0) return null;
    parsed.push({ quantity, unitPrice, taxRate: item.taxRate || null });
  }
  try {
    return computeInvoiceTotals(parsed, tax, { registered });
  } catch {
    return null;
  }
}

/** The POST body before the schema reads it: the draft with the computed figures. */
export function draftPayload(draft: InvoiceDraft, registered = true): Record<string, unknown> {
  const totals = draftTotals(draft.items, draft.taxPercentage, registered);
  return {
    patientId: draft.patientId ?? '',
    appointmentId: draft.appointmentId ?? null,
    dueDate: draft.dueDate,
    taxPercentage: draft.taxPercentage,
    notes: draft.notes,
    subtotal: totals?.subtotal,
    taxAmount: totals?.taxAmount,
    totalAmount: totals?.totalAmount,
    items: draft.items.map((item, i) => ({
      description: item.description,
      sacCode: item.sacCode || null,
      taxRate: item.taxRate || null,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: totals?.items[i]?.totalPrice,
    })),
  };
}
