import type { Knex } from 'knex';
import { parseChartCommand, type ItemStatus, type ParsedItem } from '../../../shared/clinical/chart-command';
import { canMarkTreated, checkAgainstChart, treats } from '../../../shared/clinical/chart-checks';
import { checkChartItem } from '../../../shared/clinical/chart-item';
import { drawOfCode, type ChartVocabularyCode } from '../../../shared/clinical/vocabulary';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { CLINICAL_MESSAGES, type ClinicalItem, type ClinicalItemCreate, type ClinicalItemSitting, type ClinicalItemStatusChange } from '../../../shared/schemas/clinical-item';
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
                      'performedOn', to_char(i.performed_on, 'YYYY-MM-DD'),
                      'history', (select coalesce(json_agg(json_build_object(
                                     'at', ${isoSql('e.at')}, 'action', e.action, 'status', e.status, 'userId', e.user_id,
                                     'userName', eu.display_name, 'reason', e.reason, 'byItemId', e.by_item_id) order by e.at, e.id), '[]'::json)
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

/**
 * CHART-25: the chart's writers for one patient, one at a time (FOR NO KEY UPDATE of the patient row: two
 * entries of `46 rct` at once cannot both find the chart without the other), and what the chart holds.
 */
async function lockChart(trx: Knex.Transaction, patientId: number): Promise<ClinicalItem[]> {
  if (!(await trx('patients').where({ id: patientId }).forNoKeyUpdate().first('id'))) throw notFound('Patient');
  return loadItems(trx, { patientId });
}

/** Work that was done (and so may carry the day it was done, CHART-29). */
const isDoneWork = (status: ItemStatus) => status === 'completed' || status === 'existing' || status === 'existing-elsewhere';

/** CHART-29: performedOn is a day no later than today at the clinic, for work recorded as done. */
function checkPerformedOn(deps: Deps, performedOn: string | null | undefined, items: ParsedItem[]): string | null {
  if (!performedOn) return null;
  if (performedOn > clinicToday(deps.now())) throw badRequest(CLINICAL_MESSAGES.performedOnFuture, { performedOn: CLINICAL_MESSAGES.performedOnFuture });
  if (items.some((i) => !isDoneWork(i.status))) throw badRequest(CLINICAL_MESSAGES.performedOnStatus, { performedOn: CLINICAL_MESSAGES.performedOnStatus });
  return performedOn;
}

async function insertItems(deps: Deps, trx: Knex.Transaction, patientId: number, dentistId: number, parsed: ParsedItem[], performedOn: string | null): Promise<ClinicalItem[]> {
  const at = deps.now();
  const today = clinicToday(at);
  const ids: number[] = [];
  for (const p of parsed) {
    const [{ id }] = await trx('clinicalItems')
      .insert({ patientId, teeth: p.teeth, surfaces: p.surfaces, code: p.code, kind: p.kind, status: p.status, note: p.note, dentistId, createdAt: at, performedOn })
      .returning<{ id: number }[]>('id');
    await trx('clinicalItemEvents').insert({ itemId: id, at, action: 'create', status: p.status, userId: dentistId });
    const { teeth, surfaces, code, kind, status, note } = p;
    // CHART-29: work done on an earlier day says so in its audit row: recorded today, done then.
    const later: Record<string, { old: null; new: string }> = {};
    if (performedOn) later.performedOn = { old: null, new: performedOn };
    if (performedOn && performedOn < today) later.enteredLater = { old: null, new: `recorded on ${today} for work done on ${performedOn}` };
    await audit(trx, {
      action: 'create',
      entity: 'clinical-item',
      entityId: id,
      changes: { patientId: { old: null, new: patientId }, teeth: { old: null, new: teeth }, surfaces: { old: null, new: surfaces }, code: { old: null, new: code }, kind: { old: null, new: kind }, status: { old: null, new: status }, note: { old: null, new: note }, ...later },
    });
    ids.push(id);
  }
  return loadItems(trx, { ids });
}

/**
 * CHART-27: the standing findings of `pool` that the completed procedures of `done` treat become
 * resolved, each with an event naming the procedure (the history says "treated by ... on ..."), in the
 * caller's transaction.
 */
async function resolveTreated(deps: Deps, trx: Knex.Transaction, done: ClinicalItem[], pool: ClinicalItem[], userId: number, vocabulary: ChartVocabularyCode[]): Promise<number[]> {
  const drawOf = drawOfCode(vocabulary);
  const resolved: number[] = [];
  for (const procedure of done) {
    for (const finding of pool) {
      if (resolved.includes(finding.id) || !treats(procedure, finding, drawOf)) continue;
      const changed = await trx('clinicalItems').where({ id: finding.id, status: 'condition' }).whereNull('invalidatedAt').update({ status: 'resolved' });
      if (!changed) continue;
      await trx('clinicalItemEvents').insert({ itemId: finding.id, at: deps.now(), action: 'status', status: 'resolved', userId, byItemId: procedure.id });
      await audit(trx, { action: 'update', entity: 'clinical-item', entityId: finding.id, changes: { status: { old: 'condition', new: 'resolved' }, treatedBy: { old: null, new: procedure.id } } });
      resolved.push(finding.id);
    }
  }
  return resolved;
}

/**
 * Records checked items: against the chart first (CHART-25: 409 in plain words, nothing recorded), then
 * inserted, then the findings the completed ones treat are resolved (CHART-27), all in the caller's transaction.
 */
async function recordChecked(deps: Deps, trx: Knex.Transaction, patientId: number, dentistId: number, items: ParsedItem[], performedOn: string | null, vocabulary: ChartVocabularyCode[]): Promise<ClinicalItem[]> {
  const chart = await lockChart(trx, patientId);
  const refused = checkAgainstChart(items.map((i) => ({ ...i, performedOn })), chart, vocabulary, deps.now());
  if (refused) throw conflict(refused);
  const created = await insertItems(deps, trx, patientId, dentistId, items, performedOn);
  const done = created.filter((i) => i.kind === 'procedure' && i.status === 'completed');
  if (done.length === 0) return created;
  const resolved = await resolveTreated(deps, trx, done, [...chart, ...created], dentistId, vocabulary);
  // A finding recorded in this same command and treated by it is answered resolved.
  return resolved.some((id) => created.some((c) => c.id === id)) ? loadItems(trx, { ids: created.map((c) => c.id) }) : created;
}

/** POST /api/admin/patients/{id}/clinical-items: one item, checked as the command bar checks (CHART-6, CHART-25). */
export async function createClinicalItem(deps: Deps, patientId: number, dentistId: number, input: ClinicalItemCreate): Promise<ClinicalItem> {
  return deps.knex.transaction(async (trx) => {
    await lockPatient(trx, patientId);
    const vocabulary = await chartVocabulary(trx, { typable: true });
    const checked = checkChartItem(input, vocabulary);
    if (!checked.ok) throw badRequest(checked.error);
    const performedOn = checkPerformedOn(deps, input.performedOn, [checked.item]);
    const [item] = await recordChecked(deps, trx, patientId, dentistId, [checked.item], performedOn, vocabulary);
    return item;
  });
}

/**
 * POST /api/admin/patients/{id}/chart-commands (CHART-2): what the bar typed, read by the one parser with
 * this clinic's vocabulary; only parsed with `preview`, else every item recorded in one transaction, all
 * or none (CHART-25: one refused entry records nothing).
 */
export async function runChartCommand(
  deps: Deps,
  patientId: number,
  dentistId: number,
  command: string,
  preview: boolean,
  performedOn: string | null = null,
): Promise<{ preview: boolean; items: (ParsedItem | ClinicalItem)[] }> {
  if (preview) {
    if (!(await deps.knex('patients').where({ id: patientId }).first('id'))) throw notFound('Patient');
    const parsed = parseChartCommand(command, await chartVocabulary(deps.knex, { typable: true }));
    if (!parsed.ok) throw badRequest(parsed.error);
    checkPerformedOn(deps, performedOn, parsed.items);
    return { preview: true, items: parsed.items };
  }
  return deps.knex.transaction(async (trx) => {
    await lockPatient(trx, patientId);
    const vocabulary = await chartVocabulary(trx, { typable: true });
    const parsed = parseChartCommand(command, vocabulary);
    if (!parsed.ok) throw badRequest(parsed.error);
    const day = checkPerformedOn(deps, performedOn, parsed.items);
    return { preview: false, items: await recordChecked(deps, trx, patientId, dentistId, parsed.items, day, vocabulary) };
  });
}

async function lockItem(trx: Knex.Transaction, id: number): Promise<{ status: ItemStatus; kind: ClinicalItem['kind']; invalidatedAt: Date | null; patientId: number; code: string }> {
  const row = await trx('clinicalItems').where({ id }).forUpdate().first('status', 'kind', 'invalidatedAt', 'patientId', 'code');
  if (!row) throw notFound('Clinical item');
  return row;
}

/** PATCH /api/admin/clinical-items/{id}: a procedure's status, a completed one locked (CHART-8); a finding marked treated (CHART-27). */
export async function changeItemStatus(deps: Deps, id: number, userId: number, status: ClinicalItemStatusChange): Promise<ClinicalItem> {
  return deps.knex.transaction((trx) => setItemStatus(deps, trx, id, userId, status));
}

/**
 * changeItemStatus inside the caller's transaction (a plan's last sitting completes its item, PLAN-11).
 * Completing a procedure resolves the findings it treats, in the same transaction (CHART-27).
 */
export async function setItemStatus(deps: Deps, trx: Knex.Transaction, id: number, userId: number, status: ClinicalItemStatusChange): Promise<ClinicalItem> {
  const before = await lockItem(trx, id);
  if (before.invalidatedAt) throw conflict(CLINICAL_MESSAGES.invalidated);
  if (before.kind === 'finding') {
    if (status !== 'resolved') throw conflict(CLINICAL_MESSAGES.findingStatus);
    if (before.status === 'resolved') throw conflict(CLINICAL_MESSAGES.alreadyResolved);
    const vocabulary = await chartVocabulary(trx);
    const [item] = await loadItems(trx, { ids: [id] });
    if (!canMarkTreated(item, drawOfCode(vocabulary))) throw conflict(CLINICAL_MESSAGES.resolveMissing);
  } else {
    if (status === 'resolved') throw conflict(CLINICAL_MESSAGES.resolveProcedure);
    if (before.status === 'completed') throw conflict(CLINICAL_MESSAGES.locked);
  }
  if (before.status !== status) {
    await trx('clinicalItems').where({ id }).update({ status });
    await trx('clinicalItemEvents').insert({ itemId: id, at: deps.now(), action: 'status', status, userId });
    await audit(trx, { action: 'update', entity: 'clinical-item', entityId: id, changes: { status: { old: before.status, new: status } } });
    if (status === 'completed') {
      const chart = await lockChart(trx, before.patientId);
      const done = chart.filter((i) => i.id === id);
      await resolveTreated(deps, trx, done, chart, userId, await chartVocabulary(trx));
    }
  }
  return loadItem(trx, id);
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

/**
 * CHART-31: a finding treated by work that is then invalidated (entered in error, undone) stands again: its
 * status goes back to `condition`, with an event naming the invalidated work and the reason, in the
 * invalidation's transaction. A finding marked treated by hand, or by other work, stays treated.
 */
async function reopenTreatedBy(trx: Knex.Transaction, procedureId: number, at: Date, userId: number): Promise<void> {
  const findings = await trx('clinicalItems as i')
    .where({ 'i.status': 'resolved' })
    .whereNull('i.invalidatedAt')
    .whereRaw(
      `(select e.by_item_id from clinical_item_events e where e.item_id = i.id and e.action = 'status' order by e.at desc, e.id desc limit 1) = ?`,
      [procedureId],
    )
    .forUpdate()
    .select('i.id');
  const reason = 'the work that treated it was invalidated';
  for (const { id } of findings as { id: number }[]) {
    await trx('clinicalItems').where({ id }).update({ status: 'condition' });
    await trx('clinicalItemEvents').insert({ itemId: id, at, action: 'status', status: 'condition', userId, reason, byItemId: procedureId });
    await audit(trx, { action: 'update', entity: 'clinical-item', entityId: id, changes: { status: { old: 'resolved', new: 'condition' }, treatedBy: { old: procedureId, new: null } } });
  }
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
    await reopenTreatedBy(trx, id, at, userId);
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
    // Every item is invalidated first, so a finding treated by work of the same entry is judged once.
    for (const id of unique) await reopenTreatedBy(trx, id, at, userId);
    return loadItems(trx, { ids: unique });
  });
}
