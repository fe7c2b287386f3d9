import { formatAmount } from '../../../components/amount';
import { ConfirmDialog, useConfirmAction } from '../../../components/confirm-dialog';
import { invoicePatientName, type Invoice } from '../../../../../../shared/schemas/invoice';
import { useCancelInvoice } from '../api/cancel-invoice';

// INV-12: a numbered invoice is never erased. Cancel invoice (the owner's) keeps it with its number and
// marks it CANCELLED on its PDF and page; it leaves revenue and the pending count. The prompt says so.

export function useCancelInvoiceAction(onDone?: (inv: Invoice) => void) {
  return useConfirmAction({
    mutation: useCancelInvoice(),
    variables: (inv: Invoice) => inv.id,
    success: (inv) => {
      onDone?.(inv);
      return ['Invoice cancelled', `Invoice ${inv.invoiceNumber} is cancelled. It keeps its number and reads CANCELLED.`];
    },
    failure: 'Error cancelling invoice',
  });
}

export function CancelInvoiceDialog({ action }: { action: ReturnType<typeof useCancelInvoiceAction> }) {
  const inv = action.item;
  return (
    <ConfirmDialog {...action.dialogProps} title="Cancel invoice?" confirmLabel="Cancel Invoice" cancelLabel="Keep Invoice">
      {inv && (
        <>
          <p>
            Cancel invoice <strong>{inv.invoiceNumber}</strong> for {invoicePatientName(inv)} ({formatAmount(inv.totalAmount)})?
          </p>
          <p>
            The invoice is not deleted: it keeps its number {inv.invoiceNumber}, so the series has no gap, and its PDF and page read
            CANCELLED. It no longer counts as pending or as revenue{inv.amountPaid > 0 ? ', and the payments recorded on it leave the revenue too' : ''}.
            This cannot be undone.
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
