import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';
import { MERGE_MESSAGES } from '../../../shared/schemas/patient';
import { spawnSync } from 'node:child_process';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { onRealServer } from '../support/test-db';

// One person, one patient (PAT-9..PAT-14, BOOK-17, BOOK-18): patients without email, phones in
// one normal form found in any spelling, every booking linked to a patient, file numbers, merge, guardians.

// Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';
const slot = { preferredDate: '2026-11-25', preferredTime: '17:00', treatment: 'cleaning' };

let clinic: ClinicalClinic;
beforeAll(async () => {
  clinic = await startClinic();
});
afterAll(() => clinic?.app.close());
beforeEach(async () => {
  clinic.app.clock.set(NOW);
  const knex = clinic.app.deps.knex;
  await knex('email_outbox').delete();
  await knex('appointments').delete();
  await knex('invoices').delete();
  await knex('patients').update({ guardianId: null, mergedIntoId: null, mergedAt: null });
  // A patient with a clinical record (chart, history, notes) is never deleted (CHART-8, MED-2); the others go.
  await knex('patients')
    .whereNotIn('id', knex('clinical_items').select('patient_id'))
    .whereNotIn('id', knex('medical_history_versions').select('patient_id'))
    .whereNotIn('id', knex('visit_notes').select('patient_id'))
    // PAT-16: a merge's own record names both patients, and stays.
    .whereNotIn('id', knex('patient_merges').select('kept_id'))
    .whereNotIn('id', knex('patient_merges').select('merged_id'))
    .delete();
  await knex('patients').update({ phone: knex.raw(`'+9170000' || lpad(id::text, 5, '0')`) });
});
const patientIds = async () => (await clinic.app.deps.knex('appointments').orderBy('id').select('patientId')).map((r) => r.patientId as number);

const owner = (method: string, path: string, json?: unknown) => clinic.call('owner', method, path, json);
const addPatient = async (body: Record<string, unknown>) => {
  const res = await owner('POST', '/api/admin/patients', { lastName: 'Jadhav', ...body });
  expect(res.status).toBe(201);
  return res.body;
};
const publicBooking = (body: Record<string, unknown>) =>
  clinic.app.request('/api/appointments', { method: 'POST', json: { lastName: 'Jadhav', email: 'family@example.in', ...slot, ...body } });
const outbox = () => clinic.app.deps.knex('email_outbox').orderBy('id').select('kind', 'toAddress');

describe('a patient without an email (PAT-11)', () => {
  it('is added with a name and a mobile only, and answers email null and a file number', async () => {
    const patient = await addPatient({ firstName: 'Shantabai', email: '', phone: '98220 10000' });
    expect(patient).toMatchObject({ firstName: 'Shantabai', email: null, phone: '+919822010000', fileNumber: expect.stringMatching(/^SC-\d{6}$/) });
    const edited = await owner('PUT', `/api/admin/patients/${patient.id}`, { firstName: 'Shantabai', lastName: 'Jadhav', phone: '9822010000' });
    expect(edited).toMatchObject({ status: 200, body: { email: null } });
  });

  it('still refuses an email that is given and wrong, in the form message', async () => {
    const res = await owner('POST', '/api/admin/patients', { firstName: 'Ravi', lastName: 'Jadhav', email: 'ravi@', phone: '9822010001' });
    expect(res).toEqual({ status: 400, body: { error: 'Invalid email address', fields: { email: 'Invalid email address' } } });
  });

  it('is booked from New Appointment as a new patient, gets no email, and becomes a patient', async () => {
    const res = await owner('POST', '/api/admin/appointments', { firstName: 'Shantabai', lastName: 'Jadhav', phone: '098220 10002', ...slot });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: null, phone: '+919822010002', patientId: expect.any(Number), status: 'confirmed' });
    expect(await outbox()).toEqual([]);
    const patient = await owner('GET', `/api/admin/patients/${res.body.patientId}`);
    expect(patient.body).toMatchObject({ firstName: 'Shantabai', email: null, phone: '+919822010002' });
  });

  it('gets no reminder, and a recall email asked for is refused with 409', async () => {
    const patient = await addPatient({ firstName: 'Vithal', phone: '9822010003' });
    const booked = await owner('POST', '/api/admin/appointments', { patientId: patient.id, ...slot });
    expect(booked.body).toMatchObject({ email: null, patientId: patient.id });
    clinic.app.clock.set('2026-11-24T12:00:00Z');
    const { sendDueReminders } = await import('../../services/appointments/reminders');
    await sendDueReminders(clinic.app.deps, clinic.app.deps.now());
    expect(await outbox()).toEqual([]);
    expect(await clinic.app.deps.knex('appointments').where({ id: booked.body.id }).first('reminderSentAt')).toEqual({ reminderSentAt: expect.any(Date) });

    await clinic.app.deps.knex('appointments').where({ id: booked.body.id }).update({ preferredDate: '2026-03-02', status: 'completed' });
    const recall = await owner('POST', `/api/admin/recall/${patient.id}/email`);
    expect(recall).toEqual({ status: 400, body: { error: 'Vithal Jadhav has no email address. Please call them or send a WhatsApp message instead.' } });
  });
});

