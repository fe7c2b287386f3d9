import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom } from '../support/test-app';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// NOTE-1..NOTE-9: visit notes by their dentist, versioned while unsigned, locked by the signature, then only
// addenda; unsigned notes listed after a day; templates and default texts the owner edits; notes closed to
// receptionists; every read audited.

let clinic: ClinicalClinic;
let patient: number;
let otherDentist: string;
beforeAll(async () => {
  clinic = await startClinic();
  // Monday 2 March 2026, 10:00 in Pune.
  clinic.app.clock.set('2026-03-02T04:30:00Z');
  patient = await clinic.newPatient();
  await createAccount(clinic.app.deps.knex, 'second@clinic.test', 'second-pass-2026', 'Dr Joshi', 'dentist');
  otherDentist = cookieFrom(await clinic.app.request('/api/auth/login', { method: 'POST', json: { email: 'second@clinic.test', password: 'second-pass-2026' } }));
});
afterAll(() => clinic?.app.close());

const knex = () => clinic.app.deps.knex;
const sections = { complaint: 'Pain in lower left tooth', history: 'Two days, worse at night', examination: '36 tender to percussion', diagnosis: 'Irreversible pulpitis 36', treatment: '', advice: 'Analgesics' };
const write = (json: unknown = { sections }) => clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/visit-notes`, json);
const asOther = async (method: string, path: string, json?: unknown) => {
  const res = await clinic.app.request(path, { method, cookie: otherDentist, ...(json === undefined ? {} : { json }) });
  return { status: res.status, body: await res.json() };
};

describe('writing a note', () => {
  it('answers the note by its dentist with version 1, and audits it', async () => {
    const res = await write();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      patientId: patient,
      dentistId: clinic.dentistId,
      dentistName: 'Dr Kavita Mehta',
      createdAt: '2026-03-02T04:30:00.000Z',
      version: 1,
      sections,
      signedAt: null,
      locked: false,
      addenda: [],
    });
    expect(res.body.versions).toHaveLength(1);
    const row = await knex()('auditLog').where({ entity: 'visit-note', entityId: String(res.body.id), action: 'create' }).first();
    expect(row).toMatchObject({ userName: 'Dr Kavita Mehta' });
  });

  it.each([
    ['Write at least one section of the note', { sections: {} }],
    ['sections must be an object of complaint, history, examination, diagnosis, treatment and advice', { sections: 'pain' }],
    ['Chief complaint must be at most 5000 characters', { sections: { complaint: 'x'.repeat(5001) } }],
    ['appointmentId must be an appointment of this patient', { sections, appointmentId: 999999 }],
    ['templateId must be one of the templates', { sections, templateId: 999999 }],
  ])('answers 400 %s', async (error, json) => {
    const res = await write(json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });
});

describe('editing, signing, addenda', () => {
  it('keeps every save while unsigned, and refuses an edit over a newer save or by another dentist', async () => {
    const { body: note } = await write();
    clinic.app.clock.set('2026-03-02T05:00:00Z');
    const edited = await clinic.call('dentist', 'PUT', `/api/admin/visit-notes/${note.id}`, { sections: { ...sections, treatment: 'Pulpectomy 36' }, version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, updatedAt: '2026-03-02T05:00:00.000Z', sections: { treatment: 'Pulpectomy 36' } });
    expect(edited.body.versions.map((v: { version: number; sections: { treatment: string } }) => [v.version, v.sections.treatment])).toEqual([
      [1, ''],
      [2, 'Pulpectomy 36'],
    ]);
    const stale = await clinic.call('dentist', 'PUT', `/api/admin/visit-notes/${note.id}`, { sections, version: 1 });
    expect(stale).toEqual({ status: 409, body: { error: 'The note changed since you opened it: reload it and edit again' } });
    expect((await asOther('PUT', `/api/admin/visit-notes/${note.id}`, { sections })).status).toBe(403);
    clinic.app.clock.set('2026-03-02T04:30:00Z');
  });

  it('is signed by its dentist only, once; then locked, with only addenda (who and when) after', async () => {
    const { body: note } = await write();
    expect(await asOther('POST', `/api/admin/visit-notes/${note.id}/sign`)).toEqual({ status: 403, body: { error: 'Only the dentist who wrote this note can sign it' } });
    expect((await clinic.call('owner', 'POST', `/api/admin/visit-notes/${note.id}/sign`)).status).toBe(403);
    const early = await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${note.id}/addenda`, { text: 'Too soon' });
    expect(early).toEqual({ status: 409, body: { error: 'Sign the note before adding an addendum: until then, edit it' } });

    clinic.app.clock.set('2026-03-02T06:00:00Z');
    const signed = await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${note.id}/sign`);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ signedAt: '2026-03-02T06:00:00.000Z', signedBy: clinic.dentistId, locked: true });
    expect((await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${note.id}/sign`)).body).toEqual({ error: 'This note is already signed' });
    expect(await clinic.call('dentist', 'PUT', `/api/admin/visit-notes/${note.id}`, { sections })).toEqual({ status: 409, body: { error: 'A signed note is locked: add an addendum instead' } });

    clinic.app.clock.set('2026-03-03T06:00:00Z');
    const added = await asOther('POST', `/api/admin/visit-notes/${note.id}/addenda`, { text: ' Patient called: pain settled. ' });
    expect(added.status).toBe(201);
    expect(added.body.addenda).toEqual([{ id: expect.any(Number), text: 'Patient called: pain settled.', userId: expect.any(Number), userName: 'Dr Joshi', createdAt: '2026-03-03T06:00:00.000Z' }]);
    expect(added.body.sections).toEqual(sections);
    expect((await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${note.id}/addenda`, { text: '  ' })).body).toEqual({ error: 'Write the addendum', fields: { text: 'Write the addendum' } });
    clinic.app.clock.set('2026-03-02T04:30:00Z');
  });

  it('is kept by the database: no delete, no rewrite, no new version once signed, no addendum before', async () => {
    const { body: unsigned } = await write();
    await expect(knex()('visitNoteAddenda').insert({ noteId: unsigned.id, text: 'sneaked', userId: clinic.dentistId, createdAt: new Date() })).rejects.toThrow(/signed visit note/);
    const { body: note } = await write();
    await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${note.id}/sign`);
    await expect(knex()('visitNoteVersions').insert({ noteId: note.id, version: 9, sections: JSON.stringify(sections), userId: clinic.dentistId, createdAt: new Date() })).rejects.toThrow(/locked/);
    await expect(knex()('visitNoteVersions').where({ noteId: note.id }).update({ sections: JSON.stringify({}) })).rejects.toThrow(/append-only/);
    await expect(knex()('visitNoteVersions').where({ noteId: note.id }).delete()).rejects.toThrow(/append-only/);
    await expect(knex()('visitNotes').where({ id: note.id }).update({ signedAt: null, signedBy: null })).rejects.toThrow(/locked/);
    await expect(knex()('visitNotes').where({ id: note.id }).update({ dentistId: clinic.dentistId + 1 })).rejects.toThrow(/never rewritten/);
    await expect(knex()('visitNotes').where({ id: note.id }).delete()).rejects.toThrow(/never deleted/);
    await expect(knex().raw('truncate visit_notes cascade')).rejects.toThrow(/never deleted/);
    expect((await clinic.call('owner', 'DELETE', `/api/admin/patients/${patient}`)).status).toBe(409);
  });
});

