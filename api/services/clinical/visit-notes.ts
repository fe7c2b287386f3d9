import type { Knex } from 'knex';
import {
  VISIT_NOTE_MESSAGES,
  emptySections,
  noteSections,
  type NoteSections,
  type UnsignedNote,
  type VisitNote,
  type VisitNoteCreate,
  type VisitNoteTemplates,
  type VisitNoteTemplatesPayload,
} from '../../../shared/clinical/visit-note';
import { clinicDayEnd, clinicToday } from '../../../shared/domain/clinic-time';
import { surfaceLabel, teethName, type Surface } from '../../../shared/clinical/teeth';
import type { Deps } from '../../deps';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { audit, auditRead } from '../../platform/audit';

// Visit notes (NOTE-1..NOTE-9, docs/clinical.md "Visit notes"). Every save is a new version kept whole; a
// signed note is locked (only addenda follow); nothing is deleted (migration 051's triggers). Each write and
// its audit row are one transaction, and so is each read and its audit row (NOTE-9).

type DB = Knex | Knex.Transaction;

interface NoteRow {
  id: number;
  patientId: number;
  dentistId: number;
  dentistName: string | null;
  appointmentId: number | null;
  templateId: number | null;
  createdAt: Date;
  signedAt: Date | null;
  signedBy: number | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const DAY_MS = 24 * 60 * 60 * 1000;

function sectionsOf(raw: Partial<NoteSections> | null | undefined): NoteSections {
  const out = emptySections();
  for (const s of noteSections) out[s] = typeof raw?.[s] === 'string' ? raw[s] : '';
  return out;
}

/** The notes `where` selects, oldest first, each with its versions and addenda. */
export async function loadNotes(db: DB, where: { patientId?: number; ids?: number[] }): Promise<VisitNote[]> {
  const notes = db('visitNotes as n').leftJoin('users as u', 'u.id', 'n.dentistId').orderBy('n.createdAt').orderBy('n.id').select<NoteRow[]>('n.*', 'u.displayName as dentistName');
  if (where.patientId !== undefined) notes.where('n.patientId', where.patientId);
  if (where.ids !== undefined) notes.whereIn('n.id', where.ids);
  const rows = await notes;
  const ids = rows.map((r) => r.id);
  const [versions, addenda] = ids.length
    ? await Promise.all([
        db('visitNoteVersions as v').leftJoin('users as u', 'u.id', 'v.userId').whereIn('v.noteId', ids).orderBy('v.version').select('v.noteId', 'v.version', 'v.sections', 'v.userId', 'v.createdAt', 'u.displayName as userName'),
        db('visitNoteAddenda as a').leftJoin('users as u', 'u.id', 'a.userId').whereIn('a.noteId', ids).orderBy('a.id').select('a.id', 'a.noteId', 'a.text', 'a.userId', 'a.createdAt', 'u.displayName as userName'),
      ])
    : [[], []];
  return rows.map((r) => {
    const own = versions
      .filter((v: { noteId: number }) => v.noteId === r.id)
      .map((v: { version: number; sections: NoteSections; userId: number; userName: string | null; createdAt: Date }) => ({
        version: v.version,
        sections: sectionsOf(v.sections),
        userId: v.userId,
        userName: v.userName,
        createdAt: iso(v.createdAt)!,
      }));
    const latest = own.at(-1);
    return {
      id: r.id,
      patientId: r.patientId,
      dentistId: r.dentistId,
      dentistName: r.dentistName,
      appointmentId: r.appointmentId,
      templateId: r.templateId,
      createdAt: iso(r.createdAt)!,
      updatedAt: latest?.createdAt ?? iso(r.createdAt)!,
      version: latest?.version ?? 0,
      sections: latest?.sections ?? emptySections(),
      signedAt: iso(r.signedAt),
      signedBy: r.signedBy,
      locked: r.signedAt !== null,
      versions: own,
      addenda: addenda
        .filter((a: { noteId: number }) => a.noteId === r.id)
        .map((a: { id: number; text: string; userId: number; userName: string | null; createdAt: Date }) => ({ id: a.id, text: a.text, userId: a.userId, userName: a.userName, createdAt: iso(a.createdAt)! })),
    };
  });
}

async function loadNote(db: DB, id: number): Promise<VisitNote> {
  const [note] = await loadNotes(db, { ids: [id] });
  if (!note) throw notFound('Visit note');
  return note;
}

async function lockNote(trx: Knex.Transaction, id: number): Promise<NoteRow> {
  const row = await trx('visitNotes').where({ id }).forUpdate().first<NoteRow>();
  if (!row) throw notFound('Visit note');
  return row;
}

/** POST /api/admin/patients/{id}/visit-notes (NOTE-1): a note by the signed-in dentist, its version 1. */
export async function createVisitNote(deps: Deps, patientId: number, dentistId: number, input: VisitNoteCreate): Promise<VisitNote> {
  return deps.knex.transaction(async (trx) => {
    if (!(await trx('patients').where({ id: patientId }).forShare().first('id'))) throw notFound('Patient');
    if (input.appointmentId) {
      const appt = await trx('appointments').where({ id: input.appointmentId }).first('patientId');
      if (!appt || appt.patientId !== patientId) throw badRequest(VISIT_NOTE_MESSAGES.appointment, { appointmentId: VISIT_NOTE_MESSAGES.appointment });
    }
    if (input.templateId && !(await trx('visitNoteTemplates').where({ id: input.templateId }).first('id'))) {
      throw badRequest(VISIT_NOTE_MESSAGES.template, { templateId: VISIT_NOTE_MESSAGES.template });
    }
    const at = deps.now();
    const [{ id }] = await trx('visitNotes')
      .insert({ patientId, dentistId, appointmentId: input.appointmentId ?? null, templateId: input.templateId ?? null, createdAt: at })
      .returning<{ id: number }[]>('id');
    await trx('visitNoteVersions').insert({ noteId: id, version: 1, sections: JSON.stringify(input.sections), userId: dentistId, createdAt: at });
    await audit(trx, { action: 'create', entity: 'visit-note', entityId: id, changes: { patientId: { old: null, new: patientId }, version: { old: null, new: 1 } } });
    return loadNote(trx, id);
  });
}

/** GET /api/admin/patients/{id}/visit-notes: the patient's notes, newest first; an audited read (NOTE-9). */
export async function listVisitNotes(deps: Deps, patientId: number): Promise<VisitNote[]> {
  return deps.knex.transaction(async (trx) => {
    if (!(await trx('patients').where({ id: patientId }).first('id'))) throw notFound('Patient');
    await audit(trx, { action: 'read-visit-notes', entity: 'patient', entityId: patientId });
    return (await loadNotes(trx, { patientId })).reverse();
  });
}

/** GET /api/admin/visit-notes/{id}: one note; an audited read (NOTE-9). */
export async function readVisitNote(deps: Deps, id: number): Promise<VisitNote> {
  return deps.knex.transaction(async (trx) => {
    const note = await loadNote(trx, id);
    await audit(trx, { action: 'read-visit-notes', entity: 'patient', entityId: note.patientId, changes: { noteId: { old: null, new: id } } });
    return note;
  });
}

function mustBeItsDentist(row: NoteRow, userId: number): void {
  if (row.dentistId !== userId) throw new HttpError(403, VISIT_NOTE_MESSAGES.notYours);
}

/**
 * PUT /api/admin/visit-notes/{id} (NOTE-2): the sections saved again as a new version, while the note is
 * unsigned, by its dentist. `version`, when sent, must be the latest (an edit over a newer save is refused).
 */
export async function updateVisitNote(deps: Deps, id: number, userId: number, sections: NoteSections, version?: number | null): Promise<VisitNote> {
  return deps.knex.transaction(async (trx) => {
    const row = await lockNote(trx, id);
    if (row.signedAt) throw conflict(VISIT_NOTE_MESSAGES.signed);
    if (row.dentistId !== userId) throw new HttpError(403, 'Only the dentist who wrote this note can change it');
    const last = await trx('visitNoteVersions').where({ noteId: id }).max<{ max: number }>('version as max').first();
    const latest = Number(last?.max ?? 0);
    if (version && version !== latest) throw conflict(VISIT_NOTE_MESSAGES.version);
    await trx('visitNoteVersions').insert({ noteId: id, version: latest + 1, sections: JSON.stringify(sections), userId, createdAt: deps.now() });
    await audit(trx, { action: 'update', entity: 'visit-note', entityId: id, changes: { version: { old: latest, new: latest + 1 } } });
    return loadNote(trx, id);
  });
}

/** POST /api/admin/visit-notes/{id}/sign (NOTE-3): by its dentist only, once; the note is locked from then on. */
export async function signVisitNote(deps: Deps, id: number, userId: number): Promise<VisitNote> {
  return deps.knex.transaction(async (trx) => {
    const row = await lockNote(trx, id);
    mustBeItsDentist(row, userId);
    if (row.signedAt) throw conflict(VISIT_NOTE_MESSAGES.alreadySigned);
    const at = deps.now();
    await trx('visitNotes').where({ id }).update({ signedAt: at, signedBy: userId });
    await audit(trx, { action: 'sign', entity: 'visit-note', entityId: id, changes: { signedAt: { old: null, new: at.toISOString() } } });
    return loadNote(trx, id);
  });
}

/** POST /api/admin/visit-notes/{id}/addenda (NOTE-4): text added to a signed note, with who and when. */
export async function addAddendum(deps: Deps, id: number, userId: number, text: string): Promise<VisitNote> {
  return deps.knex.transaction(async (trx) => {
    const row = await lockNote(trx, id);
    if (!row.signedAt) throw conflict(VISIT_NOTE_MESSAGES.notSigned);
    const [{ id: addendumId }] = await trx('visitNoteAddenda').insert({ noteId: id, text, userId, createdAt: deps.now() }).returning<{ id: number }[]>('id');
    await audit(trx, { action: 'addendum', entity: 'visit-note', entityId: id, changes: { addendumId: { old: null, new: addendumId } } });
    return loadNote(trx, id);
  });
}

/**
 * GET /api/admin/visit-notes?unsigned=mine (NOTE-5): notes still unsigned a day after they were started,
 * oldest first: the signed-in dentist's, or everyone's (`all`, for the owner's overview).
 */
export async function unsignedNotes(deps: Deps, scope: { dentistId: number | null }): Promise<UnsignedNote[]> {
  const before = new Date(deps.now().getTime() - DAY_MS);
  const q = deps.knex('visitNotes as n')
    .join('patients as p', 'p.id', 'n.patientId')
    .leftJoin('users as u', 'u.id', 'n.dentistId')
    .whereNull('n.signedAt')
    .where('n.createdAt', '<', before)
    .orderBy('n.createdAt')
    .orderBy('n.id')
    .select<{ id: number; patientId: number; firstName: string; lastName: string; dentistId: number; dentistName: string | null; createdAt: Date; sections: NoteSections | null }[]>(
      'n.id', 'n.patientId', 'p.firstName', 'p.lastName', 'n.dentistId', 'u.displayName as dentistName', 'n.createdAt',
      deps.knex.raw('(select v.sections from visit_note_versions v where v.note_id = n.id order by v.version desc limit 1) as sections'),
    );
  if (scope.dentistId !== null) q.where('n.dentistId', scope.dentistId);
  const rows = await q;
  // DATA-10: each patient whose note (and its chief complaint) the list carries.
  await auditRead(deps.knex, 'read-visit-notes', rows.map((r) => r.patientId), { unsigned: scope.dentistId === null ? 'all' : 'mine' });
  return rows.map((r) => ({
    id: r.id,
    patientId: r.patientId,
    patientName: `${r.firstName} ${r.lastName}`.trim(),
    dentistId: r.dentistId,
    dentistName: r.dentistName,
    createdAt: iso(r.createdAt)!,
    complaint: sectionsOf(r.sections).complaint,
  }));
}

/** GET /api/admin/visit-note-templates (NOTE-6, NOTE-7). */
export async function readTemplates(db: DB): Promise<VisitNoteTemplates> {
  const [templates, texts] = await Promise.all([
    db('visitNoteTemplates').orderBy('sortOrder').orderBy('id').select('id', 'name', 'prompts', 'active'),
    db('visitNoteProcedureTexts').orderBy('code').select('code', 'text'),
  ]);
  return {
    templates: templates.map((t: { id: number; name: string; prompts: NoteSections; active: boolean }) => ({ id: t.id, name: t.name, prompts: sectionsOf(t.prompts), active: t.active })),
    procedureTexts: Object.fromEntries(texts.map((t: { code: string; text: string }) => [t.code, t.text])),
  };
}

/**
 * PUT /api/admin/visit-note-templates (NOTE-6, NOTE-7): the owner's templates and default texts, whole. A
 * template left out is made inactive, not deleted (notes name the template they started from).
 */
export async function saveTemplates(deps: Deps, input: VisitNoteTemplatesPayload): Promise<VisitNoteTemplates> {
  return deps.knex.transaction(async (trx) => {
    const names = new Set<string>();
    for (const t of input.templates) {
      const key = t.name.toLowerCase();
      if (names.has(key)) throw badRequest(VISIT_NOTE_MESSAGES.templateNameTaken(t.name));
      names.add(key);
    }
    const procedureCodes = new Set(
      (await trx('priceList').whereNotNull('chartCode').select('chartCode')).map((r: { chartCode: string }) => r.chartCode),
    );
    for (const code of Object.keys(input.procedureTexts)) if (!procedureCodes.has(code)) throw badRequest(VISIT_NOTE_MESSAGES.procedureCode(code));
    const before = await readTemplates(trx);
    const kept: number[] = [];
    // Names are unique: first free every name this save uses, so two templates may swap names.
    await trx('visitNoteTemplates').update({ name: trx.raw("name || ' #' || id") });
    for (const [i, t] of input.templates.entries()) {
      const row = { name: t.name, prompts: JSON.stringify(t.prompts), active: t.active, sortOrder: (i + 1) * 10, updatedAt: deps.now() };
      if (t.id && before.templates.some((b) => b.id === t.id)) {
        await trx('visitNoteTemplates').where({ id: t.id }).update(row);
        kept.push(t.id);
      } else {
        const [{ id }] = await trx('visitNoteTemplates').insert(row).returning<{ id: number }[]>('id');
        kept.push(id);
      }
    }
    let after = kept.length;
    for (const b of before.templates) {
      if (kept.includes(b.id)) continue;
      after += 1;
      await trx('visitNoteTemplates').where({ id: b.id }).update({ name: b.name, active: false, sortOrder: after * 10, updatedAt: deps.now() });
    }
    await trx('visitNoteProcedureTexts').delete();
    const texts = Object.entries(input.procedureTexts).filter(([, text]) => text !== '');
    if (texts.length) await trx('visitNoteProcedureTexts').insert(texts.map(([code, text]) => ({ code, text, updatedAt: deps.now() })));
    const saved = await readTemplates(trx);
    await audit(trx, { action: 'update', entity: 'visit-note-templates', entityId: null, changes: { templates: { old: before.templates.map((t) => t.name), new: saved.templates.map((t) => t.name) }, procedureTexts: { old: Object.keys(before.procedureTexts), new: Object.keys(saved.procedureTexts) } } });
    return saved;
  });
}

/**
 * GET /api/admin/patients/{id}/visit-notes/draft[?templateId=&appointmentId=] (NOTE-7): the sections a new
 * note starts with: the template's prompts to answer, and "treatment done" pre-filled from the procedures
 * done on the visit's day (the appointment's date, or today at the clinic: completed that day, or recorded
 * later as done that day, NOTE-13), each with its code's default text.
 */
export async function draftVisitNote(deps: Deps, patientId: number, options: { templateId?: number; appointmentId?: number }): Promise<{ prompts: NoteSections; sections: NoteSections; templateId: number | null }> {
  if (!(await deps.knex('patients').where({ id: patientId }).first('id'))) throw notFound('Patient');
  const templates = await readTemplates(deps.knex);
  const template = options.templateId ? templates.templates.find((t) => t.id === options.templateId) : templates.templates.find((t) => t.active);
  if (options.templateId && !template) throw badRequest(VISIT_NOTE_MESSAGES.template, { templateId: VISIT_NOTE_MESSAGES.template });
  let day = clinicToday(deps.now());
  if (options.appointmentId) {
    const appt = await deps.knex('appointments').where({ id: options.appointmentId, patientId }).first('preferredDate');
    if (!appt) throw badRequest(VISIT_NOTE_MESSAGES.appointment, { appointmentId: VISIT_NOTE_MESSAGES.appointment });
    day = typeof appt.preferredDate === 'string' ? appt.preferredDate : clinicToday(new Date(appt.preferredDate));
  }
  const end = clinicDayEnd(day);
  const start = new Date(end.getTime() - DAY_MS);
  // NOTE-13: only work done that day: procedures completed on it (or recorded later as done on it), not
  // what is planned or was found.
  const procedures = await deps.knex('clinicalItems as i')
    .where({ 'i.patientId': patientId, 'i.kind': 'procedure', 'i.status': 'completed' })
    .whereNull('i.invalidatedAt')
    .where((q) =>
      q
        .where('i.performedOn', day)
        .orWhere((r) =>
          r.whereNull('i.performedOn').whereExists((e) =>
            e.from('clinicalItemEvents as e').whereRaw('e.item_id = i.id').where('e.status', 'completed').where('e.at', '>=', start).where('e.at', '<', end),
          ),
        ),
    )
    .orderBy('i.createdAt')
    .orderBy('i.id')
    .select<{ teeth: string[]; surfaces: string[]; code: string }[]>('i.teeth', 'i.surfaces', 'i.code');
  const treatment = procedures
    .map((p) => `${teethName(p.teeth)}${p.surfaces.length ? ` ${p.surfaces.map((x) => surfaceLabel(p.teeth[0], x as Surface)).join('')}` : ''} ${p.code}: ${templates.procedureTexts[p.code] ?? ''}`.trim())
    .join('\n');
  // DATA-10: the draft carries the day's procedures, the record's own facts.
  await auditRead(deps.knex, 'read-visit-notes', [patientId], { draft: day });
  return { prompts: template?.prompts ?? emptySections(), sections: { ...emptySections(), treatment }, templateId: template?.id ?? null };
}
