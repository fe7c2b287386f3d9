import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalisePhone } from '../../../shared/domain/phone';
import { LANGUAGE_MESSAGE } from '../../../shared/schemas/appointment';
import type { OutboxWorker } from '../../platform/mail/outbox-worker';
import { peerOutboxWorker } from '../support/peer-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';

// I18N-3 at the front desk (APPT-10): a staff booking speaks the patient's language, the one the staff member
// chose or else that of the patient's latest booking, so a Marathi family who phones in keeps getting Marathi
// emails. Real SMTP: the outbox worker delivers to a peer that parses what arrives.
// Monday 23 November 2026, 10:30 in Pune (05:00 UTC).
const NOW = '2026-11-23T05:00:00Z';

const caller = { firstName: 'Sunita', lastName: 'Patil', email: 'sunita.patil@example.in', phone: '+91 98220 66666' };
const slot = { preferredDate: '2026-11-25', preferredTime: '17:00', treatment: 'rootcanal' };
const MARATHI_CONFIRMED = 'तुमची अपॉइंटमेंट निश्चित झाली: २५ नोव्हेंबर, २०२६, 5:00 PM – Smile Care Dental Clinic';

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
  await app.deps.knex('patients').delete();
  peer.received.length = 0;
});

const staffBook = (body: Record<string, unknown>) => app.request('/api/admin/appointments', { method: 'POST', cookie, json: body });
/** The visitor's own booking on the public form, in the page's language. */
async function bookOnline(language: string, preferredDate = '2026-11-24'): Promise<number> {
  const res = await app.request('/api/appointments', {
    method: 'POST',
    json: { ...caller, preferredDate, preferredTime: '11:00', treatment: 'cleaning', language },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).id;
}
/** The caller's record, stored as the desk stores it (the phone in its normal form, PAT-9). */
async function patientOnFile(): Promise<number> {
  const [{ id }] = await app.deps.knex('patients').insert({ ...caller, phone: normalisePhone(caller.phone) }).returning('id');
  return id;
}
const storedLanguage = async (id: number) => (await app.deps.knex('appointments').where({ id }).first()).language;
const toCaller = () => peer.received.filter((m) => JSON.stringify(m.to).includes(caller.email));

describe('a staff booking without a language', () => {
  it("takes the language of the patient's latest booking by created time, and the confirmation arrives in Marathi", async () => {
    const patientId = await patientOnFile();
    // An older Hindi booking for a later day: created time decides, not the visit's date.
    await app.deps.knex('appointments').insert({
      ...caller, patientId, preferredDate: '2026-12-10', preferredTime: '12:00', treatment: 'cleaning',
      status: 'confirmed', language: 'hi', createdAt: new Date('2026-06-01T05:00:00Z'),
    });
    await bookOnline('mr');
    await app.deps.knex('email_outbox').delete();

    const res = await staffBook({ patientId, ...slot });
    expect(res.status, await res.clone().text()).toBe(201);
    const booked = await res.json();
    expect(booked).toMatchObject({ patientId, source: 'staff', status: 'confirmed', language: 'mr' });
    expect(await storedLanguage(booked.id)).toBe('mr');

    await worker.drain();
    const [confirmation] = toCaller();
    expect(confirmation.subject).toBe(MARATHI_CONFIRMED);
    expect(confirmation.text).toContain('प्रिय Sunita Patil,');
    expect(confirmation.text).toContain('उपचार: रूट कॅनाल उपचार');
    expect(confirmation.html).toContain('<html lang="mr-IN">');
  });

  it('counts the online booking that made the patient\'s record (BOOK-17), and GET patient shows it', async () => {
    const online = await bookOnline('mr');
    const patientId = (await app.deps.knex('appointments').where({ id: online }).first()).patientId as number;
    const patient = await app.request(`/api/admin/patients/${patientId}`, { cookie });
    expect(await patient.json()).toMatchObject({ id: patientId, email: caller.email, language: 'mr' });

    const res = await staffBook({ patientId, ...slot, status: 'pending' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await storedLanguage((await res.json()).id)).toBe('mr');
  });

  it('is English for a new patient, whose confirmation reads as before', async () => {
    const patientId = await patientOnFile();
    expect(await (await app.request(`/api/admin/patients/${patientId}`, { cookie })).json()).toMatchObject({ language: 'en' });

    const res = await staffBook({ ...caller, email: 'new.caller@example.in', ...slot });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await storedLanguage((await res.json()).id)).toBe('en');
    await worker.drain();
    expect(peer.received.map((m) => m.subject)).toEqual(['Your appointment is confirmed: 25 November 2026, 5:00 PM – Smile Care Dental Clinic']);
  });
});

describe('a staff booking with a language', () => {
  it("keeps the language the staff member chose over the patient's", async () => {
    const patientId = await patientOnFile();
    await bookOnline('mr');
    await app.deps.knex('email_outbox').delete();

    const res = await staffBook({ patientId, ...slot, language: 'hi' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await storedLanguage((await res.json()).id)).toBe('hi');
    await worker.drain();
    expect(toCaller().map((m) => m.subject)).toEqual(['आपका अपॉइंटमेंट पक्का हो गया: 25 नवंबर 2026, 5:00 PM – Smile Care Dental Clinic']);

    // New details too: Marathi chosen for a caller the clinic has never seen.
    const fresh = await staffBook({ ...caller, email: 'first.call@example.in', ...slot, language: 'mr', status: 'pending' });
    expect(fresh.status, await fresh.clone().text()).toBe(201);
    expect(await storedLanguage((await fresh.json()).id)).toBe('mr');
  });

  it('refuses a language the clinic does not speak with 400 on the field, and books nothing', async () => {
    const patientId = await patientOnFile();
    for (const body of [{ patientId, ...slot, language: 'fr' }, { ...caller, ...slot, language: 'MR' }]) {
      const res = await staffBook(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: LANGUAGE_MESSAGE, fields: { language: LANGUAGE_MESSAGE } });
    }
    expect(await app.deps.knex('appointments')).toEqual([]);
    expect(await app.deps.knex('email_outbox')).toEqual([]);
  });
});

describe('rescheduling a staff booking (APPT-12)', () => {
  it('keeps its language: the new time is written in Marathi', async () => {
    const patientId = await patientOnFile();
    await bookOnline('mr');
    const id = (await (await staffBook({ patientId, ...slot })).json()).id;
    await app.deps.knex('email_outbox').delete();

    const res = await app.request(`/api/admin/appointments/${id}/reschedule`, {
      method: 'PATCH',
      cookie,
      json: { preferredDate: '2026-11-27', preferredTime: '18:00' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id, preferredDate: '2026-11-27', language: 'mr' });
    await worker.drain();
    expect(toCaller().map((m) => m.subject)).toEqual(['तुमच्या अपॉइंटमेंटची वेळ बदलली: २७ नोव्हेंबर, २०२६, 6:00 PM – Smile Care Dental Clinic']);
  });
});
