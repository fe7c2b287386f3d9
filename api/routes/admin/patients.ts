import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { parseListQuery } from '../../db/list-query';
import { patientSchema } from '../../../shared/schemas/patient';
import type { Deps } from '../../deps';
import { hasKey, parseBody, parseId } from '../../middleware/validate';
import { patientHistory } from '../../services/patients/history';
import { patientCredit, recordAdvance } from '../../services/billing/advances';
import { advanceCreateSchema } from '../../../shared/schemas/payment';
import { erasePatient, exportPatientData } from '../../services/patients/data-rights';
import { eraseRequestSchema, guardianSchema, mergePatientSchema, patientCreateSchema } from '../../../shared/schemas/patient';
import { mergePatients, setGuardian, undoMerge } from '../../services/patients/merge';
import { createPatient, deletePatient, readPatientDetail, listPatients, patientUsage, updatePatient } from '../../services/patients/patients';

// GET    /api/admin/patients?q=&limit=&offset=  newest first (API-7: all of them without limit); with a limit
//                                               or offset, X-Total-Count gives the number of matches
// POST   /api/admin/patients                    patientSchema (+ createAnyway) -> 201 patient; 409 { error,
//                                               existingPatientId } for the mobile and first name of a live
//                                               patient, unless createAnyway: true (PAT-18)
// GET    /api/admin/patients/:id                patient + language (of their latest booking, 'en' without one:
//                                               a staff booking's default, I18N-3)
// GET    /api/admin/patients/:id/history        { patient, appointments (newest first), invoices, totals } (PAT-5)
// GET    /api/admin/patients/:id/usage          { invoices, appointments } for the delete prompt (PAT-4)
// PUT    /api/admin/patients/:id                patientSchema (an `id` in the body is ignored) -> patient; medical
//                                               alerts and notes left out of the body keep their stored values
// DELETE /api/admin/patients/:id                204; invoices and appointments stay, unlinked (PAT-4)
// GET    /api/admin/patients/:id/export         owner only ('export'): everything held about the patient as a
//                                               JSON download, patient-{id}.json (DATA-2)
// POST   /api/admin/patients/:id/merge          'patients.merge', { otherPatientId, reason } -> { mergeId, patient,
//                                               mergedPatientId, moved }: the other record's appointments, invoices,
//                                               clinical record and dependants move here; it stays, marked merged
//                                               (PAT-13); records with clinical data: the owner or a dentist (PAT-15)
// POST   /api/admin/merges/:mergeId/undo         owner only ('merges.undo'), for 30 days -> { mergeId, patient,
//                                               restoredPatient, restored, leftChanged } (PAT-16)
// PUT    /api/admin/patients/:id/guardian       { guardianId | null } -> patient: sets or clears the guardian (PAT-14)
// POST   /api/admin/patients/:id/erase          owner only ('patients.delete'), { confirm: "ERASE" } -> summary of
//                                               what was erased, in one transaction (DATA-3, DATA-7)
// POST   /api/admin/patients/:id/advances       { amount, mode, reference } -> 201 advance (INV-28): money received
//                                               today before an invoice exists, the patient's credit
// GET    /api/admin/patients/:id/credit         { patientId, credit, advances } (INV-28: unused credit, newest first)
export function patientRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/patients' });

  router.get('/', requires('patients.read'), async (ctx) => {
    const { patients, total } = await listPatients(deps.knex, parseListQuery(ctx.query));
    if (total !== null) ctx.set('X-Total-Count', String(total));
    ctx.body = patients;
  });

  router.post('/', requires('patients.write'), async (ctx) => {
    const { createAnyway, ...input } = parseBody(patientCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createPatient(deps, input, { createAnyway });
  });

  router.get('/:id', requires('patients.read'), async (ctx) => {
    ctx.body = await readPatientDetail(deps, parseId(ctx.params.id, 'Patient'));
  });

  router.get('/:id/history', requires('patients.read'), async (ctx) => {
    ctx.body = await patientHistory(deps, parseId(ctx.params.id, 'Patient'));
  });

  router.get('/:id/usage', requires('patients.read'), async (ctx) => {
    ctx.body = await patientUsage(deps.knex, parseId(ctx.params.id, 'Patient'));
  });

  router.put('/:id', requires('patients.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Patient');
    const input = parseBody(patientSchema, ctx.request.body);
    const keep = (['allergies', 'conditions', 'medications', 'notes'] as const).filter((k) => !hasKey(ctx.request.body, k));
    ctx.body = await updatePatient(deps, id, input, keep);
  });

  router.delete('/:id', requires('patients.delete'), async (ctx) => {
    await deletePatient(deps.knex, parseId(ctx.params.id, 'Patient'));
    ctx.status = 204;
  });

  router.get('/:id/export', requires('export'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Patient');
    const data = await exportPatientData(deps, id);
    ctx.set('Content-Disposition', `attachment; filename="patient-${id}.json"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(data, null, 2);
  });

  router.post('/:id/merge', requires('patients.merge'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Patient');
    const { otherPatientId, reason } = parseBody(mergePatientSchema, ctx.request.body);
    const user = ctx.state.user!;
    ctx.body = await mergePatients(deps, id, otherPatientId, reason, { id: user.id, role: user.role });
  });

  router.put('/:id/guardian', requires('patients.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Patient');
    const { guardianId } = parseBody(guardianSchema, ctx.request.body);
    ctx.body = await setGuardian(deps, id, guardianId);
  });

  router.post('/:id/erase', requires('patients.delete'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Patient');
    parseBody(eraseRequestSchema, ctx.request.body);
    ctx.body = await erasePatient(deps, id);
  });

  router.post('/:id/advances', requires('invoices.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Patient');
    const input = parseBody(advanceCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await recordAdvance(deps, id, input, ctx.state.user?.id ?? null);
  });

  router.get('/:id/credit', requires('invoices.read'), async (ctx) => {
    ctx.body = await patientCredit(deps.knex, parseId(ctx.params.id, 'Patient'));
  });

  return router;
}

/** PAT-16: a merge's own record, and its undo. */
export function mergeRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/merges' });

  router.post('/:mergeId/undo', requires('merges.undo'), async (ctx) => {
    ctx.body = await undoMerge(deps, parseId(ctx.params.mergeId, 'Merge'), ctx.state.user!.id);
  });

  return router;
}
