import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../../hooks/use-list-state';
import { usePatientSearch } from '../../patients/api/search-patients';
import { patientName } from '../../../../../../shared/schemas/patient';

// A patient select that searches the server as the user types (D10): never the whole register.
export function PatientPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const results = usePatientSearch(q, open);

  const options = (results.data ?? []).map((p) => ({ value: p.id, label: `${patientName(p)} · ${p.phone}` }));
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
      }}
      notFoundContent={results.isFetching ? <Spin size="small" /> : 'No patients found'}
      style={{ width: '100%' }}
    />
  );
}
