import { z } from 'zod';
import { isLang } from '../../../shared/i18n/types';
import { firstIssueAndFields } from '../../../shared/schemas/validation-error';
import {
  invoiceFromCompletedSchema,
  planAcceptSchema,
  planBookingSchema,
  planDeclineSchema,
  planPreviewSchema,
  planSittingSchema,
  treatmentPlanSchema,
} from '../../../shared/schemas/treatment-plan';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { requires } from '../../middleware/capability';
import { parseBody, parseId } from '../../middleware/validate';
import { acceptPlanOnScreen, estimatePdf } from '../../services/plans/acceptance';
import { invoiceFromCompleted, readBillableItems, recordSitting } from '../../services/plans/billing';
import { createPlanLink } from '../../services/plans/links';
import { bookVisit, caseAcceptance, caseAcceptanceCsv, followUpList, visitsToBook } from '../../services/plans/pipeline';
import { createPlan, declinePlan, previewPlan, readPatientPlans, readPlan, updatePlan } from '../../services/plans/plans';
import { createAdminRouter } from '../router';

// Treatment plans (PLAN-1..PLAN-17, docs/clinical.md "Treatment plans"). Reading: everyone who sees the
// chart (the desk books and bills from plans); making and changing plans and recording sittings: the
// clinical record's writers; acceptance (at the desk or the chair) and personal links: whoever edits
// patients; booking visits: appointments; billing: invoices; the report: the owner's reports.
// GET  /api/admin/patients/:id/treatment-plans                 -> plans, newest first
// POST /api/admin/patients/:id/treatment-plans                 { title, options: [{ name, itemIds, discount?, lines?, visits? }] } -> 201 plan
// GET  /api/admin/patients/:id/billable-items                  -> completed, unbilled items at their accepted prices
// POST /api/admin/patients/:id/invoice-from-completed          { itemIds? } -> 201 invoice; 409 nothing to bill
// GET  /api/admin/treatment-plans/to-book                      -> visits of accepted plans without an appointment
// GET  /api/admin/treatment-plans/follow-up                    -> { days, plans } proposed plans not accepted after N days
// GET  /api/admin/treatment-plans/:id                          -> plan
// PUT  /api/admin/treatment-plans/:id                          same body as POST -> plan (a new version, proposed)
// POST /api/admin/treatment-plans/:id/accept                   { option, signature, signedBy, language? } -> plan
// POST /api/admin/treatment-plans/:id/decline                  { option?, reason? } -> plan (PLAN-15: one option)
// GET  /api/admin/treatment-plans/:id/estimate.pdf[?lang=mr]   the signed estimate as stored, else a draft
// POST /api/admin/treatment-plans/:id/link                     -> 201 { url, expiresAt } a personal link to accept
// POST /api/admin/treatment-plans/:id/sittings                 { itemId, teeth?, final?, note? } -> plan
// POST /api/admin/treatment-plans/:id/visits/:visit/bookings   { appointmentId } -> plan
// GET  /api/admin/reports/case-acceptance?from=yyyy-MM&to=yyyy-MM -> rows by month and dentist
// GET  /api/admin/reports/case-acceptance.csv?from=&to=        the same as CSV (PLAN-17), attachment

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The file's name part: its months, `all` when none is given. */
const fileMonths = (from: string, to: string) => (from === '2000-01' && to === '9999-12' ? 'all' : from === to ? from : `${from}-to-${to}`);
const monthQuery = z.object({
  from: z.string().regex(MONTH, 'from must be a month like 2026-11').optional(),
  to: z.string().regex(MONTH, 'to must be a month like 2026-11').optional(),
});

