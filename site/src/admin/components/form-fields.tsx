import { Input, Switch } from 'antd';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, fieldAria } from './field';

// The fields the admin's forms are made of, bound to react-hook-form: a labelled control with its error
// (from the schema, or from the server's 400) tied to it for assistive technology (A11Y-2).

type InputProps = {
  type?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url' | 'search';
  autoComplete?: string;
  placeholder?: string;
  min?: number | string;
  max?: number | string;
  step?: number;
  className?: string;
  readOnly?: boolean;
};

/** A text input, or a text area with `rows`, in its labelled Field. */
export function TextField<T extends FieldValues, P = T>({
  control,
  name,
  id,
  label,
  required,
  hint,
  error,
  rows,
  ...inputProps
}: {
  control: Control<T, unknown, P>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** The message to show instead of the field's own (e.g. a computed figure's error under its input). */
  error?: string;
  /** A text area of this many rows. */
  rows?: number;
} & InputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = error ?? fieldState.error?.message;
        const props = {
          ...field,
          value: field.value === undefined || field.value === null ? '' : String(field.value),
          ...fieldAria(id, message, Boolean(hint)),
          ...inputProps,
        };
        return (
          <Field id={id} label={label} error={message} required={required} hint={hint}>
            {rows ? <Input.TextArea {...props} rows={rows} /> : <Input {...props} />}
          </Field>
        );
      }}
    />
  );
}

/** An on/off switch with its label and the sentence that says what it does (Publish Post, Active). */
export function SwitchField<T extends FieldValues, P = T>({
  control,
  name,
  id,
  label,
  help,
}: {
  control: Control<T, unknown, P>;
  name: FieldPath<T>;
  id: string;
  label: string;
  help: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="switch-field">
          <Switch id={id} checked={Boolean(field.value)} onChange={field.onChange} aria-describedby={`${id}-help`} />
          <div>
            <label htmlFor={id} className="field-label">
              {label}
            </label>
            <p id={`${id}-help`} className="field-hint">
              {help}
            </p>
          </div>
        </div>
      )}
    />
  );
}
