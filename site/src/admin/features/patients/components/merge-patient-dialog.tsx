import { MergeCellsOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../../../../shared/domain/dates';
import { formatPhone } from '../../../../../../shared/domain/phone';
import { MERGE_MESSAGES, patientName, type MergeRecord, type Patient, type PatientDetail } from '../../../../../../shared/schemas/patient';
import { usePatient } from '../../../api/get-patient';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field';
import { PatientPicker } from '../../../components/patient-picker';
import { useToast } from '../../../components/toasts';
import { useCan } from '../../../session/use-can';
import { clockNow } from '../../../../lib/clock';
import { useMergePatient, useUndoMerge } from '../api/merge-patient';

type CardPatient = Pick<PatientDetail, 'firstName' | 'lastName' | 'fileNumber' | 'phone' | 'dateOfBirth'> & { lastVisit?: string | null };

/** PAT-15: one record of the pair, as the merge compares them: name, date of birth, mobile, file number, last visit. */
function RecordCard({ title, p }: { title: string; p: CardPatient }) {
  return (
    <div className="merge-card">
      <p className="merge-card-title">{title}</p>
      <p className="merge-card-name">{patientName(p)}</p>
      <dl className="merge-card-facts">
        <dt>Born</dt>
        <dd>{p.dateOfBirth ? formatDate(p.dateOfBirth) : 'Not given'}</dd>
        <dt>Mobile</dt>
        <dd>{formatPhone(p.phone)}</dd>
        <dt>File No.</dt>
        <dd>{p.fileNumber}</dd>
        <dt>Last visit</dt>
        <dd>{p.lastVisit ? formatDate(p.lastVisit) : 'None yet'}</dd>
      </dl>
    </div>
  );
}

/**
 * PAT-13, PAT-15: "Merge with..." on the patient page: pick the other record of the same person, see both
 * side by side, say why, confirm. The other record's appointments, invoices and clinical record move here;
 * it stays, marked merged. A record with clinical data is merged by the owner or a dentist (the server says
 * so to a receptionist); the owner may undo a merge for 30 days (PAT-16, UndoMergeButtons).
 */
export function MergePatientButton({ patient }: { patient: Patient }) {
  const toast = useToast();
  const merge = useMergePatient();
  const [open, setOpen] = useState(false);
  const [otherId, setOtherId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const kept = usePatient(open ? patient.id : null);
  const other = usePatient(otherId);
  const close = () => {
    setOpen(false);
    setOtherId(null);
    setReason('');
    setReasonError(undefined);
  };
  const confirm = () => {
    if (otherId === null) return;
    if (!reason.trim()) {
      setReasonError(MERGE_MESSAGES.reason);
      return;
    }
    merge.mutate(
      { id: patient.id, otherPatientId: otherId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success('Patients merged', `${other.data ? patientName(other.data) : 'The other record'} is now part of ${patientName(patient)} (${patient.fileNumber}).`);
          close();
        },
        onError: (error) => toast.failure('Error merging patients', error),
      },
    );
  };

  return (
    <>
      <Button icon={<MergeCellsOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        Merge with...
      </Button>
      <ConfirmDialog
        open={open}
        title="Merge patient records"
        confirmLabel="Merge"
        cancelLabel="Cancel"
        pending={merge.isPending}
        disabled={otherId === null || otherId === patient.id || !other.data}
        onConfirm={confirm}
        onCancel={close}
      >
        <Field id="merge-picker" label="The other record of this person">
          <div className="merge-picker">
            <PatientPicker id="merge-picker" value={otherId} onChange={setOtherId} />
          </div>
        </Field>
        {otherId === patient.id && <p className="field-error">Choose another record than this one.</p>}
        {other.data && otherId !== patient.id && (
          <>
            <div className="merge-pair">
              <RecordCard title="Keep" p={kept.data ?? patient} />
              <RecordCard title="Merge into it" p={other.data} />
            </div>
            <p>
              {patientName(other.data)}'s appointments, invoices, payments, chart, notes, plans and medical history move to {patientName(patient)} (
              {patient.fileNumber}); their history comes as entries for a dentist to confirm. Their record is kept, marked as merged, and no longer listed.
              The owner can undo the merge for 30 days.
            </p>
            <Field id="merge-reason" label="Why are these one patient?" required error={reasonError}>
              <Input.TextArea
                id="merge-reason"
                rows={2}
                maxLength={500}
                value={reason}
                aria-invalid={reasonError ? true : undefined}
                placeholder="e.g. Same person: registered again with a second mobile number"
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(undefined);
                }}
              />
            </Field>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}

/** PAT-16: on the kept record's page, the owner's "Undo merge" for each merge of the last 30 days, with a confirmation. */
export function UndoMergeButtons({ patient, merges }: { patient: Patient; merges: MergeRecord[] }) {
  const canUndo = useCan('merges.undo');
  const toast = useToast();
  const undo = useUndoMerge();
  const [asking, setAsking] = useState<MergeRecord | null>(null);
  const now = clockNow().getTime();
  const open = merges.filter((m) => new Date(m.undoableUntil).getTime() > now);
  if (!canUndo || open.length === 0) return null;
  return (
    <section className="panel merge-undo" aria-labelledby="merges-heading">
      <h2 id="merges-heading">Merged records</h2>
      <ul className="plain-list">
        {open.map((m) => (
          <li key={m.mergeId}>
            {patientName(m.mergedPatient)} ({m.mergedPatient.fileNumber}) merged in {formatDate(m.mergedAt)}
            {m.mergedByName ? ` by ${m.mergedByName}` : ''}: “{m.reason}”.{' '}
            <Button size="small" icon={<RollbackOutlined aria-hidden="true" />} onClick={() => setAsking(m)}>
              Undo merge
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title="Undo this merge?"
        confirmLabel="Undo merge"
        cancelLabel="Cancel"
        danger
        pending={undo.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          undo.mutate(asking.mergeId, {
            onSuccess: (r) => {
              toast.success('Merge undone', `${patientName(r.restoredPatient)} (${r.restoredPatient.fileNumber}) is a record of its own again.`);
              setAsking(null);
            },
            onError: (error) => toast.failure('Could not undo the merge', error),
          });
        }}
      >
        {asking && (
          <p>
            Everything the merge moved goes back to {patientName(asking.mergedPatient)} ({asking.mergedPatient.fileNumber}), which is listed again. What was
            recorded on {patientName(patient)} since the merge stays here.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
