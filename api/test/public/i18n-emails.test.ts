import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_MESSAGE } from '../../../shared/schemas/appointment';
import type { OutboxWorker } from '../../platform/mail/outbox-worker';
import { peerOutboxWorker } from '../support/peer-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';

// I18N-3: a booking remembers the language it was made in, and every email to that visitor arrives in it,
// with dates in that language's Indian form. Real SMTP: the outbox worker delivers to a peer that parses
// what arrives.

const NOW = '2026-11-23T05:00:00Z'; // Monday 23 November 2026, 10:30 in Pune

const booking = {
  firstName: 'सुनीता',
  lastName: 'पाटील',
  email: 'sunita@example.in',
  phone: '+91 98220 55555',
  preferredDate: '2026-11-24',
  preferredTime: '17:00',
  treatment: 'rootcanal',
};

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

const book = (body: object) => app.request('/api/appointments', { method: 'POST', json: body });
const toVisitor = () => peer.received.filter((m) => m.to && JSON.stringify(m.to).includes(booking.email));

describe('a booking in Marathi', () => {
  it('is stored as Marathi, and its acknowledgement and confirmation arrive in Marathi', async () => {
    const res = await book({ ...booking, language: 'mr' });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(await app.deps.knex('appointments').where({ id }).first()).toMatchObject({ language: 'mr' });

    await worker.drain();
    const [ack] = toVisitor();
    expect(ack.subject).toBe('तुमची अपॉइंटमेंटची विनंती आम्हाला मिळाली – Smile Care Dental Clinic');
    expect(ack.text).toContain('प्रिय सुनीता पाटील,');
    // The date in Marathi's Indian form (Devanagari digits), the treatment's Marathi name.
    expect(ack.text).toContain('तारीख: २४ नोव्हेंबर, २०२६');
    expect(ack.text).toContain('उपचार: रूट कॅनाल उपचार');
    expect(ack.html).toContain('<html lang="mr-IN">');
    // The clinic's own notification stays English.
    const notice = peer.received.find((m) => m.subject?.startsWith('New appointment request'));
    expect(notice?.text).toContain('24 November 2026');

    const confirm = await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', cookie, json: { status: 'confirmed' } });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    await worker.drain();
    const confirmation = toVisitor().find((m) => m.subject?.startsWith('तुमची अपॉइंटमेंट निश्चित झाली'));
    expect(confirmation?.subject).toBe('तुमची अपॉइंटमेंट निश्चित झाली: २४ नोव्हेंबर, २०२६, 5:00 PM – Smile Care Dental Clinic');
    expect(confirmation?.text).toContain('कृपया 10 मिनिटे आधी या.');
  });

  it('sends the cancellation and the follow-up in the booking language too (Hindi here)', async () => {
    const res = await book({ ...booking, language: 'hi' });
    const { id } = await res.json();
    const cancel = await app.request(`/api/admin/appointments/${id}/cancel`, { method: 'PATCH', cookie });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    await worker.drain();
    const cancelled = toVisitor().find((m) => m.subject?.startsWith('आपका अपॉइंटमेंट रद्द'));
    expect(cancelled?.text).toContain('तारीख: 24 नवंबर 2026');
    expect(cancelled?.text).toContain('इलाज: रूट कैनाल ट्रीटमेंट');

    await app.deps.knex('appointments').where({ id }).update({ status: 'completed' });
    const followUp = await app.request(`/api/admin/appointments/${id}/follow-up`, {
      method: 'POST',
      cookie,
      json: { followUpDate: '2026-12-15', customMessage: 'Bring your X-ray' },
    });
    expect(followUp.status, await followUp.clone().text()).toBe(200);
    await worker.drain();
    const mail = toVisitor().find((m) => m.subject?.includes('फ़ॉलो-अप'));
    expect(mail?.subject).toBe('15 दिसंबर 2026 को आपका फ़ॉलो-अप अपॉइंटमेंट – Smile Care Dental Clinic');
    expect(mail?.text).toContain('क्लिनिक की ओर से संदेश');
  });

  it('books in English when no language is given, exactly as before', async () => {
    const res = await book(booking);
    const { id } = await res.json();
    expect(await app.deps.knex('appointments').where({ id }).first()).toMatchObject({ language: 'en' });
    await worker.drain();
    expect(toVisitor()[0].subject).toBe('We received your appointment request – Smile Care Dental Clinic');
  });

  it('refuses a language the site does not speak', async () => {
    const res = await book({ ...booking, language: 'fr' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: LANGUAGE_MESSAGE, fields: { language: LANGUAGE_MESSAGE } });
  });
});
