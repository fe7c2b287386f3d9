import type { Knex } from 'knex';
import { DEFAULT_TAX_PERCENTAGE, SAC_HEALTH_CARE } from '../../../shared/constants/invoice';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { formatRupeesExact } from '../../../shared/domain/money';
import { patientName } from '../../../shared/plans/patient-names';
import type { PlanSitting } from '../../../shared/schemas/treatment-plan';
import type { InvoiceCreate } from '../../../shared/schemas/invoice';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit, auditRead } from '../../platform/audit';
import { insertInvoice, type InvoiceJson } from '../billing/invoices';
import { settingValue } from '../content/site-settings';
import { setItemStatus } from '../clinical/items';
import { acceptedLines, getPlan } from './plans';
import type { TreatmentPlan } from '../../../shared/schemas/treatment-plan';

// PLAN-11: sittings; PLAN-12: billing the completed work at the accepted prices, each item once.

type Row = Record<string, any>;

export const BILLING_ERRORS = {
  nothing: 'Nothing is left to bill: no completed work that is not billed yet',
  notCompleted: (id: number) => `Item ${id} is not completed work of this patient`,
  billed: (id: number) => `Item ${id} is already billed`,
  notInPlan: 'This item is not in the plan\'s accepted option',
  toothNotInItem: (tooth: string) => `Tooth ${tooth} is not part of this item`,
  notAccepted: 'Sittings are recorded on an accepted plan',
  done: 'This item is already completed',
} as const;

/**
 * POST /api/admin/treatment-plans/{id}/sittings (PLAN-11). A sitting of an item of the accepted option:
 * the teeth done at it (an item over several teeth, such as a bridge or a splint, is done tooth by tooth),
 * and whether it is the last (a root canal over three sittings). The item is completed (and so billable)
 * when a sitting says it is the last, or when every tooth of it has been done; until then it stays planned.
 */
export async function recordSitting(deps: Deps, planId: number, userId: number, input: PlanSitting): Promise<TreatmentPlan> {
  await deps.knex.transaction(async (trx) => {
    const plan = await trx('treatmentPlans').where({ id: planId }).forUpdate().first();
    if (!plan) throw notFound('Treatment plan');
    if (plan.status !== 'accepted') throw conflict(BILLING_ERRORS.notAccepted);
    const line = await trx('treatmentPlanLines as l')
      .join('treatmentPlanAcceptances as a', 'a.optionId', 'l.optionId')
      .join('treatmentPlanVersions as v', 'v.id', 'a.versionId')
      .where({ 'a.planId': planId, 'v.version': plan.currentVersion, 'l.clinicalItemId': input.itemId })
      .first('l.id');
    if (!line) throw badRequest(BILLING_ERRORS.notInPlan, { itemId: BILLING_ERRORS.notInPlan });
    const item = await trx('clinicalItems').where({ id: input.itemId }).forUpdate().first('teeth', 'status', 'invalidatedAt');
    if (item.status === 'completed' || item.invalidatedAt) throw conflict(BILLING_ERRORS.done);
    const itemTeeth = item.teeth as string[];
    const teeth = input.teeth ?? (input.final ? itemTeeth : []);
    const stray = teeth.find((t) => !itemTeeth.includes(t));
    if (stray) throw badRequest(BILLING_ERRORS.toothNotInItem(stray), { teeth: BILLING_ERRORS.toothNotInItem(stray) });
    await trx('clinicalItemSittings').insert({ clinicalItemId: input.itemId, teeth, final: Boolean(input.final), note: input.note || null, userId, at: deps.now() });
    const done = new Set(((await trx('clinicalItemSittings').where({ clinicalItemId: input.itemId }).select('teeth')) as Row[]).flatMap((s) => s.teeth as string[]));
    const allTeeth = itemTeeth.length > 1 && itemTeeth.every((t) => done.has(t));
    if (input.final || allTeeth) await setItemStatus(deps, trx, input.itemId, userId, 'completed');
    await audit(trx, { action: 'sitting', entity: 'clinical-item', entityId: input.itemId, changes: { teeth: { old: null, new: teeth }, final: { old: null, new: Boolean(input.final || allTeeth) } } });
  });
  return getPlan(deps, planId);
}

export interface BillableItem {
  itemId: number;
  planId: number | null;
  description: string;
  teeth: string[];
  sacCode: string | null;
  taxRate: number;
  unitPrice: number;
  /** The price before the accepted discounts, and those discounts (item's and the plan's share). */
  listPrice: number;
  discount: number;
}

/**
 * The completed, unbilled procedures of a patient and the prices they are billed at: the accepted
 * estimate's net price (PLAN-12); an item outside any accepted plan at the price list's price.
 * Without `itemIds`: every completed, unbilled item of the patient's accepted plans.
 */
/** GET /api/admin/patients/{id}/billable-items: the completed work with its teeth, an audited read (DATA-10). */
export async function readBillableItems(deps: Deps, patientId: number): Promise<BillableItem[]> {
  // PLAN-22: the list offers completed work outside any plan too (`21 crown done`), at the price list's price.
  const items = await billableItems(deps.knex, patientId, undefined, { outsidePlans: true });
  await auditRead(deps.knex, 'read-plans', [patientId], { list: 'billable-items' });
  return items;
}

