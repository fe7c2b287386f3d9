import type { Knex } from 'knex';
import { DECLINED_STATUS } from '../../../shared/clinical/chart-command';
import { clinicToday } from '../../../shared/domain/clinic-time';
import type { Lang } from '../../../shared/i18n/types';
import { PLAN_MESSAGES, type PlanAccept, type TreatmentPlan } from '../../../shared/schemas/treatment-plan';
import { formatDate, formatDateTime } from '../../../shared/domain/dates';
import type { Deps } from '../../deps';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { audit, auditRead } from '../../platform/audit';
import { ImageTooLargeError, SIGNATURE_LIMIT, megapixels, withImage } from '../../platform/images';
import { issueDocument, readIssuedDocument } from '../../platform/documents/issued-documents';
import { renderEstimatePdf, type EstimateDocument } from './estimate-pdf';
import { getPlan, patientLanguage } from './plans';

// PLAN-2, PLAN-8: accepting an option. One transaction: the chosen option accepted and the others of
// the version declined, the estimate drawn in the patient's language with the signature, stamped with its
// hash, stored and registered (VER-1), the acceptance written, the plan accepted, the audit row.

export const ACCEPT_ERRORS = {
  notProposed: 'Only a proposed plan can be accepted',
  noOption: (name: string) => `This plan has no option ${name}`,
  declined: (name: string) => `Option ${name} was declined: change the plan to offer it again`,
} as const;

export const ESTIMATE_KIND = 'treatment-estimate';

export interface Acceptance {
  option: string;
  signedBy: string;
  via: 'screen' | 'link';
  signaturePng: Buffer | null;
  language?: Lang;
  userId: number | null;
}

/** IMG-8: a signature whose header declares more pixels than a signature pad draws. */
export const signatureTooLarge = (width: number, height: number) =>
  `The signature image is too large: ${width} x ${height} pixels, at most ${megapixels(SIGNATURE_LIMIT.pixels)}`;

/**
 * The drawn signature as a PNG that pdfkit can draw: the data URL's image must decode (sharp reads it)
 * and is written again as a plain PNG, at most 1200 x 600, so a broken or odd file never reaches the PDF.
 * IMG-8: its header is read first, and past the signature's pixel limit it is refused (413) undecoded.
 */
export async function signaturePng(dataUrl: PlanAccept['signature']): Promise<Buffer> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    return await withImage(png, 'signature', async ({ meta, open }) => {
      if (meta.format !== 'png') throw new Error('not a png');
      const side = SIGNATURE_LIMIT.side;
      return open().resize({ width: side, height: side / 2, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).png().toBuffer();
    });
  } catch (err) {
    if (err instanceof ImageTooLargeError) {
      const message = signatureTooLarge(err.width, err.height);
      throw new HttpError(413, message, { signature: message });
    }
    throw badRequest(PLAN_MESSAGES.signature, { signature: PLAN_MESSAGES.signature });
  }
}

/**
 * PLAN-2: the plan can be accepted with `option`: it exists (404), is proposed (409) and the option is
 * one of its current version's and not declined (400, 409). Read under a row lock inside acceptPlan's
 * transaction; read plainly first by acceptPlanOnScreen, so nothing is decoded for a plan that is not there.
 */
async function acceptable(db: Knex | Knex.Transaction, id: number, option: string, lock: boolean) {
  const query = db('treatmentPlans').where({ id });
  const plan = await (lock ? query.forUpdate() : query).first();
  if (!plan) throw notFound('Treatment plan');
  if (plan.status !== 'proposed') throw conflict(ACCEPT_ERRORS.notProposed);
  const version = await db('treatmentPlanVersions').where({ planId: id, version: plan.currentVersion }).first('id');
  const chosen = await db('treatmentPlanOptions').where({ versionId: version.id, name: option }).first('id', 'status');
  if (!chosen) throw badRequest(ACCEPT_ERRORS.noOption(option), { option: ACCEPT_ERRORS.noOption(option) });
  // PLAN-15: an option the patient declined is not accepted later; a change of the plan offers it again.
  if (chosen.status === 'declined') throw conflict(ACCEPT_ERRORS.declined(option));
  return { plan, version, chosen };
}

