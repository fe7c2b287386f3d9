import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../platform/mail/outbox-worker';
import { peerOutboxWorker } from '../support/peer-worker';
import { linkToken } from '../support/sent-mail';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';

// APPT-22: an appointment's notes are internal. Staff write "Called at 10:05, no email" for each other;
// the patient's confirmation, reschedule, cancellation and follow-up emails (over a real SMTP peer, with
// their .ics), the personal page and the patient's export of messages never carry it. Only the separate
// note for the patient reaches them. Monday 23 November 2026, 10:30 in Pune.
const NOW = '2026-11-23T05:00:00Z';
const MARKER = 'INTERNAL-7f3a9c Called at 10:05, no email';
const FOR_PATIENT = 'Please bring your previous X-rays';

const caller = { firstName: 'Sunita', lastName: 'Patil', email: 'sunita.patil@example.in', phone: '+91 98220 66666' };
const slot = { preferredDate: '2026-11-25', preferredTime: '17:00', treatment: 'rootcanal' };

let app: TestApp;
let cookie: string;
let peer: SmtpPeer;
let worker: OutboxWorker;

beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  cookie = await app.signIn();
  peer = await new SmtpPeer().start();
  worker = peerOutboxWorker(app.deps, peer);
});
afterAll(async () => {
  await worker?.stop();
  await peer?.stop();
  await app?.close();
});
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
  peer.received.length = 0;
});

const staffBook = (body: Record<string, unknown>) => app.request('/api/admin/appointments', { method: 'POST', cookie, json: { ...caller, ...slot, ...body } });
const toPatient = () => peer.received.filter((m) => JSON.stringify(m.to).includes(caller.email));
/** Everything a message carries: subject, text, HTML and every attachment (the .ics). */
const wholly = (m: ParsedMail) => [m.subject ?? '', m.text ?? '', String(m.html || ''), ...m.attachments.map((a) => a.content.toString('utf8'))].join('\n');

describe('internal notes never reach the patient (APPT-22)', () => {
  it('keeps the internal note out of the confirmation and its .ics, and shows the note for the patient', async () => {
    const res = await staffBook({ notes: MARKER, patientNote: FOR_PATIENT, status: 'confirmed' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ notes: MARKER, patientNote: FOR_PATIENT });
    await worker.drain();
    const [confirmation] = toPatient();
    expect(confirmation.attachments.map((a) => a.filename)).toContain('appointment.ics');
    expect(wholly(confirmation)).not.toContain('INTERNAL-7f3a9c');
    expect(confirmation.text).toContain(`Note from the clinic: ${FOR_PATIENT}`);
  });

  it('keeps it out of the approval, reschedule, cancellation and follow-up emails, the personal page and the export', async () => {
    const booked = await (await staffBook({ notes: MARKER, status: 'pending' })).json();
    const id = booked.id as number;
    expect((await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', cookie, json: { status: 'confirmed' } })).status).toBe(200);
    expect((await app.request(`/api/admin/appointments/${id}/reschedule`, { method: 'PATCH', cookie, json: { preferredDate: '2026-11-26', preferredTime: '18:00' } })).status).toBe(200);
    await worker.drain();
    const token = linkToken({ text: toPatient().at(-1)!.text ?? '' });
    const page = await (await app.request(`/appointment/${token}`)).text();
    expect(page).toContain('Sunita');
    expect(page).not.toContain('INTERNAL-7f3a9c');

    // A second visit, completed, gets the follow-up; a third is cancelled.
    const visit = await (await staffBook({ notes: MARKER, preferredDate: '2026-11-24', preferredTime: '10:00' })).json();
    app.clock.set('2026-11-24T06:00:00Z');
    expect((await app.request(`/api/admin/appointments/${visit.id}`, { method: 'PUT', cookie, json: { status: 'completed' } })).status).toBe(200);
    const followUp = await app.request(`/api/admin/appointments/${visit.id}/follow-up`, { method: 'POST', cookie, json: { followUpDate: '2026-12-10', customMessage: 'See you soon' } });
    expect(followUp.status, await followUp.clone().text()).toBe(200);
    const third = await (await staffBook({ notes: MARKER, preferredDate: '2026-11-27', preferredTime: '11:00' })).json();
    expect((await app.request(`/api/admin/appointments/${third.id}/cancel`, { method: 'PATCH', cookie })).status).toBe(200);
    await worker.drain();

    const kinds = (await app.deps.knex('email_outbox').whereNotNull('sentAt').orderBy('id').select('kind')).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['appointment-confirmed', 'appointment-rescheduled', 'appointment-follow-up', 'appointment-cancelled']));
    expect(toPatient().length).toBe(kinds.length);
    for (const mail of toPatient()) expect(wholly(mail), mail.subject).not.toContain('INTERNAL-7f3a9c');

    // The patient's export of messages (DATA rights): every email as queued, none with the note.
    const [patient] = await app.deps.knex('patients').insert({ ...caller }).returning('id');
    await app.deps.knex('appointments').update({ patientId: patient.id });
    const exported = await (await app.request(`/api/admin/patients/${patient.id}/export`, { cookie })).json();
    expect(exported.emails.length).toBe(kinds.length);
    expect(JSON.stringify(exported.emails)).not.toContain('INTERNAL-7f3a9c');
  });
});