describe('phones in one normal form, found in any spelling (PAT-9, PAT-10)', () => {
  it('finds a patient and their appointment by the phone typed four ways', async () => {
    const patient = await addPatient({ firstName: 'Meera', phone: '+91 98220 10000' });
    await owner('POST', '/api/admin/appointments', { patientId: patient.id, ...slot });
    for (const q of ['9822010000', '98220 10000', '+91 98220 10000', '098220 10000', '982201']) {
      const patients = await owner('GET', `/api/admin/patients?q=${encodeURIComponent(q)}`);
      expect(patients.body.map((p: { id: number }) => p.id), q).toEqual([patient.id]);
      const appointments = await owner('GET', `/api/admin/appointments?q=${encodeURIComponent(q)}`);
      expect(appointments.body.map((a: { patientId: number }) => a.patientId), q).toEqual([patient.id]);
    }
    expect((await owner('GET', '/api/admin/patients?q=9822019999')).body).toEqual([]);
  });

  it('finds a patient by file number', async () => {
    const patient = await addPatient({ firstName: 'Meera', phone: '9822010000' });
    const found = await owner('GET', `/api/admin/patients?q=${patient.fileNumber.toLowerCase()}`);
    expect(found.body.map((p: { id: number }) => p.id)).toEqual([patient.id]);
  });

  it('keeps a phone that does not parse as typed, and still finds it by its digits', async () => {
    const patient = await addPatient({ firstName: 'Kiran', phone: '98220 100011' });
    expect(patient.phone).toBe('98220 100011');
    expect((await owner('GET', '/api/admin/patients?q=98220100011')).body.map((p: { id: number }) => p.id)).toEqual([patient.id]);
  });
});

