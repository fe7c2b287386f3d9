import type { Knex } from 'knex';
import { parseChartCommand, type ItemStatus, type ParsedItem, type ProcedureStatus } from '../../../shared/clinical/chart-command';
import { checkChartItem } from '../../../shared/clinical/chart-item';
import { CLINICAL_MESSAGES, type ClinicalItem, type ClinicalItemCreate, type ClinicalItemEvent } from '../../../shared/schemas/clinical-item';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { chartVocabulary } from './vocabulary';

// CHART-5..CHART-9: the clinical items of a patient. Every write and its audit row and history event are
// one transaction; nothing is deleted (no route does, and the table's trigger refuses); a completed
// procedure is locked; an item is invalidated with a reason and kept.

type DB = Knex | Knex.Transaction;

interface ItemRow {
  id: number;
  patientId: number;
  teeth: string[];
  surfaces: ClinicalItem['surfaces'];
  code: string;
  kind: ClinicalItem['kind'];
  status: ItemStatus;
  note: string | null;
  dentistId: number;
  dentistName: string | null;
  createdAt: Date;
  invalidatedAt: Date | null;
  invalidReason: string | null;
  invalidatedBy: number | null;
}
interface EventRow {
  itemId: number;
  at: Date;
  action: ClinicalItemEvent['action'];
  status: ItemStatus;
  userId: number;
  userName: string | null;
  reason: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function itemJson(row: ItemRow, events: EventRow[]): ClinicalItem {
  return {
    id: row.id,
    patientId: row.patientId,
    teeth: row.teeth,
    surfaces: row.surfaces,
    code: row.code,
    kind: row.kind,
    status: row.status,
    note: row.note,
    dentistId: row.dentistId,
    dentistName: row.dentistName,
    createdAt: iso(row.createdAt)!,
    invalidatedAt: iso(row.invalidatedAt),
    invalidReason: row.invalidReason,
    invalidatedBy: row.invalidatedBy,
    locked: row.status === 'completed',
    history: events.map((e) => ({ at: iso(e.at)!, action: e.action, status: e.status, userId: e.userId, userName: e.userName, reason: e.reason })),
  };
}

/**
 * The items (with their history) that `where` selects, oldest first. `before`: only items created and
 * events made before that instant, as the chart at a past date needs them (CHART-9).
 */
export async function loadItems(db: DB, where: { patientId?: number; ids?: number[] }, before?: Date): Promise<ClinicalItem[]> {
  const items = db('clinicalItems as i')
    .leftJoin('users as u', 'u.id', 'i.dentistId')
    .orderBy('i.createdAt')
    .orderBy('i.id')
    .select<ItemRow[]>('i.*', 'u.displayName as dentistName');
  const events = db('clinicalItemEvents as e')
    .join('clinicalItems as i', 'i.id', 'e.itemId')
    .leftJoin('users as u', 'u.id', 'e.userId')
    .orderBy('e.at')
    .orderBy('e.id')
    .select<EventRow[]>('e.itemId', 'e.at', 'e.action', 'e.status', 'e.userId', 'u.displayName as userName', 'e.reason');
  for (const q of [items, events]) {
    if (where.patientId !== undefined) q.where('i.patientId', where.patientId);
    if (where.ids !== undefined) q.whereIn('i.id', where.ids);
  }
  if (before) {
    items.where('i.createdAt', '<', before);
    events.where('e.at', '<', before);
  }
  const [itemRows, eventRows] = [await items, await events];
  const byItem = new Map<number, EventRow[]>();
  for (const e of eventRows) byItem.set(e.itemId, [...(byItem.get(e.itemId) ?? []), e]);
  return itemRows.map((row) => itemJson(row, byItem.get(row.id) ?? []));
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

/** POST /api/admin/clinical-items/{id}/invalidate: kept, with the reason, who and when; also a locked item (CHART-8). */
export async function invalidateItem(deps: Deps, id: number, userId: number, reason: string): Promise<ClinicalItem> {
  return deps.knex.transaction(async (trx) => {
    const before = await lockItem(trx, id);
    if (before.invalidatedAt) throw conflict(CLINICAL_MESSAGES.alreadyInvalidated);
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
      await trx('clinicalItems').where({ id }).update({ invalidatedAt: at, invalidReason: reason, invalidatedBy: userId });
      await trx('clinicalItemEvents').insert({ itemId: id, at, action: 'invalidate', status: row.status, userId, reason });
      await audit(trx, { action: 'invalidate', entity: 'clinical-item', entityId: id, changes: { invalidReason: { old: null, new: reason } } });
    }
    return loadItems(trx, { ids: unique });
  });
}
