import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/constants/clinic';
import { whatsAppText } from '../../../shared/emails/whatsapp';
import type { ReminderList } from '../../../shared/schemas/reminder';
import { hashToken } from '../../services/appointments/manage-links';
import { deliverOutbox, linkToken } from '../support/sent-mail';
import { MANAGE_POST_LIMITS } from '../../services/appointments/manage-appointment';
import type { OutboxWorker } from '../../platform/mail/outbox-worker';
import { peerOutboxWorker } from '../support/peer-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';

// BOOK-12..15: the personal link and its page: what it shows, cancel within and outside the cut-off, ask for
// another time, tampered and expired tokens 404, noindex, plain form posts (no JavaScript needed).
// BOOK-16: one open request at a time and a limit on the page's posts; real SMTP counts the emails.

const NOW = '2026-11-23T05:00:00Z'; // Monday 10:30 in Kolkata
const booking = {
  firstName: 'Rohan',
  lastName: 'Patil',
  email: 'rohan@example.in',
  phone: '+91 98220 55555',
  preferredDate: '2026-11-26',
  preferredTime: '18:00',
  treatment: 'rootcanal',
};

let app: TestApp;
let cookie: string;
let peer: SmtpPeer;
let worker: OutboxWorker;

beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: 'https://clinic.example.in', clinicNotifyEmail: 'desk@clinic.test', bookingRateLimitPerAddress: 0 } });
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
  // Each test starts with the page's post limits unused (BOOK-16).
  await app.deps.knex('throttles').where('key', 'like', 'manage-%').delete();
  peer.received.length = 0;
});

