import {
  CLINICAL_MESSAGES,
  chartCommandSchema,
  chartDateSchema,
  clinicalItemCreateSchema,
  clinicalItemInvalidateSchema,
  clinicalItemsInvalidateSchema,
  clinicalItemStatusSchema,
  findingCreateSchema,
  findingUpdateSchema,
} from '../../../shared/schemas/clinical-item';
import { CHART_CODE_PATTERN } from '../../../shared/clinical/vocabulary';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { requires } from '../../middleware/capability';
import { parseBody, parseId } from '../../middleware/validate';
import { readChart } from '../../services/clinical/chart';
import { changeItemStatus, createClinicalItem, invalidateItem, invalidateItems, runChartCommand } from '../../services/clinical/items';
import { addFinding, chartVocabulary, deleteFinding, listFindings, updateFinding } from '../../services/clinical/vocabulary';
import { createAdminRouter } from '../router';

// The dentist's chart (CHART-5..CHART-9, docs/clinical.md). Read: owner, dentist, receptionist
// (clinical.read); write: owner and dentist (clinical.write); the findings list is the owner's setting.
// GET   /api/admin/patients/:id/chart[?at=YYYY-MM-DD&primary=true]  -> { items, teeth, at, asOf } (audited read)
// POST  /api/admin/patients/:id/clinical-items  { teeth, surfaces, code, status?, note?, performedOn? } -> 201 item; 409 refused by the chart (CHART-25)
// POST  /api/admin/patients/:id/chart-commands  { command, preview? } -> 201 { items } (200 when preview)
// PATCH /api/admin/clinical-items/:id  { status } -> item; 409 when completed (locked) or invalidated; a finding takes only resolved (CHART-27)
// POST  /api/admin/clinical-items/:id/invalidate  { reason } -> item, kept and marked
// POST  /api/admin/patients/:id/clinical-items/invalidate  { ids, reason } -> items, all in one transaction (CHART-15)
// GET   /api/admin/chart-codes -> the vocabulary (procedures of the price list and findings)
// GET   /api/admin/findings, POST /api/admin/findings { code, names, takesSurfaces?, draw? } -> 201
// PUT   /api/admin/findings/:code { names, takesSurfaces?, draw?, retired? } -> the finding (CHART-16)
// DELETE /api/admin/findings/:code -> 204 when no chart uses it, else 409: retire it (CHART-16)
export function clinicalRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin' });

  router.get('/patients/:id/chart', requires('clinical.read'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const raw = ctx.query.at;
    if (raw !== undefined && !chartDateSchema.safeParse(raw).success) throw badRequest(CLINICAL_MESSAGES.at, { at: CLINICAL_MESSAGES.at });
    const at = typeof raw === 'string' ? raw : null;
    ctx.body = await readChart(deps, patientId, at, { primary: ctx.query.primary === 'true' });
  });

  router.post('/patients/:id/clinical-items', requires('clinical.write'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const input = parseBody(clinicalItemCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createClinicalItem(deps, patientId, ctx.state.user!.id, input);
  });

  router.post('/patients/:id/clinical-items/invalidate', requires('clinical.write'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const { ids, reason } = parseBody(clinicalItemsInvalidateSchema, ctx.request.body);
    ctx.body = await invalidateItems(deps, patientId, ids, ctx.state.user!.id, reason);
  });

  router.post('/patients/:id/chart-commands', requires('clinical.write'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const { command, preview, performedOn } = parseBody(chartCommandSchema, ctx.request.body);
    const result = await runChartCommand(deps, patientId, ctx.state.user!.id, command, preview, performedOn);
    ctx.status = preview ? 200 : 201;
    ctx.body = result;
  });

  router.patch('/clinical-items/:id', requires('clinical.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Clinical item');
    const { status } = parseBody(clinicalItemStatusSchema, ctx.request.body);
    ctx.body = await changeItemStatus(deps, id, ctx.state.user!.id, status);
  });

  router.post('/clinical-items/:id/invalidate', requires('clinical.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Clinical item');
    const { reason } = parseBody(clinicalItemInvalidateSchema, ctx.request.body);
    ctx.body = await invalidateItem(deps, id, ctx.state.user!.id, reason);
  });

  router.get('/chart-codes', requires('clinical.read'), async (ctx) => {
    ctx.body = await chartVocabulary(deps.knex, { typable: true });
  });

  router.get('/findings', requires('clinical.read'), async (ctx) => {
    ctx.body = await listFindings(deps.knex);
  });

  router.post('/findings', requires('settings.write'), async (ctx) => {
    const input = parseBody(findingCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await addFinding(deps.knex, input);
  });

  const findingCode = (raw: string | undefined) => {
    if (!raw || !CHART_CODE_PATTERN.test(raw)) throw notFound('Finding');
    return raw;
  };

  router.put('/findings/:code', requires('settings.write'), async (ctx) => {
    const input = parseBody(findingUpdateSchema, ctx.request.body);
    ctx.body = await updateFinding(deps, findingCode(ctx.params.code), input);
  });

  router.delete('/findings/:code', requires('settings.write'), async (ctx) => {
    await deleteFinding(deps.knex, findingCode(ctx.params.code));
    ctx.status = 204;
  });

  return router;
}
