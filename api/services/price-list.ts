import type { Knex } from 'knex';
import { decimalString, toPaise } from '../../shared/domain/money';
import { PRICE_LIST_MESSAGES, type PriceListItem, type PriceListItemFields } from '../../shared/schemas/price-list';
import { conflict, notFound } from '../errors';
import { containsPattern } from '../middleware/list-query';

// The price list (issue 10): the treatments the clinic bills, each with a default price, SAC and GST rate,
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
    const [row] = await knex('price_list').insert(columns(input)).returning(COLUMNS);
    return toJson(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PRICE_LIST_MESSAGES.duplicate);
    throw err;
  }
}

export async function updatePriceListItem(knex: Knex, id: number, input: PriceListItemFields, given: GivenPriceFields): Promise<PriceListItem> {
  try {
    const [row] = await knex('price_list')
      .where({ id })
      .update({ ...columns(input, given), updatedAt: knex.fn.now() })
      .returning(COLUMNS);
    if (!row) throw notFound('Price list item');
    return toJson(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PRICE_LIST_MESSAGES.duplicate);
    throw err;
  }
}

export async function deletePriceListItem(knex: Knex, id: number): Promise<void> {
  const deleted = await knex('price_list').where({ id }).delete().returning('id');
  if (deleted.length === 0) throw notFound('Price list item');
}
