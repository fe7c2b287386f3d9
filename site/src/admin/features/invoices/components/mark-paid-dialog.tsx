import { Segmented } from 'antd';
import { useState } from 'react';
import { paymentModes, type PaymentMode } from '../../../../../../shared/constants/invoice';
import { invoicePatientName, type Invoice } from '../../../../../../shared/schemas/invoice';
import { formatAmount } from '../../../components/amount';
import { ConfirmDialog, useConfirmAction } from '../../../components/confirm-dialog';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid';

// INV-37: Mark Paid records money received, which the day-end report counts by mode (INV-31), so it asks
// first, saying how much it records, and how the patient paid (cash unless the desk says otherwise). One tap
// on the wrong row no longer books the balance as cash.

export function useMarkPaidAction() {
  const [mode, setMode] = useState<PaymentMode>('cash');
  const action = useConfirmAction({
    mutation: useMarkInvoicePaid(),
    variables: (inv: Invoice) => ({ id: inv.id, mode }),
    success: (inv) => ['Invoice marked as paid', `A payment of ${formatAmount(inv.balance)} is recorded; invoice ${inv.invoiceNumber} is now paid.`],
    failure: 'Error updating invoice',
  });
  return {
    ...action,
    mode,
    setMode,
    ask: (inv: Invoice) => {
      setMode('cash');
      action.ask(inv);
    },
  };
}

export function MarkPaidDialog({ action }: { action: ReturnType<typeof useMarkPaidAction> }) {
  const inv = action.item;
  return (
    <ConfirmDialog {...action.dialogProps} title="Mark as paid?" confirmLabel="Mark Paid" cancelLabel="Keep Unpaid" danger={false}>
      {inv && (
        <>
          <p>
            Record a payment of <strong>{formatAmount(inv.balance)}</strong>, the balance of invoice <strong>{inv.invoiceNumber}</strong> for{' '}
            {invoicePatientName(inv)}, received today?
          </p>
          <div className="mark-paid-mode">
            <span className="field-label" id="mark-paid-mode-label">
              Paid by
            </span>
            <Segmented
              aria-labelledby="mark-paid-mode-label"
              value={action.mode}
              onChange={(v) => action.setMode(v as PaymentMode)}
              options={paymentModes.map((m) => ({ value: m.value, label: m.label }))}
            />
          </div>
        </>
      )}
    </ConfirmDialog>
  );
}
