import { Alert, Input, Modal, Radio } from 'antd';
import { useCallback, useRef, useState } from 'react';
import type { TreatmentPlan } from '../../../../../../shared/schemas/treatment-plan';
import { formatAmount } from '../../../components/amount';
import { useToast } from '../../../components/toasts';
import { useAcceptPlan } from '../api/plans';
import { SignatureBox, type SignatureHandle } from './signature-pad';

// PLAN-2, PLAN-8: the patient chooses an option, types their name and signs; the others are declined.
// PLAN-18: the dialog lists what is signed for (each item as the patient reads it, its teeth and amount)
// and the other options' work that leaves the chart.
export function AcceptDialog({ plan, open, onClose }: { plan: TreatmentPlan; open: boolean; onClose: () => void }) {
  // PLAN-15: an option the patient declined is not offered again until the plan changes.
  const offered = plan.options.filter((o) => o.status === 'proposed');
  const [option, setOption] = useState(offered.length === 1 ? offered[0].name : '');
  const [signedBy, setSignedBy] = useState(plan.patientName);
  const [problem, setProblem] = useState<string | null>(null);
  const handle = useRef<SignatureHandle | null>(null);
  const onReady = useCallback((h: SignatureHandle) => {
    handle.current = h;
  }, []);
  const accept = useAcceptPlan();
  const chosen = offered.find((o) => o.name === option);
  const keptIds = new Set(chosen?.items.map((l) => l.itemId) ?? []);
  const notChosen = chosen
    ? [...new Map(plan.options.filter((o) => o !== chosen).flatMap((o) => o.items).filter((l) => !keptIds.has(l.itemId) && l.itemStatus === 'planned').map((l) => [l.itemId, l])).values()]
    : [];
  const toast = useToast();

  const submit = () => {
    if (!option) return setProblem('Please choose the option the patient accepts');
    if (!signedBy.trim()) return setProblem('Please enter the name of the person signing');
    if (!handle.current || handle.current.isEmpty()) return setProblem('Please sign in the box (the signature is missing)');
    setProblem(null);
    accept.mutate(
      { id: plan.id, option, signedBy: signedBy.trim(), signature: handle.current.toDataURL() },
      {
        onSuccess: () => {
          toast.success('Plan accepted', `Option ${option} is accepted and the signed estimate is saved.`);
          onClose();
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  return (
    <Modal open={open} title={`Accept: ${plan.title}`} okText="Accept and sign" onOk={submit} onCancel={onClose} confirmLoading={accept.isPending} destroyOnHidden width={640}>
      <p className="muted">Choose the option, then the patient signs with a finger or the mouse. The other options are declined.</p>
      <Radio.Group value={option} onChange={(e) => setOption(e.target.value)} className="plan-option-choice" aria-label="Option accepted">
        {offered.map((o) => (
          <Radio key={o.name} value={o.name}>
            Option {o.name}: {formatAmount(o.total)}
          </Radio>
        ))}
      </Radio.Group>
      {chosen && (
        <section className="plan-signing-items" aria-label={`Signing for option ${chosen.name}`}>
          <p className="field-label">Signing for option {chosen.name}</p>
          <ul>
            {chosen.items.map((l) => (
              <li key={l.id}>
                <span>
                  {l.patientName} <span className="muted">{l.teeth.join(' ')}</span>
                </span>
                <span className="num">{formatAmount(l.total)}</span>
              </li>
            ))}
            <li className="plan-signing-total">
              <span>Total{chosen.taxAmount > 0 ? ' with GST' : ''}</span>
              <span className="num">{formatAmount(chosen.total)}</span>
            </li>
          </ul>
          {notChosen.length > 0 && (
            <p className="muted small">
              Not chosen, taken off the chart: {notChosen.map((l) => `${l.patientName} ${l.teeth.join(' ')}`).join(', ')}
            </p>
          )}
        </section>
      )}
      <label className="field-label" htmlFor="plan-signed-by">
        Signed by
      </label>
      <Input id="plan-signed-by" value={signedBy} onChange={(e) => setSignedBy(e.target.value)} maxLength={200} />
      <p className="field-label">Signature</p>
      <SignatureBox onReady={onReady} label="Signature: sign here" />
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
    </Modal>
  );
}
