import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input, Select } from 'antd';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { DEFAULT_TAX_PERCENTAGE, sacCodes } from '../../../../../../shared/constants/invoice';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatRupeesExact } from '../../../../../../shared/domain/money';
import { invoiceCreateSchema, type InvoiceCreate } from '../../../../../../shared/schemas/invoice';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../components/server-errors';
import { useToast } from '../../../components/use-toast';
import { useCreateInvoice } from '../api/create-invoice';
import { draftPayload, draftTotals, emptyItem, type InvoiceDraft } from './invoice-figures';
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
  const toast = useToast();
  const create = useCreateInvoice();
  const form = useForm<InvoiceDraft, unknown, InvoiceCreate>({ resolver, defaultValues: defaults() });
  const { errors } = form.formState;
  const items = useFieldArray({ control: form.control, name: 'items' });
  const watchedItems = useWatch({ control: form.control, name: 'items' });
  const watchedTax = useWatch({ control: form.control, name: 'taxPercentage' });
  const totals = draftTotals(watchedItems ?? [], watchedTax ?? '');

  useEffect(() => {
    if (open) form.reset(defaults());
  }, [open, form]);

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (invoice) => {
        toast.success('Invoice created', invoice?.invoiceNumber ? `Invoice ${invoice.invoiceNumber} has been created.` : 'The invoice has been created.');
        onClose();
      },
      onError: (err) => {
        applyServerFieldErrors(err, form.setError, ['patientId', 'dueDate', 'taxPercentage', 'notes', 'items']);
        toast.failure('Error creating invoice', err);
      },
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
                control={form.control}
                name="patientId"
                render={({ field }) => (
                  <PatientPicker
                    id="invoice-patient"
                    value={field.value}
                    onChange={field.onChange}
                    invalid={Boolean(errors.patientId)}
                    describedBy={errors.patientId ? 'invoice-patient-error' : undefined}
                  />
                )}
              />
            </Field>
          </div>
          <Field id="invoice-dueDate" label="Due Date (optional)" error={errors.dueDate?.message}>
            <Controller
              control={form.control}
              name="dueDate"
              render={({ field }) => (
                <Input {...field} {...fieldAria('invoice-dueDate', errors.dueDate?.message)} type="date" min={clinicToday()} />
              )}
            />
          </Field>
          <Field id="invoice-taxPercentage" label="Tax Percentage (GST %)" error={errors.taxPercentage?.message} hint="18 for cosmetic work; 0 for exempt dental care">
            <Controller
              control={form.control}
              name="taxPercentage"
              render={({ field }) => (
                <Input
                  {...field}
                  {...fieldAria('invoice-taxPercentage', errors.taxPercentage?.message, true)}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step={0.01}
                />
              )}
            />
          </Field>
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
                  <Field id={`item-${index}-description`} label={<span className="item-label">Item {n} description</span>} error={itemError(index, 'description')}>
                    <Controller
                      control={form.control}
                      name={`items.${index}.description`}
                      render={({ field }) => (
                        <Input {...field} {...fieldAria(`item-${index}-description`, itemError(index, 'description'))} placeholder="e.g. Scaling and polishing" />
                      )}
                    />
                  </Field>
                  <Field id={`item-${index}-sacCode`} label={<span className="item-label">Item {n} SAC code</span>} error={itemError(index, 'sacCode')}>
                    <Controller
                      control={form.control}
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
                  <Field id={`item-${index}-quantity`} label={<span className="item-label">Item {n} quantity</span>} error={itemError(index, 'quantity')}>
                    <Controller
                      control={form.control}
                      name={`items.${index}.quantity`}
                      render={({ field }) => (
                        <Input {...field} {...fieldAria(`item-${index}-quantity`, itemError(index, 'quantity'))} type="number" inputMode="numeric" min={1} step={1} />
                      )}
                    />
                  </Field>
                  <Field id={`item-${index}-unitPrice`} label={<span className="item-label">Item {n} unit price</span>} error={itemError(index, 'unitPrice') ?? itemError(index, 'totalPrice')}>
                    <Controller
                      control={form.control}
                      name={`items.${index}.unitPrice`}
                      render={({ field }) => (
                        <Input
                          {...field}
                          {...fieldAria(`item-${index}-unitPrice`, itemError(index, 'unitPrice'))}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step={0.01}
                          placeholder="0.00"
                        />
                      )}
                    />
                  </Field>
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
          <Field id="invoice-notes" label="Notes (optional)" error={errors.notes?.message}>
            <Controller
              control={form.control}
              name="notes"
              render={({ field }) => (
                <Input.TextArea {...field} {...fieldAria('invoice-notes', errors.notes?.message)} rows={3} placeholder="e.g. Payment by UPI accepted" />
              )}
            />
          </Field>
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
