import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, Skeleton } from 'antd';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { GST_RATES, sacCodes } from '../../../../../../shared/constants/invoice';
import { formatRupeesExact } from '../../../../../../shared/domain/money';
import { priceListItemSchema, type PriceListItem, type PriceListItemFields } from '../../../../../../shared/schemas/price-list';
import { Badge } from '../../../components/status-badge';
import { ConfirmDialog, useConfirmAction } from '../../../components/confirm-dialog';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { SwitchField, TextField } from '../../../components/form-fields';
import { drawLabels, drawOptions, splitNames } from '../../../components/chart-draw-options';
import { ErrorState } from '../../../components/list-states';
import { useItemDialog } from '../../../hooks/use-item-dialog';
import { useDeletePriceListItem, usePriceList, useSavePriceListItem } from '../../../api/price-list';
import '../../invoices/billing.css';

interface ChartDraft {
  code: string;
  /** The names a dentist types, comma-separated. */
  names: string;
  draw: string;
  takesSurfaces: boolean;
  spansTeeth: boolean;
  multiSitting: boolean;
}

interface PriceDraft {
  name: string;
  defaultPrice: string;
  sacCode: string;
  taxRate: string;
  isActive: boolean;
  order: string;
  /** CHART-17: recorded on the chart from the command bar. */
  charted: boolean;
  chart: ChartDraft;
}

const blankChart: ChartDraft = { code: '', names: '', draw: 'mark', takesSurfaces: false, spansTeeth: false, multiSitting: false };

const blank = (item: PriceListItem | null): PriceDraft =>
  item
    ? {
        name: item.name,
        defaultPrice: String(item.defaultPrice),
        sacCode: item.sacCode ?? '',
        taxRate: String(item.taxRate),
        isActive: item.isActive,
        order: String(item.order),
        charted: item.chart !== null,
        chart: item.chart ? { ...item.chart, names: item.chart.names.join(', ') } : blankChart,
      }
    : { name: '', defaultPrice: '', sacCode: '', taxRate: '0', isActive: true, order: '0', charted: false, chart: blankChart };

/** The dialog's draft as the API takes it: the chart fields only when charted, the names split (CHART-17). */
const priceFormSchema = z.preprocess((value) => {
  const draft = value as PriceDraft;
  const { charted, chart, ...rest } = draft;
  return { ...rest, chart: charted ? { ...chart, code: chart.code.trim(), names: splitNames(chart.names) } : null };
}, priceListItemSchema);

const sacOptions = [{ value: '', label: 'None' }, ...sacCodes.map((s) => ({ value: s.code, label: `${s.code} · ${s.label}` }))];
const rateOptions = GST_RATES.map((r) => ({ value: String(r), label: r === 0 ? '0% (exempt or nil)' : `${r}%` }));

function PriceListDialog({ open, item, onClose }: { open: boolean; item: PriceListItem | null; onClose: () => void }) {
  const saveItem = useSavePriceListItem();
  const { form, errors, save } = useDialogForm<PriceDraft, PriceListItemFields, PriceListItem | null>({
    open,
    item,
    initialValues: blank,
    resolver: zodResolver(priceFormSchema as never) as never,
    serverFields: ['name', 'defaultPrice', 'sacCode', 'taxRate', 'order'],
    onClose,
  });
  const { control } = form;
  const charted = useWatch({ control, name: 'charted' });
  const onCharts = item?.onCharts ?? false;
  const title = item ? 'Edit Treatment' : 'Add Treatment';
  const onSubmit = form.handleSubmit((fields) =>
    save(saveItem, { id: item?.id ?? null, fields }, {
      success: (saved) => [item ? 'Price list updated' : 'Treatment added', `${saved.name} is ${saved.isActive ? 'offered' : 'kept, not offered,'} on invoices.`],
      failure: item ? 'Error updating price list' : 'Error adding treatment',
    }),
  );
  const select = (name: 'sacCode' | 'taxRate', id: string, label: string, options: { value: string; label: string }[]) => (
    <Field id={id} label={label} error={errors[name]?.message}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select {...fieldAria(id, errors[name]?.message)} value={field.value} onChange={field.onChange} options={options} style={{ width: '100%' }} />
        )}
      />
    </Field>
  );
  return (
    <FormDialog open={open} title={title} formId="price-list-form" submitLabel={item ? 'Save Changes' : 'Add Treatment'} pending={saveItem.isPending} onCancel={onClose}>
      <form id="price-list-form" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <div className="span-2">
            <TextField control={control} name="name" id="price-name" label="Treatment" required placeholder="e.g. Teeth whitening" />
          </div>
          <TextField control={control} name="defaultPrice" id="price-defaultPrice" label="Default price (₹)" required type="number" inputMode="decimal" min={0} step={0.01} />
          {select('taxRate', 'price-taxRate', 'GST rate', rateOptions)}
          {select('sacCode', 'price-sacCode', 'SAC code', sacOptions)}
          <TextField control={control} name="order" id="price-order" label="Order in the list" type="number" inputMode="numeric" min={0} step={1} />
        </div>
        <SwitchField control={control} name="isActive" id="price-isActive" label="Offered on invoices" help="An entry that is not offered stays here but is left out of the invoice form's list." />
        <fieldset className="price-chart-fields">
          <legend>On the chart</legend>
          {onCharts ? (
            <p className="field-hint">This treatment is on patients&rsquo; charts: its code and how it is drawn stay; its names and sittings may change.</p>
          ) : (
            <SwitchField control={control} name="charted" id="price-charted" label="Recorded on the chart" help="Dentists record it on a tooth from the chart's command bar, by the names below." />
          )}
          {charted && (
            <div className="form-grid">
              <TextField control={control} name="chart.code" id="price-chart-code" label="Chart code" required placeholder="e.g. rct" {...(onCharts ? { readOnly: true } : {})} />
              <Field id="price-chart-draw" label="Drawn as" error={errors.chart?.draw?.message}>
                <Controller
                  control={control}
                  name="chart.draw"
                  render={({ field }) => (
                    <Select {...fieldAria('price-chart-draw', errors.chart?.draw?.message)} value={field.value} onChange={field.onChange} options={drawOptions} disabled={onCharts} style={{ width: '100%' }} />
                  )}
                />
              </Field>
              <div className="span-2">
                <TextField control={control} name="chart.names" id="price-chart-names" label="Names typed in the command bar" required hint="Comma-separated, e.g. rct, root canal" />
              </div>
              <div className="price-chart-switches span-2">
                <CheckField control={control} name="chart.takesSurfaces" id="price-chart-surfaces" label="Takes surfaces (M O D B L C)" disabled={onCharts} />
                <CheckField control={control} name="chart.spansTeeth" id="price-chart-spans" label="One item over several teeth (a bridge)" disabled={onCharts} />
                <CheckField control={control} name="chart.multiSitting" id="price-chart-sittings" label="Usually takes several sittings" />
              </div>
            </div>
          )}
        </fieldset>
      </form>
    </FormDialog>
  );
}

