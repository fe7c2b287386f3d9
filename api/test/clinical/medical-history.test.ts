import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// MED-1..MED-3, MED-5, MED-6: the structured medical history, versioned and append-only, entered by staff or
// (as the patient's) by a receptionist and confirmed, read with an audit row, and shown by the alert banner.

let clinic: ClinicalClinic;
beforeAll(async () => {
  clinic = await startClinic();
  // Monday 2 March 2026, 10:00 in Pune.
  clinic.app.clock.set('2026-03-02T04:30:00Z');
});
afterAll(() => clinic?.app.close());

const knex = () => clinic.app.deps.knex;
const history = (patient: number) => `/api/admin/patients/${patient}/medical-history`;
const penicillin = { allergies: [{ substance: 'Penicillin', reaction: 'anaphylaxis', severity: 'severe' }], medicines: [{ name: 'Warfarin', dose: '5 mg daily' }], conditions: ['bleeding-disorder-or-anticoagulants', 'diabetes'], pregnant: false };

describe('saving and reading versions', () => {
  it('answers version 0 and no alerts for a patient without a history', async () => {
    const patient = await clinic.newPatient();
    const res = await clinic.call('dentist', 'GET', history(patient));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ patientId: patient, version: 0, allergies: [], medicines: [], conditions: [], alerts: [], versions: [] });
  });

  it('keeps every save as a new version with who and when, and answers the current one with the list', async () => {
    const patient = await clinic.newPatient();
    const first = await clinic.call('dentist', 'PUT', history(patient), penicillin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      version: 1,
      source: 'staff',
      enteredBy: clinic.dentistId,
      enteredByName: 'Dr Kavita Mehta',
      createdAt: '2026-03-02T04:30:00.000Z',
      allergies: [{ substance: 'Penicillin', reaction: 'anaphylaxis', severity: 'severe' }],
      medicines: [{ name: 'Warfarin', dose: '5 mg daily' }],
      // In the checklist's order.
      conditions: ['diabetes', 'bleeding-disorder-or-anticoagulants'],
      awaitingConfirmation: false,
    });
    clinic.app.clock.set('2026-03-09T04:30:00Z');
    const second = await clinic.call('owner', 'PUT', history(patient), { allergies: [], conditions: ['other'], conditionOther: 'Migraine', pregnant: true });
    expect(second.body).toMatchObject({ version: 2, enteredByName: 'Test Admin', conditions: ['other'], conditionOther: 'Migraine', pregnant: true, allergies: [] });

    const read = await clinic.call('receptionist', 'GET', history(patient));
    expect(read.body.version).toBe(2);
    expect(read.body.versions.map((v: { version: number; createdAt: string }) => [v.version, v.createdAt])).toEqual([
      [2, '2026-03-09T04:30:00.000Z'],
      [1, '2026-03-02T04:30:00.000Z'],
    ]);
    const old = await clinic.call('dentist', 'GET', `${history(patient)}/versions/1`);
    expect(old.body).toMatchObject({ version: 1, allergies: [{ substance: 'Penicillin' }], medicines: [{ name: 'Warfarin' }] });
    expect((await clinic.call('dentist', 'GET', `${history(patient)}/versions/3`)).status).toBe(404);
    clinic.app.clock.set('2026-03-02T04:30:00Z');
  });

  it.each([
    ['Conditions are from the checklist: diabetes, hypertension, heart-disease-or-pacemaker, bleeding-disorder-or-anticoagulants, asthma, epilepsy, pregnancy-or-breastfeeding, bisphosphonates, thyroid, kidney-or-liver-disease, infectious-disease, other', { conditions: ['gout'] }],
    ['“asthma” is listed twice', { conditions: ['asthma', 'asthma'] }],
    ['Say what the other condition is', { conditions: ['other'] }],
    ['Name the substance the patient is allergic to', { allergies: [{ substance: ' ', severity: 'mild' }] }],
    ['Severity must be mild, moderate, severe or unknown', { allergies: [{ substance: 'Latex', severity: 'deadly' }] }],
    ['Name the medicine', { medicines: [{ dose: '5 mg' }] }],
    ['pregnant must be true or false', { pregnant: 'yes' }],
  ])('answers 400 %s, and saves nothing', async (error, json) => {
    const patient = await clinic.newPatient();
    const res = await clinic.call('dentist', 'PUT', history(patient), json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await knex()('medicalHistoryVersions').where({ patientId: patient }).first()).toBeUndefined();
  });

  it('answers 404 for a patient that does not exist', async () => {
    expect((await clinic.call('dentist', 'PUT', history(999999), penicillin)).status).toBe(404);
  });
});

