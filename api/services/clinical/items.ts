import type { Knex } from 'knex';
import { parseChartCommand, type ItemStatus, type ParsedItem, type ProcedureStatus } from '../../../shared/clinical/chart-command';
import { checkChartItem } from '../../../shared/clinical/chart-item';
import { CLINICAL_MESSAGES, type ClinicalItem, type ClinicalItemCreate, type ClinicalItemSitting } from '../../../shared/schemas/clinical-item';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { chartVocabulary } from './vocabulary';

// CHART-5..CHART-9: the clinical items of a patient. Every write and its audit row and history event are
// one transaction; nothing is deleted (no route does, and the table's trigger refuses); a completed
// procedure is locked; an item is invalidated with a reason and kept.

type DB = Knex | Knex.Transaction;

/** A timestamptz as the API writes instants (Date#toISOString: UTC, milliseconds, Z). */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The items (with their history) that `where` selects, oldest first. `before`: only items created and
 * events made before that instant, as the chart at a past date needs them (CHART-9).
 *
 * One query, the items and their events as one JSON text built by the database: a chart of 400 items
 * with their history is one row to read, where rows of `i.*` and of events, each converted value by
 * value, cost the server tens of milliseconds (docs/benchmarks.md, "The chart at 2,000,000 clinical items").
 */
export async function loadItems(db: DB, where: { patientId?: number; ids?: number[] }, before?: Date): Promise<ClinicalItem[]> {
  const conditions: string[] = [];
  const bindings: unknown[] = [];
  if (before) bindings.push(before);
  if (where.patientId !== undefined) {
    conditions.push('i.patient_id = ?');
    bindings.push(where.patientId);
  }
  if (where.ids !== undefined) {
    if (where.ids.length === 0) return [];
    conditions.push(`i.id in (${where.ids.map(() => '?').join(', ')})`);
    bindings.push(...where.ids);
  }
  if (before) {
    conditions.push('i.created_at < ?');
    bindings.push(before);
  }
  const result = await db.raw<{ rows: { items: string | null }[] }>(
    `select json_agg(x.item order by x.created_at, x.id)::text as items
       from (select i.id, i.created_at, json_build_object(
                      'id', i.id, 'patientId', i.patient_id, 'teeth', i.teeth, 'surfaces', i.surfaces, 'code', i.code,
                      'kind', i.kind, 'status', i.status, 'note', i.note, 'dentistId', i.dentist_id, 'dentistName', u.display_name,
                      'createdAt', ${isoSql('i.created_at')}, 'invalidatedAt', ${isoSql('i.invalidated_at')},
                      'invalidReason', i.invalid_reason, 'invalidatedBy', i.invalidated_by, 'locked', i.status = 'completed',
                      'history', (select coalesce(json_agg(json_build_object(
                                     'at', ${isoSql('e.at')}, 'action', e.action, 'status', e.status, 'userId', e.user_id,
                                     'userName', eu.display_name, 'reason', e.reason) order by e.at, e.id), '[]'::json)
                                    from clinical_item_events e left join users eu on eu.id = e.user_id
                                   where e.item_id = i.id${before ? ' and e.at < ?' : ''})) as item
               from clinical_items i left join users u on u.id = i.dentist_id
              where ${conditions.length ? conditions.join(' and ') : 'true'}) x`,
    bindings as never,
  );
  const text = result.rows[0]?.items;
  const items = text ? (JSON.parse(text) as Omit<ClinicalItem, 'sittings'>[]) : [];
  return withSittings(db, items, before);
}

/**
 * NOTE-15: each item's sittings (PLAN-11) with their notes, oldest first; with `before`, those made before it
 * (the chart as it stood). One query for all the items; an item without sittings answers [].
 */
async function withSittings(db: DB, items: Omit<ClinicalItem, 'sittings'>[], before?: Date): Promise<ClinicalItem[]> {
  if (items.length === 0) return [];
  const query = db('clinicalItemSittings as s')
    .leftJoin('users as u', 'u.id', 's.userId')
    .whereIn('s.clinicalItemId', items.map((i) => i.id))
    .orderBy([{ column: 's.at' }, { column: 's.id' }])
    .select('s.clinicalItemId', 's.at', 's.userId', 'u.displayName as userName', 's.teeth', 's.final', 's.note')
    .modify((q) => {
      if (before) q.where('s.at', '<', before);
    });
  const rows = (await query) as { clinicalItemId: number; at: Date | string; userId: number; userName: string | null; teeth: string[]; final: boolean; note: string | null }[];
  const byItem = new Map<number, ClinicalItemSitting[]>();
  for (const r of rows) {
    const list = byItem.get(Number(r.clinicalItemId)) ?? [];
    list.push({ at: new Date(r.at).toISOString(), userId: Number(r.userId), userName: r.userName, teeth: r.teeth, final: Boolean(r.final), note: r.note });
    byItem.set(Number(r.clinicalItemId), list);
  }
  return items.map((i) => ({ ...i, sittings: byItem.get(i.id) ?? [] }));
}

