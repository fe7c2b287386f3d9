import type { Knex } from 'knex';
import { sittingNotes } from '../../../shared/clinical/sittings';
import { DECLINED_STATUS } from '../../../shared/clinical/chart-command';
import { SAC_HEALTH_CARE } from '../../../shared/constants/invoice';
import { decimalString, toPaise } from '../../../shared/domain/money';
import { isLang, type Lang } from '../../../shared/i18n/types';
import { computeEstimate, emiMonthly, ITEM_DISCOUNT_TOO_LARGE, PLAN_DISCOUNT_TOO_LARGE } from '../../../shared/plans/estimate';
import { patientName } from '../../../shared/plans/patient-names';
import { planEmiMonths } from '../../../shared/schemas/site-setting';
import type {
  OptionStatus,
  PlanLine,
  PlanOption,
  PlanStatus,
  PlanDecline,
  PlanPreview,
  PlanPreviewInput,
  PlanVersionSummary,
  TreatmentPlan,
  TreatmentPlanInput,
} from '../../../shared/schemas/treatment-plan';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit, auditRead } from '../../platform/audit';
import { verifyAddress } from '../../platform/documents/issued-documents';
import { settingValue } from '../content/site-settings';
import { occupiesPlaceSql } from '../appointments/places';

// Treatment plans (PLAN-1..PLAN-8, docs/clinical.md "Treatment plans"): made from a patient's planned
// clinical items, priced from the price list, in options and visits; each change a new version; the
// accepted version is frozen (acceptance.ts). Reading a plan works out its status from its items.

export type DB = Knex | Knex.Transaction;
type Row = Record<string, any>;

export const PLAN_ERRORS = {
  notPlanned: (id: number) => `Item ${id} is not a planned procedure of this patient`,
  declined: 'This plan was declined: make a new plan',
  superseded: (by: number) => `This plan was superseded by plan #${by}, which the patient accepted: change that plan or make a new one`,
  started: 'Work on this plan has been completed or billed: make a new plan for further work',
  noAcceptedPrices: 'This plan has no accepted estimate',
  notProposed: 'Only a proposed plan can be declined',
  noOption: (name: string) => `This plan has no option ${name}`,
  optionDeclined: (name: string) => `Option ${name} is already declined`,
  offeredAgain: 'Offered again in a treatment plan',
} as const;

/** The minutes a visit takes when the dentist gives none: half an hour a procedure. */
const MINUTES_PER_ITEM = 30;

const iso = (d: unknown) => new Date(d as string | Date).toISOString();

async function priceFor(db: DB, code: string): Promise<{ name: string; price: number; sacCode: string | null; taxRate: number }> {
  const row = await db('priceList').where({ chartCode: code }).first('name', 'defaultPrice', 'sacCode', 'taxRate');
  // PLAN-4: a code the price list no longer has is priced at zero, exempt health care, for the dentist to price.
  if (!row) return { name: code, price: 0, sacCode: SAC_HEALTH_CARE, taxRate: 0 };
  return { name: String(row.name), price: Number(row.defaultPrice), sacCode: (row.sacCode as string | null) ?? null, taxRate: Number(row.taxRate) };
}

/**
 * PLAN-1: the items of an option are procedures of this patient, not invalidated, and planned (a new
 * version may keep items of the version before that have since been completed). PLAN-18: an item declined
 * when another option was accepted may be offered again; writeVersion makes it planned again.
 */
async function checkItems(trx: DB, patientId: number, ids: number[], keep: Set<number>): Promise<Map<number, Row>> {
  const rows: Row[] = await trx('clinicalItems').whereIn('id', ids).select('id', 'patientId', 'kind', 'status', 'code', 'teeth', 'invalidatedAt');
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  for (const id of ids) {
    const row = byId.get(id);
    const ok = row && Number(row.patientId) === patientId && row.kind === 'procedure' && !row.invalidatedAt && (row.status === 'planned' || row.status === DECLINED_STATUS || keep.has(id));
    if (!ok) throw badRequest(PLAN_ERRORS.notPlanned(id), { itemIds: PLAN_ERRORS.notPlanned(id) });
  }
  return byId;
}

