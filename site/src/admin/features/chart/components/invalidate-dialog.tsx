import { Input, Modal } from 'antd';
import { useState } from 'react';
import { describeItem } from '../../../../../../shared/clinical/chart-command';
import { CLINICAL_MESSAGES, type ChartVocabulary, type ClinicalItem } from '../../../../../../shared/schemas/clinical-item';

// CHART-8: an item is never deleted; it is invalidated with a reason, kept and shown struck through.
export function InvalidateDialog(props: { item: ClinicalItem | null; vocabulary: ChartVocabulary; pending: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { item, vocabulary, pending } = props;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = reason.trim() ? (reason.trim().length > 500 ? CLINICAL_MESSAGES.reasonTooLong : null) : CLINICAL_MESSAGES.reason;
  const close = () => {
    setReason('');
    setTried(false);
    props.onCancel();
  };
  return (
    <Modal
      open={item !== null}
      title={item ? `Invalidate ${describeItem(item, vocabulary)}?` : ''}
      okText="Invalidate"
      okButtonProps={{ danger: true, loading: pending }}
      cancelText="Keep"
      onCancel={close}
      destroyOnHidden
      afterClose={() => {
        setReason('');
        setTried(false);
      }}
      onOk={() => {
        setTried(true);
        if (!problem) props.onConfirm(reason.trim());
      }}
    >
      <p>The item stays in the record, struck through, with your reason; it is no longer drawn on the chart.</p>
      <label className="field-label" htmlFor="invalidate-reason">
        Reason
      </label>
      <Input.TextArea id="invalidate-reason" value={reason} onChange={(e) => setReason(e.target.value)} autoSize={{ minRows: 2 }} maxLength={600} aria-invalid={tried && problem ? true : undefined} aria-describedby={tried && problem ? 'invalidate-reason-error' : undefined} />
      {tried && problem && (
        <p className="field-error" id="invalidate-reason-error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
