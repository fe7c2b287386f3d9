import type { z } from 'zod';
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

const MAX_ROW_ID = 2_147_483_647;

/** Route ids are positive integers within the id column's range; anything else is simply "not found". */
export function parseId(raw: string | undefined, what: string): number {
  const id = Number(raw);
  if (!/^\d+$/.test(raw ?? '') || !Number.isSafeInteger(id) || id <= 0 || id > MAX_ROW_ID) {
    throw new HttpError(404, `${what} not found`);
  }
  return id;
}

/** Whether a JSON body carries the key at all (an omitted optional field keeps its stored value on PUT). */
export function hasKey(body: unknown, key: string): boolean {
  return typeof body === 'object' && body !== null && Object.prototype.hasOwnProperty.call(body, key);
}