/**
 * PLAN-18: items declined when another option was accepted, offered again in a new plan or version, are
 * planned again (their history event and audit row in the version's transaction), so the chart draws them.
 */
async function replanDeclined(deps: Deps, trx: Knex.Transaction, rows: Row[], userId: number): Promise<void> {
  for (const row of rows) {
    if (row.status !== DECLINED_STATUS) continue;
    const id = Number(row.id);
    await trx('clinicalItems').where({ id }).update({ status: 'planned' });
    await trx('clinicalItemEvents').insert({ itemId: id, at: deps.now(), action: 'status', status: 'planned', userId, reason: PLAN_ERRORS.offeredAgain });
    await audit(trx, { action: 'update', entity: 'clinical-item', entityId: id, changes: { status: { old: DECLINED_STATUS, new: 'planned' } } });
    row.status = 'planned';
  }
}

type PlanOptionInput = TreatmentPlanInput['options'][number];

/** PLAN-3, PLAN-4, PLAN-5: an option's lines priced from the price list (or as edited) and its figures. */
async function priceOption(db: DB, items: Map<number, Row>, option: PlanOptionInput, o: number, registered: boolean) {
  const edits = new Map((option.lines ?? []).map((l) => [l.itemId, l]));
  const lines: { itemId: number; code: string; teeth: string[]; description: string; sacCode: string | null; taxRate: number; unitPrice: number; discount: number; visit: number }[] = [];
  for (const itemId of option.itemIds) {
    const item = items.get(itemId)!;
    const listed = await priceFor(db, String(item.code));
    const edit = edits.get(itemId);
    lines.push({
      itemId,
      code: String(item.code),
      teeth: item.teeth as string[],
      description: listed.name,
      sacCode: listed.sacCode,
      taxRate: listed.taxRate,
      unitPrice: edit?.unitPrice ?? listed.price,
      discount: edit?.discount ?? 0,
      visit: edit?.visit ?? 1,
    });
  }
  try {
    return { lines, figures: computeEstimate(lines, option.discount ?? 0, registered) };
  } catch (error) {
    const message = error instanceof RangeError && error.message === PLAN_DISCOUNT_TOO_LARGE ? PLAN_DISCOUNT_TOO_LARGE : ITEM_DISCOUNT_TOO_LARGE;
    const field = message === PLAN_DISCOUNT_TOO_LARGE ? `options.${o}.discount` : `options.${o}.lines`;
    throw badRequest(message, { [field]: message });
  }
}

/**
 * POST /api/admin/patients/{id}/treatment-plans/preview (PLAN-24): the options as they would be priced,
 * nothing written, so the editor shows prices, discounts, GST and totals live while the dentist chooses.
 * `planId`: the plan being changed (its items stay allowed, as a change keeps them).
 */
export async function previewPlan(deps: Deps, patientId: number, input: PlanPreviewInput): Promise<PlanPreview> {
  const patient = await deps.knex('patients').where({ id: patientId }).first('id');
  if (!patient) throw notFound('Patient');
  const keep = new Set<number>();
  if (input.planId !== undefined) {
    const plan = await deps.knex('treatmentPlans').where({ id: input.planId, patientId }).first('currentVersion');
    if (!plan) throw notFound('Treatment plan');
    for (const l of await currentLines(deps.knex, input.planId, Number(plan.currentVersion))) keep.add(Number(l.clinicalItemId));
  }
  const registered = (await settingValue(deps.knex, 'gstin')) !== null;
  const options: PlanPreview['options'] = [];
  for (const [o, option] of input.options.entries()) {
    const items = await checkItems(deps.knex, patientId, option.itemIds, keep);
    const { lines, figures } = await priceOption(deps.knex, items, option, o, registered);
    options.push({
      name: option.name,
      listTotal: figures.listTotal,
      discountTotal: figures.discountTotal,
      subtotal: figures.subtotal,
      taxAmount: figures.taxAmount,
      total: figures.totalAmount,
      items: lines.map((line, i) => ({
        itemId: line.itemId,
        code: line.code,
        teeth: line.teeth,
        description: line.description,
        patientName: patientName(line.code, 'en', line.description),
        visit: line.visit,
        taxRate: registered ? line.taxRate : 0,
        unitPrice: line.unitPrice,
        discount: line.discount,
        planDiscountShare: figures.lines[i].planDiscountShare,
        netPrice: figures.lines[i].netPrice,
        total: figures.lines[i].total,
      })),
    });
  }
  return { gstRegistered: registered, options };
}

