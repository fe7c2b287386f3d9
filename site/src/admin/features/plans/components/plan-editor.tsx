import { Alert, Button, Checkbox, Input, InputNumber, Skeleton } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../../../../shared/domain/dates';
import { PLAN_LIMITS, type TreatmentPlan } from '../../../../../../shared/schemas/treatment-plan';
import { formatAmount } from '../../../components/amount';
import { useToast } from '../../../components/toasts';
import { usePlannedItems, usePlanPreview, useUpdatePlan, type PlanOptionInput } from '../api/plans';
import { OptionPreview } from './option-preview';

// PLAN-1, PLAN-3, PLAN-4, PLAN-8: a plan changed from its card: the title, each option's items (those of the
// plan and the chart's other planned items), each item's price, discount and visit, the option's discount;
// an option added (the first free letter) or removed (while another stays).
// Saving writes the next version, proposed; an accepted plan's patient signs again, and the signed version
// stays as it was.

/** Options are named A, B, C... (PLAN_MESSAGES.optionName), at most PLAN_LIMITS.options of them. */
const OPTION_LETTERS = 'ABCDEFGHIJ'.slice(0, PLAN_LIMITS.options).split('');

interface Candidate {
  itemId: number;
  label: string;
}

interface LineDraft {
  on: boolean;
  unitPrice: number | null;
  discount: number;
  visit: number;
}

type OptionDraft = { name: string; discount: number; lines: Record<number, LineDraft>; visits: { label?: string; minutes?: number }[] };

function draftOf(plan: TreatmentPlan): OptionDraft[] {
  return plan.options.map((o) => ({
    name: o.name,
    discount: o.discount,
    lines: Object.fromEntries(o.items.map((l) => [l.itemId, { on: true, unitPrice: l.unitPrice, discount: l.discount, visit: l.visit }])),
    visits: o.visits.map((v) => ({ label: v.label || undefined, minutes: v.minutes })),
  }));
}

/** The text that says what saving does (PLAN-8). */
export function versionNotice(plan: TreatmentPlan): string {
  const next = plan.version + 1;
  if (plan.acceptance) {
    return `This makes version ${next}; the patient signs again. Version ${plan.version}, signed by ${plan.acceptance.signedBy} on ${formatDate(plan.acceptance.acceptedAt)}, stays as it was signed.`;
  }
  return `This makes version ${next}, proposed to the patient.`;
}

/** The options as the API takes them, items in `order`. */
function bodyOf(options: OptionDraft[], order: number[]): PlanOptionInput[] {
  return options.map((opt) => {
    const chosen = order.filter((itemId) => opt.lines[itemId]?.on);
    return {
      name: opt.name,
      itemIds: chosen,
      discount: opt.discount || undefined,
      lines: chosen.map((itemId) => {
        const l = opt.lines[itemId];
        return { itemId, visit: l.visit, discount: l.discount || undefined, ...(l.unitPrice === null ? {} : { unitPrice: l.unitPrice }) };
      }),
      visits: opt.visits,
    };
  });
}

