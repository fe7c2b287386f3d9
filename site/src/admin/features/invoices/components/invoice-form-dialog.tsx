import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select } from 'antd';
import { Controller, useFieldArray, useWatch, type Resolver } from 'react-hook-form';
import { DEFAULT_TAX_PERCENTAGE, sacCodes } from '../../../../../../shared/constants/invoice';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatRupeesExact } from '../../../../../../shared/domain/money';
import { invoiceCreateSchema, type InvoiceCreate } from '../../../../../../shared/schemas/invoice';
import { Field } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { useCreateInvoice } from '../api/create-invoice';
import { draftPayload, draftTotals, emptyItem, type InvoiceDraft } from './invoice-figures';
import { medicalAlertsLine } from '../../../../../../shared/schemas/patient';
import { MedicalAlert } from '../../patients/components/medical-alert';
import { PatientPicker } from './patient-picker';

const defaults = (): InvoiceDraft => ({
  patientId: null,
  dueDate: '',
  taxPercentage: String(DEFAULT_TAX_PERCENTAGE),
  notes: '',
  items: [emptyItem()],
});

// The shared schema reads the draft with its computed figures, so the form, the POST body and the
// server's check (D14) all use the same rules and messages.
const resolver: Resolver<InvoiceDraft, unknown, InvoiceCreate> = (values, context, options) =>
  (zodResolver(invoiceCreateSchema) as unknown as Resolver<InvoiceDraft, unknown, InvoiceCreate>)(
    draftPayload(values) as unknown as InvoiceDraft,
    context,
    options,
  );

const sacOptions = [{ value: '', label: 'None' }, ...sacCodes.map((s) => ({ value: s.code, label: `${s.code} · ${s.label}` }))];