/** PLAN-1, PLAN-3, PLAN-4, PLAN-5: writes one version of a plan with its options and priced lines. */
async function writeVersion(
  deps: Deps,
  trx: Knex.Transaction,
  plan: { id: number; patientId: number },
  version: number,
  input: TreatmentPlanInput,
  userId: number,
  keep: Set<number>,
): Promise<void> {
  const registered = (await settingValue(trx, 'gstin')) !== null;
  const [{ id: versionId }] = await trx('treatmentPlanVersions')
    .insert({ planId: plan.id, version, title: input.title, gstRegistered: registered, createdBy: userId, createdAt: deps.now() })
    .returning('id');
  for (const [o, option] of input.options.entries()) {
    const items = await checkItems(trx, plan.patientId, option.itemIds, keep);
    await replanDeclined(deps, trx, [...items.values()], userId);
    const { lines, figures } = await priceOption(trx, items, option, o, registered);
    const visitCount = Math.max(...lines.map((l) => l.visit));
    const visits = Array.from({ length: visitCount }, (_, i) => {
      const given = option.visits?.[i];
      const count = lines.filter((l) => l.visit === i + 1).length;
      return { label: given?.label || '', minutes: given?.minutes ?? Math.max(MINUTES_PER_ITEM, count * MINUTES_PER_ITEM) };
    });
    const [{ id: optionId }] = await trx('treatmentPlanOptions')
      .insert({
        versionId,
        name: option.name,
        status: 'proposed',
        planDiscount: decimalString(toPaise(option.discount ?? 0)),
        visits: JSON.stringify(visits),
        subtotal: decimalString(toPaise(figures.subtotal)),
        taxAmount: decimalString(toPaise(figures.taxAmount)),
        totalAmount: decimalString(toPaise(figures.totalAmount)),
      })
      .returning('id');
    await trx('treatmentPlanLines').insert(
      lines.map((line, i) => ({
        optionId,
        clinicalItemId: line.itemId,
        position: i + 1,
        visit: line.visit,
        description: line.description,
        code: line.code,
        teeth: line.teeth,
        sacCode: line.sacCode,
        taxRate: decimalString(toPaise(line.taxRate)),
        unitPrice: decimalString(toPaise(line.unitPrice)),
        discount: decimalString(toPaise(line.discount)),
        planDiscountShare: decimalString(toPaise(figures.lines[i].planDiscountShare)),
        netPrice: decimalString(toPaise(figures.lines[i].netPrice)),
      })),
    );
  }
}

/** POST /api/admin/patients/{id}/treatment-plans: version 1, proposed. */
export async function createPlan(deps: Deps, patientId: number, userId: number, input: TreatmentPlanInput): Promise<TreatmentPlan> {
  const id = await deps.knex.transaction(async (trx) => {
    const patient = await trx('patients').where({ id: patientId }).forKeyShare().first('id');
    if (!patient) throw notFound('Patient');
    const now = deps.now();
    const [{ id: planId }] = await trx('treatmentPlans')
      .insert({ patientId, dentistId: userId, title: input.title, status: 'proposed', currentVersion: 1, createdAt: now, updatedAt: now })
      .returning('id');
    await writeVersion(deps, trx, { id: planId, patientId }, 1, input, userId, new Set());
    await audit(trx, { action: 'create', entity: 'treatment-plan', entityId: planId, changes: { title: { old: null, new: input.title }, patientId: { old: null, new: patientId } } });
    return Number(planId);
  });
  return getPlan(deps, id);
}

/**
 * PUT /api/admin/treatment-plans/{id}: PLAN-8, a change is a new version, proposed again; the versions
 * before it (an accepted one with its signed estimate) stay as they were. Refused once work of the plan
 * was billed or completed, and on a declined plan.
 */
