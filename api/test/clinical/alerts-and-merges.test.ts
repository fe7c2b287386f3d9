import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_MESSAGES } from '../../../shared/schemas/patient';
import { UNCONFIRMED_LABELS } from '../../../shared/clinical/medical-history';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom } from '../support/test-app';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// MED-8, PAT-15, PAT-16 with a real receptionist, two dentists and the owner, through the API the admin
// itself calls: a receptionist's entry can add alerts but never take one away until a dentist confirms it;
// a merge of records with clinical data is the owner's or a dentist's, needs a reason, is recorded row by row
// and undone by the owner within 30 days, byte for byte; a merged record takes no writes.

let clinic: ClinicalClinic;
let secondDentist = '';
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-23T05:00:00Z');
  await createAccount(clinic.app.deps.knex, 'dentist2@clinic.test', 'dentist2-pass-2026', 'Dr Farhan Shaikh', 'dentist');
  secondDentist = cookieFrom(await clinic.app.request('/api/auth/login', { method: 'POST', json: { email: 'dentist2@clinic.test', password: 'dentist2-pass-2026' } }));
}, 180_000);
afterAll(() => clinic?.app.close());

async function asSecondDentist(method: string, path: string, json?: unknown) {
  const res = await clinic.app.request(path, { method, cookie: secondDentist, ...(json === undefined ? {} : { json }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const historyOf = (id: number) => `/api/admin/patients/${id}/medical-history`;
const onWarfarin = {
  allergies: [{ substance: 'Penicillin', reaction: 'anaphylaxis', severity: 'severe' }],
  medicines: [{ name: 'Warfarin', dose: '5 mg daily' }],
  conditions: ['bleeding-disorder-or-anticoagulants'],
  pregnant: false,
};
const nothing = { allergies: [], medicines: [], conditions: [], pregnant: false };

type Alert = { level: string; text: string; unconfirmed?: string };
type Entry = { resource: { resourceType: string; code?: { text: string }; medicationCodeableConcept?: { text: string }; verificationStatus?: { coding: { code: string }[] } } };

async function fhirOf(id: number) {
  const res = await clinic.app.request(`/api/admin/patients/${id}/record.fhir.json`, { cookie: secondDentist });
  expect(res.status).toBe(200);
  const bundle = (await res.json()) as { entry: Entry[] };
  const of = (type: string) => bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === type);
  return {
    allergies: of('AllergyIntolerance').map((r) => `${r.code!.text}:${r.verificationStatus!.coding[0].code}`),
    medicines: of('MedicationStatement').map((r) => r.medicationCodeableConcept!.text),
  };
}

describe('a receptionist cannot make a patient’s alerts disappear (MED-8)', () => {
  it('keeps the confirmed alerts on every surface after a desk entry that empties them, until a dentist confirms it', async () => {
    const patient = await clinic.newPatient('Meera');
    expect((await clinic.call('dentist', 'PUT', historyOf(patient), onWarfarin)).status).toBe(200);

    const wipe = await clinic.call('receptionist', 'PUT', historyOf(patient), nothing);
    expect(wipe.status).toBe(200);
    expect(wipe.body).toMatchObject({ version: 2, source: 'patient', awaitingConfirmation: true, confirmedVersion: 1 });

    // The chart's and the record's banner (they read the history's alerts).
    const h = (await asSecondDentist('GET', historyOf(patient))).body;
    expect(h.alerts).toEqual([
      { level: 'danger', text: 'Allergy: Penicillin (severe: anaphylaxis)' },
      { level: 'danger', text: 'Bleeding disorder or anticoagulants' },
      { level: 'warning', text: 'Medicines: Warfarin 5 mg daily' },
    ]);
    expect(h.unconfirmedRemovals).toEqual(['Allergy: Penicillin', 'Bleeding disorder or anticoagulants', 'Medicine: Warfarin']);
    // The patient's allergy summary (the row the chart, the appointments and the invoice dialog read).
    const row = (await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}`)).body;
    expect(row).toMatchObject({ allergies: 'Penicillin (severe: anaphylaxis)', conditions: 'Bleeding disorder or anticoagulants', medications: 'Warfarin 5 mg daily' });
    // The appointment.
    const booked = await clinic.call('receptionist', 'POST', '/api/admin/appointments', { patientId: patient, preferredDate: '2026-11-25', preferredTime: '11:00', treatment: 'extraction', bookAnyway: true });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ hasMedicalAlerts: true, medicalAlertsUnconfirmed: false });
    // The FHIR export.
    expect(await fhirOf(patient)).toEqual({ allergies: ['Penicillin:confirmed'], medicines: ['Warfarin'] });

    // What the desk adds shows beside the confirmed alerts, marked.
    const latex = await clinic.call('receptionist', 'PUT', historyOf(patient), { ...nothing, allergies: [{ substance: 'Latex', reaction: 'rash', severity: 'mild' }] });
    expect(latex.status).toBe(200);
    expect(latex.body.alerts).toEqual([
      { level: 'danger', text: 'Allergy: Penicillin (severe: anaphylaxis)' },
      { level: 'danger', text: 'Bleeding disorder or anticoagulants' },
      { level: 'warning', text: 'Medicines: Warfarin 5 mg daily' },
      { level: 'warning', text: 'Allergy: Latex (mild: rash)', unconfirmed: UNCONFIRMED_LABELS.desk },
    ]);
    expect((await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}`)).body.allergies).toBe(
      'Penicillin (severe: anaphylaxis); reported at the desk, not yet confirmed: Latex (mild: rash)',
    );
    expect((await fhirOf(patient)).allergies).toEqual(['Penicillin:confirmed', 'Latex:unconfirmed']);
    // The appointment says that some of the alerts are not yet confirmed (MED-8, DATA-11).
    expect((await clinic.call('receptionist', 'GET', `/api/admin/appointments/calendar?from=2026-11-25&to=2026-11-25`)).body.days[0].slots.flatMap((s: any) => s.appointments)).toEqual([
      expect.objectContaining({ id: booked.body.id, hasMedicalAlerts: true, medicalAlertsUnconfirmed: true }),
    ]);

    // A dentist confirming the desk's entry applies it, as it is.
    const confirmed = await asSecondDentist('POST', `${historyOf(patient)}/versions/3/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.alerts).toEqual([{ level: 'warning', text: 'Allergy: Latex (mild: rash)' }]);
    expect(confirmed.body.unconfirmedRemovals).toEqual([]);
    expect((await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}`)).body).toMatchObject({ allergies: 'Latex (mild: rash)', conditions: '', medications: '' });
    expect((await clinic.call('receptionist', 'GET', '/api/admin/appointments')).body.find((a: any) => a.id === booked.body.id)).toMatchObject({ hasMedicalAlerts: true, medicalAlertsUnconfirmed: false });
    expect(await fhirOf(patient)).toEqual({ allergies: ['Latex:confirmed'], medicines: [] });
  });

  it('shows a first desk entry as reported, not confirmed', async () => {
    const patient = await clinic.newPatient('Kiran');
    const saved = await clinic.call('receptionist', 'PUT', historyOf(patient), { ...nothing, medicines: [{ name: 'Aspirin', dose: '' }] });
    expect(saved.body).toMatchObject({ confirmedVersion: 0, alerts: [{ level: 'warning', text: 'Medicines: Aspirin', unconfirmed: UNCONFIRMED_LABELS.desk }] });
    expect((await clinic.call('owner', 'GET', `/api/admin/patients/${patient}`)).body.medications).toBe('Reported at the desk, not yet confirmed: Aspirin');
  });
});

