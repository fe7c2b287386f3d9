import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssueAndFields } from './validation-error';

describe('firstIssueAndFields', () => {
  it('keeps the first message overall and per field path', () => {
    const schema = z.object({
      name: z.string().min(2, 'too short').regex(/^[a-z]+$/, 'letters only'),
      items: z.array(z.object({ qty: z.number().min(1, 'at least 1') })),
    });
    const result = schema.safeParse({ name: '1', items: [{ qty: 0 }] });
    expect(result.success).toBe(false);
    expect(firstIssueAndFields(result.error!)).toEqual({
      error: 'too short',
      fields: { name: 'too short', 'items.0.qty': 'at least 1' },
    });
  });

  it('leaves object-level issues out of fields', () => {
    const result = z.object({ a: z.string() }).refine(() => false, 'whole form').safeParse({ a: 'x' });
    expect(firstIssueAndFields(result.error!)).toEqual({ error: 'whole form', fields: {} });
  });
});
