import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select } from 'antd';
import { Controller, useFieldArray, useWatch, type Resolver } from 'react-hook-form';
import { GST_RATES, sacCodes } from '../../../../../../shared/constants/invoice';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatDate } from '../../../../../../shared/domain/dates';
import { invoiceKindTitle } from '../../../../../../shared/domain/invoice-kind';
import { formatAmount } from '../../../components/amount';
import { invoiceCreateSchema, type InvoiceCreate } from '../../../../../../shared/schemas/invoice';
import { defaultTaxPercentage } from '../../../../../../shared/schemas/site-setting';
import { Field } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { usePriceList } from '../../../api/price-list';
import { usePatient } from '../../../api/get-patient';
import { Link } from 'react-router-dom';
import { timeSlotLabel, treatmentLabel } from '../../../../../../shared/constants/booking';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { priceEntryForTreatment } from '../../../../../../shared/domain/front-desk-day';
import { useSiteSetting } from '../../../api/get-site-setting';
import { useCreateInvoice } from '../api/create-invoice';
import { draftPayload, draftTotals, emptyItem, isBlankItem, priceListDraft, type InvoiceDraft } from './invoice-figures';
import { LiveTaxFigures } from './live-tax-figures';
import { MedicalAlert } from '../../../components/medical-alert';
import { PatientPicker } from '../../../components/patient-picker';
import '../billing.css';
import { clockNow } from '../../../../lib/clock';

/** DESK-15: the visit "Bill this visit" bills: its patient (null when the booking has none yet) and treatment. */
export interface BillVisit {
  appointmentId: number;
  patientId: number | null;
  /** The name on the booking, shown when it has no patient to pick. */
  name: string;
  /** A booking treatment code. */
  treatment: string;
  /** The visit's date and time, as the row shows them. */
  when: string;
  /** The invoice that already bills it, if any (a second one is warned about, not refused). */
  invoiceId: number | null;
}

/** The visit of an appointment row, for "Bill this visit". */
export function billVisitOf(a: Appointment): BillVisit {
  return {
    appointmentId: a.id,
    patientId: a.patientId,
    name: `${a.firstName} ${a.lastName}`.trim(),
    treatment: a.treatment,
    when: `${formatDate(a.preferredDate)} at ${timeSlotLabel(a.preferredTime)}`,
    invoiceId: a.invoiceId,
  };
}

// INV-7, INV-39: the tax percentage starts at the clinic's default (18 until the owner sets another).
const defaults = (visit: BillVisit | null, taxPercentage: number): InvoiceDraft => ({
  patientId: visit?.patientId ?? null,
  appointmentId: visit?.appointmentId ?? null,
  dueDate: '',
  taxPercentage: String(taxPercentage),
  notes: '',
  items: [emptyItem()],
});

// The shared schema reads the draft with its computed figures, so the form, the POST body and the
// server's check (INV-8) all use the same rules and messages.
function draftResolver(figures: () => { registered: boolean }): Resolver<InvoiceDraft, unknown, InvoiceCreate> {
  return (values, context, options) =>
    (zodResolver(invoiceCreateSchema) as unknown as Resolver<InvoiceDraft, unknown, InvoiceCreate>)(
      draftPayload(values, figures().registered) as unknown as InvoiceDraft,
      context,
      options,
    );
}

const sacOptions = [{ value: '', label: 'None' }, ...sacCodes.map((s) => ({ value: s.code, label: `${s.code} · ${s.label}` }))];

