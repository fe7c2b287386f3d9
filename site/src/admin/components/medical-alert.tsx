import { WarningOutlined } from '@ant-design/icons';

// PAT-5: a patient's allergies, conditions and medicines as a warning wherever the patient is booked or
// billed. Not a live region: it is part of what the dialog or row shows, read in order.
export function MedicalAlert({ alerts, compact }: { alerts: string | null | undefined; compact?: boolean }) {
  if (!alerts) return null;
  return (
    <div className={compact ? 'medical-alert compact' : 'medical-alert'}>
      <WarningOutlined aria-hidden="true" />
      <p>
        <strong>Medical alert:</strong> {alerts}
      </p>
    </div>
  );
}