/**
 * POST /api/admin/treatment-plans/{id}/accept: the plan is looked up and checked before the signature is
 * decoded (IMG-8: work for a resource only once the resource is found), then accepted as acceptPlan does.
 */
export async function acceptPlanOnScreen(deps: Deps, id: number, input: PlanAccept, userId: number): Promise<TreatmentPlan> {
  await acceptable(deps.knex, id, input.option, false);
  const png = await signaturePng(input.signature);
  return acceptPlan(deps, id, { option: input.option, signedBy: input.signedBy, via: 'screen', signaturePng: png, language: input.language, userId });
}

function estimateDocument(deps: Deps, plan: TreatmentPlan, lang: Lang, date: string, acceptance: EstimateDocument['acceptance']): EstimateDocument {
  return {
    lang,
    title: plan.title,
    planId: plan.id,
    version: plan.version,
    patientName: plan.patientName,
    dentistName: plan.dentistName ?? '',
    date,
    options: plan.options,
    acceptance,
    publicUrl: deps.config.publicUrl,
  };
}

/** PLAN-18: the reason written on each item the acceptance declines (its history shows it). */
export const declinedReason = (option: string, planId: number) => `Option ${option} of plan #${planId} was accepted`;

/**
 * PLAN-18: the planned items of the version's other options that the chosen option does not hold become
 * `declined`, each with its history event (the reason names the option chosen) and audit row, so the chart
 * no longer draws them and the plan's card lists them under the option declined. The acceptance's
 * transaction: all of it or none. Work already done, referred or invalidated is left as it is.
 */
async function declineOtherOptionsItems(
  trx: Knex.Transaction,
  at: { planId: number; versionId: number; chosenId: number; option: string; userId: number; now: Date },
): Promise<void> {
  const lines: { clinicalItemId: number; optionId: number }[] = await trx('treatmentPlanLines as l')
    .join('treatmentPlanOptions as o', 'o.id', 'l.optionId')
    .where('o.versionId', at.versionId)
    .select('l.clinicalItemId', 'l.optionId');
  const kept = new Set(lines.filter((l) => Number(l.optionId) === at.chosenId).map((l) => Number(l.clinicalItemId)));
  const others = [...new Set(lines.map((l) => Number(l.clinicalItemId)).filter((itemId) => !kept.has(itemId)))].sort((a, b) => a - b);
  if (others.length === 0) return;
  const planned: { id: number }[] = await trx('clinicalItems').whereIn('id', others).where({ status: 'planned' }).whereNull('invalidatedAt').forUpdate().select('id');
  const reason = declinedReason(at.option, at.planId);
  for (const { id: itemId } of planned) {
    await trx('clinicalItems').where({ id: itemId }).update({ status: DECLINED_STATUS });
    await trx('clinicalItemEvents').insert({ itemId, at: at.now, action: 'status', status: DECLINED_STATUS, userId: at.userId, reason });
    await audit(trx, { action: 'update', entity: 'clinical-item', entityId: itemId, changes: { status: { old: 'planned', new: DECLINED_STATUS }, planId: { old: null, new: at.planId } } });
  }
}

/**
 * PLAN-20: the patient's proposed plans made before this one that propose any of this version's items (the
 * same work, offered again) are superseded by it: no longer followed up, accepted or sent. Audited per plan.
 */
async function supersedeEarlierPlans(trx: Knex.Transaction, at: { planId: number; patientId: number; versionId: number; now: Date }): Promise<void> {
  const ours: { clinicalItemId: number }[] = await trx('treatmentPlanLines as l')
    .join('treatmentPlanOptions as o', 'o.id', 'l.optionId')
    .where('o.versionId', at.versionId)
    .select('l.clinicalItemId');
  const items = [...new Set(ours.map((l) => Number(l.clinicalItemId)))];
  if (items.length === 0) return;
  const earlier: { id: number }[] = await trx('treatmentPlans as t')
    .join('treatmentPlanVersions as v', function join() {
      this.on('v.planId', 't.id').andOn('v.version', 't.currentVersion');
    })
    .join('treatmentPlanOptions as o', 'o.versionId', 'v.id')
    .join('treatmentPlanLines as l', 'l.optionId', 'o.id')
    .where({ 't.patientId': at.patientId, 't.status': 'proposed' })
    .where('t.id', '<', at.planId)
    .whereIn('l.clinicalItemId', items)
    .distinct('t.id')
    .orderBy('t.id');
  for (const { id } of earlier) {
    await trx('treatmentPlans').where({ id }).update({ status: 'superseded', supersededBy: at.planId, updatedAt: at.now });
    await audit(trx, { action: 'supersede', entity: 'treatment-plan', entityId: Number(id), changes: { status: { old: 'proposed', new: 'superseded' }, supersededBy: { old: null, new: at.planId } } });
  }
}

