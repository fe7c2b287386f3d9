import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

// A labelled search box. The screen keeps the typed text for the input (instant) and debounces what it
// sends to the server.
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="search-field">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
      />
    </div>
  );
}