describe('unsigned notes', () => {
  it("lists a dentist's notes unsigned for more than a day, oldest first, and not another's", async () => {
    const fresh = await clinic.newPatient('Unsigned');
    clinic.app.clock.set('2026-03-10T04:30:00Z');
    const { body: old } = await clinic.call('dentist', 'POST', `/api/admin/patients/${fresh}/visit-notes`, { sections });
    const { body: signed } = await clinic.call('dentist', 'POST', `/api/admin/patients/${fresh}/visit-notes`, { sections });
    await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${signed.id}/sign`);
    const { body: theirs } = await asOther('POST', `/api/admin/patients/${fresh}/visit-notes`, { sections });
    clinic.app.clock.set('2026-03-11T04:00:00Z');
    const { body: recent } = await clinic.call('dentist', 'POST', `/api/admin/patients/${fresh}/visit-notes`, { sections });
    clinic.app.clock.set('2026-03-11T05:00:00Z');
    const mine = (await clinic.call('dentist', 'GET', '/api/admin/visit-notes?unsigned=mine')).body as { id: number; patientName: string; complaint: string }[];
    const ids = mine.map((n) => n.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(signed.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(recent.id);
    expect(mine.find((n) => n.id === old.id)).toMatchObject({ patientName: 'Unsigned Patil', complaint: 'Pain in lower left tooth' });
    const all = (await clinic.call('owner', 'GET', '/api/admin/visit-notes?unsigned=all')).body.map((n: { id: number }) => n.id);
    expect(all).toEqual(expect.arrayContaining([old.id, theirs.id]));
    expect((await clinic.call('dentist', 'GET', '/api/admin/visit-notes?unsigned=yes')).body).toEqual({ error: 'unsigned must be mine or all', fields: { unsigned: 'unsigned must be mine or all' } });
    clinic.app.clock.set('2026-03-02T04:30:00Z');
  });
});

describe('templates and default texts', () => {
  it("starts a note from a template's prompts with the work done that day in its treatment, not what is planned (NOTE-13)", async () => {
    const fresh = await clinic.newPatient('Draft');
    await clinic.call('dentist', 'POST', `/api/admin/patients/${fresh}/chart-commands`, { command: '36 MOD composite done; 46 rct; 11 crown done' });
    const { body: t } = await clinic.call('dentist', 'GET', '/api/admin/visit-note-templates');
    expect(t.templates.map((x: { name: string }) => x.name)).toEqual(['General visit', 'Emergency (pain)']);
    const emergency = t.templates[1];
    const draft = await clinic.call('dentist', 'GET', `/api/admin/patients/${fresh}/visit-notes/draft?templateId=${emergency.id}`);
    expect(draft.status).toBe(200);
    expect(draft.body.prompts.complaint).toBe('Where it hurts and since when');
    expect(draft.body.sections.treatment).toBe(
      '36 MOD composite: Composite restoration placed under isolation; occlusion checked and polished.\n11 crown: Crown tried in and cemented; margins, contacts and occlusion checked.',
    );
  });

  it('lets the owner edit templates and texts (a template left out becomes inactive), and no one else', async () => {
    const { body: before } = await clinic.call('owner', 'GET', '/api/admin/visit-note-templates');
    const general = before.templates[0];
    const payload = {
      templates: [{ id: general.id, name: 'Routine check-up', prompts: { ...general.prompts, advice: 'Recall in six months' } }, { name: 'Child visit', prompts: { complaint: 'What the parent noticed' } }],
      procedureTexts: { composite: 'Composite placed.', scaling: '' },
    };
    expect((await clinic.call('dentist', 'PUT', '/api/admin/visit-note-templates', payload)).status).toBe(403);
    const saved = await clinic.call('owner', 'PUT', '/api/admin/visit-note-templates', payload);
    expect(saved.status).toBe(200);
    expect(saved.body.templates.map((x: { name: string; active: boolean }) => [x.name, x.active])).toEqual([
      ['Routine check-up', true],
      ['Child visit', true],
      ['Emergency (pain)', false],
    ]);
    expect(saved.body.templates[0].prompts.advice).toBe('Recall in six months');
    expect(saved.body.procedureTexts).toEqual({ composite: 'Composite placed.' });
    const unknown = await clinic.call('owner', 'PUT', '/api/admin/visit-note-templates', { ...payload, procedureTexts: { teleport: 'x' } });
    expect(unknown.body).toEqual({ error: '“teleport” is not a procedure code of the price list' });
    const twice = await clinic.call('owner', 'PUT', '/api/admin/visit-note-templates', { templates: [payload.templates[1], payload.templates[1]] });
    expect(twice.body).toEqual({ error: 'A template is already called “Child visit”' });
  });
});

describe('who may read, and the reads audited', () => {
  it('answers a receptionist 403 on every notes route', async () => {
    const { body: note } = await write();
    const message = { error: 'Only the owner or a dentist can read and write visit notes.' };
    for (const [method, path, json] of [
      ['GET', `/api/admin/patients/${patient}/visit-notes`],
      ['POST', `/api/admin/patients/${patient}/visit-notes`, { sections }],
      ['GET', `/api/admin/visit-notes/${note.id}`],
      ['PUT', `/api/admin/visit-notes/${note.id}`, { sections }],
      ['POST', `/api/admin/visit-notes/${note.id}/sign`],
      ['POST', `/api/admin/visit-notes/${note.id}/addenda`, { text: 'x' }],
      ['GET', '/api/admin/visit-notes?unsigned=all'],
      ['GET', `/api/admin/patients/${patient}/record.fhir.json`],
    ] as const) {
      expect(await clinic.call('receptionist', method, path, json), `${method} ${path}`).toEqual({ status: 403, body: message });
    }
  });

  it('writes a read-visit-notes row for the list and for one note, naming who read whose notes', async () => {
    const { body: note } = await write();
    const before = await knex()('auditLog').where({ action: 'read-visit-notes' }).count<{ n: number }[]>('id as n').first();
    const list = await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/visit-notes`);
    expect(list.body[0].id).toBe(note.id);
    await clinic.call('dentist', 'GET', `/api/admin/visit-notes/${note.id}`);
    const rows = await knex()('auditLog').where({ action: 'read-visit-notes', entity: 'patient', entityId: String(patient) }).orderBy('id', 'desc').limit(2);
    expect(rows.map((r: { userName: string; changes: unknown }) => [r.userName, r.changes])).toEqual([
      ['Dr Kavita Mehta', { noteId: { old: null, new: note.id } }],
      ['Test Admin', null],
    ]);
    const after = await knex()('auditLog').where({ action: 'read-visit-notes' }).count<{ n: number }[]>('id as n').first();
    expect(Number(after!.n) - Number(before!.n)).toBe(2);
  });
});