async function loadItem(db: DB, id: number): Promise<ClinicalItem> {
  const [item] = await loadItems(db, { ids: [id] });
  if (!item) throw notFound('Clinical item');
  return item;
}

async function lockPatient(trx: Knex.Transaction, patientId: number): Promise<void> {
  // FOR SHARE: the patient cannot be deleted or erased while their record is written.
  if (!(await trx('patients').where({ id: patientId }).forShare().first('id'))) throw notFound('Patient');
}

async function insertItems(deps: Deps, trx: Knex.Transaction, patientId: number, dentistId: number, parsed: ParsedItem[]): Promise<ClinicalItem[]> {
  const at = deps.now();
  const ids: number[] = [];
  for (const p of parsed) {
    const [{ id }] = await trx('clinicalItems')
      .insert({ patientId, teeth: p.teeth, surfaces: p.surfaces, code: p.code, kind: p.kind, status: p.status, note: p.note, dentistId, createdAt: at })
      .returning<{ id: number }[]>('id');
    await trx('clinicalItemEvents').insert({ itemId: id, at, action: 'create', status: p.status, userId: dentistId });
    const { teeth, surfaces, code, kind, status, note } = p;
    await audit(trx, {
      action: 'create',
      entity: 'clinical-item',
      entityId: id,
      changes: { patientId: { old: null, new: patientId }, teeth: { old: null, new: teeth }, surfaces: { old: null, new: surfaces }, code: { old: null, new: code }, kind: { old: null, new: kind }, status: { old: null, new: status }, note: { old: null, new: note } },
    });
    ids.push(id);
  }
  return loadItems(trx, { ids });
}

/** POST /api/admin/patients/{id}/clinical-items: one item, checked as the command bar checks (CHART-6). */
export async function createClinicalItem(deps: Deps, patientId: number, dentistId: number, input: ClinicalItemCreate): Promise<ClinicalItem> {
  return deps.knex.transaction(async (trx) => {
    await lockPatient(trx, patientId);
    const checked = checkChartItem(input, await chartVocabulary(trx, { typable: true }));
    if (!checked.ok) throw badRequest(checked.error);
    const [item] = await insertItems(deps, trx, patientId, dentistId, [checked.item]);
    return item;
  });
}

/**
 * POST /api/admin/patients/{id}/chart-commands (CHART-2): what the bar typed, read by the one parser with
 * this clinic's vocabulary; only parsed with `preview`, else every item recorded in one transaction.
 */
export async function runChartCommand(deps: Deps, patientId: number, dentistId: number, command: string, preview: boolean): Promise<{ preview: boolean; items: (ParsedItem | ClinicalItem)[] }> {
  if (preview) {
    if (!(await deps.knex('patients').where({ id: patientId }).first('id'))) throw notFound('Patient');
    const parsed = parseChartCommand(command, await chartVocabulary(deps.knex, { typable: true }));
    if (!parsed.ok) throw badRequest(parsed.error);
    return { preview: true, items: parsed.items };
  }
  return deps.knex.transaction(async (trx) => {
    await lockPatient(trx, patientId);
    const parsed = parseChartCommand(command, await chartVocabulary(trx, { typable: true }));
    if (!parsed.ok) throw badRequest(parsed.error);
    return { preview: false, items: await insertItems(deps, trx, patientId, dentistId, parsed.items) };
  });
}

async function lockItem(trx: Knex.Transaction, id: number): Promise<{ status: ItemStatus; kind: ClinicalItem['kind']; invalidatedAt: Date | null }> {
  const row = await trx('clinicalItems').where({ id }).forUpdate().first('status', 'kind', 'invalidatedAt');
  if (!row) throw notFound('Clinical item');
  return row;
}

