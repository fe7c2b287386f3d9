import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** API-4: a 400 carries { fields: { name: message } }; show each under its field as well as in the toast. */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if (known.includes(name) || known.some((k) => name.startsWith(`${k}.`))) setError(name as Path<T>, { type: 'server', message });
  }
}