export async function billableItems(db: Knex | Knex.Transaction, patientId: number, itemIds?: number[], options: { outsidePlans?: boolean } = {}): Promise<BillableItem[]> {
  const query = db('clinicalItems as c')
    .leftJoin('billedClinicalItems as b', 'b.clinicalItemId', 'c.id')
    .where({ 'c.patientId': patientId, 'c.kind': 'procedure', 'c.status': 'completed' })
    .whereNull('c.invalidatedAt')
    .whereNull('b.clinicalItemId')
    .orderBy('c.id')
    .select('c.id', 'c.code', 'c.teeth');
  if (itemIds) query.whereIn('c.id', itemIds);
  const rows: Row[] = await query;
  const accepted = await acceptedLines(db, rows.map((r) => Number(r.id)));
  const out: BillableItem[] = [];
  for (const row of rows) {
    const line = accepted.get(Number(row.id));
    if (line) {
      out.push({
        itemId: Number(row.id),
        planId: Number(line.planId),
        // PLAN-21: the invoice names the work as the patient reads it ("Dental implant", not the catalogue's heading).
        description: `${patientName(String(line.code), 'en', String(line.description))} (${(line.teeth as string[]).join(', ')})`,
        teeth: line.teeth as string[],
        sacCode: (line.sacCode as string | null) ?? null,
        taxRate: line.gstRegistered ? Number(line.taxRate) : 0,
        unitPrice: Number(line.netPrice),
        listPrice: Number(line.unitPrice),
        discount: Number(line.discount) + Number(line.planDiscountShare),
      });
    } else if (itemIds || options.outsidePlans) {
      const price = await db('priceList').where({ chartCode: row.code }).first('name', 'defaultPrice', 'sacCode', 'taxRate');
      const teeth = row.teeth as string[];
      out.push({
        itemId: Number(row.id),
        planId: null,
        description: `${patientName(String(row.code), 'en', String(price?.name ?? row.code))} (${teeth.join(', ')})`,
        teeth,
        sacCode: price?.sacCode ?? SAC_HEALTH_CARE,
        taxRate: price ? Number(price.taxRate) : 0,
        unitPrice: price ? Number(price.defaultPrice) : 0,
        listPrice: price ? Number(price.defaultPrice) : 0,
        discount: 0,
      });
    }
  }
  return out;
}

/**
 * POST /api/admin/patients/{id}/invoice-from-completed `{ itemIds? }` (PLAN-12): one transaction writes
 * the invoice (billing's own creation, INV-8 and the number included) and a billed_clinical_items row per
 * item, whose primary key refuses a second billing of the same item even from a racing request. 409 when
 * nothing is left to bill, or when a named item is not completed work of the patient or is billed.
 */
export async function invoiceFromCompleted(deps: Deps, patientId: number, itemIds?: number[]): Promise<InvoiceJson> {
  return deps.knex.transaction(async (trx) => {
    const patient = await trx('patients').where({ id: patientId }).forKeyShare().first('id');
    if (!patient) throw notFound('Patient');
    const items = await billableItems(trx, patientId, itemIds);
    if (itemIds) {
      for (const id of itemIds) {
        if (items.some((i) => i.itemId === id)) continue;
        const billed = await trx('billedClinicalItems').where({ clinicalItemId: id }).first('clinicalItemId');
        throw conflict(billed ? BILLING_ERRORS.billed(id) : BILLING_ERRORS.notCompleted(id));
      }
    }
    if (items.length === 0) throw conflict(BILLING_ERRORS.nothing);
    const invoiceItems = items.map((item) => ({
      description: item.discount > 0 ? `${item.description}, ${formatRupeesExact(item.listPrice)} less ${formatRupeesExact(item.discount)}` : item.description,
      quantity: 1,
      unitPrice: item.unitPrice,
      sacCode: item.sacCode,
      taxRate: item.taxRate,
    }));
    const registered = (await settingValue(trx, 'gstin')) !== null;
    const totals = computeInvoiceTotals(invoiceItems, DEFAULT_TAX_PERCENTAGE, { registered });
    const input: InvoiceCreate = {
      patientId,
      appointmentId: null,
      dueDate: null,
      subtotal: totals.subtotal,
      taxPercentage: DEFAULT_TAX_PERCENTAGE,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      notes: null,
      items: invoiceItems.map((item, i) => ({ ...item, totalPrice: totals.items[i].totalPrice })),
    };
    const invoice = await insertInvoice(deps, trx, input);
    const lines = await acceptedLines(trx, items.map((i) => i.itemId));
    await trx('billedClinicalItems').insert(
      // INV-41: each item with the invoice line that bills it (one line per item, in order), which a credit note reverses.
      items.map((item, i) => ({ clinicalItemId: item.itemId, invoiceId: invoice.id, invoiceItemId: invoice.items?.[i]?.id ?? null, planLineId: lines.get(item.itemId)?.id ?? null, createdAt: deps.now() })),
    );
    await audit(trx, { action: 'bill', entity: 'patient', entityId: patientId, changes: { invoiceId: { old: null, new: invoice.id }, itemIds: { old: null, new: items.map((i) => i.itemId) } } });
    return invoice;
  });
}
