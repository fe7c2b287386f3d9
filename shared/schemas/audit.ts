import { z } from 'zod';
import { DATE_META, DATE_RANGE_TEXT, idField, isPlausibleDate } from './fields';

// The audit trail as GET /api/admin/audit serves it (docs/requirements.md DATA-1, DATA-4..DATA-6).

export interface AuditRow {
  id: string;
  at: string;
  userId: number | null;
  userName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
  /** ADMIN-25: what the row is about, as it was at the row's time ("Asha Patil, 27/11/2026, 10:00 AM"), when known. */
  subject: string | null;
  /** ADMIN-25: the row as a sentence ("Priya moved Asha Patil's appointment from ... to ..."). */
  sentence: string;
  /** ADMIN-27: the changed fields the sentence does not say, labelled and formatted as the screens show them. */
  details: { field: string; label: string; old: string; new: string }[];
}

/** One page, newest first; `next` is the cursor of the following page (null on the last). */
export interface AuditPage {
  rows: AuditRow[];
  next: string | null;
}

const dateParam = (what: string) =>
  z
    .string()
    .trim()
    .meta(DATE_META)
    .refine(isPlausibleDate, `${what} must be ${DATE_RANGE_TEXT}`)
    .optional();

/**
 * ?user=&entity=&entityId=&from=&to=&limit=&offset=&cursor=. Dates are clinic days (Asia/Kolkata), both
 * ends included. `cursor` (from a previous page's `next`) pages in constant time; `offset` also works.
 */
export const auditQuerySchema = z.object({
  user: z.coerce.number({ error: 'user must be an account id' }).pipe(idField('user must be an account id')).optional(),
  entity: z.string().trim().max(50, 'entity must be at most 50 characters').optional(),
  entityId: z.string().trim().max(50, 'entityId must be at most 50 characters').optional(),
  from: dateParam('from'),
  to: dateParam('to'),
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 200' }).int('limit must be a whole number from 1 to 200').min(1, 'limit must be a whole number from 1 to 200').max(200, 'limit must be a whole number from 1 to 200').default(50),
  offset: z.coerce.number({ error: 'offset must be a whole number of 0 or more' }).int('offset must be a whole number of 0 or more').min(0, 'offset must be a whole number of 0 or more').max(1_000_000_000, 'offset must be a whole number of 0 or more').default(0),
  cursor: z.string().trim().regex(/^\d{1,17}\.\d{1,19}$/, 'cursor is not valid').optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The kinds of record the trail names (the filter's choices; their labels are shared/domain/audit-text.ts's). */
export const auditEntities = [
  'appointment', 'patient', 'invoice', 'user', 'price-list-item', 'blog-post', 'gallery-image', 'site-setting', 'clinic-settings',
  'closed-date', 'review', 'treatment-plan', 'clinical-item', 'visit-note', 'medical-history', 'report', 'export',
] as const;