describe('the database keeps every version', () => {
  it('refuses to update, delete or truncate a version or a confirmation', async () => {
    const patient = await clinic.newPatient();
    await clinic.call('receptionist', 'PUT', history(patient), penicillin);
    await clinic.call('dentist', 'POST', `${history(patient)}/versions/1/confirm`);
    await expect(knex()('medicalHistoryVersions').where({ patientId: patient }).update({ note: 'changed' })).rejects.toThrow(/append-only/);
    await expect(knex()('medicalHistoryVersions').where({ patientId: patient }).delete()).rejects.toThrow(/append-only/);
    await expect(knex().raw('truncate medical_history_versions cascade')).rejects.toThrow(/append-only/);
    await expect(knex()('medicalHistoryConfirmations').delete()).rejects.toThrow(/append-only/);
    await expect(knex()('medicalHistoryConfirmations').update({ confirmedAt: new Date() })).rejects.toThrow(/append-only/);
    expect(await knex()('medicalHistoryVersions').where({ patientId: patient }).count<{ count: string }[]>('id as count')).toEqual([{ count: expect.anything() }]);
    expect((await clinic.call('dentist', 'GET', history(patient))).body.allergies).toEqual(penicillin.allergies);
  });

  it('keeps the patient too: deleting a patient with a history is 409', async () => {
    const patient = await clinic.newPatient();
    await clinic.call('dentist', 'PUT', history(patient), penicillin);
    const res = await clinic.call('owner', 'DELETE', `/api/admin/patients/${patient}`);
    expect(res.status).toBe(409);
    expect(await knex()('patients').where({ id: patient }).first('id')).toBeDefined();
  });
});

