import { DeleteOutlined, EditOutlined, PlusOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, Skeleton } from 'antd';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { findingCreateSchema, type FindingEntry } from '../../../../../../shared/schemas/clinical-item';
import { drawLabels, drawOptions, splitNames } from '../../../components/chart-draw-options';
import { ConfirmDialog, useConfirmAction } from '../../../components/confirm-dialog';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { SwitchField, TextField } from '../../../components/form-fields';
import { ErrorState } from '../../../components/list-states';
import { Badge } from '../../../components/status-badge';
import { useToast } from '../../../components/toasts';
import { useItemDialog } from '../../../hooks/use-item-dialog';
import { useDeleteFinding, useFindings, useSaveFinding, type FindingFields } from '../api/clinical-settings';

interface FindingDraft {
  code: string;
  /** Comma-separated, as the owner types them. */
  names: string;
  draw: string;
  takesSurfaces: boolean;
}

const blank = (item: FindingEntry | null): FindingDraft =>
  item ? { code: item.code, names: item.names.join(', '), draw: item.draw, takesSurfaces: Boolean(item.takesSurfaces) } : { code: '', names: '', draw: 'mark', takesSurfaces: false };

const findingFormSchema = z.preprocess((value) => {
  const draft = value as FindingDraft;
  return { ...draft, code: draft.code.trim(), names: splitNames(draft.names) };
}, findingCreateSchema);

function FindingDialog({ open, item, onClose }: { open: boolean; item: FindingEntry | null; onClose: () => void }) {
  const saveFinding = useSaveFinding();
  const { form, errors, save } = useDialogForm<FindingDraft, z.output<typeof findingCreateSchema>, FindingEntry | null>({
    open,
    item,
    initialValues: blank,
    resolver: zodResolver(findingFormSchema as never) as never,
    serverFields: ['code', 'names', 'draw'],
    onClose,
  });
  const { control } = form;
  const code = useWatch({ control, name: 'code' });
  const locked = item?.inUse ?? false;
  const onSubmit = form.handleSubmit((fields) => {
    const finding: FindingFields = { ...fields, retired: item?.retired ?? false };
    save(saveFinding, { isNew: !item, fields: finding }, {
      success: (saved) => [item ? 'Finding updated' : 'Finding added', `Dentists type ${saved.names.map((n) => `“${n}”`).join(' or ')} in the chart's command bar.`],
      failure: item ? 'Error updating finding' : 'Error adding finding',
    });
  });
  return (
    <FormDialog open={open} title={item ? 'Edit Finding' : 'Add Finding'} formId="finding-form" submitLabel={item ? 'Save Changes' : 'Add Finding'} pending={saveFinding.isPending} onCancel={onClose}>
      <form id="finding-form" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField
            control={control}
            name="code"
            id="finding-code"
            label="Code"
            required
            placeholder="e.g. hypoplasia"
            hint={item ? 'A finding keeps its code.' : 'Lower-case letters, digits and dashes; kept on every item.'}
            {...(item ? { readOnly: true } : {})}
          />
          <TextField
            control={control}
            name="names"
            id="finding-names"
            label="Names typed in the command bar"
            required
            placeholder={code ? `e.g. ${code}` : 'e.g. hypoplasia, enamel hypoplasia'}
            hint="Comma-separated; the first is the one shown."
          />
          <Field id="finding-draw" label="Drawn as" error={errors.draw?.message} hint={locked ? 'On patients’ charts: stays as it is.' : undefined}>
            <Controller
              control={control}
              name="draw"
              render={({ field }) => (
                <Select {...fieldAria('finding-draw', errors.draw?.message, locked)} value={field.value} onChange={field.onChange} options={drawOptions} disabled={locked} style={{ width: '100%' }} />
              )}
            />
          </Field>
        </div>
        {locked ? (
          <p className="field-hint">
            {item?.takesSurfaces ? 'Takes surfaces (M O D B L C).' : 'Takes no surfaces.'} It is on patients&rsquo; charts, so how it is drawn and its surfaces stay.
          </p>
        ) : (
          <SwitchField control={control} name="takesSurfaces" id="finding-surfaces" label="Takes surfaces" help="Typed with surfaces, as in 36 DO caries, and drawn on them." />
        )}
      </form>
    </FormDialog>
  );
}

