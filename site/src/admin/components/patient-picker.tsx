import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-list-state';
import { usePatientSearch } from '../api/search-patients';
import { patientName, type PatientListItem } from '../../../../shared/schemas/patient';
import { formatPhone } from '../../../../shared/domain/phone';

// A patient select that searches the server as the user types (API-7): never the whole register.
export function PatientPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  onPatient,
  initialPatient,
}: {
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
  describedBy?: string;
  /** The chosen patient as the list answers it (DATA-11: whether they have alerts, not what), null when cleared. */
  onPatient?: (patient: PatientListItem | null) => void;
  /** A patient already chosen when the picker opens (New Appointment from the patient's page). */
  initialPatient?: Pick<PatientListItem, 'id' | 'firstName' | 'lastName' | 'phone'> | null;
}) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(
    initialPatient ? { value: initialPatient.id, label: `${patientName(initialPatient)} · ${formatPhone(initialPatient.phone)}` } : null,
  );
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const results = usePatientSearch(q, open);

  const options = (results.data ?? []).map((p) => ({ value: p.id, label: `${patientName(p)} · ${formatPhone(p.phone)}` }));
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);

  return (
    <Select<number>
      id={id}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      placeholder="Search by name, email or phone"
      value={value ?? undefined}
      options={options}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onChange={(next, option) => {
        const picked = Array.isArray(option) ? option[0] : option;
        setChosen(picked ? { value: next, label: String(picked.label) } : null);
        onChange(next ?? null);
        onPatient?.((results.data ?? []).find((p) => p.id === next) ?? null);
      }}
      notFoundContent={results.isFetching ? <Spin size="small" /> : 'No patients found'}
      style={{ width: '100%' }}
    />
  );
}