// INV-4, INV-6, INV-7 Create Invoice: patient, optional due date, tax % (the clinic's default, 18 unless the
// owner set another, INV-39; step 0.01; the rate of items left at "Default", typed ones included, INV-38), items (add/remove, the last one kept; or added from the price list, INV-23) each with an
// optional SAC code and a GST rate (INV-20), then the document's kind and the tax by rate live (INV-19),
// and optional notes.
export function InvoiceFormDialog({
  open,
  onClose,
  visit = null,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** DESK-15: bill this visit: the patient and the visit's treatment from the price list are filled in. */
  visit?: BillVisit | null;
  onCreated?: (invoice: { id: number }) => void;
}) {
  const create = useCreateInvoice();
  // INV-19: the clinic is registered when it has a GSTIN (the receptionist may read it too).
  const gstin = useSiteSetting('gstin');
  const registered = gstin.data ? Boolean(gstin.data.value) : true;
  // INV-39: the clinic's default tax percentage (18 while unset or still loading).
  const clinicTax = useSiteSetting('invoice.defaultTaxPercentage');
  const taxDefault = defaultTaxPercentage(clinicTax.data?.value);
  const figuresRef = useRef({ registered });
  figuresRef.current = { registered };
  const [resolver] = useState(() => draftResolver(() => figuresRef.current));
  // PAT-5: the chosen patient's medical alerts, as a warning while billing.
  // DATA-11: the chosen patient's id; the banner reads their medical history (an audited read).
  const [alertsOf, setAlertsOf] = useState<number | null>(null);
  useEffect(() => {
    if (open) setAlertsOf(null);
  }, [open]);
  const { form, errors, save } = useDialogForm({
    open,
    item: visit,
    initialValues: (v) => defaults(v, taxDefault),
    resolver,
    serverFields: ['patientId', 'dueDate', 'taxPercentage', 'notes', 'items'],
    onClose,
  });
  const { control } = form;
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const watchedTax = useWatch({ control, name: 'taxPercentage' });
  const totals = draftTotals(watchedItems ?? [], watchedTax ?? '', registered);
  const priceList = usePriceList(true, open);
  const defaultRate = watchedTax || String(taxDefault);
  // The clinic's default arriving after the dialog opened fills the field, unless it was already changed.
  useEffect(() => {
    if (open && !form.getFieldState('taxPercentage').isDirty) form.setValue('taxPercentage', String(taxDefault));
  }, [open, taxDefault, form]);
  // DESK-15: the visit's patient, shown in the picker once loaded.
  const visitPatient = usePatient(open && visit?.patientId ? visit.patientId : null);
  // DESK-16: the visit's treatment from the price list, filled in once per opening when the list arrives.
  const filledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!open) {
      filledFor.current = null;
      return;
    }
    if (!visit || !priceList.data || filledFor.current === visit.appointmentId) return;
    filledFor.current = visit.appointmentId;
    const entry = priceEntryForTreatment(visit.treatment, priceList.data);
    if (entry) form.setValue('items', [priceListDraft(entry)]);
  }, [open, visit, priceList.data, form]);
  useEffect(() => {
    if (visitPatient.data) setAlertsOf(visitPatient.data.id);
  }, [visitPatient.data]);
  // "Default": the item takes the tax % (INV-20), one typed by hand included (INV-38).
  // The option stays short (it sits in a narrow column); the hint under the tax % says what Default means.
  const rateOptions = [{ value: '', label: `Default (${defaultRate}%)` }, ...GST_RATES.map((r) => ({ value: String(r), label: `${r}%` }))];

  const addFromPriceList = (id: number) => {
    const entry = priceList.data?.find((p) => p.id === id);
    if (!entry) return;
    const draft = priceListDraft(entry);
    const current = form.getValues('items');
    const last = current.length - 1;
    // A blank last row is filled rather than left empty above the new one.
    if (last >= 0 && isBlankItem(current[last])) items.update(last, draft);
    else items.append(draft);
  };

  const onSubmit = form.handleSubmit((values) =>
    save(create, values, {
      success: (invoice) => {
        if (invoice) onCreated?.(invoice);
        return [
        'Invoice created',
        invoice?.invoiceNumber ? `Invoice ${invoice.invoiceNumber} has been created.` : 'The invoice has been created.',
        ];
      },
      failure: 'Error creating invoice',
    }),
  );

  // Item errors come from the schema's paths (items.0.quantity, and items.0.totalPrice for a computed one).
  const itemError = (index: number, key: 'description' | 'quantity' | 'unitPrice' | 'sacCode' | 'taxRate' | 'totalPrice') =>
    (errors.items?.[index] as Record<string, { message?: string } | undefined> | undefined)?.[key]?.message;

  return (
    <FormDialog
      open={open}
      title={visit ? 'Bill this visit' : 'Create Invoice'}
      formId="invoice-form"
      submitLabel="Create Invoice"
      pending={create.isPending}
      width={980}
      onCancel={onClose}
    >
      <form id="invoice-form" onSubmit={onSubmit} noValidate className="invoice-form">
        {visit && (
          <div className="visit-bill-note" role="note">
            <p>
              {visit.name}&apos;s visit, {visit.when}: {treatmentLabel(visit.treatment)}.
            </p>
            {!visit.patientId && <p>This booking is not linked to a patient record: choose {visit.name} below (or add them in Patients first).</p>}
            {visit.invoiceId && (
              <p className="visit-billed-warning">
                This visit is already billed (<Link to={`/invoices/${visit.invoiceId}/print`}>view that invoice</Link>). Creating this invoice bills it a second time.
              </p>
            )}
          </div>
        )}
        <div className="form-grid three">
          <div className="span-2">
            <Field id="invoice-patient" label="Patient" error={errors.patientId?.message} required>
              <Controller
                control={control}
                name="patientId"
                render={({ field }) => (
                  <PatientPicker
                    key={visitPatient.data ? `patient-${visitPatient.data.id}` : 'none'}
                    initialPatient={visitPatient.data ?? null}
                    id="invoice-patient"
                    value={field.value}
                    onChange={field.onChange}
                    onPatient={(p) => setAlertsOf(p ? p.id : null)}
                    invalid={Boolean(errors.patientId)}
                    describedBy={errors.patientId ? 'invoice-patient-error' : undefined}
                  />
                )}
              />
            </Field>
            {alertsOf !== null && <MedicalAlert patientId={alertsOf} compact />}
          </div>
          <TextField control={control} name="dueDate" id="invoice-dueDate" label="Due Date (optional)" type="date" min={clinicToday(clockNow())} />
          <TextField
            control={control}
            name="taxPercentage"
            id="invoice-taxPercentage"
            label="Tax Percentage (GST %)"
            hint="The GST rate of every item left at Default, items typed by hand included"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
          />
          <div className="span-2">
            <Field id="invoice-price-list" label="Add from price list" hint="Adds the treatment with its price, SAC and GST rate; you can still type any item.">
              <Select<number>
                id="invoice-price-list"
                aria-describedby="invoice-price-list-hint"
                placeholder="Choose a treatment"
                value={null}
                loading={priceList.isPending}
                options={(priceList.data ?? []).map((p) => ({
                  value: p.id,
                  label: `${p.name} · ${formatAmount(p.defaultPrice)} · GST ${p.taxRate}%`,
                }))}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(id) => addFromPriceList(id)}
                notFoundContent={priceList.isError ? 'Unable to load the price list' : 'No treatments found'}
                style={{ width: '100%' }}
              />
            </Field>
          </div>
        </div>

        <fieldset className="items-fieldset">
          <legend>Items</legend>
          {typeof errors.items?.message === 'string' && <p className="field-error">{errors.items.message}</p>}
          <div className="item-head" aria-hidden="true">
            <span>Description</span>
            <span>SAC</span>
            <span>GST</span>
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
                  <Field id={`item-${index}-taxRate`} label={<span className="item-label">Item {n} GST rate</span>} error={itemError(index, 'taxRate')}>
                    <Controller
                      control={control}
                      name={`items.${index}.taxRate`}
                      render={({ field }) => (
                        <Select
                          id={`item-${index}-taxRate`}
                          value={field.value}
                          onChange={field.onChange}
                          options={rateOptions}
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
                    {amount === undefined ? '—' : formatAmount(amount)}
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
          <LiveTaxFigures totals={totals} kindTitle={totals ? invoiceKindTitle(totals.kind) : null} registered={registered} />
        </div>
      </form>
    </FormDialog>
  );
}