export function PlanEditor({ plan, onDone }: { plan: TreatmentPlan; onDone: () => void }) {
  const planned = usePlannedItems(plan.patientId);
  const update = useUpdatePlan();
  const toast = useToast();
  const [title, setTitle] = useState(plan.title);
  const [options, setOptions] = useState<OptionDraft[]>(() => draftOf(plan));
  const [problem, setProblem] = useState<string | null>(null);

  const before = (name: string) => plan.options.find((o) => o.name === name)?.total;
  // PLAN-24: the options priced live as they stand (the plan's items in their order, then the chart's).
  const order = [...new Set([...plan.options.flatMap((o) => o.items.map((l) => l.itemId)), ...(planned.data ?? []).map((i) => i.id)])];
  const preview = usePlanPreview(plan.patientId, plan.id, bodyOf(options, order));

  if (planned.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (planned.isError) return <Alert type="error" message="Unable to load the chart's planned items." />;

  // The plan's own items first (in the order of its options), then the chart's other planned items.
  const candidates: Candidate[] = [];
  const seen = new Set<number>();
  for (const o of plan.options)
    for (const l of o.items)
      if (!seen.has(l.itemId)) {
        seen.add(l.itemId);
        candidates.push({ itemId: l.itemId, label: `${l.teeth.join(' ')} ${l.description}` });
      }
  for (const item of planned.data)
    if (!seen.has(item.id)) {
      seen.add(item.id);
      candidates.push({ itemId: item.id, label: `${item.teeth.join(' ')} ${item.code}` });
    }

  const setLine = (o: number, itemId: number, change: Partial<LineDraft>) =>
    setOptions((all) =>
      all.map((opt, i) =>
        i === o ? { ...opt, lines: { ...opt.lines, [itemId]: { ...(opt.lines[itemId] ?? { on: false, unitPrice: null, discount: 0, visit: 1 }), ...change } } } : opt,
      ),
    );

  const nextName = OPTION_LETTERS.find((letter) => !options.some((o) => o.name === letter));
  const addOption = () => nextName && setOptions((all) => [...all, { name: nextName, discount: 0, lines: {}, visits: [] }]);
  const removeOption = (name: string) => setOptions((all) => all.filter((o) => o.name !== name));

  const submit = () => {
    const body = bodyOf(options, candidates.map((c) => c.itemId));
    if (!title.trim()) return setProblem('Please give the plan a title');
    const empty = body.find((o) => o.itemIds.length === 0);
    if (empty) return setProblem(`Choose at least one planned item for option ${empty.name}`);
    setProblem(null);
    update.mutate(
      { id: plan.id, title: title.trim(), options: body },
      {
        onSuccess: (saved) => {
          toast.success('Plan changed', `Version ${saved.version} is proposed${plan.acceptance ? ': the patient signs again' : ''}.`);
          onDone();
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  return (
    <section className="plan-editor" aria-label={`Change ${plan.title}`}>
      <Alert type={plan.acceptance ? 'warning' : 'info'} showIcon message={versionNotice(plan)} className="plan-version-notice" />
      <label className="field-label" htmlFor={`plan-${plan.id}-title`}>
        Title
      </label>
      <Input id={`plan-${plan.id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      <div className="plan-option-editors">
        {options.map((opt, o) => (
          <fieldset key={opt.name} className="plan-option-editor">
            <legend>Option {opt.name}</legend>
            {candidates.map((c) => {
              const line = opt.lines[c.itemId];
              const on = Boolean(line?.on);
              const of = `${c.label} in option ${opt.name}`;
              return (
                <div key={c.itemId} className={`plan-edit-line${on ? ' is-on' : ''}`}>
                  <Checkbox checked={on} onChange={(e) => setLine(o, c.itemId, { on: e.target.checked })}>
                    {c.label}
                  </Checkbox>
                  {on && (
                    <div className="plan-edit-figures">
                      <label>
                        Price ₹
                        <InputNumber
                          size="small"
                          min={0}
                          max={10_000_000}
                          value={line.unitPrice}
                          placeholder="List price"
                          aria-label={`Price of ${of}`}
                          onChange={(v) => setLine(o, c.itemId, { unitPrice: v === null ? null : Number(v) })}
                        />
                      </label>
                      <label>
                        Discount ₹
                        <InputNumber size="small" min={0} max={10_000_000} value={line.discount} aria-label={`Discount of ${of}`} onChange={(v) => setLine(o, c.itemId, { discount: Number(v) || 0 })} />
                      </label>
                      <label>
                        Visit
                        <InputNumber size="small" min={1} max={20} value={line.visit} aria-label={`Visit of ${of}`} onChange={(v) => setLine(o, c.itemId, { visit: Number(v) || 1 })} />
                      </label>
                    </div>
                  )}
                </div>
              );
            })}
            <label className="plan-visit-input">
              Plan discount ₹{' '}
              <InputNumber
                min={0}
                max={10_000_000}
                value={opt.discount}
                aria-label={`Plan discount of option ${opt.name}`}
                onChange={(v) => setOptions((all) => all.map((x, i) => (i === o ? { ...x, discount: Number(v) || 0 } : x)))}
              />
            </label>
            <OptionPreview option={preview.data?.options.find((x) => x.name === opt.name)} error={preview.isError ? preview.error.message : null} />
            <p className="muted small">{before(opt.name) === undefined ? 'A new option' : `Version ${plan.version}: ${formatAmount(before(opt.name)!)}`}</p>
            {options.length > 1 && (
              <Button size="small" onClick={() => removeOption(opt.name)}>
                Remove option {opt.name}
              </Button>
            )}
          </fieldset>
        ))}
      </div>
      {nextName && <Button onClick={addOption}>Add option {nextName}</Button>}
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      <div className="row-actions">
        <Button type="primary" loading={update.isPending} onClick={submit}>
          Save version {plan.version + 1}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </section>
  );
}
