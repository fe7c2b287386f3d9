import { addDays, clinicToday } from '../../../shared/domain/clinic-time';
import { decimalString, fromPaise, toPaise } from '../../../shared/domain/money';
import { whatsAppLink } from '../../../shared/emails/whatsapp';
import { estimateWords } from '../../../shared/plans/estimate-words';
import { visitTreatment } from '../../../shared/plans/patient-names';
import { planFollowUpDays } from '../../../shared/schemas/site-setting';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit, auditExport, auditRead } from '../../platform/audit';
import { csvField, csvLine } from '../reports/csv-export';
import { settingValue } from '../content/site-settings';
import { getPlan, patientLanguage, readPlans } from './plans';
import { occupiesPlace, occupiesPlaceSql } from '../appointments/places';
import type { CaseAcceptanceRow, FollowUp, TreatmentPlan, VisitToBook } from '../../../shared/schemas/treatment-plan';

// PLAN-10: the accepted plans' visits to book; PLAN-13: the follow-up list; PLAN-14: the owner's
// case-acceptance report, PLAN-17 as CSV.

type Row = Record<string, any>;


/**
 * GET /api/admin/treatment-plans/to-book (PLAN-10): every visit of an accepted (or in progress) plan's
 * accepted option that has no appointment (a cancelled one does not count) and whose items are not all
 * completed, oldest plan first, with its length.
 */
export async function visitsToBook(deps: Deps): Promise<VisitToBook[]> {
  const rows: Row[] = await deps.knex('treatmentPlans as t').join('patients as p', 'p.id', 't.patientId').where('t.status', 'accepted').orderBy('t.id').select('t.id', 'p.phone');
  const plans = await readPlans(deps, deps.knex, rows.map((r) => Number(r.id)));
  const out: VisitToBook[] = [];
  for (const plan of plans) {
    const option = plan.options.find((o) => o.status === 'accepted');
    if (!option || !plan.acceptance) continue;
    for (const visit of option.visits) {
      const items = option.items.filter((l) => l.visit === visit.visit);
      if (visit.appointment || items.every((l) => l.itemStatus === 'completed')) continue;
      out.push({
        planId: plan.id,
        patientId: plan.patientId,
        patientName: plan.patientName,
        phone: (rows.find((r) => Number(r.id) === plan.id)?.phone as string | null) ?? null,
        title: plan.title,
        option: option.name,
        visit: visit.visit,
        label: visit.label,
        minutes: visit.minutes,
        items: items.map((l) => ({ itemId: l.itemId, description: l.description, teeth: l.teeth })),
        totalAmount: visit.totalAmount,
        treatment: visitTreatment(items.map((l) => l.code)),
      });
    }
  }
  // DATA-10: the list carries each patient's teeth and treatments.
  await auditRead(deps.knex, 'read-plans', out.map((v) => v.patientId), { list: 'to-book' });
  return out;
}

export const BOOKING_ERRORS = {
  notAccepted: 'Only an accepted plan\'s visits are booked',
  noVisit: (n: number) => `This plan has no visit ${n}`,
  otherPatient: 'This appointment is for another patient',
  cancelled: 'This appointment is cancelled',
  taken: 'This appointment is already linked to a plan visit',
  booked: 'This visit already has an appointment',
} as const;

/**
 * POST /api/admin/treatment-plans/{id}/visits/{visit}/bookings `{ appointmentId }` (PLAN-10): links an
 * appointment of the same patient (booked at the desk as any other) to the visit, so the appointment
 * carries the visit's items. One appointment serves one visit; a visit has one appointment not cancelled.
 */