/** A labelled checkbox bound to the form (the chart's yes/no fields). */
function CheckField({ control, name, id, label, disabled }: { control: Control<PriceDraft, unknown, PriceListItemFields>; name: 'chart.takesSurfaces' | 'chart.spansTeeth' | 'chart.multiSitting'; id: string; label: string; disabled?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className="check-field" htmlFor={id}>
          <input id={id} type="checkbox" checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />
          {label}
        </label>
      )}
    />
  );
}

// INV-27 (owner): the treatments the clinic bills, offered by the invoice form: name, default price, SAC
// and GST rate; add, edit, remove. Invoices keep the items they copied.
export function PriceListEditor() {
  const list = usePriceList(false);
  const dialog = useItemDialog<PriceListItem>();
  const remove = useConfirmAction({
    mutation: useDeletePriceListItem(),
    variables: (item: PriceListItem) => item.id,
    success: (item) => ['Treatment removed', `${item.name} is no longer on the price list.`],
    failure: 'Error removing treatment',
  });
  return (
    <section className="panel settings-panel price-list-panel" aria-labelledby="price-list-heading">
      <div className="panel-heading">
        <h2 id="price-list-heading">Price List</h2>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={dialog.openNew}>
          Add Treatment
        </Button>
      </div>
      <p className="muted">
        The treatments offered by &ldquo;Add from price list&rdquo; when creating an invoice. Dental care is exempt (SAC 999312, 0%); cosmetic work is taxed (SAC 999722, 18%). A treatment with a
        chart code is recorded on teeth from the chart&rsquo;s command bar by its names.
      </p>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.isError ? (
        <ErrorState text="Unable to load the price list." />
      ) : list.data.length === 0 ? (
        <p className="muted">No treatments yet.</p>
      ) : (
        <ul className="price-list" aria-label="Price list">
          {list.data.map((item) => (
            <li key={item.id} className="price-row" data-testid="price-row">
              <div className="price-main">
                <p className="row-title">
                  {item.name} {!item.isActive && <Badge tone="grey">Not offered</Badge>}
                </p>
                <p className="row-meta">
                  <span>{formatRupeesExact(item.defaultPrice)}</span>
                  <span>GST {item.taxRate}%</span>
                  <span>{item.sacCode ? `SAC ${item.sacCode}` : 'No SAC'}</span>
                  {item.chart && (
                    <span title={`Drawn as: ${drawLabels[item.chart.draw]}`}>
                      Chart: <code>{item.chart.names.join(', ')}</code>
                      {item.chart.multiSitting && ' · several sittings'}
                    </span>
                  )}
                </p>
              </div>
              <div className="row-actions">
                <Button icon={<EditOutlined aria-hidden="true" />} aria-label={`Edit ${item.name}`} onClick={() => dialog.openEdit(item)} />
                <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Remove ${item.name}`} onClick={() => remove.ask(item)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PriceListDialog open={dialog.open} item={dialog.item} onClose={dialog.close} />
      <ConfirmDialog {...remove.dialogProps} title="Remove treatment?" confirmLabel="Remove" cancelLabel="Keep">
        {remove.item && (
          <p>
            Remove <strong>{remove.item.name}</strong> from the price list? Invoices already issued keep their items.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
