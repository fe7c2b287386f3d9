import { DEFAULT_TAX_PERCENTAGE } from '../../../../../../shared/constants/invoice';
import { computeInvoiceTotals, type InvoiceTotals } from '../../../../../../shared/domain/invoice-totals';
import { numberInput } from '../../../../../../shared/schemas/fields';

// The create dialog's figures, computed as the schema and the server will compute them (SPEC 5, D14):
// an empty quantity is 1, an empty unit price 0, an empty tax percentage 18; amounts in exact paise.

export interface ItemDraft {
  description: string;
  sacCode: string;
  quantity: string;
  unitPrice: string;
}

export interface InvoiceDraft {
  patientId: number | null;
  dueDate: string;
  taxPercentage: string;
  notes: string;
  items: ItemDraft[];
}

export const emptyItem = (): ItemDraft => ({ description: '', sacCode: '', quantity: '1', unitPrice: '' });

function asNumber(value: string | undefined, fallback: number): number | null {
  const n = numberInput(fallback)(value);
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The live totals, or null while a figure cannot be read (the form then shows its field error). */
export function draftTotals(items: readonly ItemDraft[], taxPercentage: string): InvoiceTotals<{ quantity: number; unitPrice: number }> | null {
  const tax = asNumber(taxPercentage, DEFAULT_TAX_PERCENTAGE);
  if (tax === null || tax < 0 || tax > 100) return null;
  const parsed: { quantity: number; unitPrice: number }[] = [];
  for (const item of items) {
    const quantity = asNumber(item.quantity, 1);
    const unitPrice = asNumber(item.unitPrice, 0);
    if (quantity === null || unitPrice === null || !Number.isSafeInteger(quantity) || quantity < 0 || unitPrice < 0) return null;
    parsed.push({ quantity, unitPrice });
  }
  try {
    return computeInvoiceTotals(parsed, tax);
  } catch {
    return null;
  }
}

/** The POST body before the schema reads it: the draft with the computed figures. */
export function draftPayload(draft: InvoiceDraft): Record<string, unknown> {
  const totals = draftTotals(draft.items, draft.taxPercentage);
  return {
    patientId: draft.patientId ?? '',
    dueDate: draft.dueDate,
    taxPercentage: draft.taxPercentage,
    notes: draft.notes,
    subtotal: totals?.subtotal,
    taxAmount: totals?.taxAmount,
    totalAmount: totals?.totalAmount,
    items: draft.items.map((item, i) => ({
      description: item.description,
      sacCode: item.sacCode || null,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: totals?.items[i]?.totalPrice,
    })),
  };
}