export async function bookVisit(deps: Deps, planId: number, visit: number, appointmentId: number, userId: number): Promise<TreatmentPlan> {
  await deps.knex.transaction(async (trx) => {
    const plan = await trx('treatmentPlans').where({ id: planId }).forUpdate().first();
    if (!plan) throw notFound('Treatment plan');
    if (plan.status !== 'accepted') throw conflict(BOOKING_ERRORS.notAccepted);
    const version = await trx('treatmentPlanVersions').where({ planId, version: plan.currentVersion }).first('id');
    const option = await trx('treatmentPlanOptions').where({ versionId: version.id, status: 'accepted' }).first('id', 'visits');
    const visits = (typeof option.visits === 'string' ? JSON.parse(option.visits) : option.visits) as unknown[];
    if (visit < 1 || visit > visits.length) throw notFound(`Visit ${visit}`);
    const appointment = await trx('appointments').where({ id: appointmentId }).forUpdate().first('patientId', 'status', 'treatment');
    if (!appointment) throw badRequest('Please choose the appointment to link', { appointmentId: 'Please choose the appointment to link' });
    if (Number(appointment.patientId) !== Number(plan.patientId)) throw badRequest(BOOKING_ERRORS.otherPatient, { appointmentId: BOOKING_ERRORS.otherPatient });
    if (!occupiesPlace(appointment.status)) throw conflict(BOOKING_ERRORS.cancelled);
    if (await trx('treatmentPlanBookings').where({ appointmentId }).first('id')) throw conflict(BOOKING_ERRORS.taken);
    const open = await trx('treatmentPlanBookings as b')
      .join('appointments as a', 'a.id', 'b.appointmentId')
      .where({ 'b.planId': planId, 'b.versionId': version.id, 'b.visit': visit })
      .whereRaw(occupiesPlaceSql('a'))
      .first('b.id');
    if (open) throw conflict(BOOKING_ERRORS.booked);
    await trx('treatmentPlanBookings').insert({ planId, versionId: version.id, visit, appointmentId, createdBy: userId, createdAt: deps.now() });
    // PLAN-23: an appointment booked as "Other" takes the visit's treatment, so the diary says what it is for.
    if (appointment.treatment === 'other') {
      const codes: { code: string }[] = await trx('treatmentPlanLines')
        .where({ optionId: option.id, visit })
        .orderBy('position')
        .select('code');
      const treatment = visitTreatment(codes.map((c) => String(c.code)));
      if (treatment !== 'other') {
        await trx('appointments').where({ id: appointmentId }).update({ treatment, updatedAt: deps.now() });
        await audit(trx, { action: 'update', entity: 'appointment', entityId: appointmentId, changes: { treatment: { old: 'other', new: treatment } } });
      }
    }
    await audit(trx, { action: 'book-visit', entity: 'treatment-plan', entityId: planId, changes: { visit: { old: null, new: visit }, appointmentId: { old: null, new: appointmentId } } });
  });
  return getPlan(deps, planId);
}


/**
 * GET /api/admin/treatment-plans/follow-up (PLAN-13, PLAN-20): live proposed plans whose current version was proposed at
 * least `plan_follow_up_days` days ago (7 unless the owner sets it), oldest first, each with a WhatsApp
 * text in the patient's language (their latest booking's).
 */
export async function followUpList(deps: Deps): Promise<{ days: number; plans: FollowUp[] }> {
  const days = planFollowUpDays(await settingValue(deps.knex, 'plan_follow_up_days'));
  const today = clinicToday(deps.now());
  const cutoff = addDays(today, -days);
  const rows: Row[] = await deps
    .knex('treatmentPlans as t')
    .join('treatmentPlanVersions as v', function join() {
      this.on('v.planId', 't.id').andOn('v.version', 't.currentVersion');
    })
    .join('patients as p', 'p.id', 't.patientId')
    .where('t.status', 'proposed')
    .orderBy('v.createdAt')
    .select('t.id', 'p.phone', 'p.firstName', 'v.createdAt');
  const due = rows.filter((r) => clinicToday(new Date(r.createdAt)) <= cutoff);
  // PLAN-20: only live proposals: a proposed option still holds planned work not entered in error (a plan
  // superseded by a later accepted one is not proposed; one whose work was all done or declined is not live).
  const read = await readPlans(deps, deps.knex, due.map((r) => Number(r.id)));
  const live = (plan: TreatmentPlan) => plan.options.some((o) => o.status === 'proposed' && o.items.some((l) => l.itemStatus === 'planned' && !l.itemInvalidated));
  const plans = read.filter(live);
  const out: FollowUp[] = [];
  for (const plan of plans) {
    const row = due.find((r) => Number(r.id) === plan.id)!;
    const lang = await patientLanguage(deps.knex, plan.patientId);
    const text = estimateWords[lang].followUp(String(row.firstName), plan.title, null);
    const proposedOn = clinicToday(new Date(row.createdAt));
    out.push({
      planId: plan.id,
      patientId: plan.patientId,
      patientName: plan.patientName,
      phone: (row.phone as string | null) ?? null,
      title: plan.title,
      proposedOn,
      days: Math.round((Date.parse(today) - Date.parse(proposedOn)) / 86_400_000),
      total: Math.min(...plan.options.map((o) => o.total)),
      language: lang,
      whatsAppText: text,
      whatsAppLink: row.phone ? whatsAppLink(String(row.phone), text) : null,
    });
  }
  await auditRead(deps.knex, 'read-plans', out.map((p) => p.patientId), { list: 'follow-up' });
  return { days, plans: out };
}

export type AcceptanceRow = CaseAcceptanceRow;