// SPEC 2/5 Create Invoice: patient, optional due date, tax % (default 18, step 0.01), items (add/remove,
// the last one kept) with an optional SAC code each (D16), live subtotal / GST / total, optional notes.
export function InvoiceFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateInvoice();
  // PAT-5: the chosen patient's medical alerts, as a warning while billing.
  const [alerts, setAlerts] = useState<string | null>(null);
  useEffect(() => {
    if (open) setAlerts(null);
  }, [open]);
  const { form, errors, save } = useDialogForm({
    open,
    item: null,
    initialValues: defaults,
    resolver,
    serverFields: ['patientId', 'dueDate', 'taxPercentage', 'notes', 'items'],
    onClose,
  });
  const { control } = form;
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const watchedTax = useWatch({ control, name: 'taxPercentage' });
  const totals = draftTotals(watchedItems ?? [], watchedTax ?? '');

  const onSubmit = form.handleSubmit((values) =>
    save(create, values, {
      success: (invoice) => [
        'Invoice created',
        invoice?.invoiceNumber ? `Invoice ${invoice.invoiceNumber} has been created.` : 'The invoice has been created.',
      ],
      failure: 'Error creating invoice',
    }),
  );

  // Item errors come from the schema's paths (items.0.quantity, and items.0.totalPrice for a computed one).
  const itemError = (index: number, key: 'description' | 'quantity' | 'unitPrice' | 'sacCode' | 'totalPrice') =>
    (errors.items?.[index] as Record<string, { message?: string } | undefined> | undefined)?.[key]?.message;

  return (
    <FormDialog open={open} title="Create Invoice" formId="invoice-form" submitLabel="Create Invoice" pending={create.isPending} width={860} onCancel={onClose}>
      <form id="invoice-form" onSubmit={onSubmit} noValidate className="invoice-form">
        <div className="form-grid three">
          <div className="span-2">
            <Field id="invoice-patient" label="Patient" error={errors.patientId?.message} required>
              <Controller
                control={control}
                name="patientId"
                render={({ field }) => (
                  <PatientPicker
                    id="invoice-patient"
                    value={field.value}
                    onChange={field.onChange}
                    onPatient={(p) => setAlerts(p ? medicalAlertsLine(p) : null)}
                    invalid={Boolean(errors.patientId)}
                    describedBy={errors.patientId ? 'invoice-patient-error' : undefined}
                  />
                )}
              />
            </Field>
            <MedicalAlert alerts={alerts} compact />
          </div>
          <TextField control={control} name="dueDate" id="invoice-dueDate" label="Due Date (optional)" type="date" min={clinicToday()} />
          <TextField
            control={control}
            name="taxPercentage"
            id="invoice-taxPercentage"
            label="Tax Percentage (GST %)"
            hint="18 for cosmetic work; 0 for exempt dental care"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
          />
        </div>

        <fieldset className="items-fieldset">
          <legend>Items</legend>
          {typeof errors.items?.message === 'string' && <p className="field-error">{errors.items.message}</p>}
          <div className="item-head" aria-hidden="true">
            <span>Description</span>
            <span>SAC</span>
            <span>Qty</span>
            <span>Unit Price (₹)</span>
            <span>Amount</span>
            <span />
          </div>
          <ol className="item-rows">
            {items.fields.map((item, index) => {
              const n = index + 1;
              const amount = totals?.items[index]?.totalPrice;
              return (
                <li key={item.id} className="item-row" data-testid="invoice-item">
                  <TextField
                    control={control}
                    name={`items.${index}.description`}
                    id={`item-${index}-description`}
                    label={<span className="item-label">Item {n} description</span>}
                    placeholder="e.g. Scaling and polishing"
                  />
                  <Field id={`item-${index}-sacCode`} label={<span className="item-label">Item {n} SAC code</span>} error={itemError(index, 'sacCode')}>
                    <Controller
                      control={control}
                      name={`items.${index}.sacCode`}
                      render={({ field }) => (
                        <Select
                          id={`item-${index}-sacCode`}
                          value={field.value}
                          onChange={field.onChange}
                          options={sacOptions}
                          popupMatchSelectWidth={false}
                          style={{ width: '100%' }}
                        />
                      )}
                    />
                  </Field>
                  <TextField
                    control={control}
                    name={`items.${index}.quantity`}
                    id={`item-${index}-quantity`}
                    label={<span className="item-label">Item {n} quantity</span>}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                  />
                  <TextField
                    control={control}
                    name={`items.${index}.unitPrice`}
                    id={`item-${index}-unitPrice`}
                    label={<span className="item-label">Item {n} unit price</span>}
                    // The computed amount's error shows under the price it comes from.
                    error={itemError(index, 'unitPrice') ?? itemError(index, 'totalPrice')}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    placeholder="0.00"
                  />
                  <p className="item-amount" data-testid="item-amount">
                    <span className="item-label">Item {n} amount: </span>
                    {amount === undefined ? '—' : formatRupeesExact(amount)}
                  </p>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={`Remove item ${n}`}
                    disabled={items.fields.length <= 1}
                    onClick={() => items.remove(index)}
                  />
                </li>
              );
            })}
          </ol>
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => items.append(emptyItem())}>
            Add Item
          </Button>
        </fieldset>

        <div className="invoice-bottom">
          <TextField control={control} name="notes" id="invoice-notes" label="Notes (optional)" rows={3} placeholder="e.g. Payment by UPI accepted" />
          <dl className="invoice-totals" aria-live="polite" aria-label="Invoice totals">
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="invoice-subtotal">{totals ? formatRupeesExact(totals.subtotal) : '—'}</dd>
            </div>
            <div>
              <dt>Tax (GST {watchedTax || DEFAULT_TAX_PERCENTAGE}%)</dt>
              <dd data-testid="invoice-tax">{totals ? formatRupeesExact(totals.taxAmount) : '—'}</dd>
            </div>
            <div className="grand">
              <dt>Total</dt>
              <dd data-testid="invoice-total">{totals ? formatRupeesExact(totals.totalAmount) : '—'}</dd>
            </div>
          </dl>
        </div>
      </form>
    </FormDialog>
  );
}
