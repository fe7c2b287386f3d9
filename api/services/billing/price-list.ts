import type { Knex } from 'knex';
import type { Deps } from '../../deps';
import { audit, changedFields } from '../../platform/audit';
import { decimalString, toPaise } from '../../../shared/domain/money';
import { PRICE_LIST_MESSAGES, type PriceListItem, type PriceListItemFields } from '../../../shared/schemas/price-list';
import { conflict, notFound } from '../../errors';
import { containsPattern } from '../../db/list-query';

// The price list: the treatments the clinic bills, each with a default price, SAC and GST rate,
// offered as items by the invoice form (which copies them: an invoice never changes when the list does).

type Row = Record<string, unknown>;

const COLUMNS = ['id', 'name', 'defaultPrice', 'sacCode', 'taxRate', 'isActive', 'sortOrder'];

function toJson(row: Row): PriceListItem {
  return {
    id: Number(row.id),
    name: String(row.name),
    defaultPrice: Number(row.defaultPrice),
    sacCode: (row.sacCode as string | null) ?? null,
    taxRate: Number(row.taxRate),
    isActive: Boolean(row.isActive),
    order: Number(row.sortOrder),
  };
}

/** Which optional fields a PUT body carries: those left out keep their stored values. */
export interface GivenPriceFields {
  sacCode: boolean;
  taxRate: boolean;
  isActive: boolean;
  order: boolean;
}

function columns(input: PriceListItemFields, given?: GivenPriceFields): Row {
  const row: Row = { name: input.name, defaultPrice: decimalString(toPaise(input.defaultPrice)) };
  if (!given || given.sacCode) row.sacCode = input.sacCode;
  if (!given || given.taxRate) row.taxRate = decimalString(toPaise(input.taxRate));
  if (!given || given.isActive) row.isActive = input.isActive;
  if (!given || given.order) row.sortOrder = input.order;
  return row;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export async function listPriceList(knex: Knex, filter: { q?: string | null; active?: boolean }): Promise<PriceListItem[]> {
  const query = knex('price_list').select(COLUMNS).orderBy('sortOrder').orderBy('id');
  if (filter.active !== undefined) query.where('isActive', filter.active);
  const q = filter.q?.trim();
  if (q) query.whereILike('name', containsPattern(q));
  return ((await query) as Row[]).map(toJson);
}

export async function createPriceListItem(knex: Knex, input: PriceListItemFields): Promise<PriceListItem> {
  try {
    return await knex.transaction(async (trx) => {
      const [row] = await trx('price_list').insert(columns(input)).returning(COLUMNS);
      const item = toJson(row);
      await audit(trx, { action: 'create', entity: 'price-list-item', entityId: item.id, changes: changedFields(null, item) });
      return item;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PRICE_LIST_MESSAGES.duplicate);
    throw err;
  }
}

export async function updatePriceListItem(
  deps: Pick<Deps, 'knex' | 'now'>,
  id: number,
  input: PriceListItemFields,
  given: GivenPriceFields,
): Promise<PriceListItem> {
  try {
    return await deps.knex.transaction(async (trx) => {
      const before = await trx('price_list').where({ id }).forUpdate().first(COLUMNS);
      if (!before) throw notFound('Price list item');
      const [row] = await trx('price_list')
        .where({ id })
        .update({ ...columns(input, given), updatedAt: deps.now() })
        .returning(COLUMNS);
      const item = toJson(row);
      await audit(trx, { action: 'update', entity: 'price-list-item', entityId: id, changes: changedFields(toJson(before), item) });
      return item;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PRICE_LIST_MESSAGES.duplicate);
    throw err;
  }
}

export async function deletePriceListItem(knex: Knex, id: number): Promise<void> {
  await knex.transaction(async (trx) => {
    // CHART-7: a treatment on patients' charts stays, or those charts could no longer say what it was.
    const onCharts = await trx('price_list as p')
      .where('p.id', id)
      .whereExists(trx('clinical_items as c').whereRaw('c.code = p.chart_code'))
      .first('p.id');
    if (onCharts) throw conflict(PRICE_LIST_MESSAGES.onCharts);
    const deleted = await trx('price_list').where({ id }).delete().returning(COLUMNS);
    if (deleted.length === 0) throw notFound('Price list item');
    await audit(trx, { action: 'delete', entity: 'price-list-item', entityId: id, changes: changedFields(toJson(deleted[0]), null) });
  });
}