export function treatmentPlanRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin' });

  router.get('/patients/:id/treatment-plans', requires('clinical.read'), async (ctx) => {
    ctx.body = await readPatientPlans(deps, parseId(ctx.params.id, 'Patient'));
  });

  router.post('/patients/:id/treatment-plans', requires('clinical.write'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const input = parseBody(treatmentPlanSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createPlan(deps, patientId, ctx.state.user!.id, input);
  });

  // PLAN-24: the editor's live prices: the options priced as saving would, nothing written.
  router.post('/patients/:id/treatment-plans/preview', requires('clinical.write'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    ctx.body = await previewPlan(deps, patientId, parseBody(planPreviewSchema, ctx.request.body));
  });

  router.get('/patients/:id/billable-items', requires('invoices.read'), async (ctx) => {
    ctx.body = await readBillableItems(deps, parseId(ctx.params.id, 'Patient'));
  });

  router.post('/patients/:id/invoice-from-completed', requires('invoices.write'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const { itemIds } = parseBody(invoiceFromCompletedSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await invoiceFromCompleted(deps, patientId, itemIds);
  });

  router.get('/treatment-plans/to-book', requires('appointments.read'), async (ctx) => {
    ctx.body = await visitsToBook(deps);
  });

  router.get('/treatment-plans/follow-up', requires('appointments.read'), async (ctx) => {
    ctx.body = await followUpList(deps);
  });

  router.get('/treatment-plans/:id', requires('clinical.read'), async (ctx) => {
    ctx.body = await readPlan(deps, parseId(ctx.params.id, 'Treatment plan'));
  });

  router.put('/treatment-plans/:id', requires('clinical.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Treatment plan');
    const input = parseBody(treatmentPlanSchema, ctx.request.body);
    ctx.body = await updatePlan(deps, id, ctx.state.user!.id, input);
  });

  router.post('/treatment-plans/:id/accept', requires('patients.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Treatment plan');
    const input = parseBody(planAcceptSchema, ctx.request.body);
    ctx.body = await acceptPlanOnScreen(deps, id, input, ctx.state.user!.id);
  });

  router.post('/treatment-plans/:id/decline', requires('patients.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Treatment plan');
    ctx.body = await declinePlan(deps, id, parseBody(planDeclineSchema, ctx.request.body ?? {}));
  });

  router.get('/treatment-plans/:id/estimate.pdf', requires('clinical.read'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Treatment plan');
    const lang = ctx.query.lang;
    if (lang !== undefined && !isLang(lang)) throw badRequest('lang must be en, mr or hi', { lang: 'lang must be en, mr or hi' });
    const { pdf, signed } = await estimatePdf(deps, id, isLang(lang) ? lang : undefined);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="estimate-${id}${signed ? '-signed' : '-draft'}.pdf"`);
    ctx.body = pdf;
  });

  router.post('/treatment-plans/:id/link', requires('patients.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Treatment plan');
    ctx.status = 201;
    ctx.body = await createPlanLink(deps, id, ctx.state.user!.id);
  });

  router.post('/treatment-plans/:id/sittings', requires('clinical.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Treatment plan');
    const input = parseBody(planSittingSchema, ctx.request.body);
    ctx.body = await recordSitting(deps, id, ctx.state.user!.id, input);
  });

  router.post('/treatment-plans/:id/visits/:visit/bookings', requires('appointments.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Treatment plan');
    const visit = parseId(ctx.params.visit, 'Visit');
    const { appointmentId } = parseBody(planBookingSchema, ctx.request.body);
    ctx.body = await bookVisit(deps, id, visit, appointmentId, ctx.state.user!.id);
  });

  const months = (query: unknown) => {
    const parsed = monthQuery.safeParse(query);
    if (!parsed.success) {
      const { error, fields } = firstIssueAndFields(parsed.error);
      throw badRequest(error, fields);
    }
    return { from: parsed.data.from ?? '2000-01', to: parsed.data.to ?? '9999-12' };
  };

  router.get('/reports/case-acceptance', requires('reports'), async (ctx) => {
    const { from, to } = months(ctx.query);
    ctx.body = await caseAcceptance(deps, from, to);
  });

  router.get('/reports/case-acceptance.csv', requires('reports'), async (ctx) => {
    const { from, to } = months(ctx.query);
    ctx.type = 'text/csv; charset=utf-8';
    // PLAN-17: named by its months, as the day-end and dues files are by their day.
    const name = fileMonths(from, to);
    ctx.set('Content-Disposition', `attachment; filename="case-acceptance-${name}.csv"`);
    ctx.body = caseAcceptanceCsv(await caseAcceptance(deps, from, to, 'csv'));
  });

  return router;
}
