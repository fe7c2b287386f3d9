import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type RegisterOptions, type UseFormRegister } from 'react-hook-form';
import { translateMessage } from '../../../../shared/i18n/messages';
import { useI18n } from '../app/i18n';

// One labelled control of a public form (react-hook-form), written once: the label in the page's language,
// the control registered under its name with its id, the error message under it in the page's language,
// and aria-invalid / aria-describedby pointing at that message and at the field's hints (A11Y-2; SITE-13's
// closures, BOOK-7's times). A field of the booking form is then a line or two:
//   <Field kit={kit} name="email"><input type="email" autoComplete="email" /></Field>
// Ids are `<idPrefix>-<name>` and `<idPrefix>-<name>-error`, so two forms can share a page.

/** What the fields of one form share. */
export interface FieldKit<T extends FieldValues> {
  /** The form's id prefix (the contact page and the dialog each have their own). */
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The labels in the page's language, by field name (the catalogue's entries named as the fields). */
  labels: { [K in Path<T>]?: string };
}

/** An id inside a form: `<idPrefix>-<name>`, for a field or one of its hints. */
export const fieldId = (kit: Pick<FieldKit<FieldValues>, 'idPrefix'>, name: string) => `${kit.idPrefix}-${name}`;

/**
 * I18N-5: the schema's and the server's messages are English; this shows each in the page's language
 * (unknown ones stay English).
 */
export function useSay(): (message: string | undefined) => string | undefined {
  const { lang, t } = useI18n();
  return (message) => (message && lang !== 'en' ? translateMessage(message, t.validation) : message);
}

/** The props the field sets on its control (an input, a select or a textarea). */
interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps<T extends FieldValues> {
  kit: FieldKit<T>;
  name: Path<T>;
  /** The control, with its own attributes (type, autoComplete, options...); the field adds the wiring. */
  children: ReactElement<ControlProps>;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
  /** A word after the label, e.g. "(optional)". */
  optional?: string;
  /** Shown under the control, before the error message. */
  hint?: ReactNode;
  /** Ids of the hints that describe the control (falsy entries are left out), after the error's. */
  describedBy?: (string | false | null | undefined)[];
  /** Passed to register (e.g. an onChange of the field's own). */
  options?: RegisterOptions<T, Path<T>>;
}

export function Field<T extends FieldValues>({ kit, name, children, wide, optional, hint, describedBy = [], options }: FieldProps<T>) {
  const say = useSay();
  const id = fieldId(kit, name);
  const errorId = `${id}-error`;
  const error = say((get(kit.errors, name) as { message?: string } | undefined)?.message);
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? errorId : null, ...describedBy].filter(Boolean).join(' ') || undefined,
    ...kit.register(name, options),
  } as ControlProps);
  return (
    <div className={wide ? 'field field-wide' : 'field'}>
      <label htmlFor={id}>
        {kit.labels[name]}
        {optional ? <> <span className="optional">{optional}</span></> : null}
      </label>
      {control}
      {hint}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
