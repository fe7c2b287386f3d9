import { TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPhone } from '../../../../../../shared/domain/phone';
import { patientName, type PatientDetail } from '../../../../../../shared/schemas/patient';
import { Field } from '../../../components/field';
import { PatientPicker } from '../../../components/patient-picker';
import { useToast } from '../../../components/toasts';
import { useSetGuardian } from '../api/set-guardian';

/**
 * PAT-14 on the patient page: the guardian (set with the patient picker, or cleared) and the dependants.
 * A dependant's booking mail goes to the guardian's email when the dependant has none.
 */
export function PatientFamily({ patient }: { patient: PatientDetail }) {
  const toast = useToast();
  const setGuardian = useSetGuardian();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);

  const save = (guardianId: number | null) =>
    setGuardian.mutate(
      { id: patient.id, guardianId },
      {
        onSuccess: () => {
          toast.success(guardianId ? 'Guardian set' : 'Guardian cleared', `${patientName(patient)}'s family details have been updated.`);
          setEditing(false);
          setChosen(null);
        },
        onError: (error) => toast.failure('Error updating guardian', error),
      },
    );

  return (
    <section className="panel family-panel" aria-labelledby="family-heading">
      <h2 id="family-heading">
        <TeamOutlined aria-hidden="true" /> Family
      </h2>
      <dl className="detail-list">
        <div>
          <dt>Guardian</dt>
          <dd>
            {patient.guardian ? (
              <>
                <Link to={`/patients/${patient.guardian.id}`}>{patientName(patient.guardian)}</Link>{' '}
                <span className="muted">
                  {patient.guardian.fileNumber} · {formatPhone(patient.guardian.phone)}
                </span>
              </>
            ) : (
              'None'
            )}
          </dd>
        </div>
        {patient.dependants.length > 0 && (
          <div>
            <dt>Dependants</dt>
            <dd>
              <ul className="plain-list">
                {patient.dependants.map((d) => (
                  <li key={d.id}>
                    <Link to={`/patients/${d.id}`}>{patientName(d)}</Link> <span className="muted">{d.fileNumber}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {editing ? (
        <div className="family-edit">
          <Field id="guardian-picker" label="Guardian">
            <PatientPicker id="guardian-picker" value={chosen} onChange={setChosen} />
          </Field>
          <div className="family-actions">
            <Button onClick={() => setEditing(false)}>Cancel</Button>
            <Button type="primary" disabled={chosen === null || chosen === patient.id} loading={setGuardian.isPending} onClick={() => save(chosen)}>
              Save Guardian
            </Button>
          </div>
        </div>
      ) : (
        <div className="family-actions">
          <Button size="small" onClick={() => setEditing(true)}>
            {patient.guardian ? 'Change guardian' : 'Set guardian'}
          </Button>
          {patient.guardian && (
            <Button size="small" loading={setGuardian.isPending} onClick={() => save(null)}>
              Clear guardian
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
