import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import {
  allergySeverities,
  conditionKeys,
  conditionLabels,
  type Allergy,
  type ConditionKey,
  type HistorySource,
  type MedicalHistory,
  type MedicalHistoryContent,
  type MedicalHistoryVersionInfo,
  type Medicine,
} from '../../../../../../shared/clinical/medical-history';
import { useConfirmMedicalHistory, useMedicalHistory, useMedicalHistoryVersion, useSaveMedicalHistory } from '../../../api/medical-history';
import { useToast } from '../../../components/toasts';
import { useCan } from '../../../session/use-can';
import { when } from './when';

// MED-1..MED-3, MED-6: the medical history on the patient's record screen: the current version, its editor
// (each save a new version), and every version with who and when; a version the patient gave is confirmed
// here by a dentist or the owner.

interface Draft {
  allergies: Allergy[];
  medicines: Medicine[];
  conditions: ConditionKey[];
  conditionOther: string;
  pregnant: boolean;
  note: string;
  source: HistorySource;
}

const draftOf = (h: MedicalHistory): Draft => ({
  allergies: h.allergies.map((a) => ({ ...a })),
  medicines: h.medicines.map((m) => ({ ...m })),
  conditions: [...h.conditions],
  conditionOther: h.conditionOther ?? '',
  pregnant: h.pregnant,
  note: h.note ?? '',
  source: 'staff',
});

const severityLabel = (s: Allergy['severity']) => (s === 'unknown' ? 'severity unknown' : s);

/** What one version says, whole: the current one under the heading, a past one in its dialog (MED-11). */
function HistoryDetails({ h }: { h: MedicalHistoryContent }) {
  return (
    <dl className="detail-list">
      <div>
        <dt>Allergies</dt>
        <dd>
          {h.allergies.length
            ? h.allergies.map((a) => (
                <span key={a.substance} className={a.severity === 'severe' ? 'severity-tag severe' : 'severity-tag'}>
                  {a.substance} ({[severityLabel(a.severity), a.reaction].filter(Boolean).join(': ')})
                </span>
              ))
            : 'None recorded'}
        </dd>
      </div>
      <div>
        <dt>Medicines</dt>
        <dd>{h.medicines.length ? h.medicines.map((m) => (m.dose ? `${m.name} ${m.dose}` : m.name)).join(', ') : 'None recorded'}</dd>
      </div>
      <div>
        <dt>Conditions</dt>
        <dd>
          {[...(h.pregnant ? ['Pregnant'] : []), ...h.conditions.map((k) => (k === 'other' ? (h.conditionOther ?? 'Other') : conditionLabels[k]))].join(', ') || 'None recorded'}
        </dd>
      </div>
      {h.note && (
        <div>
          <dt>Note</dt>
          <dd className="pre-line">{h.note}</dd>
        </div>
      )}
    </dl>
  );
}

/** "Version 3: Dr. A, 2 Mar 2026, 10:00 am (as the patient gave it; not confirmed)". */
function versionLine(v: MedicalHistoryVersionInfo): string {
  const origin = v.mergeId ? 'from a merged record' : v.source === 'patient' ? 'as the patient gave it' : null;
  const confirmation = origin ? (v.confirmedAt ? `; confirmed by ${v.confirmedByName ?? 'staff'}, ${when(v.confirmedAt)}` : '; not confirmed') : '';
  return `Version ${v.version}: ${v.enteredByName ?? 'carried over from the patient form'}, ${when(v.createdAt)}${origin ? ` (${origin}${confirmation})` : ''}`;
}

