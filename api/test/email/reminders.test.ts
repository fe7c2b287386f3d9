import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Scheduler } from '../../platform/scheduler';
import { productTasks } from '../../jobs/tasks';
import { createLogger } from '../../logger';
import { smtpMailer } from '../../platform/mail/mailer';
import { renderInvoiceAttachment } from '../../services/mail-attachments';
import { OutboxWorker } from '../../platform/mail/outbox-worker';
import { SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';
import { sendableBodies } from '../../services/appointments/manage-links';

// MAIL-9, MAIL-10, OPS-15: the reminder at the lead time (24 h), once, across restarts and processes.

const BOOKED_AT = '2026-11-23T05:00:00Z'; // Monday 10:30 in Kolkata
const booking = {
  firstName: 'Rohan',
  lastName: 'Patil',
  email: 'rohan@example.in',
  phone: '+91 98220 55555',
  preferredDate: '2026-11-26', // Thursday
  preferredTime: '18:00', // 12:30 UTC; the reminder is due 2026-11-25T12:30Z
  treatment: 'rootcanal',
};

let app: TestApp;
let cookie: string;
const silent = createLogger('silent');

beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: 'https://clinic.example.in' } });
  cookie = await app.signIn();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  app.clock.set(BOOKED_AT);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('scheduled_tasks').delete();
});

const schedulerOn = (target: TestApp) => new Scheduler({ knex: target.deps.knex, logger: silent, now: target.deps.now, tasks: productTasks(target.deps) });

