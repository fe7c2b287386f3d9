import type { Knex } from 'knex';
import type { Deps } from '../../deps';
import { audit, changedFields } from '../../platform/audit';
import { decimalString, toPaise } from '../../../shared/domain/money';
import { PRICE_LIST_MESSAGES, type PriceListChart, type PriceListItem, type PriceListItemFields } from '../../../shared/schemas/price-list';
import { CLINICAL_MESSAGES } from '../../../shared/schemas/clinical-item';
import { conflict, notFound } from '../../errors';
import { containsPattern } from '../../db/list-query';
import { chartVocabulary, checkCodeNames, codeOnCharts } from '../clinical/vocabulary';

// The price list: the treatments the clinic bills, each with a default price, SAC and GST rate,
// offered as items by the invoice form (which copies them: an invoice never changes when the list does).

type Row = Record<string, unknown>;

const COLUMNS = [
  'id',
  'name',
  'defaultPrice',
  'sacCode',
  'taxRate',
  'isActive',
  'sortOrder',
  'chartCode',
  'chartNames',
  'chartDraw',
  'chartTakesSurfaces',
  'chartSpansTeeth',
  'chartMultiSitting',
];
/** COLUMNS of price_list as `p`, and whether a chart carries its code (index clinical_items_code). */
const listColumns = (knex: Knex | Knex.Transaction) => [
  ...COLUMNS.map((c) => `p.${c}`),
  knex.raw('(p.chart_code is not null and exists (select 1 from clinical_items c where c.code = p.chart_code)) as "onCharts"'),
];

function chartOf(row: Row): PriceListChart | null {
  if (!row.chartCode) return null;
  return {
    code: String(row.chartCode),
    names: row.chartNames as string[],
    draw: row.chartDraw as PriceListChart['draw'],
    takesSurfaces: Boolean(row.chartTakesSurfaces),
    spansTeeth: Boolean(row.chartSpansTeeth),
    multiSitting: Boolean(row.chartMultiSitting),
  };
}

function toJson(row: Row, onCharts = Boolean(row.onCharts)): PriceListItem {
  return {
    id: Number(row.id),
    name: String(row.name),
    defaultPrice: Number(row.defaultPrice),
    sacCode: (row.sacCode as string | null) ?? null,
    taxRate: Number(row.taxRate),
    isActive: Boolean(row.isActive),
    order: Number(row.sortOrder),
    chart: chartOf(row),
    onCharts,
  };
}

/** Which optional fields a PUT body carries: those left out keep their stored values. */
export interface GivenPriceFields {
  sacCode: boolean;
  taxRate: boolean;
  isActive: boolean;
  order: boolean;
  chart: boolean;
}

function columns(input: PriceListItemFields, given?: GivenPriceFields): Row {
  const row: Row = { name: input.name, defaultPrice: decimalString(toPaise(input.defaultPrice)) };
  if (!given || given.sacCode) row.sacCode = input.sacCode;
  if (!given || given.taxRate) row.taxRate = decimalString(toPaise(input.taxRate));
  if (!given || given.isActive) row.isActive = input.isActive;
  if (!given || given.order) row.sortOrder = input.order;
  if (!given || given.chart) {
    const c = input.chart;
    Object.assign(row, {
      chartCode: c?.code ?? null,
      chartNames: c ? [...new Set(c.names)] : [],
      chartDraw: c?.draw ?? null,
      chartTakesSurfaces: c?.takesSurfaces ?? false,
      chartSpansTeeth: c?.spansTeeth ?? false,
      chartMultiSitting: c?.multiSitting ?? false,
    });
  }
  return row;
}

/**
 * CHART-17: a row's chart fields, checked against every other code of the chart (its code and names not
 * taken, no status word, no surface letters); while its code is on charts, the code, drawing, surfaces
 * and span stay (past charts would change). One chart edit at a time: the findings' lock.
 */
async function checkChart(trx: Knex.Transaction, chart: PriceListChart | null, before: PriceListChart | null): Promise<void> {
  await trx.raw('lock table chart_findings in share row exclusive mode');
  if (before && (await codeOnCharts(trx, before.code))) {
    const same = chart && chart.code === before.code && chart.draw === before.draw && chart.takesSurfaces === before.takesSurfaces && chart.spansTeeth === before.spansTeeth;
    if (!same) throw conflict(CLINICAL_MESSAGES.chartCodeInUse);
  }
  if (chart) checkCodeNames(await chartVocabulary(trx), chart.code, [...new Set(chart.names)], before?.code ?? null);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export async function listPriceList(knex: Knex, filter: { q?: string | null; active?: boolean }): Promise<PriceListItem[]> {
  const query = knex('price_list as p').select(listColumns(knex)).orderBy('p.sortOrder').orderBy('p.id');
  if (filter.active !== undefined) query.where('p.isActive', filter.active);
  const q = filter.q?.trim();
  if (q) query.whereILike('p.name', containsPattern(q));
  return ((await query) as Row[]).map((row) => toJson(row));
}

export async function createPriceListItem(knex: Knex, input: PriceListItemFields): Promise<PriceListItem> {
  try {
    return await knex.transaction(async (trx) => {
      await checkChart(trx, input.chart, null);
      const [row] = await trx('price_list').insert(columns(input)).returning(COLUMNS);
      const item = toJson(row, false);
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
      if (given.chart) await checkChart(trx, input.chart, chartOf(before));
      const [row] = await trx('price_list')
        .where({ id })
        .update({ ...columns(input, given), updatedAt: deps.now() })
        .returning(COLUMNS);
      const onCharts = row.chartCode ? await codeOnCharts(trx, String(row.chartCode)) : false;
      const item = toJson(row, onCharts);
      await audit(trx, { action: 'update', entity: 'price-list-item', entityId: id, changes: changedFields(toJson(before, onCharts), item) });
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
    await audit(trx, { action: 'delete', entity: 'price-list-item', entityId: id, changes: changedFields(toJson(deleted[0], false), null) });
  });
}
