import { Input } from 'antd';
import { useState, type ReactElement } from 'react';
import { clinicToday, isValidDateString } from '../../../../../../shared/domain/clinic-time';
import { clockNow } from '../../../../lib/clock';

/**
 * A report's day (INV-31's day, INV-32's "as of"): the clinic's today at first, any past day, never a future
 * one (a typed future or half-typed date is ignored, the report keeps its day). Returns the day and the field.
 */
export function usePastDayChoice(id: string, label: string): [day: string, field: ReactElement] {
  const today = clinicToday(clockNow());
  const [day, setDay] = useState(today);
  const field = (
    <div className="toolbar report-toolbar">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={day}
        max={today}
        onChange={(e) => isValidDateString(e.target.value) && e.target.value <= today && setDay(e.target.value)}
        style={{ maxWidth: 200 }}
      />
    </div>
  );
  return [day, field];
}
