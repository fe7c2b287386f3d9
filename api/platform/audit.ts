import type { Knex } from 'knex';
import { currentWork, runWith, type Actor } from './work-context';

// The audit trail (docs/requirements.md DATA-1, DATA-4..DATA-6). A service writes one row with the same `trx` as
// the change it records, so the row exists exactly when the change committed:
//
//   await deps.knex.transaction(async (trx) => {
//     const before = await trx('things').where({ id }).first();
//     const [after] = await trx('things').where({ id }).update(fields).returning('*');
//     await audit(trx, { action: 'update', entity: 'thing', entityId: id, changes: changedFields(before, after) });
//   });
//
// Who did it comes from the signed-in request (the admin router's session guard runs the route inside
// `asActor`), or from `actor` when there is no session yet (sign-in). Passwords, hashes and tokens never
// reach a row: `changedFields` and `audit` drop every key that names one.

export type { Actor };

/** Runs `work` with `actor` as the one who makes the changes it audits (the session guard does this). */
export function asActor<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  return runWith({ actor }, work);
}

/**
 * Runs `work` with `now` as the clock its audit rows are stamped by (CLINIC-12): every request (its context,
 * api/middleware/request-context.ts) and every scheduled task (api/platform/scheduler.ts) runs inside it, so
 * `at` agrees with the clock the rules use; elsewhere (the command-line tools) the database's default stamps it.
 */
export function withAuditClock<T>(now: () => Date, work: () => Promise<T>): Promise<T> {
  return runWith({ now }, work);
}

/** The signed-in user of the request under way, if any. */
export function currentActor(): Actor | undefined {
  return currentWork()?.actor;
}

export type AuditChanges = Record<string, { old: unknown; new: unknown }>;

export interface AuditEntry {
  /** What happened: create, update, delete, cancel, send, payment, mark-paid, sign-in, sign-in-failed, ... */
  action: string;
  /** The kind of record: patient, invoice, user, site-setting, price-list-item, blog-post, gallery-image, ... */
  entity: string;
  entityId?: string | number | null;
  /** Changed fields, old and new (changedFields builds it); a create lists new values, a delete old ones. */
  changes?: AuditChanges | null;
  /** Who; by default the request's signed-in user. */
  actor?: Actor | null;
}

const SECRET = /password$|hash|token|secret/i;
const MAX_TEXT = 500;

/** Keeps secrets out: any key that is a password (password, newPassword) or names a hash, token or secret is dropped, at any depth. */
function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  // Long text (a blog post's body) is kept to its start: the row says what changed, not a copy of it.
  if (typeof value === 'string' && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET.test(k)).map(([k, v]) => [k, scrub(v)]));
  }
  return value;
}

const comparable = (v: unknown) => JSON.stringify(v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * The fields whose values differ between two versions of a record, as { field: { old, new } }. Either side
 * may be missing (a create: old is null; a delete: new is null). `fields` limits the comparison.
 */
export function changedFields(before: object | null | undefined, after: object | null | undefined, fields?: readonly string[]): AuditChanges {
  const b = before as Record<string, unknown> | null | undefined;
  const a = after as Record<string, unknown> | null | undefined;
  const keys = fields ?? [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const out: AuditChanges = {};
  for (const key of keys) {
    if (SECRET.test(key) || key === 'updatedAt' || key === 'createdAt') continue;
    const o = b ? b[key] : null;
    const n = a ? a[key] : null;
    if (comparable(o) !== comparable(n)) out[key] = { old: scrub(o ?? null), new: scrub(n ?? null) };
  }
  return out;
}

/** Actions that are events in themselves: their row is written even with no field in it. */
const EVENTS = new Set(['export']);

/**
 * Appends one row to audit_log with the caller's transaction (the table refuses UPDATE and DELETE).
 * ADMIN-24: a field whose old and new values are the same is left out, and a change set that is left with
 * no field (a save that changed nothing, a status set to the one it had) writes no row at all. An entry
 * without `changes` (sign-in, sign-out) is always written.
 */
export async function audit(trx: Knex | Knex.Transaction, entry: AuditEntry): Promise<void> {
  const actor = entry.actor === undefined ? currentActor() : entry.actor;
  const changes = entry.changes
    ? (Object.fromEntries(
        Object.entries(scrub(entry.changes) as AuditChanges).filter(([, v]) => !(v && typeof v === 'object' && 'old' in v && comparable(v.old) === comparable(v.new))),
      ) as AuditChanges)
    : null;
  if (entry.changes && changes && Object.keys(changes).length === 0 && !EVENTS.has(entry.action)) return;
  const at = currentWork()?.now?.();
  await trx('auditLog').insert({
    ...(at ? { at } : {}),
    userId: actor?.id ?? null,
    userName: actor?.name ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    changes: changes && Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
  });
}

/**
 * DATA-8: a file of the clinic's data leaves the server (a patient's data, a CSV list, the GST report). One row
 * says who and when, and what: the record or list and its filters or range, never the data itself. Written
 * before the file is sent, on its own (an export changes nothing, so there is no change to share a transaction with).
 */
export async function auditExport(db: Knex, entry: { entity: string; entityId: string | number; what: Record<string, unknown> }): Promise<void> {
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(entry.what)) if (value !== undefined && value !== null && value !== '') changes[key] = { old: null, new: value };
  await audit(db, { action: 'export', entity: entry.entity, entityId: entry.entityId, changes });
}

/**
 * DATA-10: a read of clinical data (a chart, a history, notes, plans, the alert summary, the desk's lists of
 * teeth and treatments) leaves one row per patient whose clinical facts the answer carries: action `action`
 * (read-chart, read-plans, ...), the patient, and `what` (the plan, the note, the list) without the data
 * itself. Written before the answer leaves, with the transaction (or connection) that read it: a read whose
 * row cannot be written answers an error, never the data. A list that names nobody writes nothing.
 */
export async function auditRead(db: Knex | Knex.Transaction, action: string, patientIds: Iterable<number>, what?: Record<string, unknown>): Promise<void> {
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(what ?? {})) if (value !== undefined && value !== null && value !== '') changes[key] = { old: null, new: value };
  for (const patientId of [...new Set(patientIds)].sort((a, b) => a - b)) {
    await audit(db, { action, entity: 'patient', entityId: patientId, changes: Object.keys(changes).length ? changes : null });
  }
}