describe("the patient's own history and its confirmation", () => {
  it("saves a receptionist's entry as the patient's, awaiting a dentist's confirmation", async () => {
    const patient = await clinic.newPatient();
    const saved = await clinic.call('receptionist', 'PUT', history(patient), { ...penicillin, source: 'staff' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, source: 'patient', enteredByName: 'Rekha', awaitingConfirmation: true, confirmedAt: null });
    expect((await clinic.call('receptionist', 'POST', `${history(patient)}/versions/1/confirm`)).status).toBe(403);
    clinic.app.clock.set('2026-03-02T05:00:00Z');
    const confirmed = await clinic.call('dentist', 'POST', `${history(patient)}/versions/1/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ awaitingConfirmation: false, confirmedBy: clinic.dentistId, confirmedByName: 'Dr Kavita Mehta', confirmedAt: '2026-03-02T05:00:00.000Z' });
    expect((await clinic.call('dentist', 'POST', `${history(patient)}/versions/1/confirm`)).body).toEqual({ error: 'This version is already confirmed' });
    clinic.app.clock.set('2026-03-02T04:30:00Z');
  });

  it("marks a dentist's entry from the patient's questionnaire as the patient's; confirms only the current one, and never a staff version", async () => {
    const patient = await clinic.newPatient();
    expect((await clinic.call('dentist', 'PUT', history(patient), { ...penicillin, source: 'patient' })).body).toMatchObject({ source: 'patient', awaitingConfirmation: true });
    await clinic.call('dentist', 'PUT', history(patient), penicillin);
    const stale = await clinic.call('dentist', 'POST', `${history(patient)}/versions/1/confirm`);
    expect(stale).toEqual({ status: 409, body: { error: 'Only the current version can be confirmed: a newer one replaced it' } });
    const staff = await clinic.call('dentist', 'POST', `${history(patient)}/versions/2/confirm`);
    expect(staff).toEqual({ status: 409, body: { error: 'Only a version the patient gave needs confirming' } });
  });
});

describe('reads are audited', () => {
  it('writes a read-medical-history row naming who read whose history, for the history and for a version', async () => {
    const patient = await clinic.newPatient();
    await clinic.call('dentist', 'PUT', history(patient), penicillin);
    await clinic.call('receptionist', 'GET', history(patient));
    await clinic.call('dentist', 'GET', `${history(patient)}/versions/1`);
    const rows = await knex()('auditLog').where({ action: 'read-medical-history', entity: 'patient', entityId: String(patient) }).orderBy('id');
    expect(rows.map((r: { userName: string; changes: unknown }) => [r.userName, r.changes])).toEqual([
      ['Rekha', null],
      ['Dr Kavita Mehta', { version: { old: null, new: 1 } }],
    ]);
    const write = await knex()('auditLog').where({ action: 'create', entity: 'medical-history' }).orderBy('id', 'desc').first();
    expect(write.changes).toMatchObject({ patientId: { new: patient }, version: { new: 1 }, allergies: { new: 'Penicillin (severe: anaphylaxis)' } });
  });
});

describe('the alert banner reads the history', () => {
  it('answers alerts most dangerous first, and writes the one-line summary the dialogs and lists show', async () => {
    const patient = await clinic.newPatient();
    const saved = await clinic.call('dentist', 'PUT', history(patient), { ...penicillin, allergies: [...penicillin.allergies, { substance: 'Latex', severity: 'unknown' }], conditions: [...penicillin.conditions, 'bisphosphonates', 'heart-disease-or-pacemaker'], pregnant: true });
    expect(saved.body.alerts).toEqual([
      { level: 'danger', text: 'Allergy: Penicillin (severe: anaphylaxis)' },
      { level: 'warning', text: 'Allergy: Latex' },
      { level: 'danger', text: 'Pregnant' },
      { level: 'danger', text: 'Bleeding disorder or anticoagulants' },
      { level: 'danger', text: 'Heart disease or pacemaker' },
      { level: 'danger', text: 'Bisphosphonates' },
      { level: 'warning', text: 'Diabetes' },
      { level: 'warning', text: 'Medicines: Warfarin 5 mg daily' },
    ]);
    const row = (await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}`)).body;
    expect(row).toMatchObject({
      allergies: 'Penicillin (severe: anaphylaxis), Latex',
      conditions: 'Pregnant, Diabetes, Heart disease or pacemaker, Bleeding disorder or anticoagulants, Bisphosphonates',
      medications: 'Warfarin 5 mg daily',
    });
    // The appointment lists say only that the patient has alerts (DATA-11).
    await knex()('appointments').insert({ patientId: patient, firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '9876543210', treatment: 'cleaning', preferredDate: '2026-03-03', preferredTime: '10:00' });
    const list = (await clinic.call('receptionist', 'GET', '/api/admin/appointments')).body;
    const mine = list.find((a: { patientId: number }) => a.patientId === patient);
    expect(mine).toMatchObject({ hasMedicalAlerts: true, medicalAlertsUnconfirmed: false });
    expect(JSON.stringify(list)).not.toContain('Penicillin');
  });

  it('refuses free text for the alerts through the patient form, accepting only what is stored', async () => {
    const patient = await clinic.newPatient();
    await clinic.call('dentist', 'PUT', history(patient), penicillin);
    const person = { firstName: 'Asha', lastName: 'Patil', email: 'free.text@example.in', phone: '9876500001' };
    const created = await clinic.call('owner', 'POST', '/api/admin/patients', { ...person, allergies: 'Sulfa' });
    expect(created).toEqual({ status: 400, body: { error: 'Allergies, conditions and medicines are kept in the medical history: record them there', fields: { allergies: 'Allergies, conditions and medicines are kept in the medical history: record them there' } } });
    const stored = (await clinic.call('owner', 'GET', `/api/admin/patients/${patient}`)).body;
    const echo = await clinic.call('owner', 'PUT', `/api/admin/patients/${patient}`, { ...stored, address: 'Kothrud, Pune' });
    expect(echo.status).toBe(200);
    expect(echo.body).toMatchObject({ address: 'Kothrud, Pune', allergies: 'Penicillin (severe: anaphylaxis)' });
    const changed = await clinic.call('owner', 'PUT', `/api/admin/patients/${patient}`, { ...stored, medications: '' });
    expect(changed.status).toBe(400);
    const left = await clinic.call('owner', 'PUT', `/api/admin/patients/${patient}`, { ...person, email: stored.email, phone: stored.phone });
    expect(left.body).toMatchObject({ allergies: 'Penicillin (severe: anaphylaxis)', medications: 'Warfarin 5 mg daily' });
  });
});
