import type { Knex } from 'knex';
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

/** Accepts `input.option` of the plan's current version (PLAN-2, PLAN-8). */
export async function acceptPlan(deps: Deps, id: number, input: Acceptance, trxIn?: Knex.Transaction): Promise<TreatmentPlan> {
  const work = async (trx: Knex.Transaction) => {
    const { plan, version, chosen } = await acceptable(trx, id, input.option, true);
    const now = deps.now();
    const today = clinicToday(now);
    await trx('treatmentPlanOptions').where({ id: chosen.id }).update({ status: 'accepted' });
    await trx('treatmentPlanOptions').where({ versionId: version.id, status: 'proposed' }).whereNot({ id: chosen.id }).update({ status: 'declined' });
    await trx('treatmentPlans').where({ id }).update({ status: 'accepted', updatedAt: now });
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
