import type { z } from 'zod';

/** One rule broken on one field; `field` is the path joined with '.', e.g. 'items.0.quantity'. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * API-4's 400 body: the first message overall, and the first message for each field path.
 * Issues on the object itself (empty path) appear only as the overall message.
 */
export function firstIssueAndFields(error: z.ZodError): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return { error: error.issues[0]?.message ?? 'Invalid request', fields };
}