/**
 * GET /api/admin/reports/case-acceptance?from=yyyy-MM&to=yyyy-MM (PLAN-14): per month a plan was made (clinic
 * calendar) and its dentist, the plans proposed and the rupees proposed (each plan at its first version's
 * dearest option: what the patient was offered at most), and of them the plans accepted with the rupees
 * accepted (the accepted option of the latest accepted version) and the plans declined.
 */
export async function caseAcceptance(deps: Deps, from: string, to: string, format: 'json' | 'csv' = 'json'): Promise<AcceptanceRow[]> {
  // DATA-8: every report the owner reads is an export, audited (who, which report, which months, which format).
  await auditExport(deps.knex, { entity: 'report', entityId: 'case-acceptance', what: { report: 'Case acceptance', from, to, format } });
  const rows: Row[] = await deps
    .knex('treatmentPlans as t')
    .leftJoin('users as u', 'u.id', 't.dentistId')
    .select('t.id', 't.status', 't.createdAt', 't.dentistId', 'u.displayName');
  const firstTotals: Row[] = await deps
    .knex('treatmentPlanOptions as o')
    .join('treatmentPlanVersions as v', 'v.id', 'o.versionId')
    .where('v.version', 1)
    .select('v.planId', 'o.totalAmount');
  const acceptedTotals: Row[] = await deps
    .knex('treatmentPlanAcceptances as a')
    .join('treatmentPlanOptions as o', 'o.id', 'a.optionId')
    .orderBy('a.acceptedAt')
    .select('a.planId', 'o.totalAmount');
  const report = new Map<string, AcceptanceRow & { paise: { proposed: number; accepted: number } }>();
  for (const plan of rows) {
    const month = clinicToday(new Date(plan.createdAt)).slice(0, 7);
    if (month < from || month > to) continue;
    const key = `${month}|${plan.dentistId}`;
    const entry =
      report.get(key) ??
      { month, dentistId: Number(plan.dentistId), dentistName: plan.displayName ?? null, proposed: 0, proposedAmount: 0, accepted: 0, acceptedAmount: 0, declined: 0, paise: { proposed: 0, accepted: 0 } };
    const offered = firstTotals.filter((o) => Number(o.planId) === Number(plan.id)).map((o) => toPaise(o.totalAmount));
    entry.proposed += 1;
    entry.paise.proposed += offered.length ? Math.max(...offered) : 0;
    const accepted = acceptedTotals.filter((a) => Number(a.planId) === Number(plan.id)).at(-1);
    if (accepted) {
      entry.accepted += 1;
      entry.paise.accepted += toPaise(accepted.totalAmount);
    }
    if (plan.status === 'declined') entry.declined += 1;
    report.set(key, entry);
  }
  return [...report.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || a.dentistId - b.dentistId)
    .map(({ paise, ...row }) => ({ ...row, proposedAmount: fromPaise(paise.proposed), acceptedAmount: fromPaise(paise.accepted) }));
}


export const CASE_ACCEPTANCE_CSV_HEADER = ['Month', 'Dentist', 'Plans proposed', 'Rupees proposed', 'Plans accepted', 'Rupees accepted', 'Plans declined', 'Accepted %'] as const;

/** PLAN-17: the report as CSV (UTF-8 with BOM, as INV-33's): a row a month and dentist, then the total. */
export function caseAcceptanceCsv(rows: AcceptanceRow[]): string {
  const rupees = (v: number) => decimalString(toPaise(v));
  const percent = (accepted: number, proposed: number) => (proposed === 0 ? '' : String(Math.round((accepted / proposed) * 100)));
  const line = (month: string, dentist: string, r: Pick<AcceptanceRow, 'proposed' | 'proposedAmount' | 'accepted' | 'acceptedAmount' | 'declined'>) =>
    csvLine([
      csvField(month),
      csvField(dentist, true),
      csvField(r.proposed),
      csvField(rupees(r.proposedAmount)),
      csvField(r.accepted),
      csvField(rupees(r.acceptedAmount)),
      csvField(r.declined),
      csvField(percent(r.accepted, r.proposed)),
    ]);
  const sum = (key: 'proposed' | 'accepted' | 'declined') => rows.reduce((n, r) => n + r[key], 0);
  const sumPaise = (key: 'proposedAmount' | 'acceptedAmount') => fromPaise(rows.reduce((n, r) => n + toPaise(r[key]), 0));
  const total = { proposed: sum('proposed'), proposedAmount: sumPaise('proposedAmount'), accepted: sum('accepted'), acceptedAmount: sumPaise('acceptedAmount'), declined: sum('declined') };
  return `\uFEFF${csvLine(CASE_ACCEPTANCE_CSV_HEADER.map((h) => csvField(h)))}${rows.map((r) => line(r.month, r.dentistName ?? 'Unknown dentist', r)).join('')}${line('Total', '', total)}`;
}