// CHART-16 (owner): the findings the chart's command bar reads. Add, rename, retire (no longer typed, still
// drawn on the charts that have it) or bring back; delete only one no chart uses.
export function FindingsEditor() {
  const list = useFindings();
  const dialog = useItemDialog<FindingEntry>();
  const saveFinding = useSaveFinding();
  const toast = useToast();
  const remove = useConfirmAction({
    mutation: useDeleteFinding(),
    variables: (item: FindingEntry) => item.code,
    success: (item) => ['Finding deleted', `“${item.names[0]}” is no longer on the list.`],
    failure: 'Error deleting finding',
  });
  const setRetired = (item: FindingEntry, retired: boolean) =>
    saveFinding.mutate(
      { isNew: false, fields: { code: item.code, names: item.names, draw: item.draw, takesSurfaces: Boolean(item.takesSurfaces), retired } },
      {
        onSuccess: () =>
          toast.success(
            retired ? 'Finding retired' : 'Finding back in use',
            retired ? `“${item.names[0]}” is no longer typed; charts that have it still show it.` : `Dentists can record “${item.names[0]}” again.`,
          ),
        onError: (err) => toast.failure('Error changing finding', err),
      },
    );
  return (
    <section className="panel settings-panel findings-panel" aria-labelledby="findings-heading">
      <div className="panel-heading">
        <h2 id="findings-heading">Chart Findings</h2>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={dialog.openNew}>
          Add Finding
        </Button>
      </div>
      <p className="muted">What a dentist records as found on a tooth, by the names typed in the chart&rsquo;s command bar (36 DO caries). A finding on patients&rsquo; charts is retired, not deleted.</p>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.isError ? (
        <ErrorState text="Unable to load the findings." />
      ) : (
        <ul className="finding-list" aria-label="Findings">
          {list.data.map((item) => (
            <li key={item.code} className={item.retired ? 'finding-row retired' : 'finding-row'} data-testid="finding-row">
              <div className="finding-main">
                <p className="row-title">
                  {item.names[0]} {item.retired && <Badge tone="grey">Retired</Badge>}
                </p>
                <p className="row-meta">
                  <span>
                    Typed: <code>{item.names.join(', ')}</code>
                  </span>
                  <span>{drawLabels[item.draw]}</span>
                  {item.takesSurfaces && <span>Surfaces</span>}
                  <span>{item.inUse ? 'On charts' : 'Not on any chart'}</span>
                </p>
              </div>
              <div className="row-actions">
                <Button icon={<EditOutlined aria-hidden="true" />} aria-label={`Edit ${item.names[0]}`} onClick={() => dialog.openEdit(item)} />
                {item.retired ? (
                  <Button icon={<RollbackOutlined aria-hidden="true" />} onClick={() => setRetired(item, false)} aria-label={`Bring back ${item.names[0]}`}>
                    Bring back
                  </Button>
                ) : (
                  <Button icon={<StopOutlined aria-hidden="true" />} onClick={() => setRetired(item, true)} aria-label={`Retire ${item.names[0]}`}>
                    Retire
                  </Button>
                )}
                {!item.inUse && <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete ${item.names[0]}`} onClick={() => remove.ask(item)} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      <FindingDialog open={dialog.open} item={dialog.item} onClose={dialog.close} />
      <ConfirmDialog {...remove.dialogProps} title="Delete finding?" confirmLabel="Delete" cancelLabel="Keep">
        {remove.item && (
          <p>
            Delete <strong>{remove.item.names[0]}</strong>? No chart has it, so nothing else changes.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