/** Books through the public form and answers the token its acknowledgement email carries, as sent. */
async function book(overrides: Partial<typeof booking> & { language?: string } = {}): Promise<{ id: number; token: string }> {
  const res = await app.request('/api/appointments', { method: 'POST', json: { ...booking, ...overrides } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const ack = (await deliverOutbox(app.deps)).findLast((m) => m.kind === 'booking-acknowledgement')!;
  const token = linkToken(ack);
  expect(ack.text).toContain(`https://clinic.example.in/appointment/${token}`);
  expect(ack.html).toContain(`href="https://clinic.example.in/appointment/${token}"`);
  return { id, token };
}

const form = (path: string, fields: Record<string, string> = {}) => app.postForm(path, fields);

const page = (token: string, suffix = '') => app.request(`/appointment/${token}${suffix}`);

describe('the personal link', () => {
  it('is stored only as a hash, and its data shows this appointment alone', async () => {
    const { id, token } = await book();
    await book({ firstName: 'Other', email: 'other@example.in', phone: '9000000009', preferredTime: '19:00' });
    const links = await app.deps.knex('appointment_links').where({ appointmentId: id });
    expect(links).toHaveLength(1);
    expect(links[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(links)).not.toContain(token);

    const res = await app.request(`/api/appointment-links/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const body = await res.json();
    expect(body).toMatchObject({ firstName: 'Rohan', preferredDate: '2026-11-26', preferredTime: '18:00', status: 'pending', canCancel: true });
    expect(JSON.stringify(body)).not.toMatch(/Other|other@example|Patil|98220/);
  });

  it('renders a noindex page on the server, with both forms as plain posts', async () => {
    const { token } = await book();
    const res = await page(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('26 November 2026');
    // UI-10: cancelling starts with a link to its confirmation, whose page holds the post.
    expect(html).toContain(`href="/appointment/${token}/cancel"`);
    expect(html).toContain(`action="/appointment/${token}/request"`);
    expect(html).toContain('Spine Road');
    expect(await (await page(token, '/cancel')).text()).toContain(`action="/appointment/${token}/cancel"`);
  });

  it('asks to confirm a cancel on a page of its own, which cancels only when its form is sent (UI-10)', async () => {
    const { id, token } = await book();
    const main = await (await page(token)).text();
    expect(main).not.toContain(`action="/appointment/${token}/cancel"`);
    expect(main).toContain('>Cancel my appointment</a>');

    const ask = await page(token, '/cancel');
    expect(ask.status).toBe(200);
    expect(ask.headers.get('cache-control')).toBe('no-store');
    const html = await ask.text();
    expect(html).toContain('Cancel this appointment?');
    expect(html).toContain('Your appointment on 26 November 2026, 6:00 PM will be cancelled and the clinic told.');
    expect(html).toMatch(new RegExp(`<form method="post" action="/appointment/${token}/cancel"[^>]*>`));
    expect(html).toContain('Yes, cancel my appointment');
    expect(html).toMatch(new RegExp(`<a href="/appointment/${token}"[^>]*>No, keep my appointment</a>`));
    // Opening the confirmation changes nothing.
    expect((await app.deps.knex('appointments').where({ id }).first()).status).toBe('pending');
    expect(await app.deps.knex('email_outbox').where({ kind: 'visitor-cancelled' })).toHaveLength(0);

    expect((await form(`/appointment/${token}/cancel`)).headers.get('location')).toBe(`/appointment/${token}/cancelled`);
    expect((await app.deps.knex('appointments').where({ id }).first()).status).toBe('cancelled');
    // Once cancelled, the confirmation page offers nothing to confirm.
    expect(await (await page(token, '/cancel')).text()).not.toContain('Yes, cancel my appointment');
  });

  it('says an over or unknown link has expired, in the booking language when the link is the clinic\'s (UI-11)', async () => {
    const { token } = await book({ language: 'mr' });
    app.clock.set('2026-11-26T12:30:00Z'); // the appointment's start: the link opens nothing any more
    const over = await page(token);
    expect(over.status).toBe(404);
    expect(over.headers.get('cache-control')).toBe('no-store');
    const html = await over.text();
    expect(html).toContain('<html lang="mr-IN">');
    expect(html).toContain('या लिंकची मुदत संपली आहे');
    expect(html).toMatch(/कृपया आम्हाला <a href="tel:[^"]+">[^<]+<\/a> वर कॉल करा\./);
    expect(html).not.toContain('Page Not Found');
    // The data still says nothing about the appointment.
    expect(html).not.toMatch(/Rohan|2026-11-26|rootcanal/);

    const unknown = await (await page('A'.repeat(43))).text();
    expect(unknown).toContain('This link has expired');
    expect(unknown).toContain('<html lang="en-IN">');
    const hindi = await app.request(`/hi/appointment/${'B'.repeat(43)}`);
    expect(hindi.status).toBe(404);
    expect(await hindi.text()).toContain('इस लिंक की अवधि समाप्त हो गई है');
  });

  it('audits the patient\'s own cancel and request for another time, by "patient (personal link)" (ADMIN-24)', async () => {
    const first = await book();
    const second = await book({ email: 'asha@example.in', phone: '9000000002', firstName: 'Asha' });
    expect((await form(`/appointment/${first.token}/request`, { slot: '2026-11-27T11:00' })).status).toBe(303);
    expect((await form(`/appointment/${second.token}/cancel`)).status).toBe(303);
    const rows = await app.deps
      .knex('audit_log')
      .where({ entity: 'appointment' })
      .whereIn('entityId', [String(first.id), String(second.id)])
      .orderBy('id');
    // ADMIN-25: each website booking has its create row first, by the website.
    expect(rows.map((r) => [r.action, r.entityId, r.userId, r.userName])).toEqual([
      ['create', String(first.id), null, 'website'],
      ['create', String(second.id), null, 'website'],
      ['request-time', String(first.id), null, 'patient (personal link)'],
      ['cancel', String(second.id), null, 'patient (personal link)'],
    ]);
    const changes = (r: { changes: unknown }) => (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes);
    expect(changes(rows[2])).toEqual({ requestedDate: { old: null, new: '2026-11-27' }, requestedTime: { old: null, new: '11:00' } });
    expect(changes(rows[3])).toEqual({ status: { old: 'pending', new: 'cancelled' } });
  });

  it("links every clinic email about the appointment to it in the admin (MAIL-12)", async () => {
    const { token } = await book({ firstName: 'Asha' });
    expect((await form(`/appointment/${token}/request`, { slot: '2026-11-27T11:00' })).status).toBe(303);
    expect((await form(`/appointment/${token}/cancel`)).status).toBe(303);
    const link = 'https://clinic.example.in/admin/appointments?q=Asha%20Patil';
    for (const kind of ['booking-notification', 'visitor-requested-time', 'visitor-cancelled']) {
      const row = await app.deps.knex('email_outbox').where({ kind }).first();
      expect(row, kind).toBeTruthy();
      expect(row.html, kind).toContain(`href="${link}"`);
      expect(row.textBody, kind).toContain(link);
    }
    // The patient's own emails carry no admin link.
    for (const row of await app.deps.knex('email_outbox').whereIn('kind', ['booking-acknowledgement', 'appointment-cancelled'])) {
      expect(row.html).not.toContain('/admin/');
    }
  });

  it('answers 404 for a tampered, unknown or malformed token, and once the appointment is over', async () => {
    const { token } = await book();
    const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const bad of [tampered, 'x'.repeat(43), 'short', `${token}x`]) {
      expect((await app.request(`/api/appointment-links/${bad}`)).status, bad).toBe(404);
      expect((await page(bad)).status, bad).toBe(404);
      expect((await form(`/appointment/${bad}/cancel`)).status, bad).toBe(404);
    }
    app.clock.set('2026-11-26T12:30:00Z'); // the appointment's start
    expect((await app.request(`/api/appointment-links/${token}`)).status).toBe(404);
    expect((await page(token)).status).toBe(404);
  });

  it('cancels up to 2 hours before, telling the clinic; refuses later', async () => {
    const { id, token } = await book();
    const early = await book({ email: 'late@example.in', phone: '9000000001', preferredTime: '19:00' });

    const res = await form(`/appointment/${token}/cancel`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/appointment/${token}/cancelled`);
    expect((await app.deps.knex('appointments').where({ id }).first()).status).toBe('cancelled');
    const toClinic = await app.deps.knex('email_outbox').where({ kind: 'visitor-cancelled' }).first();
    expect(toClinic.toAddress).toBe('desk@clinic.test');
    expect(await (await page(token, '/cancelled')).text()).toContain('Your appointment is cancelled');

    // 19:00 IST is 13:30 UTC: at 11:31 UTC there is less than 2 hours left.
    app.clock.set('2026-11-26T11:31:00Z');
    const late = await form(`/appointment/${early.token}/cancel`);
    expect(late.headers.get('location')).toBe(`/appointment/${early.token}/too-late`);
    expect((await app.deps.knex('appointments').where({ id: early.id }).first()).status).toBe('pending');
    expect(await (await page(early.token)).text()).not.toContain(`action="/appointment/${early.token}/cancel"`);
    expect(await (await page(early.token)).text()).not.toContain(`href="/appointment/${early.token}/cancel"`);
  });

  it('asks for another open time, which the clinic sees on the appointment', async () => {
    const { id, token } = await book();
    const data = await (await app.request(`/api/appointment-links/${token}`)).json();
    expect(data.openSlots.length).toBeGreaterThan(0);
    expect(data.openSlots.some((d: { date: string; times: string[] }) => d.date === '2026-11-26' && d.times.includes('18:00'))).toBe(false);

    // A slot that is not open (a Sunday, a made-up time) is refused.
    for (const slot of ['2026-11-29T11:00', '2026-11-27T11:30', 'nonsense']) {
      const refused = await form(`/appointment/${token}/request`, { slot });
      expect(refused.headers.get('location'), slot).toMatch(/\/(slot-taken|invalid)$/);
    }

    const res = await form(`/appointment/${token}/request`, { slot: '2026-11-27T11:00' });
    expect(res.headers.get('location')).toBe(`/appointment/${token}/requested`);
    const row = await app.deps.knex('appointments').where({ id }).first();
    expect(row).toMatchObject({ requestedDate: '2026-11-27', requestedTime: '11:00', preferredDate: '2026-11-26' });
    expect(await app.deps.knex('email_outbox').where({ kind: 'visitor-requested-time', toAddress: 'desk@clinic.test' })).toHaveLength(1);

    const admin = await app.request(`/api/admin/appointments?limit=10`, { cookie });
    const listed = ((await admin.json()) as { id: number; requested: unknown }[]).find((a) => a.id === id)!;
    expect(listed.requested).toMatchObject({ date: '2026-11-27', time: '11:00' });

    // The clinic approves it: a reschedule to the requested time, the request answered, the patient emailed.
    const approved = await app.request(`/api/admin/appointments/${id}/approve-request`, { method: 'POST', cookie });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ preferredDate: '2026-11-27', preferredTime: '11:00', requested: null });
    expect(await app.deps.knex('email_outbox').where({ kind: 'appointment-rescheduled', toAddress: 'rohan@example.in' })).toHaveLength(1);
    const again = await app.request(`/api/admin/appointments/${id}/approve-request`, { method: 'POST', cookie });
    expect(again.status).toBe(409);
  });

  it('refuses a form post from another site', async () => {
    const { id, token } = await book();
    const res = await app.request(`/appointment/${token}/cancel`, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect((await app.deps.knex('appointments').where({ id }).first()).status).toBe('pending');
  });
});

describe('one open request at a time, and a limit on the page\'s posts (BOOK-16)', () => {
  /** The mail the SMTP peer received once the outbox is sent. */
  async function delivered(): Promise<{ to: string; subject: string }[]> {
    await worker.drain();
    return peer.received.map((m) => ({ to: JSON.stringify(m.to), subject: m.subject ?? '' }));
  }

  it('20 requests at once send exactly one email; the others get the limit\'s answer', async () => {
    const { id, token } = await book({ language: 'mr' });
    await app.deps.knex('email_outbox').delete();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => form(`/appointment/${token}/request`, { slot: i % 2 ? '2026-11-27T11:00' : '2026-11-27T12:00' })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 303).every((s) => s === 409 || s === 429), statuses.join(',')).toBe(true);
    // The appointment's own limit lets MANAGE_POST_LIMITS.perAppointment posts through; the rest are 429.
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MANAGE_POST_LIMITS.perAppointment);
    const mail = await delivered();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: expect.stringContaining('New time requested') });
    expect(mail[0].to).toContain('desk@clinic.test');
    expect((await app.deps.knex('appointments').where({ id }).first()).requestedAt).not.toBeNull();

    // The refusals are the page itself, in the booking's language, with their own status.
    const conflict = answers.find((r) => r.status === 409)!;
    const conflictPage = await conflict.text();
    expect(conflict.headers.get('content-type')).toContain('text/html');
    expect(conflictPage).toContain('<html lang="mr-IN"');
    expect(conflictPage).toContain('तुम्ही आधीच दुसरी वेळ मागितली आहे.');
    const limited = answers.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('या पानावरून खूप विनंत्या आल्या आहेत.');
  });

  it('refuses a second request while the first waits, hides the form, and takes a new one once its time has passed', async () => {
    const { token } = await book({ preferredDate: '2026-12-04' });
    await app.deps.knex('email_outbox').delete();
    expect((await form(`/appointment/${token}/request`, { slot: '2026-11-24T11:00' })).status).toBe(303);
    const again = await form(`/appointment/${token}/request`, { slot: '2026-11-25T11:00' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('You have already asked for another time.');
    const data = await (await app.request(`/api/appointment-links/${token}`)).json();
    expect(data.requested).toEqual({ date: '2026-11-24', time: '11:00' });
    const page = await (await app.request(`/appointment/${token}`)).text();
    expect(page).not.toContain(`action="/appointment/${token}/request"`);
    expect(page).toContain('You have already asked for another time.');
    expect(await delivered()).toHaveLength(1);

    // 24 November, 11:30 in Pune: the requested time has passed without the clinic's answer.
    app.clock.set('2026-11-24T06:00:00Z');
    expect((await (await app.request(`/api/appointment-links/${token}`)).json()).requested).toBeNull();
    const later = await form(`/appointment/${token}/request`, { slot: '2026-11-26T11:00' });
    expect(later.headers.get('location')).toBe(`/appointment/${token}/requested`);
    expect(await delivered()).toHaveLength(2);
  });

  it('20 cancels at once send one pair of emails (clinic and patient)', async () => {
    const { id, token } = await book();
    await app.deps.knex('email_outbox').delete();
    const answers = await Promise.all(Array.from({ length: 20 }, () => form(`/appointment/${token}/cancel`)));
    const outcomes = answers.map((r) => (r.status === 303 ? r.headers.get('location')!.split('/').pop() : String(r.status)));
    expect(outcomes.filter((o) => o === 'cancelled')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'cancelled').every((o) => o === 'invalid' || o === '429'), outcomes.join(',')).toBe(true);
    expect((await app.deps.knex('appointments').where({ id }).first()).status).toBe('cancelled');
    const mail = await delivered();
    expect(mail.map((m) => (m.to.includes('desk@clinic.test') ? 'clinic' : 'patient')).sort()).toEqual(['clinic', 'patient']);
  });

  it("counts one address's posts across links, unknown ones too, and says how long to wait", async () => {
    const tokens = [(await book()).token, (await book({ email: 'b@example.in', phone: '9000000002', preferredTime: '19:00' })).token];
    const statuses: number[] = [];
    for (let i = 0; i < MANAGE_POST_LIMITS.perAddress; i++) {
      const t = i < 2 ? tokens[i] : 'A'.repeat(42) + String(i % 10);
      statuses.push((await form(`/appointment/${t}/request`, { slot: 'nonsense' })).status);
    }
    expect(statuses.every((s) => s === 303 || s === 404)).toBe(true);
    app.clock.set('2026-11-23T05:20:00Z');
    const refused = await form(`/appointment/${tokens[1]}/cancel`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    // The window ends an hour after its first post.
    app.clock.set('2026-11-23T06:00:01Z');
    expect((await form(`/appointment/${tokens[1]}/cancel`)).headers.get('location')).toBe(`/appointment/${tokens[1]}/cancelled`);
  });
});