describe('every booking belongs to a patient (BOOK-17)', () => {
  it('links a website booking to the patient with the same mobile and first name, in any spelling', async () => {
    const patient = await addPatient({ firstName: 'Sunita', phone: '9822020000' });
    const res = await publicBooking({ firstName: 'sunita ', phone: '+91 98220 20000' });
    expect(res.status).toBe(201);
    const row = await clinic.app.deps.knex('appointments').where({ id: (await res.json()).id }).first('patientId', 'phone');
    expect(row).toEqual({ patientId: patient.id, phone: '+919822020000' });
  });

  it('makes a new patient for a family member on the same phone, and one for a new person', async () => {
    const mother = await addPatient({ firstName: 'Sunita', phone: '9822020000' });
    const son = await publicBooking({ firstName: 'Aarav', phone: '9822020000' });
    const stranger = await publicBooking({ firstName: 'Nikhil', phone: '9822030000', email: 'nikhil@example.in' });
    const ids = await patientIds();
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(mother.id);
    const made = await clinic.app.deps.knex('patients').whereIn('id', ids).orderBy('id').select('firstName', 'phone', 'email', 'fileNumber');
    expect(made).toEqual([
      { firstName: 'Aarav', phone: '+919822020000', email: 'family@example.in', fileNumber: expect.stringMatching(/^SC-\d{6}$/) },
      { firstName: 'Nikhil', phone: '+919822030000', email: 'nikhil@example.in', fileNumber: expect.stringMatching(/^SC-\d{6}$/) },
    ]);
    expect([son.status, stranger.status]).toEqual([201, 201]);
    // The made patient is audited as made by the booking.
    const audit = await clinic.app.deps.knex('audit_log').where({ entity: 'patient', entityId: String(ids[0]), action: 'create' }).first('changes');
    expect(audit?.changes).toMatchObject({ source: { new: 'booking' } });
  });

  it('answers every appointment with its patientId, for staff bookings of new details too', async () => {
    await owner('POST', '/api/admin/appointments', { firstName: 'Rohit', lastName: 'Jadhav', phone: '9822040000', email: 'rohit@example.in', ...slot });
    const list = await owner('GET', '/api/admin/appointments');
    expect(list.body.every((a: { patientId: number | null }) => typeof a.patientId === 'number')).toBe(true);
  });

  it('gives file numbers in order and never twice, even after a deletion', async () => {
    const a = await addPatient({ firstName: 'Anil', phone: '9822050000' });
    expect((await owner('DELETE', `/api/admin/patients/${a.id}`)).status).toBe(204);
    const b = await addPatient({ firstName: 'Bina', phone: '9822050001' });
    const n = (f: string) => Number(f.slice(3));
    expect(n(b.fileNumber)).toBe(n(a.fileNumber) + 1);
  });

  it.runIf(onRealServer())('makes one patient when two bookings with the same new phone and name race (BOOK-18)', async () => {
    const knex = clinic.app.deps.knex;
    // A third transaction holds back every insert into patients: both bookings get as far as they can (no
    // slot or contact lock keeps two staff bookings at different times apart), then it lets go.
    const holder = await knex.transaction();
    await holder.raw('lock table patients in share mode');
    const answers = Promise.all(
      ['17:00', '18:00'].map((preferredTime, i) =>
        clinic.call(i ? 'receptionist' : 'owner', 'POST', '/api/admin/appointments', {
          firstName: i ? 'ganesh' : 'Ganesh', lastName: 'Jadhav', phone: i ? '+91 98220 60000' : '9822060000', ...slot, preferredTime,
        }),
      ),
    );
    for (let waited = 0; ; waited += 50) {
      const { rows } = await holder.raw(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (rows[0].n >= 2 || waited > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await holder.commit();
    expect((await answers).map((r) => r.status)).toEqual([201, 201]);
    expect(new Set(await patientIds()).size).toBe(1);
    expect(Number((await knex('patients').where({ phone: '+919822060000' }).count('* as n').first())?.n)).toBe(1);
  });
});

describe('merging two records of one person (PAT-13)', () => {
  async function twoRecords() {
    const kept = await addPatient({ firstName: 'Lata', phone: '9822070000' });
    const other = await addPatient({ firstName: 'Latha', phone: '9822070001', email: 'lata@example.in' });
    // The alerts live in the medical history (MED-5): one on each record.
    const history = (body: Record<string, unknown>) => ({ allergies: [], medicines: [], conditions: [], pregnant: false, ...body });
    expect((await owner('PUT', `/api/admin/patients/${kept.id}/medical-history`, history({ allergies: [{ substance: 'Penicillin', reaction: '', severity: 'unknown' }] }))).status).toBe(200);
    expect((await owner('PUT', `/api/admin/patients/${other.id}/medical-history`, history({ conditions: ['diabetes'] }))).status).toBe(200);
    const appointment = await owner('POST', '/api/admin/appointments', { patientId: other.id, ...slot });
    const [invoice] = await clinic.app.deps
      .knex('invoices')
      .insert({
        invoiceNumber: 'INV/2026-27/0901', financialYear: '2026-27', sequence: 901, patientId: other.id,
        billTo: JSON.stringify({ name: 'Latha Jadhav', email: null, phone: null, address: null }), issueDate: '2026-11-20',
        subtotal: '500.00', taxPercentage: '0.00', taxAmount: '0.00', totalAmount: '500.00', status: 'pending',
      })
      .returning('id');
    const item = await clinic.call('dentist', 'POST', `/api/admin/patients/${other.id}/clinical-items`, { teeth: ['46'], code: 'rct' });
    expect(item.status).toBe(201);
    const child = await addPatient({ firstName: 'Pinky', phone: '9822070002' });
    expect((await owner('PUT', `/api/admin/patients/${child.id}/guardian`, { guardianId: other.id })).status).toBe(200);
    return { kept, other, appointmentId: appointment.body.id as number, invoiceId: invoice.id as number, itemId: item.body.id as number, child };
  }

  it('moves appointments, invoices, clinical items and dependants, keeps both alerts, and audits both ids', async () => {
    const r = await twoRecords();
    // PAT-15: records with clinical data are merged by the owner or a dentist, with a reason.
    const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${r.kept.id}/merge`, { otherPatientId: r.other.id, reason: 'One person, registered twice' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mergeId: expect.any(Number),
      mergedPatientId: r.other.id,
      patient: { id: r.kept.id, email: 'lata@example.in', allergies: expect.stringContaining('Penicillin'), conditions: expect.stringContaining('Diabetes') },
      moved: { appointments: 1, invoices: 1, clinical_items: 1, dependants: 1 },
    });
    const knex = clinic.app.deps.knex;
    expect(await knex('appointments').where({ id: r.appointmentId }).first('patientId')).toEqual({ patientId: r.kept.id });
    expect(await knex('invoices').where({ id: r.invoiceId }).first('patientId')).toEqual({ patientId: r.kept.id });
    expect(await knex('clinical_items').where({ id: r.itemId }).first('patientId')).toEqual({ patientId: r.kept.id });
    expect(await knex('patients').where({ id: r.child.id }).first('guardianId')).toEqual({ guardianId: r.kept.id });
    const history = await owner('GET', `/api/admin/patients/${r.kept.id}/history`);
    expect(history.body.appointments.map((a: { id: number }) => a.id)).toContain(r.appointmentId);
    const chart = await owner('GET', `/api/admin/patients/${r.kept.id}/chart`);
    expect(JSON.stringify(chart.body)).toContain('"rct"');

    const audits = await knex('audit_log').whereIn('action', ['merge', 'merged-into']).orderBy('id').select('action', 'entityId', 'changes', 'userName');
    expect(audits.map((a) => [a.action, a.entityId, a.userName])).toEqual([
      ['merge', String(r.kept.id), 'Dr Kavita Mehta'],
      ['merged-into', String(r.other.id), 'Dr Kavita Mehta'],
    ]);
    expect(audits[0].changes.mergedPatient).toEqual({ old: { id: r.other.id, fileNumber: r.other.fileNumber }, new: { id: r.kept.id, fileNumber: r.kept.fileNumber } });
    expect(audits[0].changes.reason).toEqual({ old: null, new: 'One person, registered twice' });
  });

  it('hides the merged record from lists, and its page names the patient it went into', async () => {
    const r = await twoRecords();
    await owner('POST', `/api/admin/patients/${r.kept.id}/merge`, { otherPatientId: r.other.id, reason: 'One person, registered twice' });
    const list = await owner('GET', '/api/admin/patients?q=9822070001');
    expect(list.body).toEqual([]);
    const all = await owner('GET', '/api/admin/patients');
    expect(all.body.map((p: { id: number }) => p.id)).not.toContain(r.other.id);
    const old = await owner('GET', `/api/admin/patients/${r.other.id}`);
    expect(old.body).toMatchObject({ id: r.other.id, mergedIntoId: r.kept.id, mergedInto: { id: r.kept.id, fileNumber: r.kept.fileNumber } });
    const edit = await owner('PUT', `/api/admin/patients/${r.other.id}`, { firstName: 'Latha', lastName: 'Jadhav', phone: '9822070001' });
    expect(edit).toEqual({ status: 409, body: { error: `This patient record was merged into ${r.kept.fileNumber} (Lata Jadhav)` } });
    const book = await owner('POST', '/api/admin/appointments', { patientId: r.other.id, ...slot });
    expect(book.status).toBe(409);
    const again = await owner('POST', `/api/admin/patients/${r.kept.id}/merge`, { otherPatientId: r.other.id, reason: 'One person, registered twice' });
    expect(again.status).toBe(409);
  });

  it('refuses a receptionist records with clinical data, a merge without a reason, with itself and an unknown patient, changing nothing', async () => {
    const r = await twoRecords();
    const desk = await clinic.call('receptionist', 'POST', `/api/admin/patients/${r.kept.id}/merge`, { otherPatientId: r.other.id, reason: 'One person, registered twice' });
    expect(desk).toEqual({ status: 403, body: { error: MERGE_MESSAGES.clinical } });
    expect(await owner('POST', `/api/admin/patients/${r.kept.id}/merge`, { otherPatientId: r.other.id })).toEqual({
      status: 400,
      body: { error: MERGE_MESSAGES.reason, fields: { reason: MERGE_MESSAGES.reason } },
    });
    expect(await owner('POST', `/api/admin/patients/${r.kept.id}/merge`, { otherPatientId: r.kept.id, reason: 'One person, registered twice' })).toEqual({
      status: 400,
      body: { error: 'A patient cannot be merged with itself', fields: { otherPatientId: 'A patient cannot be merged with itself' } },
    });
    expect((await owner('POST', `/api/admin/patients/${r.kept.id}/merge`, { otherPatientId: 999999, reason: 'One person, registered twice' })).status).toBe(400);
    expect((await owner('POST', `/api/admin/patients/${r.kept.id}/merge`, {})).status).toBe(400);
    expect(await clinic.app.deps.knex('appointments').where({ id: r.appointmentId }).first('patientId')).toEqual({ patientId: r.other.id });
  });

  it('still refuses any other change of a clinical item\'s patient', async () => {
    const r = await twoRecords();
    await expect(clinic.app.deps.knex('clinical_items').where({ id: r.itemId }).update({ patientId: r.kept.id })).rejects.toThrow(/never rewritten/);
  });
});

describe('guardians and dependants (PAT-14)', () => {
  it('lists dependants on the guardian, and sends a child\'s confirmation to the guardian\'s email', async () => {
    const mother = await addPatient({ firstName: 'Sunita', phone: '9822080000', email: 'sunita@example.in' });
    const child = await addPatient({ firstName: 'Ira', phone: '9822080000' });
    const set = await owner('PUT', `/api/admin/patients/${child.id}/guardian`, { guardianId: mother.id });
    expect(set).toMatchObject({ status: 200, body: { guardianId: mother.id } });
    const page = await owner('GET', `/api/admin/patients/${mother.id}`);
    expect(page.body.dependants).toEqual([{ id: child.id, fileNumber: child.fileNumber, firstName: 'Ira', lastName: 'Jadhav', phone: '+919822080000' }]);
    expect((await owner('GET', `/api/admin/patients/${child.id}`)).body.guardian).toMatchObject({ id: mother.id });

    const booked = await owner('POST', '/api/admin/appointments', { patientId: child.id, ...slot });
    expect(booked.body).toMatchObject({ patientId: child.id, firstName: 'Ira', email: 'sunita@example.in' });
    expect(await outbox()).toEqual([{ kind: 'appointment-confirmed', toAddress: 'sunita@example.in' }]);

    expect((await owner('PUT', `/api/admin/patients/${child.id}/guardian`, { guardianId: null })).body).toMatchObject({ guardianId: null });
    expect((await owner('GET', `/api/admin/patients/${mother.id}`)).body.dependants).toEqual([]);
  });

  it('refuses a patient as their own guardian, a circle, and an unknown guardian', async () => {
    const a = await addPatient({ firstName: 'Asha', phone: '9822090000' });
    const b = await addPatient({ firstName: 'Bela', phone: '9822090001' });
    expect((await owner('PUT', `/api/admin/patients/${a.id}/guardian`, { guardianId: a.id })).status).toBe(400);
    await owner('PUT', `/api/admin/patients/${a.id}/guardian`, { guardianId: b.id });
    expect(await owner('PUT', `/api/admin/patients/${b.id}/guardian`, { guardianId: a.id })).toEqual({
      status: 400,
      body: { error: "This patient is already that patient's guardian", fields: { guardianId: "This patient is already that patient's guardian" } },
    });
    expect((await owner('PUT', `/api/admin/patients/${a.id}/guardian`, { guardianId: 999999 })).status).toBe(400);
  });
});

describe('the file number on the invoice (PAT-12)', () => {
  it('is printed under the patient on the PDF and the print page, and emailing a patient without email is a 400 naming them (PAT-19)', async () => {
    const patient = await addPatient({ firstName: 'Yamuna', phone: '9822011111' });
    const totals = computeInvoiceTotals([{ description: 'Consultation', quantity: 1, unitPrice: 500, sacCode: '999312' }], 0);
    const made = await owner('POST', '/api/admin/invoices', {
      patientId: patient.id, taxPercentage: 0, subtotal: totals.subtotal, taxAmount: totals.taxAmount, totalAmount: totals.totalAmount, items: totals.items,
    });
    expect(made.status).toBe(201);
    expect(made.body.patient).toMatchObject({ fileNumber: patient.fileNumber, email: null });
    const pdf = Buffer.from(await (await clinic.app.request(`/api/admin/invoices/${made.body.id}/pdf`, { cookie: clinic.cookies.owner })).arrayBuffer());
    const text = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).stdout.toString();
    expect(text).toContain(`File No.: ${patient.fileNumber}`);
    const { buildInvoiceDocument } = await import('../../../shared/invoice/document');
    const { renderInvoiceHtml } = await import('../../../shared/invoice/html');
    const detail = await owner('GET', `/api/admin/invoices/${made.body.id}`);
    const { clinic: identity } = await import('../../../shared/constants/clinic');
    expect(renderInvoiceHtml(buildInvoiceDocument(detail.body, identity))).toContain(`File No.: ${patient.fileNumber}`);
    const send = await owner('POST', `/api/admin/invoices/${made.body.id}/send`);
    expect(send.status).toBe(400);
    expect(await outbox()).toEqual([]);
  });
});