/** PATCH /api/admin/clinical-items/{id}: a procedure's status; a completed one is locked (CHART-8). */
export async function changeItemStatus(deps: Deps, id: number, userId: number, status: ProcedureStatus): Promise<ClinicalItem> {
  return deps.knex.transaction((trx) => setItemStatus(deps, trx, id, userId, status));
}

/** changeItemStatus inside the caller's transaction (a plan's last sitting completes its item, PLAN-11). */
export async function setItemStatus(deps: Deps, trx: Knex.Transaction, id: number, userId: number, status: ProcedureStatus): Promise<ClinicalItem> {
  {
    const before = await lockItem(trx, id);
    if (before.invalidatedAt) throw conflict(CLINICAL_MESSAGES.invalidated);
    if (before.kind === 'finding') throw conflict(CLINICAL_MESSAGES.findingStatus);
    if (before.status === 'completed') throw conflict(CLINICAL_MESSAGES.locked);
    if (before.status !== status) {
      await trx('clinicalItems').where({ id }).update({ status });
      await trx('clinicalItemEvents').insert({ itemId: id, at: deps.now(), action: 'status', status, userId });
      await audit(trx, { action: 'update', entity: 'clinical-item', entityId: id, changes: { status: { old: before.status, new: status } } });
    }
    return loadItem(trx, id);
  }
}

/**
 * INV-41: a billed item stays as billed until its invoice line is reversed by a credit note. Invalidating
 * it before that answers 409 `{ error, invoiceNumber }` naming the invoice. Called with the item's row
 * locked: a credit note releases the item under the same lock (api/services/billing/credit-notes.ts).
 */
async function refuseBilled(trx: Knex.Transaction, id: number): Promise<void> {
  const billed = await trx('billedClinicalItems as b')
    .join('invoices as i', 'i.id', 'b.invoiceId')
    .where('b.clinicalItemId', id)
    .first('i.invoiceNumber');
  if (billed) throw conflict(CLINICAL_MESSAGES.billed(String(billed.invoiceNumber)), { invoiceNumber: String(billed.invoiceNumber) });
}

/** POST /api/admin/clinical-items/{id}/invalidate: kept, with the reason, who and when; also a locked item (CHART-8). */
export async function invalidateItem(deps: Deps, id: number, userId: number, reason: string): Promise<ClinicalItem> {
  return deps.knex.transaction(async (trx) => {
    const before = await lockItem(trx, id);
    if (before.invalidatedAt) throw conflict(CLINICAL_MESSAGES.alreadyInvalidated);
    await refuseBilled(trx, id);
    const at = deps.now();
    await trx('clinicalItems').where({ id }).update({ invalidatedAt: at, invalidReason: reason, invalidatedBy: userId });
    await trx('clinicalItemEvents').insert({ itemId: id, at, action: 'invalidate', status: before.status, userId, reason });
    await audit(trx, { action: 'invalidate', entity: 'clinical-item', entityId: id, changes: { invalidReason: { old: null, new: reason } } });
    return loadItem(trx, id);
  });
}

/**
 * POST /api/admin/patients/{id}/clinical-items/invalidate: several items of one patient invalidated with one
 * reason in one transaction (CHART-15), as the chart's undo takes back an entry of several items (`18 28 38
 * 48 missing`): all of them or, if one is not the patient's or already invalidated, none.
 */
export async function invalidateItems(deps: Deps, patientId: number, ids: number[], userId: number, reason: string): Promise<ClinicalItem[]> {
  return deps.knex.transaction(async (trx) => {
    await lockPatient(trx, patientId);
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const at = deps.now();
    for (const id of unique) {
      const row = await trx('clinicalItems').where({ id, patientId }).forUpdate().first('status', 'invalidatedAt');
      if (!row) throw notFound('Clinical item');
      if (row.invalidatedAt) throw conflict(CLINICAL_MESSAGES.alreadyInvalidated);
      await refuseBilled(trx, id);
      await trx('clinicalItems').where({ id }).update({ invalidatedAt: at, invalidReason: reason, invalidatedBy: userId });
      await trx('clinicalItemEvents').insert({ itemId: id, at, action: 'invalidate', status: row.status, userId, reason });
      await audit(trx, { action: 'invalidate', entity: 'clinical-item', entityId: id, changes: { invalidReason: { old: null, new: reason } } });
    }
    return loadItems(trx, { ids: unique });
  });
}
