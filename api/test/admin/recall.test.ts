import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { whatsAppRecallText } from '../../../shared/emails/whatsapp';
import { startTestApp, type TestApp } from '../support/test-app';

// PAT-6: the recall list: due, overdue, contacted; the recall email with a booking link; booking takes the
// patient off the list.

const NOW = '2026-11-23T05:00:00Z'; // 2026-11-23 in Kolkata

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: 'https://clinic.example.in' } });
  cookie = await app.signIn();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('invoices').delete().catch(() => undefined);
  await app.deps.knex('patients').delete();
});

async function patientWithVisit(name: string, lastVisit: string | null): Promise<number> {
  const [{ id }] = await app.deps
    .knex('patients')
    .insert({ firstName: name, lastName: 'Joshi', email: `${name.toLowerCase()}@example.in`, phone: '+919876500000' }, ['id']); // as stored (PAT-9)
  if (lastVisit) {
    await app.deps.knex('appointments').insert({
      patientId: id,
      firstName: name,
      lastName: 'Joshi',
      email: `${name.toLowerCase()}@example.in`,
      phone: '9876500000',
      treatment: 'cleaning',
      preferredDate: lastVisit,
      preferredTime: '11:00',
      status: 'completed',
    });
  }
  return id;
}

const list = async () => (await (await app.request('/api/admin/recall', { cookie })).json()) as { months: number; items: { patientId: number; state: string; dueDate: string }[] };

describe('the recall list', () => {
  it('lists patients six months after their last completed visit: due, then overdue', async () => {
    const due = await patientWithVisit('Due', '2026-05-20'); // due 2026-11-20
    const overdue = await patientWithVisit('Overdue', '2026-03-01'); // due 2026-09-01, more than 30 days ago
    await patientWithVisit('Recent', '2026-08-01');
    await patientWithVisit('Never', null);
    const { months, items } = await list();
    expect(months).toBe(6);
    expect(items.map((i) => [i.patientId, i.state])).toEqual([
      [overdue, 'overdue'],
      [due, 'due'],
    ]);
    expect(items[1].dueDate).toBe('2026-11-20');
  });

  it('sends the recall email with a booking link once and marks the patient contacted', async () => {
    const id = await patientWithVisit('Mail', '2026-05-01');
    const res = await app.request(`/api/admin/recall/${id}/email`, { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).state).toBe('contacted');
    const [mail] = await app.deps.knex('email_outbox').where({ kind: 'recall' });
    expect(mail.toAddress).toBe('mail@example.in');
    expect(mail.textBody).toContain('Book my check-up: https://clinic.example.in/contact#book');
    expect(mail.textBody).toContain('1 May 2026');
    expect((await list()).items[0].state).toBe('contacted');
  });

  it('marks contacted when the WhatsApp link is used; a patient not due answers 404', async () => {
    const id = await patientWithVisit('Chat', '2026-05-01');
    const recent = await patientWithVisit('Fresh', '2026-10-01');
    expect((await app.request(`/api/admin/recall/${id}/contacted`, { method: 'POST', cookie })).status).toBe(200);
    expect((await list()).items.find((i) => i.patientId === id)?.state).toBe('contacted');
    expect((await app.request(`/api/admin/recall/${recent}/email`, { method: 'POST', cookie })).status).toBe(404);
  });

  it('writes the recall email in the language of the last visit, with the booking form in that language', async () => {
    const id = await patientWithVisit('Meera', '2026-03-10');
    // An older visit in English, the last one booked in Marathi.
    await app.deps.knex('appointments').where({ patientId: id }).update({ language: 'mr', preferredDate: '2026-05-02' });
    await app.deps.knex('appointments').insert({
      patientId: id, firstName: 'Meera', lastName: 'Joshi', email: 'meera@example.in', phone: '9876500000',
      treatment: 'cleaning', preferredDate: '2026-01-05', preferredTime: '11:00', status: 'completed', language: 'en',
    });
    // The list gives the admin that language too: its WhatsApp recall text is written in it.
    const listed = (await (await app.request('/api/admin/recall', { cookie })).json()).items.find((i: { patientId: number }) => i.patientId === id);
    expect(listed.language).toBe('mr');
    expect(whatsAppRecallText(listed.firstName, listed.lastVisit, listed.language)).toContain('तुम्ही शेवटचे २ मे, २०२६ रोजी आला होता');
    expect((await app.request(`/api/admin/recall/${id}/email`, { method: 'POST', cookie })).status).toBe(200);
    const [mail] = await app.deps.knex('email_outbox').where({ kind: 'recall' });
    expect(mail.subject).toContain('दातांच्या तपासणीची वेळ झाली आहे');
    expect(mail.textBody).toContain('प्रिय Meera Joshi,');
    expect(mail.textBody).toContain('तुम्ही आमच्याकडे शेवटचे २ मे, २०२६ रोजी आला होता.');
    expect(mail.textBody).toContain('माझी तपासणी बुक करा: https://clinic.example.in/mr/contact#book');
    expect(mail.html).toContain('<html lang="mr-IN">');
  });

  it('booking takes the patient off the list', async () => {
    await patientWithVisit('Booker', '2026-05-01');
    expect((await list()).items).toHaveLength(1);
    const res = await app.request('/api/appointments', {
      method: 'POST',
      json: { firstName: 'Booker', lastName: 'Joshi', email: 'BOOKER@example.in', phone: '9876500000', preferredDate: '2026-11-30', preferredTime: '10:00', treatment: 'cleaning' },
    });
    expect(res.status).toBe(201);
    expect((await list()).items).toHaveLength(0);
  });
});