describe('the reminder list (APPT-16)', () => {
  it("lists today's and tomorrow's confirmed appointments and marks the WhatsApp reminder sent once", async () => {
    app.clock.set('2026-11-25T04:00:00Z'); // Wednesday 09:30 in Kolkata
    const today = await book({ preferredDate: '2026-11-25', preferredTime: '18:00' });
    const tomorrow = await book({ email: 'b@example.in', phone: '9000000003', preferredDate: '2026-11-26', preferredTime: '11:00' });
    const later = await book({ email: 'c@example.in', phone: '9000000004', preferredDate: '2026-11-27', preferredTime: '11:00' });
    await book({ email: 'd@example.in', phone: '9000000005', preferredDate: '2026-11-26', preferredTime: '12:00' }); // pending
    for (const { id } of [today, tomorrow, later]) {
      expect((await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', json: { status: 'confirmed' }, cookie })).status).toBe(200);
    }
    const list = await (await app.request('/api/admin/reminders', { cookie })).json();
    expect(list).toMatchObject({ today: '2026-11-25', tomorrow: '2026-11-26' });
    expect(list.items.map((i: { id: number }) => i.id)).toEqual([today.id, tomorrow.id]);
    expect(list.items[0]).toMatchObject({ phone: '+919822055555', whatsappSentAt: null });

    const marked = await app.request(`/api/admin/reminders/${today.id}/whatsapp-sent`, { method: 'POST', cookie });
    expect(marked.status).toBe(200);
    const first = (await marked.json()).whatsappSentAt;
    expect(first).toBe('2026-11-25T04:00:00.000Z');
    app.clock.set('2026-11-25T05:00:00Z');
    const again = await (await app.request(`/api/admin/reminders/${today.id}/whatsapp-sent`, { method: 'POST', cookie })).json();
    expect(again.whatsappSentAt).toBe(first);
    expect((await app.request('/api/admin/reminders/999999/whatsapp-sent', { method: 'POST', cookie })).status).toBe(404);
  });

  it("gives each reminder its booking's language, so a Marathi booking's WhatsApp reminder is Marathi (I18N-3)", async () => {
    app.clock.set('2026-11-25T04:00:00Z'); // Wednesday 09:30 in Kolkata
    const marathi = await book({ firstName: 'Sunita', preferredDate: '2026-11-26', preferredTime: '17:00', treatment: 'cleaning', language: 'mr' });
    const english = await book({ email: 'b@example.in', phone: '9000000003', preferredDate: '2026-11-26', preferredTime: '18:00' });
    for (const { id } of [marathi, english]) {
      expect((await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', json: { status: 'confirmed' }, cookie })).status).toBe(200);
    }
    const { items } = (await (await app.request('/api/admin/reminders', { cookie })).json()) as ReminderList;
    expect(items.map((i) => [i.id, i.language])).toEqual([
      [marathi.id, 'mr'],
      [english.id, 'en'],
    ]);
    // The text the Reminders panel opens WhatsApp with, from this answer.
    expect(whatsAppText('reminder', items[0], items[0].language)).toBe(
      `नमस्कार Sunita, २६ नोव्हेंबर, २०२६ रोजी 5:00 PM वाजता दातांची स्वच्छता (स्केलिंग) साठी असलेल्या तुमच्या अपॉइंटमेंटची ही आठवण. आम्ही तुमची वाट पाहत आहोत. येणे जमणार नसल्यास कृपया इथेच उत्तर द्या.\n— ${clinic.name}, ${clinic.phone}`,
    );
    expect(whatsAppText('reminder', items[1], items[1].language)).toContain('Hello Rohan, a friendly reminder of your appointment for Root Canal Treatment on 26 November 2026 at 6:00 PM');
  });
});