/** MED-11: a past version opened whole (GET .../versions/{n}, an audited read), in a dialog. */
function VersionDialog({ patientId, version, onClose }: { patientId: number; version: number | null; onClose: () => void }) {
  const v = useMedicalHistoryVersion(patientId, version);
  return (
    <Modal open={version !== null} title={`Medical history, version ${version ?? ''}`} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} destroyOnHidden width={560}>
      {v.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : v.isError || !v.data ? (
        <p className="muted">Unable to load this version.</p>
      ) : (
        <div className="history-version-whole">
          <p className="muted record-meta">{versionLine(v.data)}</p>
          <HistoryDetails h={v.data} />
        </div>
      )}
    </Modal>
  );
}

export function MedicalHistoryPanel({ patientId }: { patientId: number }) {
  const history = useMedicalHistory(patientId);
  const save = useSaveMedicalHistory(patientId);
  const confirm = useConfirmMedicalHistory(patientId);
  const canWrite = useCan('history.write');
  const isClinical = useCan('clinical.write');
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [opened, setOpened] = useState<number | null>(null);

  if (history.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (history.isError || !history.data) return <p className="muted">Unable to load the medical history.</p>;
  const h = history.data;

  const submit = () => {
    if (!draft) return;
    save.mutate(
      {
        allergies: draft.allergies,
        medicines: draft.medicines,
        conditions: draft.conditions,
        conditionOther: draft.conditions.includes('other') ? draft.conditionOther : null,
        pregnant: draft.pregnant,
        note: draft.note,
        ...(isClinical ? { source: draft.source } : {}),
      },
      {
        onSuccess: (saved) => {
          setDraft(null);
          toast.success('Medical history saved', `Version ${saved.version}.`);
        },
        onError: (error) => toast.failure('Could not save the medical history', error),
      },
    );
  };

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  return (
    <section className="panel record-panel" aria-labelledby="history-heading">
      <div className="panel-heading">
        <h2 id="history-heading">Medical History</h2>
        {canWrite && !draft && (
          <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setDraft(draftOf(h))}>
            {h.version === 0 ? 'Record history' : 'Update history'}
          </Button>
        )}
      </div>
      <p className="muted record-meta">
        {h.version === 0
          ? 'No medical history recorded yet.'
          : `Version ${h.version}, ${h.mergeId ? 'from a merged record' : h.source === 'patient' ? 'as the patient gave it' : 'by staff'}: ${h.enteredByName ?? 'carried over from the patient form'}, ${when(h.createdAt!)}`}
      </p>
      {h.awaitingConfirmation && (
        // MED-8: the newest version is not what the alerts show until it is confirmed.
        <p className="history-unconfirmed" role="note">
          Not yet confirmed: the alerts stand on {h.confirmedVersion ? `version ${h.confirmedVersion}` : 'nothing confirmed yet'}, with what this version adds shown beside
          them{h.unconfirmedRemovals.length ? `; what it leaves out (${h.unconfirmedRemovals.join(', ')}) stays` : ''} until a dentist or the owner confirms it.
          {/* MED-10: the confirmation sits where the unconfirmed version is announced, not in the collapsed list. */}
          {isClinical && !draft && (
            <Button
              type="primary"
              size="small"
              className="history-confirm"
              loading={confirm.isPending}
              onClick={() =>
                confirm.mutate(h.version, {
                  onSuccess: () => toast.success('Medical history confirmed'),
                  onError: (error) => toast.failure('Could not confirm', error),
                })
              }
            >
              Confirm version {h.version}
            </Button>
          )}
        </p>
      )}

      {draft ? (
        <form
          className="history-form"
          aria-label="Medical history"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset>
            <legend>Allergies</legend>
            {draft.allergies.map((a, i) => (
              <div className="history-row" key={i}>
                <Input aria-label={`Allergy ${i + 1}: substance`} placeholder="Substance, e.g. penicillin" value={a.substance} onChange={(e) => set({ allergies: draft.allergies.map((x, j) => (j === i ? { ...x, substance: e.target.value } : x)) })} />
                <Input aria-label={`Allergy ${i + 1}: reaction`} placeholder="Reaction, e.g. rash" value={a.reaction} onChange={(e) => set({ allergies: draft.allergies.map((x, j) => (j === i ? { ...x, reaction: e.target.value } : x)) })} />
                <Select
                  aria-label={`Allergy ${i + 1}: severity`}
                  value={a.severity}
                  options={allergySeverities.map((s) => ({ value: s, label: s === 'unknown' ? 'Severity unknown' : s[0].toUpperCase() + s.slice(1) }))}
                  onChange={(severity) => set({ allergies: draft.allergies.map((x, j) => (j === i ? { ...x, severity } : x)) })}
                />
                <Button aria-label={`Remove allergy ${i + 1}`} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => set({ allergies: draft.allergies.filter((_, j) => j !== i) })} />
              </div>
            ))}
            <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => set({ allergies: [...draft.allergies, { substance: '', reaction: '', severity: 'unknown' }] })}>
              Add allergy
            </Button>
          </fieldset>

          <fieldset>
            <legend>Current medicines</legend>
            {draft.medicines.map((m, i) => (
              <div className="history-row medicine-row" key={i}>
                <Input aria-label={`Medicine ${i + 1}: name`} placeholder="Medicine" value={m.name} onChange={(e) => set({ medicines: draft.medicines.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })} />
                <Input aria-label={`Medicine ${i + 1}: dose`} placeholder="Dose, e.g. 5 mg daily" value={m.dose} onChange={(e) => set({ medicines: draft.medicines.map((x, j) => (j === i ? { ...x, dose: e.target.value } : x)) })} />
                <Button aria-label={`Remove medicine ${i + 1}`} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => set({ medicines: draft.medicines.filter((_, j) => j !== i) })} />
              </div>
            ))}
            <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => set({ medicines: [...draft.medicines, { name: '', dose: '' }] })}>
              Add medicine
            </Button>
          </fieldset>

          <fieldset>
            <legend>Conditions</legend>
            <Checkbox.Group className="condition-grid" value={draft.conditions} onChange={(v) => set({ conditions: v as ConditionKey[] })} options={conditionKeys.map((k) => ({ value: k, label: conditionLabels[k] }))} />
            {draft.conditions.includes('other') && (
              <Input aria-label="Other condition" placeholder="Which other condition" value={draft.conditionOther} onChange={(e) => set({ conditionOther: e.target.value })} />
            )}
            <Checkbox checked={draft.pregnant} onChange={(e) => set({ pregnant: e.target.checked })}>
              Pregnant now
            </Checkbox>
          </fieldset>

          <label className="history-note">
            <span>Note</span>
            <Input.TextArea rows={2} value={draft.note} onChange={(e) => set({ note: e.target.value })} />
          </label>
          {isClinical ? (
            <label className="history-source">
              <span>Given by</span>
              <Select
                aria-label="Given by"
                value={draft.source}
                onChange={(source) => set({ source })}
                options={[
                  { value: 'staff', label: 'Clinic staff (taken by a dentist)' },
                  { value: 'patient', label: "The patient (their form): confirm after checking" },
                ]}
              />
            </label>
          ) : (
            <p className="muted">Saved as the patient gave it, for a dentist to confirm.</p>
          )}
          <div className="form-actions">
            <Button onClick={() => setDraft(null)}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save as version {h.version + 1}
            </Button>
          </div>
        </form>
      ) : (
        h.version > 0 && (
          <HistoryDetails h={h} />
        )
      )}

      {h.versions.length > 0 && (
        <details className="history-versions">
          <summary>All versions ({h.versions.length})</summary>
          <ol reversed>
            {h.versions.map((v) => (
              <li key={v.version}>
                <span>{versionLine(v)}</span>
                <Button size="small" onClick={() => setOpened(v.version)} aria-label={`Open version ${v.version}`}>
                  Open
                </Button>
              </li>
            ))}
          </ol>
        </details>
      )}
      <VersionDialog patientId={patientId} version={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
