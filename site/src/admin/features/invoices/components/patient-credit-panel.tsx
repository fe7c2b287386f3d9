import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { paymentModeLabel, paymentModes } from '../../../../../../shared/constants/invoice';
import { formatDate } from '../../../../../../shared/domain/dates';
import { formatInvoiceAmount } from '../../../../../../shared/invoice/document';
import { advanceCreateSchema, type AdvanceCreate } from '../../../../../../shared/schemas/payment';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { ErrorState } from '../../../components/list-states';
import { useCan } from '../../../session/use-can';
import { usePatientCredit, useRecordAdvance } from '../api/credit';
import { RefundDialog, type Refundable } from './refund-dialog';
import '../credit.css';

interface AdvanceDraft {
  amount: string;
  mode: string;
  reference: string;
}

// INV-28: money received before an invoice exists, recorded today.
function AdvanceDialog({ patientId, open, onClose }: { patientId: number; open: boolean; onClose: () => void }) {
  const record = useRecordAdvance();
  const { form, errors, save } = useDialogForm<AdvanceDraft, AdvanceCreate, number>({
    open,
    item: patientId,
    initialValues: () => ({ amount: '', mode: 'cash', reference: '' }),
    resolver: zodResolver(advanceCreateSchema) as never,
    serverFields: ['amount', 'mode', 'reference'],
    onClose,
  });
  const onSubmit = form.handleSubmit((advance) =>
    save(record, { patientId, advance }, {
      success: (answer) => ['Advance recorded', `${formatInvoiceAmount(answer.amount)} received (receipt ${answer.receiptNumber}).`],
      failure: 'Error recording the advance',
    }),
  );
  return (
    <FormDialog open={open} title="Record advance" formId="advance-form" submitLabel="Record Advance" pending={record.isPending} onCancel={onClose}>
      <form id="advance-form" onSubmit={onSubmit} noValidate>
        <p className="muted">Money received today before an invoice: it stays the patient&apos;s credit until applied to an invoice or refunded.</p>
        <div className="form-grid">
          <TextField control={form.control} name="amount" id="advance-amount" label="Amount (₹)" required type="number" inputMode="decimal" min={0.01} step={0.01} />
          <Field id="advance-mode" label="Payment mode" error={errors.mode?.message} required>
            <Controller
              control={form.control}
              name="mode"
              render={({ field }) => (
                <Select
                  {...fieldAria('advance-mode', errors.mode?.message)}
                  value={field.value}
                  onChange={field.onChange}
                  options={paymentModes.map((m) => ({ value: m.value, label: m.label }))}
                  style={{ width: '100%' }}
                />
              )}
            />
          </Field>
          <TextField control={form.control} name="reference" id="advance-reference" label="Reference (optional)" placeholder="e.g. UPI transaction ID" />
        </div>
      </form>
    </FormDialog>
  );
}

/** INV-28: the patient's unused credit and advances, on their page, with Record advance and Refund. */
export function PatientCreditPanel({ patientId }: { patientId: number }) {
  const canRead = useCan('invoices.read');
  const canWrite = useCan('invoices.write');
  const credit = usePatientCredit(canRead ? patientId : null);
  const [adding, setAdding] = useState(false);
  const [refunding, setRefunding] = useState<Refundable | null>(null);
  if (!canRead) return null;
  return (
    <section className="panel credit-panel" aria-labelledby="credit-heading">
      <div className="panel-heading">
        <h2 id="credit-heading">Advances and credit</h2>
        {canWrite && (
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>
            Record Advance
          </Button>
        )}
      </div>
      {credit.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : credit.isError ? (
        <ErrorState text="Unable to load the patient's credit." />
      ) : (
        <>
          <p className="credit-total">
            Unused credit: <strong data-testid="patient-credit">{formatInvoiceAmount(credit.data.credit)}</strong>
          </p>
          {credit.data.advances.length === 0 ? (
            <p className="muted">No advances received.</p>
          ) : (
            <ul className="payment-list" aria-label="Advances received">
              {credit.data.advances.map((a) => (
                <li key={a.id} className="payment-row">
                  <div>
                    <p className="payment-amount">{formatInvoiceAmount(a.amount)}</p>
                    <p className="row-meta">
                      <span>{formatDate(a.paidOn)}</span>
                      <span>{paymentModeLabel(a.mode)}</span>
                      {a.reference && <span>Ref. {a.reference}</span>}
                      <span>{a.receiptNumber}</span>
                      {a.applied > 0 && <span>Applied {formatInvoiceAmount(a.applied)}</span>}
                      {a.refunded > 0 && <span>Refunded {formatInvoiceAmount(a.refunded)}</span>}
                      <span>Unused {formatInvoiceAmount(a.available)}</span>
                    </p>
                  </div>
                  {canWrite && a.available > 0 && (
                    <Button
                      icon={<RollbackOutlined aria-hidden="true" />}
                      onClick={() => setRefunding({ paymentId: a.id, label: `Advance ${a.receiptNumber}`, mode: a.mode, left: a.available })}
                      aria-label={`Refund advance ${a.receiptNumber}`}
                    >
                      Refund
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <AdvanceDialog patientId={patientId} open={adding} onClose={() => setAdding(false)} />
      <RefundDialog item={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
