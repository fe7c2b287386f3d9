import type { z } from 'zod';
import { isRowId } from '../../shared/schemas/fields';
import { firstIssueAndFields } from '../../shared/schemas/validation-error';
import { HttpError } from '../errors';

/** API-4: parse a body with the same zod schema the form uses; a failure is a 400 with the rule's message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  // (NUL characters, lone surrogates and deep nesting were refused when the body was read: body.ts.)
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const { error, fields } = firstIssueAndFields(result.error);
    throw new HttpError(400, error, fields);
  }
  return result.data;
}

/** API-10: route ids are row ids (1..2,147,483,647, PostgreSQL's integer); anything else is simply "not found". */
export function parseId(raw: string | undefined, what: string): number {
  const id = /^\d{1,10}$/.test(raw ?? '') ? Number(raw) : NaN;
  if (!isRowId(id)) {
    throw new HttpError(404, `${what} not found`);
  }
  return id;
}

/** Whether a JSON body carries the key at all (an omitted optional field keeps its stored value on PUT). */
export function hasKey(body: unknown, key: string): boolean {
  return typeof body === 'object' && body !== null && Object.prototype.hasOwnProperty.call(body, key);
}

