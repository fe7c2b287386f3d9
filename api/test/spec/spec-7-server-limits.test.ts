import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { clinic } from '../../../shared/constants/clinic';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, bookingPayload, client, insertAppointment, patientPayload } from '../support/spec-api';

// SPEC 9's constants and limits as the server holds them on SPEC 7's calls (the slots are in spec-9-slots).

const CODES = [
  'consultation', 'cleaning', 'extraction', 'crown', 'dentures', 'veneer', 'implants', 'whitening', 'wisdom',
  'restoration', 'braces', 'bonding', 'fluoride', 'invisalign', 'rootcanal', 'fillings', 'sealants', 'fissure',
  'periodontal', 'other',
];

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(SPEC_NOW);
  await app.deps.knex('appointments').delete();
});

const admin = () => client(app, cookie);

describe('SPEC 9 limits on the API', () => {
  it(spec('SPEC 9', 'Booking treatment codes (20): consultation, cleaning, extraction, crown, dentures, veneer, implants, whitening, wisdom, restoration, braces, bonding, fluoride, invisalign, rootcanal, fillings, sealants, fissure, periodontal, other.', 'D12'), async () => {
    const times = ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00'];
    for (const [i, treatment] of CODES.entries()) {
      const res = await client(app).post('/api/appointments', {
        ...bookingPayload,
        email: `${treatment}@example.in`,
        phone: `98220123${String(i).padStart(2, '0')}`,
        preferredDate: ['2026-11-24', '2026-11-25', '2026-11-26'][i % 3],
        preferredTime: times[Math.floor(i / 3)],
        treatment,
      });
      expect(res.status, treatment).toBe(201);
    }
    for (const unknown of ['Cleaning', 'root-canal', 'teeth-whitening', 'xray']) {
      const res = await client(app).post('/api/appointments', { ...bookingPayload, treatment: unknown });
      expect(res.status, unknown).toBe(400);
      expect(res.body.fields.treatment, unknown).toBe('Please select a valid treatment');
    }
  });

  it(spec('SPEC 9', 'Gallery categories: all (filter only), clinic, equipment, team, treatments, before-after'), async () => {
    for (const category of ['clinic', 'equipment', 'team', 'treatments', 'before-after']) {
      const res = await admin().post('/api/admin/gallery', { title: `In ${category}`, imageUrl: '/images/x.jpg', category });
      expect(res.status, category).toBe(201);
      expect(res.body.category).toBe(category);
    }
    for (const category of ['all', 'Before & After', 'staff']) {
      expect((await admin().post('/api/admin/gallery', { title: 'Bad', imageUrl: '/images/x.jpg', category })).status, category).toBe(400);
    }
    const team = await admin().get('/api/admin/gallery?category=team');
    expect(team.body.map((g: { title: string }) => g.title)).toEqual(['In team']);
    const all = await admin().get('/api/admin/gallery?category=all');
    expect(all.body.length).toBeGreaterThanOrEqual(5);
  });

  it(spec('SPEC 9', 'default clinic; order integer >= 0, default 0, ascending'), async () => {
    await app.deps.knex('gallery_images').delete();
    const third = await admin().post('/api/admin/gallery', { title: 'Third', imageUrl: '/images/3.jpg', order: 7 });
    const first = await admin().post('/api/admin/gallery', { title: 'First', imageUrl: '/images/1.jpg' });
    const second = await admin().post('/api/admin/gallery', { title: 'Second', imageUrl: '/images/2.jpg', order: 2 });
    expect(first.body).toMatchObject({ category: 'clinic', order: 0 });
    expect((await admin().post('/api/admin/gallery', { title: 'Half', imageUrl: '/images/h.jpg', order: 1.5 })).status).toBe(400);
    const ids = [first.body.id, second.body.id, third.body.id];
    expect((await admin().get('/api/admin/gallery')).body.map((g: { id: number }) => g.id)).toEqual(ids);
    expect((await client(app).get('/api/gallery')).body.map((g: { id: number }) => g.id)).toEqual(ids);
  });

  it(spec('SPEC 9', 'Appointment status filter: all, pending, confirmed, completed, cancelled.', 'D10'), async () => {
    for (const [i, status] of ['pending', 'confirmed', 'completed', 'cancelled'].entries()) {
      await insertAppointment(app, { status, firstName: `Status${'abcd'[i]}`, preferredDate: '2026-11-20' });
    }
    const names = async (status: string) => (await admin().get(`/api/admin/appointments?status=${status}`)).body.map((a: { status: string }) => a.status);
    expect(await names('all')).toHaveLength(4);
    for (const status of ['pending', 'confirmed', 'completed', 'cancelled']) expect(await names(status)).toEqual([status]);
  });

  it(spec('SPEC 9', 'Limits: image upload 5 MB, image files only', 'D18'), async () => {
    const upload = (bytes: Buffer, type: string) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'file.png');
      return app.request('/api/admin/upload', { method: 'POST', body: form, cookie });
    };
    const header = Buffer.from('\x89PNG\r\n\x1a\n', 'latin1');
    // Exactly 5 MB is within the limit: refused for its bytes (not a real picture), not for its size.
    const exact = await upload(Buffer.concat([header, Buffer.alloc(5 * 1024 * 1024 - header.length, 1)]), 'image/png');
    expect(exact.status).not.toBe(413);
    const over = await upload(Buffer.concat([header, Buffer.alloc(5 * 1024 * 1024 - header.length + 1, 1)]), 'image/png');
    expect(over.status).toBe(413);
    expect((await upload(Buffer.from('GIF? no, text'), 'image/gif')).status).toBe(415);
  });

  it(spec('SPEC 9', 'password minimum 6', 'D7'), async () => {
    const five = await client(app).post('/api/auth/login', { email: ADMIN.email, password: 'abcde' });
    expect(five.status).toBe(400);
    expect(five.body.fields.password).toBe('Password must be at least 6 characters');
    // Six characters pass the form's rule and reach the password check (401, not 400).
    expect((await client(app).post('/api/auth/login', { email: ADMIN.email, password: 'abcdef' })).status).toBe(401);
  });

  it(spec('SPEC 9', 'names minimum 2; phone minimum 10'), async () => {
    expect((await client(app).post('/api/appointments', { ...bookingPayload, firstName: 'Jo', lastName: 'Li' })).status).toBe(201);
    expect((await client(app).post('/api/appointments', { ...bookingPayload, firstName: 'J' })).status).toBe(400);
    expect((await admin().post('/api/admin/patients', { ...patientPayload, firstName: 'Om', lastName: 'Ra', phone: '9123456789' })).status).toBe(201);
    expect((await admin().post('/api/admin/patients', { ...patientPayload, firstName: 'O', phone: '9123456788' })).status).toBe(400);
    expect((await admin().post('/api/admin/patients', { ...patientPayload, phone: '912345678' })).status).toBe(400);
  });

  it(spec('SPEC 9', 'Follow-up email dates use en-GB format and the email holds the previous appointment (date, time, treatment, notes), the suggested date, an optional clinic message and clinic contact details.', 'D45'), async () => {
    // A visitor's booking: its notes are the patient's words (D45), shown back to them.
    const booked = await client(app).post('/api/appointments', { ...bookingPayload, email: 'followed@example.in', notes: 'Sensitive teeth' });
    await app.deps.knex('appointments').where({ id: booked.body.id }).update({ status: 'completed' });
    await app.deps.knex('email_outbox').delete();
    const res = await admin().post(`/api/admin/appointments/${booked.body.id}/follow-up`, {
      followUpDate: '2026-12-09T04:30:00.000Z',
      customMessage: 'Please come for the crown fitting.',
    });
    expect(res.status).toBe(200);
    const [mail] = await app.deps.knex('email_outbox').where({ kind: 'appointment-follow-up' }).select('toAddress', 'textBody');
    expect(mail.toAddress).toBe('followed@example.in');
    expect(mail.textBody).toContain('Date: 09/12/2026'); // the suggested date, en-GB day/month/year
    expect(mail.textBody).toContain('Date: 24/11/2026'); // the previous appointment
    expect(mail.textBody).toContain('Time: 10:00 AM');
    expect(mail.textBody).toContain('Treatment: Teeth Cleaning');
    expect(mail.textBody).toContain('Sensitive teeth');
    expect(mail.textBody).toContain('Please come for the crown fitting.');
    for (const contact of [clinic.phone, clinic.email]) expect(mail.textBody).toContain(contact);

    // A staff booking's notes are internal (D43) and stay out.
    const staff = await insertAppointment(app, { status: 'completed', preferredDate: '2026-11-20', source: 'staff', notes: 'Owes 500', email: 'desk@example.in' });
    await admin().post(`/api/admin/appointments/${staff}/follow-up`, { followUpDate: '2026-12-09T04:30:00.000Z' });
    const [deskMail] = await app.deps.knex('email_outbox').where({ toAddress: 'desk@example.in' }).select('textBody');
    expect(deskMail.textBody).not.toContain('Owes 500');
    expect(deskMail.textBody).not.toContain('A message from the clinic');
  });
});
