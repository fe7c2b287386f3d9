import { Alert, Checkbox, Input, Modal } from 'antd';
import { useState } from 'react';
import type { PlanLine } from '../../../../../../shared/schemas/treatment-plan';
import { useToast } from '../../../components/toasts';
import { useRecordSitting } from '../api/plans';

// PLAN-11, PLAN-16: a sitting of an item of the accepted option. An item over several teeth (a bridge, a
// splint) names the teeth done at it and is completed once every tooth is done; any item is completed by
// its last sitting (a root canal's third). Completed, it is billable.
export function SittingDialog({ planId, line, onClose }: { planId: number; line: PlanLine; onClose: () => void }) {
  const multi = line.teeth.length > 1;
  const left = line.teeth.filter((t) => !line.teethDone.includes(t));
  const [teeth, setTeeth] = useState<string[]>([]);
  const [final, setFinal] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const record = useRecordSitting();
  const toast = useToast();
  const number = line.sittings + 1;
  const completes = final || (multi && left.length > 0 && left.every((t) => teeth.includes(t)));

  const submit = () => {
    if (multi && teeth.length === 0 && !final) return setProblem('Please name the teeth done at this sitting, or tick the last sitting');
    setProblem(null);
    record.mutate(
      { id: planId, itemId: line.itemId, ...(multi && teeth.length ? { teeth } : {}), final: final || undefined, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(`Sitting ${number} recorded`, completes ? `${line.description} is completed and ready to bill.` : `${line.description} continues at the next sitting.`);
          onClose();
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  return (
    <Modal open title={`Sitting ${number}: ${line.description} (${line.teeth.join(' ')})`} okText="Record sitting" onOk={submit} onCancel={onClose} confirmLoading={record.isPending} destroyOnHidden width={520}>
      <p className="muted">
        {line.sittings === 0 ? 'No sitting recorded yet.' : `${line.sittings} sitting${line.sittings === 1 ? '' : 's'} recorded.`}
        {multi && line.teethDone.length > 0 && ` Done so far: ${line.teethDone.join(' ')}.`}
      </p>
      {multi && (
        <fieldset className="sitting-teeth">
          <legend className="field-label">Teeth done at this sitting</legend>
          {line.teeth.map((t) => {
            const done = line.teethDone.includes(t);
            return (
              <Checkbox key={t} checked={done || teeth.includes(t)} disabled={done} onChange={(e) => setTeeth((all) => (e.target.checked ? [...all, t] : all.filter((x) => x !== t)))}>
                {t}
                {done ? ' (done)' : ''}
              </Checkbox>
            );
          })}
        </fieldset>
      )}
      <Checkbox className="sitting-final" checked={final} onChange={(e) => setFinal(e.target.checked)}>
        This is the last sitting: the work is completed
      </Checkbox>
      <label className="field-label" htmlFor={`sitting-note-${line.itemId}`}>
        Note (optional)
      </label>
      <Input.TextArea id={`sitting-note-${line.itemId}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={2} placeholder="For example: access and shaping" />
      {completes && <Alert type="success" showIcon message="This sitting completes the item: it becomes billable." className="sitting-completes" />}
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
    </Modal>
  );
}
