import { zodResolver } from '@hookform/resolvers/zod';
import { paymentModeLabel, type PaymentMode } from '../../../../../../shared/constants/invoice';
import { toPaise } from '../../../../../../shared/domain/money';
import { formatInvoiceAmount } from '../../../../../../shared/invoice/document';
import { refundCreateSchema, type RefundCreate } from '../../../../../../shared/schemas/payment';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { useRefundPayment } from '../api/credit';

/** What can be refunded of one payment or advance. */
export interface Refundable {
  paymentId: number;
  /** "Receipt INV/2026-27/0007-R1", "Advance ADV-12". */
  label: string;
  mode: PaymentMode;
  /** What is left to refund: paid less refunded (and for an advance less the credit used). */
  left: number;
}

interface RefundDraft {
  amount: string;
  reason: string;
}

function refundSchemaFor(item: Refundable | null) {
  return refundCreateSchema.superRefine((refund, ctx) => {
    if (item && toPaise(refund.amount) > toPaise(item.left)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `Amount cannot be more than ${formatInvoiceAmount(item.left)}` });
    }
  });
}

// INV-30 Refund: part or all of what is left of a payment, given back in its own mode, with a reason.
export function RefundDialog({ item, onClose }: { item: Refundable | null; onClose: () => void }) {
  const refund = useRefundPayment();
  const { form, save } = useDialogForm<RefundDraft, RefundCreate, Refundable | null>({
    open: item !== null,
    item,
    initialValues: (it) => ({ amount: it ? String(it.left) : '', reason: '' }),
    resolver: zodResolver(refundSchemaFor(item)) as never,
    serverFields: ['amount', 'reason'],
    onClose,
  });
  const onSubmit = form.handleSubmit((values) =>
    save(refund, { paymentId: item!.paymentId, refund: values }, {
      success: (answer) => ['Refund recorded', `${formatInvoiceAmount(answer.amount)} given back by ${paymentModeLabel(answer.mode)}.`],
      failure: 'Error recording the refund',
    }),
  );
  return (
    <FormDialog open={item !== null} title="Refund" formId="refund-form" submitLabel="Record Refund" pending={refund.isPending} onCancel={onClose}>
      <form id="refund-form" onSubmit={onSubmit} noValidate>
        {item && (
          <p className="muted">
            {item.label}: up to <strong>{formatInvoiceAmount(item.left)}</strong> can be given back, by {paymentModeLabel(item.mode)} (the way it was paid).
          </p>
        )}
        <div className="form-grid">
          <TextField control={form.control} name="amount" id="refund-amount" label="Amount (₹)" required type="number" inputMode="decimal" min={0.01} step={0.01} />
          <TextField control={form.control} name="reason" id="refund-reason" label="Reason" required placeholder="e.g. Treatment postponed" />
        </div>
      </form>
    </FormDialog>
  );
}