export async function updatePlan(deps: Deps, id: number, userId: number, input: TreatmentPlanInput): Promise<TreatmentPlan> {
  await deps.knex.transaction(async (trx) => {
    const plan = await trx('treatmentPlans').where({ id }).forUpdate().first();
    if (!plan) throw notFound('Treatment plan');
    if (plan.status === 'declined') throw conflict(PLAN_ERRORS.declined);
    if (plan.status === 'superseded') throw conflict(PLAN_ERRORS.superseded(Number(plan.supersededBy)));
    const current = await currentLines(trx, id, Number(plan.currentVersion));
    const itemIds = current.map((l) => Number(l.clinicalItemId));
    const started = itemIds.length
      ? await trx('clinicalItems').whereIn('id', itemIds).where('status', 'completed').first('id')
      : undefined;
    const billed = itemIds.length ? await trx('billedClinicalItems').whereIn('clinicalItemId', itemIds).first('clinicalItemId') : undefined;
    if (plan.status === 'accepted' && (started || billed)) throw conflict(PLAN_ERRORS.started);
    const version = Number(plan.currentVersion) + 1;
    await writeVersion(deps, trx, { id, patientId: Number(plan.patientId) }, version, input, userId, new Set(itemIds));
    await trx('treatmentPlans').where({ id }).update({ title: input.title, status: 'proposed', currentVersion: version, updatedAt: deps.now() });
    await audit(trx, { action: 'update', entity: 'treatment-plan', entityId: id, changes: { version: { old: version - 1, new: version }, status: { old: plan.status, new: 'proposed' } } });
  });
  return getPlan(deps, id);
}

/**
 * POST /api/admin/treatment-plans/{id}/decline `{ option?, reason? }`: the patient says no to the whole
 * plan (PLAN-7: every proposed option of the current version), or to one option (PLAN-15), with their
 * reason if they give one. Once no option of the version is left proposed, the plan is declined.
 */
export async function declinePlan(deps: Deps, id: number, input: PlanDecline = {}): Promise<TreatmentPlan> {
  await deps.knex.transaction(async (trx) => {
    const plan = await trx('treatmentPlans').where({ id }).forUpdate().first();
    if (!plan) throw notFound('Treatment plan');
    if (plan.status !== 'proposed') throw conflict(PLAN_ERRORS.notProposed);
    const version = await trx('treatmentPlanVersions').where({ planId: id, version: plan.currentVersion }).first('id');
    const options: Row[] = await trx('treatmentPlanOptions').where({ versionId: version.id }).select('id', 'name', 'status');
    const proposed = options.filter((o) => o.status === 'proposed');
    let targets = proposed;
    if (input.option !== undefined) {
      const chosen = options.find((o) => o.name === input.option);
      if (!chosen) throw badRequest(PLAN_ERRORS.noOption(input.option), { option: PLAN_ERRORS.noOption(input.option) });
      if (chosen.status !== 'proposed') throw conflict(PLAN_ERRORS.optionDeclined(input.option));
      targets = [chosen];
    }
    const reason = input.reason || null;
    await trx('treatmentPlanOptions').whereIn('id', targets.map((o) => o.id)).update({ status: 'declined', declineReason: reason });
    const whole = targets.length === proposed.length;
    if (whole) await trx('treatmentPlans').where({ id }).update({ status: 'declined', declinedAt: deps.now(), updatedAt: deps.now() });
    else await trx('treatmentPlans').where({ id }).update({ updatedAt: deps.now() });
    await audit(trx, {
      action: 'decline',
      entity: 'treatment-plan',
      entityId: id,
      changes: {
        options: { old: null, new: targets.map((o) => String(o.name)) },
        ...(reason ? { reason: { old: null, new: reason } } : {}),
        ...(whole ? { status: { old: 'proposed', new: 'declined' } } : {}),
      },
    });
  });
  return getPlan(deps, id);
}

async function currentLines(db: DB, planId: number, version: number): Promise<Row[]> {
  return db('treatmentPlanLines as l')
    .join('treatmentPlanOptions as o', 'o.id', 'l.optionId')
    .join('treatmentPlanVersions as v', 'v.id', 'o.versionId')
    .where({ 'v.planId': planId, 'v.version': version })
    .select('l.*', 'o.name as optionName');
}