async function bookAndConfirm(overrides: Partial<typeof booking> = {}): Promise<number> {
  const res = await app.request('/api/appointments', { method: 'POST', json: { ...booking, ...overrides } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const confirm = await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', json: { status: 'confirmed' }, cookie });
  expect(confirm.status).toBe(200);
  return id;
}

const reminders = () => app.deps.knex('email_outbox').where({ kind: 'appointment-reminder' }).orderBy('id');

function parseIcs(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const tz = calendar.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return { event, vevent, tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid') };
}

/** Sends everything in the outbox to a real SMTP peer and answers what it received. */
async function deliverOverSmtp() {
  const peer = await new SmtpPeer().start();
  const worker = new OutboxWorker({
    makeLinks: sendableBodies,
    knex: app.deps.knex,
    mailer: smtpMailer(peer.url, { secure: false, ignoreTLS: true }),
    logger: silent,
    from: 'Clinic <no-reply@clinic.test>',
    now: app.deps.now,
    renderAttachment: renderInvoiceAttachment,
  });
  try {
    await worker.drain();
    return peer.received;
  } finally {
    await worker.stop();
    await peer.stop();
  }
}

describe('the reminder', () => {
  it('is sent once at the lead time, with the .ics and the personal link', async () => {
    await bookAndConfirm();
    const scheduler = schedulerOn(app);

    app.clock.set('2026-11-25T12:29:00Z'); // 24 h 1 min before
    await scheduler.runDue();
    expect(await reminders()).toHaveLength(0);

    app.clock.set('2026-11-25T12:30:00Z');
    await scheduler.runDue();
    const [reminder] = await reminders();
    expect(reminder.toAddress).toBe('rohan@example.in');
    expect(reminder.subject).toContain('Reminder');
    // SEC-7: stored with a placeholder; the link is made as the email goes, and opens the appointment.
    expect(reminder.textBody).toContain('https://clinic.example.in/appointment/{personal-link}');
    expect(reminder.textBody).not.toMatch(/\/appointment\/[A-Za-z0-9_-]{43}/);
    const sentReminder = (await deliverOverSmtp()).find((m) => m.subject?.includes('Reminder'))!;
    const token = /https:\/\/clinic\.example\.in\/appointment\/([A-Za-z0-9_-]{43})/.exec(sentReminder.text ?? '')![1];
    expect((await app.request(`/api/appointment-links/${token}`)).status).toBe(200);

    // Later passes (a minute on, and an hour on) send nothing more.
    for (const at of ['2026-11-25T12:32:00Z', '2026-11-25T13:40:00Z']) {
      app.clock.set(at);
      await scheduler.runDue();
    }
    expect(await reminders()).toHaveLength(1);

    const { event, tzid } = parseIcs(reminder.attachments[0].content);
    expect(tzid).toBe('Asia/Kolkata');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-26T12:30:00.000Z');
    expect(event.startDate.hour).toBe(18);
    expect(event.location).toContain('Spine Road');
  });

  it('the confirmation carries the .ics and the personal link, and both arrive over SMTP', async () => {
    await bookAndConfirm();
    const received = await deliverOverSmtp();
    const ack = received.find((m) => m.subject?.startsWith('We received your appointment request'))!;
    expect(ack.text).toMatch(/Manage my appointment: https:\/\/clinic\.example\.in\/appointment\/[A-Za-z0-9_-]{43}/);
    const confirmation = received.find((m) => m.subject?.includes('confirmed'))!;
    expect(confirmation.text).toMatch(/\/appointment\/[A-Za-z0-9_-]{43}/);
    const ics = confirmation.attachments.find((a) => a.contentType.startsWith('text/calendar'))!;
    const { event } = parseIcs(ics.content.toString('utf8'));
    expect(event.summary).toContain('Root Canal');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-26T12:30:00.000Z');
  });

  it('the reschedule email (staff move and approved request) carries a working personal link and the .ics at the new time, over SMTP', async () => {
    const id = await bookAndConfirm({ language: 'mr' } as Partial<typeof booking>);
    const pending = await app.request('/api/appointments', {
      method: 'POST',
      json: { ...booking, email: 'pending@example.in', phone: '9000000003', preferredTime: '19:00' },
    });
    expect(pending.status).toBe(201);
    const pendingId = ((await pending.json()) as { id: number }).id;

    // The front desk moves the confirmed one to Saturday 11:00, and the pending one to Friday 12:00.
    app.clock.set('2026-11-23T06:00:00Z');
    const reschedule = (which: number, preferredDate: string, preferredTime: string) =>
      app.request(`/api/admin/appointments/${which}/reschedule`, { method: 'PATCH', json: { preferredDate, preferredTime }, cookie });
    expect((await reschedule(id, '2026-11-28', '11:00')).status).toBe(200);
    expect((await reschedule(pendingId, '2026-11-27', '12:00')).status).toBe(200);

    // The patient then asks for Monday 17:00 from the page; the clinic approves it (a reschedule too).
    app.clock.set('2026-11-23T07:00:00Z');
    // The acknowledgement as the patient got it (SEC-7: its link is made when it is sent); the mail so far too.
    const early = await deliverOverSmtp();
    const ack = early.find((m) => JSON.stringify(m.to).includes('rohan@'))!;
    const ackToken = /\/appointment\/([A-Za-z0-9_-]{43})/.exec(ack.text ?? '')![1];
    const asked = await app.postForm(`/appointment/${ackToken}/request`, { slot: '2026-11-30T17:00' });
    expect(asked.headers.get('location')).toBe(`/appointment/${ackToken}/requested`);
    expect((await app.request(`/api/admin/appointments/${id}/approve-request`, { method: 'POST', cookie })).status).toBe(200);

    const received = [...early, ...(await deliverOverSmtp())];
    const confirmation = received.find((m) => m.to && JSON.stringify(m.to).includes('rohan@') && m.subject?.includes('निश्चित'))!;
    const confirmationUid = parseIcs(confirmation.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString('utf8')).event.uid;
    const confirmationSequence = parseIcs(confirmation.attachments[0].content.toString('utf8')).event.sequence;

    // The patient's two reschedule emails, in Marathi (the booking's language), oldest first.
    const moves = received.filter((m) => JSON.stringify(m.to).includes('rohan@') && m.subject?.includes('वेळ बदलली'));
    expect(moves.map((m) => m.subject)).toEqual([
      expect.stringContaining('२८ नोव्हेंबर'),
      expect.stringContaining('३० नोव्हेंबर'),
    ]);
    const expected = [
      { start: '2026-11-28T05:30:00.000Z', day: '२८ नोव्हेंबर, २०२६' },
      { start: '2026-11-30T11:30:00.000Z', day: '३० नोव्हेंबर, २०२६' },
    ];
    let lastSequence = confirmationSequence;
    for (const [i, mail] of moves.entries()) {
      expect(mail.text).toContain('माझी अपॉइंटमेंट पाहा: https://clinic.example.in/appointment/');
      expect(mail.text).toContain('कॅलेंडरमधील अपॉइंटमेंट नवीन वेळेवर जाईल');
      // The link in the email opens this appointment (at its time now: the second move's).
      const token = /https:\/\/clinic\.example\.in\/appointment\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1];
      const view = await app.request(`/api/appointment-links/${token}`);
      expect(view.status).toBe(200);
      expect(await view.json()).toMatchObject({ firstName: 'Rohan', preferredDate: '2026-11-30', preferredTime: '17:00', language: 'mr' });
      expect(mail.text).toContain(`नवीन तारीख: ${expected[i].day}`);
      // The .ics: the same calendar entry (UID) at the new time, with a higher SEQUENCE, so calendars move it.
      const ics = mail.attachments.filter((a) => a.contentType.startsWith('text/calendar'));
      expect(ics).toHaveLength(1);
      const { event, tzid } = parseIcs(ics[0].content.toString('utf8'));
      expect(tzid).toBe('Asia/Kolkata');
      expect(event.uid).toBe(confirmationUid);
      expect(event.startDate.toJSDate().toISOString()).toBe(expected[i].start);
      expect(event.sequence).toBeGreaterThan(lastSequence);
      lastSequence = event.sequence;
    }

    // A pending appointment has no calendar entry to move: the link, and no .ics.
    const pendingMove = received.find((m) => JSON.stringify(m.to).includes('pending@') && m.subject?.includes('has moved'))!;
    expect(pendingMove.subject).toContain('27 November 2026, 12:00 PM');
    expect(pendingMove.text).toMatch(/Manage my appointment: https:\/\/clinic\.example\.in\/appointment\/[A-Za-z0-9_-]{43}/);
    expect(pendingMove.text).not.toContain('calendar file');
    expect(pendingMove.attachments.filter((a) => a.contentType.startsWith('text/calendar'))).toHaveLength(0);
  });

  it('is not sent for a cancelled appointment', async () => {
    const id = await bookAndConfirm();
    const cancel = await app.request(`/api/admin/appointments/${id}`, { method: 'PUT', json: { status: 'cancelled' }, cookie });
    expect(cancel.status).toBe(200);
    app.clock.set('2026-11-25T13:00:00Z');
    await schedulerOn(app).runDue();
    expect(await reminders()).toHaveLength(0);
  });

  it('moves with a reschedule', async () => {
    const id = await bookAndConfirm();
    app.clock.set('2026-11-25T12:30:00Z');
    await schedulerOn(app).runDue();
    expect(await reminders()).toHaveLength(1);

    // Rescheduled to Saturday 11:00 (05:30 UTC): the reminder is due again on Friday at 05:30 UTC.
    const moved = await app.request(`/api/admin/appointments/${id}/reschedule`, {
      method: 'PATCH',
      json: { preferredDate: '2026-11-28', preferredTime: '11:00' },
      cookie,
    });
    expect(moved.status).toBe(200);
    app.clock.set('2026-11-27T05:29:00Z');
    await schedulerOn(app).runDue();
    expect(await reminders()).toHaveLength(1);
    app.clock.set('2026-11-27T05:31:00Z');
    await schedulerOn(app).runDue();
    const all = await reminders();
    expect(all).toHaveLength(2);
    expect(all[1].subject).toContain('28 November 2026');
  });

  it('survives a restart: one due while the server was down goes out once when it is back', async () => {
    await bookAndConfirm();
    const before = schedulerOn(app);
    await before.runDue();
    await before.stop();
    // Down from Monday until Wednesday evening, past the lead time; the appointment has not started.
    app.clock.set('2026-11-25T20:00:00Z');
    const after = schedulerOn(app);
    await after.runDue();
    await after.runDue();
    expect(await reminders()).toHaveLength(1);
  });

  it('two server processes send it once', async () => {
    await bookAndConfirm();
    await bookAndConfirm({ email: 'second@example.in', phone: '9000000002', preferredTime: '19:00' });
    const second = await startTestApp({ db: app.db, config: { publicUrl: 'https://clinic.example.in' } });
    try {
      second.clock.set('2026-11-25T14:00:00Z');
      app.clock.set('2026-11-25T14:00:00Z');
      // Several passes of both processes at once, and the task's lease forced open between them.
      for (let i = 0; i < 3; i++) {
        await Promise.all([schedulerOn(app).runDue(), schedulerOn(second).runDue(), schedulerOn(app).runDue()]);
        await app.deps.knex('scheduled_tasks').update({ nextRunAt: new Date('2026-11-25T13:00:00Z'), lockedUntil: null });
      }
      const sent = await reminders();
      expect(sent.map((r) => r.toAddress).sort()).toEqual(['rohan@example.in', 'second@example.in']);
    } finally {
      await second.close();
    }
  });
});
