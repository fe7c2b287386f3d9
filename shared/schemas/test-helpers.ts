import type { z } from 'zod';
import { firstIssueAndFields } from './validation-error';

/** The first message per field for a payload the schema refuses; throws if it is accepted. */
export function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a validation failure for ${JSON.stringify(input)}`);
  return firstIssueAndFields(result.error).fields;
}