/** The emi lengths the clinic offers (PLAN-6). */
export async function emiOffer(db: DB): Promise<number[]> {
  return planEmiMonths(await settingValue(db as Knex, 'plan_emi_months'));
}

/** PLAN-7: the stored status, and for an accepted plan what its accepted option's items say. */
function planStatus(stored: string, accepted: PlanOption | undefined): PlanStatus {
  if (stored !== 'accepted' || !accepted) return stored as PlanStatus;
  const items = accepted.items;
  const done = items.filter((l) => l.itemStatus === 'completed').length;
  if (items.length > 0 && done === items.length) return 'completed';
  // A sitting of any item (a root canal's first, with no tooth named) starts the work.
  if (done > 0 || items.some((l) => l.sittings > 0 || l.teethDone.length > 0)) return 'in-progress';
  return 'accepted';
}

/** The plans of `ids` as the API answers them, in the order of `ids`. */
export async function readPlans(deps: Deps, db: DB, ids: number[]): Promise<TreatmentPlan[]> {
  if (ids.length === 0) return [];
  const plans: Row[] = await db('treatmentPlans as t')
    .join('patients as p', 'p.id', 't.patientId')
    .leftJoin('users as u', 'u.id', 't.dentistId')
    .whereIn('t.id', ids)
    .select('t.*', 'p.firstName', 'p.lastName', 'u.displayName as dentistName');
  const versions: Row[] = await db('treatmentPlanVersions').whereIn('planId', ids).orderBy(['planId', 'version']);
  const acceptances: Row[] = await db('treatmentPlanAcceptances as a')
    .join('treatmentPlanOptions as o', 'o.id', 'a.optionId')
    .whereIn('a.planId', ids)
    .select('a.*', 'o.name as optionName');
  const currentIds = plans.map((p) => versions.find((v) => Number(v.planId) === Number(p.id) && Number(v.version) === Number(p.currentVersion))!.id);
  const options: Row[] = await db('treatmentPlanOptions').whereIn('versionId', currentIds).orderBy('name');
  const lines: Row[] = options.length
    ? await db('treatmentPlanLines as l')
        .join('clinicalItems as c', 'c.id', 'l.clinicalItemId')
        .leftJoin('billedClinicalItems as b', 'b.clinicalItemId', 'l.clinicalItemId')
        .whereIn('l.optionId', options.map((o) => o.id))
        .orderBy(['l.optionId', 'l.position'])
        .select('l.*', 'c.status as itemStatus', 'c.invalidatedAt as itemInvalidatedAt', 'b.invoiceId as billedInvoiceId')
    : [];
  const itemIds = [...new Set(lines.map((l) => Number(l.clinicalItemId)))];
  const sittings: Row[] = itemIds.length
    ? await db('clinicalItemSittings as s')
        .leftJoin('users as u', 'u.id', 's.userId')
        .whereIn('s.clinicalItemId', itemIds)
        .orderBy(['s.at', 's.id'])
        .select('s.clinicalItemId', 's.teeth', 's.final', 's.note', 's.at', 's.userId', 'u.displayName as userName')
    : [];
  const sittingsOf = (itemId: number) => sittings.filter((s) => Number(s.clinicalItemId) === itemId);
  const bookings: Row[] = await db('treatmentPlanBookings as b')
    .join('appointments as a', 'a.id', 'b.appointmentId')
    .whereIn('b.planId', ids)
    .whereRaw(occupiesPlaceSql('a'))
    .select('b.planId', 'b.versionId', 'b.visit', 'a.id', 'a.preferredDate', 'a.preferredTime', 'a.status');
  const emi = await emiOffer(db);

  const result = new Map<number, TreatmentPlan>();
  for (const plan of plans) {
    const planId = Number(plan.id);
    const version = versions.find((v) => Number(v.planId) === planId && Number(v.version) === Number(plan.currentVersion))!;
    const registered = Boolean(version.gstRegistered);
    const optionJson: PlanOption[] = options
      .filter((o) => Number(o.versionId) === Number(version.id))
      .map((o) => {
        const own = lines.filter((l) => Number(l.optionId) === Number(o.id));
        const figures = computeEstimate(
          own.map((l) => ({ unitPrice: Number(l.unitPrice), discount: Number(l.discount), taxRate: Number(l.taxRate), visit: Number(l.visit) })),
          Number(o.planDiscount),
          registered,
        );
        const items: PlanLine[] = own.map((l, i) => ({
          id: Number(l.id),
          itemId: Number(l.clinicalItemId),
          visit: Number(l.visit),
          description: String(l.description),
          patientName: patientName(String(l.code), 'en', String(l.description)),
          code: String(l.code),
          teeth: l.teeth as string[],
          sacCode: (l.sacCode as string | null) ?? null,
          taxRate: registered ? Number(l.taxRate) : 0,
          unitPrice: Number(l.unitPrice),
          discount: Number(l.discount),
          planDiscountShare: Number(l.planDiscountShare),
          netPrice: Number(l.netPrice),
          tax: figures.lines[i].tax,
          total: figures.lines[i].total,
          itemStatus: String(l.itemStatus),
          itemInvalidated: l.itemInvalidatedAt != null,
          teethDone: [...new Set(sittingsOf(Number(l.clinicalItemId)).flatMap((s) => s.teeth as string[]))].sort(),
          sittings: sittingsOf(Number(l.clinicalItemId)).length,
          // NOTE-15: what each sitting noted, named as the chart and the summary name it.
          sittingNotes: sittingNotes({
            teeth: l.teeth as string[],
            sittings: sittingsOf(Number(l.clinicalItemId)).map((s) => ({ at: new Date(s.at as string).toISOString(), userId: Number(s.userId), userName: (s.userName as string | null) ?? null, teeth: s.teeth as string[], final: Boolean(s.final), note: (s.note as string | null) ?? null })),
          }),
          billed: l.billedInvoiceId != null,
        }));
        const visitMeta = (typeof o.visits === 'string' ? JSON.parse(o.visits) : o.visits) as { label: string; minutes: number }[];
        return {
          name: String(o.name),
          status: o.status as OptionStatus,
          declineReason: (o.declineReason as string | null) ?? null,
          discount: Number(o.planDiscount),
          listTotal: figures.listTotal,
          discountTotal: figures.discountTotal,
          subtotal: figures.subtotal,
          taxAmount: figures.taxAmount,
          total: figures.totalAmount,
          emi: emi.map((months) => ({ months, monthly: emiMonthly(figures.totalAmount, months) })),
          visits: visitMeta.map((meta, i) => {
            const figure = figures.visits.find((v) => v.visit === i + 1);
            // PLAN-10: visits are booked for the accepted option only.
            const booked = o.status === 'accepted' ? bookings.find((b) => Number(b.planId) === planId && Number(b.versionId) === Number(version.id) && Number(b.visit) === i + 1) : undefined;
            return {
              visit: i + 1,
              label: meta.label,
              minutes: meta.minutes,
              subtotal: figure?.subtotal ?? 0,
              taxAmount: figure?.taxAmount ?? 0,
              totalAmount: figure?.totalAmount ?? 0,
              appointment: booked ? { id: Number(booked.id), date: String(booked.preferredDate), time: String(booked.preferredTime), status: String(booked.status) } : null,
            };
          }),
          items,
        };
      });
    const own = acceptances.filter((a) => Number(a.planId) === planId);
    const currentAcceptance = own.find((a) => Number(a.versionId) === Number(version.id));
    const versionJson: PlanVersionSummary[] = versions
      .filter((v) => Number(v.planId) === planId)
      .map((v) => {
        const a = own.find((x) => Number(x.versionId) === Number(v.id));
        return {
          version: Number(v.version),
          createdAt: iso(v.createdAt),
          acceptedOption: a ? String(a.optionName) : null,
          acceptedAt: a ? iso(a.acceptedAt) : null,
          signedBy: a ? String(a.signedBy) : null,
          via: a ? a.via : null,
          documentHash: a ? String(a.documentHash) : null,
        };
      });
    const acceptedOption = currentAcceptance ? optionJson.find((o) => o.name === currentAcceptance.optionName) : undefined;
    result.set(planId, {
      id: planId,
      patientId: Number(plan.patientId),
      patientName: `${plan.firstName} ${plan.lastName}`,
      dentistId: Number(plan.dentistId),
      dentistName: (plan.dentistName as string | null) ?? null,
      title: String(version.title),
      status: planStatus(String(plan.status), acceptedOption),
      version: Number(plan.currentVersion),
      gstRegistered: registered,
      createdAt: iso(plan.createdAt),
      updatedAt: iso(plan.updatedAt),
      supersededBy: plan.supersededBy == null ? null : Number(plan.supersededBy),
      options: optionJson,
      versions: versionJson,
      acceptance: currentAcceptance
        ? {
            option: String(currentAcceptance.optionName),
            signedBy: String(currentAcceptance.signedBy),
            acceptedAt: iso(currentAcceptance.acceptedAt),
            via: currentAcceptance.via,
            language: isLang(currentAcceptance.language) ? currentAcceptance.language : 'en',
            documentHash: String(currentAcceptance.documentHash),
            verifyUrl: verifyAddress(deps.config.publicUrl, String(currentAcceptance.documentHash)),
          }
        : null,
    });
  }
  return ids.flatMap((id) => result.get(id) ?? []);
}