/** Every table with a foreign key to patients, found from the database's catalogue, each row in its text form. */
async function snapshot(): Promise<Record<string, string[]>> {
  const knex = clinic.app.deps.knex;
  const { rows } = await knex.raw<{ rows: { t: string }[] }>(
    `select distinct cl.relname as t from pg_constraint c join pg_class cl on cl.oid = c.conrelid
      where c.contype = 'f' and c.confrelid = 'patients'::regclass order by 1`,
  );
  const tables = rows.map((r) => r.t).filter((t) => t !== 'patient_merges'); // the merge's own record, which grows by design
  expect(tables).toEqual(expect.arrayContaining(['patients', 'appointments', 'clinical_items', 'medical_history_versions', 'visit_notes', 'treatment_plans', 'invoices']));
  const out: Record<string, string[]> = {};
  for (const t of tables) out[t] = (await knex.raw<{ rows: { r: string }[] }>(`select x::text as r from "${t}" x order by 1`)).rows.map((r) => r.r);
  return out;
}

describe('merging records as a clinical act (PAT-15, PAT-16)', () => {
  it('is refused to a receptionist for records with signed notes, done by a dentist with a reason, undone by the owner byte for byte', async () => {
    const kept = await clinic.newPatient('Priya');
    const other = await clinic.newPatient('Priya');
    expect((await clinic.call('dentist', 'PUT', historyOf(kept), onWarfarin)).status).toBe(200);
    expect((await clinic.call('receptionist', 'PUT', historyOf(other), nothing)).status).toBe(200);
    const note = await clinic.call('dentist', 'POST', `/api/admin/patients/${other}/visit-notes`, { sections: { complaint: 'Pain in 46' } });
    expect(note.status).toBe(201);
    expect((await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${note.body.id}/sign`)).status).toBe(200);
    expect((await clinic.call('dentist', 'POST', `/api/admin/patients/${other}/chart-commands`, { command: '46 rct done' })).status).toBe(201);
    expect((await clinic.call('receptionist', 'POST', '/api/admin/appointments', { patientId: other, preferredDate: '2026-11-26', preferredTime: '11:00', treatment: 'rootcanal', bookAnyway: true })).status).toBe(201);
    const otherRow = (await clinic.call('owner', 'GET', `/api/admin/patients/${other}`)).body;
    const keptRow = (await clinic.call('owner', 'GET', `/api/admin/patients/${kept}`)).body;

    const merge = (role: 'owner' | 'dentist' | 'receptionist', id: number, body: unknown) => clinic.call(role, 'POST', `/api/admin/patients/${id}/merge`, body);
    expect(await merge('receptionist', kept, { otherPatientId: other, reason: 'Same person, booked twice' })).toEqual({ status: 403, body: { error: MERGE_MESSAGES.clinical } });
    expect(await merge('dentist', kept, { otherPatientId: other })).toEqual({ status: 400, body: { error: MERGE_MESSAGES.reason, fields: { reason: MERGE_MESSAGES.reason } } });
    expect((await merge('dentist', kept, { otherPatientId: other, reason: '   ' })).status).toBe(400);

    const before = await snapshot();
    const merged = await merge('dentist', kept, { otherPatientId: other, reason: 'Same person: registered again at the desk with a second number' });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ mergeId: expect.any(Number), mergedPatientId: other });
    const mergeId = merged.body.mergeId as number;

    // MED-8: no version written or confirmed by the merge; the kept record's confirmed alerts stand.
    const h = (await clinic.call('dentist', 'GET', historyOf(kept))).body;
    expect(h.versions.map((v: { version: number; mergeId: number | null; awaitingConfirmation: boolean }) => [v.version, v.mergeId, v.awaitingConfirmation])).toEqual([
      [2, mergeId, true],
      [1, null, false],
    ]);
    expect(h.confirmedVersion).toBe(1);
    expect(h.alerts.map((a: Alert) => a.text)).toEqual(['Allergy: Penicillin (severe: anaphylaxis)', 'Bleeding disorder or anticoagulants', 'Medicines: Warfarin 5 mg daily']);
    expect((await clinic.call('dentist', 'GET', `/api/admin/patients/${kept}/visit-notes`)).body.map((n: { id: number }) => n.id)).toContain(note.body.id);

    // Writes to the merged record: 409 naming the record it went into.
    const into = `This patient record was merged into ${keptRow.fileNumber} (Priya Patil)`;
    expect(await clinic.call('dentist', 'POST', `/api/admin/patients/${other}/chart-commands`, { command: '36 caries' })).toEqual({ status: 409, body: { error: into } });
    expect(await clinic.call('receptionist', 'PUT', historyOf(other), onWarfarin)).toEqual({ status: 409, body: { error: into } });
    expect(await clinic.call('dentist', 'POST', `/api/admin/patients/${other}/visit-notes`, { sections: { complaint: 'x' } })).toEqual({ status: 409, body: { error: into } });

    // The undo: the owner's alone.
    expect((await clinic.call('dentist', 'POST', `/api/admin/merges/${mergeId}/undo`)).status).toBe(403);
    expect((await clinic.call('receptionist', 'POST', `/api/admin/merges/${mergeId}/undo`)).status).toBe(403);
    const page = (await clinic.call('owner', 'GET', `/api/admin/patients/${kept}`)).body;
    expect(page.merges).toEqual([expect.objectContaining({ mergeId, reason: 'Same person: registered again at the desk with a second number', mergedPatient: expect.objectContaining({ id: other }) })]);
    clinic.app.clock.set('2026-12-20T05:00:00Z'); // 27 days on
    const undone = await clinic.call('owner', 'POST', `/api/admin/merges/${mergeId}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ mergeId, leftChanged: 0 });
    expect(await snapshot()).toEqual(before);
    expect((await clinic.call('owner', 'GET', `/api/admin/patients/${other}`)).body).toMatchObject({ mergedIntoId: null, mergedInto: null, fileNumber: otherRow.fileNumber });
    expect(await clinic.call('owner', 'POST', `/api/admin/merges/${mergeId}/undo`)).toEqual({ status: 409, body: { error: MERGE_MESSAGES.undone } });

    // Merging back after the undo works, the other way round too; its undo is refused after 30 days.
    const again = await merge('owner', other, { otherPatientId: kept, reason: 'Kept the newer file this time' });
    expect(again.status).toBe(200);
    clinic.app.clock.set('2027-01-20T05:00:01Z'); // 31 days on
    expect(await clinic.call('owner', 'POST', `/api/admin/merges/${again.body.mergeId}/undo`)).toEqual({ status: 409, body: { error: MERGE_MESSAGES.tooLate } });
    clinic.app.clock.set('2026-11-23T05:00:00Z');
  });

  it('lets a receptionist merge records without clinical data, and leaves a value changed since the merge as it is', async () => {
    // The kept record has no email: the merge gives it the other's, and the desk changes it afterwards.
    const kept = (await clinic.call('receptionist', 'POST', '/api/admin/patients', { firstName: 'Sunil', lastName: 'Patil', phone: '9876500222' })).body.id as number;
    const other = await clinic.newPatient('Sunil');
    expect((await clinic.call('receptionist', 'POST', '/api/admin/appointments', { patientId: other, preferredDate: '2026-11-27', preferredTime: '11:00', treatment: 'cleaning', bookAnyway: true })).status).toBe(201);
    const merged = await clinic.call('receptionist', 'POST', `/api/admin/patients/${kept}/merge`, { otherPatientId: other, reason: 'Duplicate registration' });
    expect(merged.status).toBe(200);
    expect(merged.body.patient.email).toMatch(/@example\.in$/);
    clinic.app.clock.set('2026-11-24T05:00:00Z');
    const edit = await clinic.call('receptionist', 'PUT', `/api/admin/patients/${kept}`, { firstName: 'Sunil', lastName: 'Patil', phone: '9876500222', email: 'sunil.new@example.in' });
    expect(edit.status).toBe(200);
    const undone = await clinic.call('owner', 'POST', `/api/admin/merges/${merged.body.mergeId}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.leftChanged).toBe(1); // the email changed since; the appointment and the other record go back
    expect(undone.body.patient).toMatchObject({ email: 'sunil.new@example.in' });
    expect(undone.body.restoredPatient).toMatchObject({ id: other, mergedIntoId: null });
    const list = (await clinic.call('owner', 'GET', `/api/admin/patients/${other}/history`)).body;
    expect(list.appointments).toHaveLength(1);
    clinic.app.clock.set('2026-11-23T05:00:00Z');
  });
});
