import { medicalHistorySchema } from '../../../shared/clinical/medical-history';
import { VISIT_NOTE_MESSAGES, addendumSchema, visitNoteCreateSchema, visitNoteTemplatesSchema, visitNoteUpdateSchema } from '../../../shared/clinical/visit-note';
import { idQueryParam } from '../../db/list-query';
import type { Deps } from '../../deps';
import { HttpError, badRequest, notFound } from '../../errors';
import { requires } from '../../middleware/capability';
import { parseBody, parseId } from '../../middleware/validate';
import { patientRecordBundle } from '../../services/clinical/fhir';
import { confirmHistoryVersion, readHistoryVersion, readMedicalHistory, saveMedicalHistory } from '../../services/clinical/medical-history';
import {
  addAddendum,
  createVisitNote,
  draftVisitNote,
  listVisitNotes,
  readTemplates,
  readVisitNote,
  saveTemplates,
  signVisitNote,
  unsignedNotes,
  updateVisitNote,
} from '../../services/clinical/visit-notes';
import { createAdminRouter } from '../router';

// The rest of the clinical record (docs/clinical.md): the medical history (MED-1..MED-6), visit notes
// (NOTE-1..NOTE-9) and the record as FHIR (FHIR-1..FHIR-5).
// GET  /api/admin/patients/:id/medical-history -> current version, alerts and every version (audited read)
// PUT  /api/admin/patients/:id/medical-history { allergies, medicines, conditions, conditionOther?, pregnant, note?, source? } -> the new version
// GET  /api/admin/patients/:id/medical-history/versions/:version -> one version whole (audited read)
// POST /api/admin/patients/:id/medical-history/versions/:version/confirm -> staff confirm the patient's version
// GET  /api/admin/patients/:id/visit-notes (audited read), POST { sections, appointmentId?, templateId? } -> 201
// GET  /api/admin/patients/:id/visit-notes/draft[?templateId=&appointmentId=] -> prompts and pre-filled sections
// GET  /api/admin/visit-notes?unsigned=mine|all -> notes unsigned for more than a day
// GET  /api/admin/visit-notes/:id (audited read), PUT { sections, version? } while unsigned
// POST /api/admin/visit-notes/:id/sign (its dentist), POST /api/admin/visit-notes/:id/addenda { text } (signed)
// GET  /api/admin/visit-note-templates, PUT (the owner)
// GET  /api/admin/patients/:id/record.fhir.json -> FHIR R4 Bundle (audited read)
export function recordRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin' });

  const versionOf = (raw: string | undefined) => {
    const n = Number(raw);
    if (!/^\d{1,9}$/.test(raw ?? '') || n < 1) throw notFound('Medical history version');
    return n;
  };

  router.get('/patients/:id/medical-history', requires('clinical.read'), async (ctx) => {
    ctx.body = await readMedicalHistory(deps, parseId(ctx.params.id, 'Patient'));
  });

  router.put('/patients/:id/medical-history', requires('history.write'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const input = parseBody(medicalHistorySchema, ctx.request.body);
    ctx.body = await saveMedicalHistory(deps, patientId, { id: ctx.state.user!.id, role: ctx.state.user!.role }, input);
  });

  router.get('/patients/:id/medical-history/versions/:version', requires('clinical.read'), async (ctx) => {
    ctx.body = await readHistoryVersion(deps, parseId(ctx.params.id, 'Patient'), versionOf(ctx.params.version));
  });

  router.post('/patients/:id/medical-history/versions/:version/confirm', requires('clinical.write'), async (ctx) => {
    ctx.body = await confirmHistoryVersion(deps, parseId(ctx.params.id, 'Patient'), versionOf(ctx.params.version), ctx.state.user!.id);
  });

  router.get('/patients/:id/visit-notes', requires('notes'), async (ctx) => {
    ctx.body = await listVisitNotes(deps, parseId(ctx.params.id, 'Patient'));
  });

  router.get('/patients/:id/visit-notes/draft', requires('notes'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    ctx.body = await draftVisitNote(deps, patientId, {
      templateId: idQueryParam(ctx.query, 'templateId', VISIT_NOTE_MESSAGES.template),
      appointmentId: idQueryParam(ctx.query, 'appointmentId', VISIT_NOTE_MESSAGES.appointment),
    });
  });

  router.post('/patients/:id/visit-notes', requires('notes'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    const input = parseBody(visitNoteCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createVisitNote(deps, patientId, ctx.state.user!.id, input);
  });

  router.get('/visit-notes', requires('notes'), async (ctx) => {
    const scope = ctx.query.unsigned ?? 'mine';
    if (scope !== 'mine' && scope !== 'all') throw badRequest(VISIT_NOTE_MESSAGES.unsigned, { unsigned: VISIT_NOTE_MESSAGES.unsigned });
    // NOTE-12: every dentist's unsigned notes (their chief complaints) are the owner's overview alone.
    if (scope === 'all' && ctx.state.user!.role !== 'owner') throw new HttpError(403, VISIT_NOTE_MESSAGES.unsignedAll);
    ctx.body = await unsignedNotes(deps, { dentistId: scope === 'mine' ? ctx.state.user!.id : null });
  });

  router.get('/visit-notes/:id', requires('notes'), async (ctx) => {
    ctx.body = await readVisitNote(deps, parseId(ctx.params.id, 'Visit note'));
  });

  router.put('/visit-notes/:id', requires('notes'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Visit note');
    const { sections, version } = parseBody(visitNoteUpdateSchema, ctx.request.body);
    ctx.body = await updateVisitNote(deps, id, ctx.state.user!.id, sections, version);
  });

  router.post('/visit-notes/:id/sign', requires('notes'), async (ctx) => {
    ctx.body = await signVisitNote(deps, parseId(ctx.params.id, 'Visit note'), ctx.state.user!.id);
  });

  router.post('/visit-notes/:id/addenda', requires('notes'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Visit note');
    const { text } = parseBody(addendumSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await addAddendum(deps, id, ctx.state.user!.id, text);
  });

  router.get('/visit-note-templates', requires('notes'), async (ctx) => {
    ctx.body = await readTemplates(deps.knex);
  });

  router.put('/visit-note-templates', requires('settings.write'), async (ctx) => {
    ctx.body = await saveTemplates(deps, parseBody(visitNoteTemplatesSchema, ctx.request.body));
  });

  router.get('/patients/:id/record.fhir.json', requires('notes'), async (ctx) => {
    const patientId = parseId(ctx.params.id, 'Patient');
    ctx.body = JSON.stringify(await patientRecordBundle(deps, patientId, { audited: true }));
    ctx.type = 'application/fhir+json';
  });

  return router;
}