export async function getPlan(deps: Deps, id: number, db: DB = deps.knex): Promise<TreatmentPlan> {
  const [plan] = await readPlans(deps, db, [id]);
  if (!plan) throw notFound('Treatment plan');
  return plan;
}

/** GET /api/admin/patients/{id}/treatment-plans: newest first. */
export async function listPatientPlans(deps: Deps, patientId: number): Promise<TreatmentPlan[]> {
  const patient = await deps.knex('patients').where({ id: patientId }).first('id');
  if (!patient) throw notFound('Patient');
  const rows: Row[] = await deps.knex('treatmentPlans').where({ patientId }).orderBy('id', 'desc').select('id');
  return readPlans(deps, deps.knex, rows.map((r) => Number(r.id)));
}

/** GET /api/admin/patients/{id}/treatment-plans: the list, an audited read (DATA-10). */
export async function readPatientPlans(deps: Deps, patientId: number): Promise<TreatmentPlan[]> {
  const plans = await listPatientPlans(deps, patientId);
  await auditRead(deps.knex, 'read-plans', [patientId]);
  return plans;
}

/** GET /api/admin/treatment-plans/{id}: one plan, an audited read (DATA-10). */
export async function readPlan(deps: Deps, id: number): Promise<TreatmentPlan> {
  const plan = await getPlan(deps, id);
  await auditRead(deps.knex, 'read-plans', [plan.patientId], { planId: id });
  return plan;
}

