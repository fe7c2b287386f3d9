import type { Lang } from '../../../shared/i18n/types';
import type { TreatmentPlan } from '../../../shared/schemas/treatment-plan';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { hashToken, newManageToken } from '../appointments/manage-links';
import { acceptPlan } from './acceptance';
import { getPlan, patientLanguage } from './plans';

// PLAN-9: a personal link for the patient to read and accept a proposed plan at home, in their language.
// Minted as the other personal links are (SEC-7): a random token shown once, only its SHA-256 stored. It
// opens the version it was made for while that version is still proposed, for 14 days.

export const PLAN_LINK_DAYS = 14;

export function planUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/plan/${token}`;
}

/** POST /api/admin/treatment-plans/{id}/link */
export async function createPlanLink(deps: Deps, planId: number, userId: number): Promise<{ url: string; expiresAt: string; language: Lang }> {
  const { token, hash } = newManageToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + PLAN_LINK_DAYS * 86_400_000);
  const language = await deps.knex.transaction(async (trx) => {
    const plan = await trx('treatmentPlans').where({ id: planId }).forUpdate().first();
    if (!plan) throw notFound('Treatment plan');
    if (plan.status !== 'proposed') throw conflict('Only a proposed plan is sent for acceptance');
    const version = await trx('treatmentPlanVersions').where({ planId, version: plan.currentVersion }).first('id');
    const lang = await patientLanguage(trx, Number(plan.patientId));
    await trx('treatmentPlanLinks').insert({ planId, versionId: version.id, tokenHash: hash, language: lang, expiresAt, createdBy: userId, createdAt: now });
    await audit(trx, { action: 'link', entity: 'treatment-plan', entityId: planId, changes: { expiresAt: { old: null, new: expiresAt.toISOString() } } });
    return lang;
  });
  return { url: planUrl(deps.config.publicUrl, token), expiresAt: expiresAt.toISOString(), language };
}

/** The plan a token opens, in the link's language, or null (unknown, expired, or the plan moved on). */
export async function planForToken(deps: Deps, token: string): Promise<{ plan: TreatmentPlan; language: Lang } | null> {
  const link = await deps.knex('treatmentPlanLinks').where({ tokenHash: hashToken(token) }).first();
  if (!link || new Date(link.expiresAt).getTime() <= deps.now().getTime()) return null;
  const plan = await getPlan(deps, Number(link.planId));
  const version = await deps.knex('treatmentPlanVersions').where({ id: link.versionId }).first('version');
  if (Number(version.version) !== plan.version || plan.status !== 'proposed') return null;
  return { plan, language: link.language as Lang };
}

/** The patient accepts an option through the link: signed with their typed name (PLAN-9). */
export async function acceptThroughLink(deps: Deps, token: string, option: string, signedBy: string): Promise<TreatmentPlan | null> {
  const opened = await planForToken(deps, token);
  if (!opened) return null;
  return acceptPlan(deps, opened.plan.id, { option, signedBy, via: 'link', signaturePng: null, language: opened.language, userId: null });
}
