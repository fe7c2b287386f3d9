import { WarningOutlined } from '@ant-design/icons';
import { Checkbox } from 'antd';

// APPT-10: a full slot, a closed day or a passed time, said plainly, with the one way past it: "Book anyway"
// (the server records who did). Announced when it appears.
export function BookAnywayWarning({ id, message, checked, onChange }: { id: string; message: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="book-anyway" role="alert">
      <p>
        <WarningOutlined aria-hidden="true" /> <strong>{message}</strong>
      </p>
      <p className="small">The clinic&apos;s rules refuse this booking. Book anyway only if the doctor has agreed; it is recorded against your name.</p>
      <Checkbox id={id} checked={checked} onChange={(e) => onChange(e.target.checked)}>
        Book anyway
      </Checkbox>
    </div>
  );
}
