import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { patientName } from '../../../../shared/schemas/patient';
import { usePatient } from '../api/get-patient';
import { ErrorState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { BillCompletedButton } from '../features/plans/components/bill-completed';
import { NewPlanForm } from '../features/plans/components/new-plan-form';
import { PlanCard } from '../features/plans/components/plan-card';
import { usePatientPlans } from '../features/plans/api/plans';
import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/use-can';

// PLAN-1..PLAN-12: a patient's treatment plans: New plan (from the chart's planned items), each plan's
// options and estimate, Accept with a signature, and Bill completed work.
export function PatientPlansPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const patient = usePatient(id);
  const plans = usePatientPlans(id);
  const canPlan = useCan('clinical.write');
  const [creating, setCreating] = useState(false);
  const name = patient.data ? patientName(patient.data) : 'Patient';
  usePageTitle(`Treatment plans · ${name}`);
  return (
    <>
      <Link to={`/patients/${id}`} className="back-link">
        <ArrowLeftOutlined aria-hidden="true" /> {name}
      </Link>
      <PageHeader
        title="Treatment plans"
        description={name}
        actions={
          <>
            <BillCompletedButton patientId={id} />
            {canPlan && !creating && (
              <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
                New plan
              </Button>
            )}
          </>
        }
      />
      {creating && <NewPlanForm patientId={id} onDone={() => setCreating(false)} />}
      {plans.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : plans.isError ? (
        <ErrorState text="Unable to load the treatment plans." />
      ) : plans.data.length === 0 ? (
        <p className="muted">No treatment plan yet.</p>
      ) : (
        plans.data.map((plan) => <PlanCard key={plan.id} plan={plan} />)
      )}
    </>
  );
}
