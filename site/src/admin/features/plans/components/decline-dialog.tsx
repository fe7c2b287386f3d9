import { Alert, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { TreatmentPlan } from '../../../../../../shared/schemas/treatment-plan';
import { formatAmount } from '../../../components/amount';
import { useToast } from '../../../components/toasts';
import { useDeclinePlan } from '../api/plans';

// PLAN-7, PLAN-15: the patient says no to the whole plan or to one option, with their reason if they give
// one; the dialog is the confirmation (nothing is declined until "Decline" is pressed).
const WHOLE = '';

export function DeclineDialog({ plan, onClose }: { plan: TreatmentPlan; onClose: () => void }) {
  const open = plan.options.filter((o) => o.status === 'proposed');
  const [choice, setChoice] = useState(WHOLE);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decline = useDeclinePlan();
  const toast = useToast();
  // Declining the only option left is declining the plan.
  const whole = choice === WHOLE || open.length === 1;

  const submit = () =>
    decline.mutate(
      { id: plan.id, ...(whole ? {} : { option: choice }), ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(whole ? 'Plan declined' : `Option ${choice} declined`, whole ? `${plan.title} is declined.` : 'The other options are still proposed.');
          onClose();
        },
        onError: (err) => setProblem(err.message),
      },
    );

  return (
    <Modal
      open
      title={`Decline: ${plan.title}`}
      okText={whole ? 'Decline the plan' : `Decline option ${choice}`}
      okButtonProps={{ danger: true }}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={decline.isPending}
      destroyOnHidden
      width={560}
    >
      <p className="muted">What does the patient decline? This cannot be undone; a change of the plan offers the options again.</p>
      {open.length > 1 && (
        <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value)} className="plan-option-choice" aria-label="What is declined">
          <Radio value={WHOLE}>The whole plan</Radio>
          {open.map((o) => (
            <Radio key={o.name} value={o.name}>
              Only option {o.name}: {formatAmount(o.total)}
            </Radio>
          ))}
        </Radio.Group>
      )}
      <label className="field-label" htmlFor={`plan-${plan.id}-reason`}>
        Reason (optional)
      </label>
      <Input.TextArea id={`plan-${plan.id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} placeholder="For example: wants to think about it, cost" />
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
    </Modal>
  );
}
