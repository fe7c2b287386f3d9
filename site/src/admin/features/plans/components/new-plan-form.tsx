import { Alert, Button, Checkbox, Input, InputNumber, Skeleton } from 'antd';
import { useState } from 'react';
import { useToast } from '../../../components/toasts';
import { usePlannedItems, usePlanPreview, useCreatePlan, type PlanOptionInput } from '../api/plans';
import { OptionPreview } from './option-preview';

// PLAN-1, PLAN-3, PLAN-4: a plan from the patient's planned procedures: a title, and for each option
// (A, B) the items it includes, each in a visit; a plan discount per option. Prices come from the price
// list on the server, shown live as items are chosen (PLAN-24).

const NAMES = ['A', 'B', 'C'] as const;

export function NewPlanForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const items = usePlannedItems(patientId);
  const create = useCreatePlan(patientId);
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [count, setCount] = useState(1);
  const [chosen, setChosen] = useState<Record<string, number[]>>({ A: [], B: [], C: [] });
  const [visits, setVisits] = useState<Record<string, Record<number, number>>>({ A: {}, B: {}, C: {} });
  const [discounts, setDiscounts] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const names = NAMES.slice(0, count);
  const options: PlanOptionInput[] = names.map((name) => ({
    name,
    itemIds: chosen[name],
    discount: discounts[name] || undefined,
    lines: chosen[name].map((itemId) => ({ itemId, visit: visits[name][itemId] ?? 1 })),
  }));
  const preview = usePlanPreview(patientId, undefined, options);

  if (items.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (items.isError) return <Alert type="error" message="Unable to load the chart's planned items." />;
  if (items.data.length === 0) return <p className="muted">No planned procedures on the chart yet: chart them first (for example 36 rct).</p>;

  const submit = () => {
    create.mutate(
      { title, options },
      {
        onSuccess: () => {
          toast.success('Plan saved', `${title} is proposed.`);
          onDone();
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  return (
    <section className="panel new-plan" aria-labelledby="new-plan-heading">
      <h2 id="new-plan-heading">New treatment plan</h2>
      <label className="field-label" htmlFor="plan-title">
        Title
      </label>
      <Input id="plan-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} placeholder="For example: replace 15, lower left" />
      <div className="plan-option-editors">
        {names.map((name) => (
          <fieldset key={name} className="plan-option-editor">
            <legend>Option {name}</legend>
            {items.data.map((item) => {
              const id = `opt-${name}-${item.id}`;
              const on = chosen[name].includes(item.id);
              return (
                <div key={item.id} className="plan-item-choice">
                  <Checkbox
                    id={id}
                    checked={on}
                    onChange={(e) => setChosen((c) => ({ ...c, [name]: e.target.checked ? [...c[name], item.id] : c[name].filter((x) => x !== item.id) }))}
                  >
                    {item.teeth.join(' ')} {item.code}
                  </Checkbox>
                  {on && (
                    <label className="plan-visit-input">
                      Visit{' '}
                      <InputNumber
                        size="small"
                        min={1}
                        max={20}
                        value={visits[name][item.id] ?? 1}
                        aria-label={`Visit of ${item.teeth.join(' ')} ${item.code} in option ${name}`}
                        onChange={(v) => setVisits((all) => ({ ...all, [name]: { ...all[name], [item.id]: Number(v) || 1 } }))}
                      />
                    </label>
                  )}
                </div>
              );
            })}
            <label className="plan-visit-input">
              Plan discount ₹{' '}
              <InputNumber min={0} value={discounts[name]} aria-label={`Plan discount of option ${name}`} onChange={(v) => setDiscounts((d) => ({ ...d, [name]: Number(v) || 0 }))} />
            </label>
            <OptionPreview option={preview.data?.options.find((x) => x.name === name)} error={preview.isError ? preview.error.message : null} />
          </fieldset>
        ))}
      </div>
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      <div className="row-actions">
        {count < NAMES.length && <Button onClick={() => setCount((c) => c + 1)}>Add option {NAMES[count]}</Button>}
        <Button type="primary" loading={create.isPending} onClick={submit}>
          Save plan
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </section>
  );
}