/** Accepts `input.option` of the plan's current version (PLAN-2, PLAN-8). */
export async function acceptPlan(deps: Deps, id: number, input: Acceptance, trxIn?: Knex.Transaction): Promise<TreatmentPlan> {
  const work = async (trx: Knex.Transaction) => {
    const { plan, version, chosen } = await acceptable(trx, id, input.option, true);
    const now = deps.now();
    const today = clinicToday(now);
    await trx('treatmentPlanOptions').where({ id: chosen.id }).update({ status: 'accepted' });
    await trx('treatmentPlanOptions').where({ versionId: version.id, status: 'proposed' }).whereNot({ id: chosen.id }).update({ status: 'declined' });
    await trx('treatmentPlans').where({ id }).update({ status: 'accepted', updatedAt: now });
    const actor = input.userId ?? Number(plan.dentistId);
    await declineOtherOptionsItems(trx, { planId: id, versionId: Number(version.id), chosenId: Number(chosen.id), option: input.option, userId: actor, now });
    await supersedeEarlierPlans(trx, { planId: id, patientId: Number(plan.patientId), versionId: Number(version.id), now });
    const language = input.language ?? (await patientLanguage(trx, Number(plan.patientId)));
    const accepted = await getPlan(deps, id, trx);
    const pdf = await renderEstimatePdf(
      estimateDocument(deps, accepted, language, formatDate(today), {
        option: input.option,
        signedBy: input.signedBy,
        when: `${formatDateTime(now)} IST`,
        via: input.via,
        signaturePng: input.signaturePng,
      }),
    );
    const document = await issueDocument(trx, deps.storage, { kind: ESTIMATE_KIND, issuedOn: today, now, pdf });
    await trx('treatmentPlanAcceptances').insert({
      planId: id,
      versionId: version.id,
      optionId: chosen.id,
      signedBy: input.signedBy,
      via: input.via,
      language,
      documentHash: document.hash,
      acceptedBy: input.userId,
      acceptedAt: now,
    });
    await audit(trx, {
      action: 'accept',
      entity: 'treatment-plan',
      entityId: id,
      changes: { status: { old: 'proposed', new: 'accepted' }, option: { old: null, new: input.option }, documentHash: { old: null, new: document.hash } },
    });
    deps.logger.info('treatment_plan_accepted', { id, option: input.option, via: input.via });
  };
  if (trxIn) await work(trxIn);
  else await deps.knex.transaction(work);
  return getPlan(deps, id);
}

/**
 * GET /api/admin/treatment-plans/{id}/estimate.pdf: the signed estimate as stored when the current
 * version is accepted (byte for byte), else a draft drawn now (`lang`, or the patient's language).
 */
export async function estimatePdf(deps: Deps, id: number, lang?: Lang): Promise<{ pdf: Buffer; signed: boolean }> {
  const plan = await getPlan(deps, id);
  // DATA-10: the estimate, signed or a draft, is the plan itself: its read is audited before the file leaves.
  await auditRead(deps.knex, 'read-plans', [plan.patientId], { planId: id, document: 'estimate' });
  if (plan.acceptance && !lang) {
    const stored = await readIssuedDocument(deps.knex, deps.storage, plan.acceptance.documentHash);
    if (stored) return { pdf: stored, signed: true };
  }
  if (plan.acceptance && lang === plan.acceptance.language) {
    const stored = await readIssuedDocument(deps.knex, deps.storage, plan.acceptance.documentHash);
    if (stored) return { pdf: stored, signed: true };
  }
  const language = lang ?? (await patientLanguage(deps.knex, plan.patientId));
  const pdf = await renderEstimatePdf(estimateDocument(deps, plan, language, formatDate(clinicToday(deps.now())), null));
  return { pdf, signed: false };
}
