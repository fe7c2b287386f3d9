import { zodResolver } from '@hookform/resolvers/zod';
import { Select } from 'antd';
import { Controller } from 'react-hook-form';
import { paymentModes } from '../../../../../../shared/constants/invoice';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { toPaise } from '../../../../../../shared/domain/money';
import { formatInvoiceAmount } from '../../../../../../shared/invoice/document';
import type { Invoice } from '../../../../../../shared/schemas/invoice';
import { paymentCreateSchema, paymentDateProblem, type PaymentCreate } from '../../../../../../shared/schemas/payment';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { useRecordPayment } from '../api/record-payment';
import { clockNow } from '../../../../lib/clock';

interface PaymentDraft {
  amount: string;
  paidOn: string;
  mode: string;
  reference: string;
}

/** The server's rule, checked before sending: at most the balance, dated between the invoice's day and today. */
function paymentSchemaFor(invoice: Pick<Invoice, 'balance' | 'issueDate'>) {
  return paymentCreateSchema.superRefine((payment, ctx) => {
    if (toPaise(payment.amount) > toPaise(invoice.balance)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `Amount cannot be more than the balance due of ${formatInvoiceAmount(invoice.balance)}` });
    }
    const problem = paymentDateProblem(payment.paidOn, invoice.issueDate, clockNow());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

// INV-26 Record payment: amount (the balance by default, never more), the day it was received (today by
// default, not before the invoice's date nor after today), how (cash, UPI, card, bank transfer) and an
// optional reference (the UPI transaction number, the cheque...).
export function RecordPaymentDialog({ invoice, open, onClose }: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const record = useRecordPayment();
  const { form, errors, save } = useDialogForm<PaymentDraft, PaymentCreate, Invoice>({
    open,
    item: invoice,
    initialValues: (inv) => ({ amount: String(inv.balance), paidOn: clinicToday(clockNow()), mode: 'cash', reference: '' }),
    resolver: zodResolver(paymentSchemaFor(invoice)) as never,
    serverFields: ['amount', 'paidOn', 'mode', 'reference'],
    onClose,
  });
  const { control } = form;

  const onSubmit = form.handleSubmit((payment) =>
    save(record, { invoiceId: invoice.id, payment }, {
      success: (answer) => [
        'Payment recorded',
        `${formatInvoiceAmount(answer.amount)} received for ${invoice.invoiceNumber} (receipt ${answer.receiptNumber}).`,
      ],
      failure: 'Error recording payment',
    }),
  );

  return (
    <FormDialog open={open} title="Record payment" formId="payment-form" submitLabel="Record Payment" pending={record.isPending} onCancel={onClose}>
      <form id="payment-form" onSubmit={onSubmit} noValidate className="payment-form">
        <p className="muted">
          Invoice <strong>{invoice.invoiceNumber}</strong>: balance due <strong>{formatInvoiceAmount(invoice.balance)}</strong> of{' '}
          {formatInvoiceAmount(invoice.totalAmount)}.
        </p>
        <div className="form-grid">
          <TextField
            control={control}
            name="amount"
            id="payment-amount"
            label="Amount (₹)"
            required
            type="number"
            inputMode="decimal"
            min={0.01}
            max={invoice.balance}
            step={0.01}
          />
          <TextField control={control} name="paidOn" id="payment-paidOn" label="Date received" required type="date" min={invoice.issueDate} max={clinicToday(clockNow())} />
          <Field id="payment-mode" label="Payment mode" error={errors.mode?.message} required>
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <Select
                  {...fieldAria('payment-mode', errors.mode?.message)}
                  value={field.value}
                  onChange={field.onChange}
                  options={paymentModes.map((m) => ({ value: m.value, label: m.label }))}
                  style={{ width: '100%' }}
                />
              )}
            />
          </Field>
          <TextField control={control} name="reference" id="payment-reference" label="Reference (optional)" placeholder="e.g. UPI transaction ID" />
        </div>
      </form>
    </FormDialog>
  );
}