/** The patient's language: their latest booking's (I18N-3), English without one. */
export async function patientLanguage(db: DB, patientId: number): Promise<Lang> {
  const latest = await db('appointments').where({ patientId }).orderBy('createdAt', 'desc').first('language');
  return isLang(latest?.language) ? latest.language : 'en';
}

/** The accepted lines of a plan's latest accepted version, by clinical item (PLAN-12 bills at these). */
export async function acceptedLines(db: DB, itemIds: number[]): Promise<Map<number, Row>> {
  if (itemIds.length === 0) return new Map();
  const rows: Row[] = await db('treatmentPlanLines as l')
    .join('treatmentPlanAcceptances as a', 'a.optionId', 'l.optionId')
    .join('treatmentPlanVersions as v', 'v.id', 'a.versionId')
    .join('treatmentPlans as t', 't.id', 'a.planId')
    .whereIn('l.clinicalItemId', itemIds)
    .whereNot('t.status', 'declined')
    .orderBy('a.acceptedAt', 'desc')
    .orderBy('a.id', 'desc')
    .select('l.*', 't.id as planId', 'v.version', 'v.gstRegistered', 'a.id as acceptanceId');
  const byItem = new Map<number, Row>();
  for (const row of rows) if (!byItem.has(Number(row.clinicalItemId))) byItem.set(Number(row.clinicalItemId), row);
  return byItem;
}

