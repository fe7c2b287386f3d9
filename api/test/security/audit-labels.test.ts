import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_LABELS, ENTITY_THINGS, FIELD_LABELS, HIDDEN_FIELDS, actionSentence } from '../../../shared/domain/audit-text';
import { formatPhone } from '../../../shared/domain/phone';
import type { AuditPage, AuditRow } from '../../../shared/schemas/audit';
import { auditCalls } from '../support/audit-calls';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { up as writeMissingCreateRows } from '../../db/migrations/115-booking-create-rows';

// ADMIN-25..ADMIN-27: the audit trail reads as sentences an owner understands, with a label for every
// action, kind of record and field the code writes, values as the screens show them, each row headed by the
// state of its record at the row's time, and a create row for every booking whatever its channel.

let app: TestApp;
let owner: string;

beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  // Monday 23 November 2026, 10:30 in Pune.
  app.clock.set('2026-11-23T05:00:00Z');
  // The owner is Priya here: the sentences name whoever made the change.
  await app.deps.knex('users').where({ email: ADMIN.email }).update({ displayName: 'Priya' });
  owner = await app.signIn();
});
afterAll(() => app?.close());

const SETTINGS_FILE = 'shared/domain/audit-text.ts';

/** The tables whose rows changedFields() compares whole: each column is a field the trail may show. */
const TABLES: Record<string, string> = {
  'patient': 'patients',
  'user': 'users',
  'price-list-item': 'price_list',
  'blog-post': 'blog_posts',
  'gallery-image': 'gallery_images',
  'appointment': 'appointments',
  'review': 'reviews',
  'invoice': 'invoices',
};

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

async function columnsOf(table: string): Promise<string[]> {
  const result = await app.deps.knex.raw('select column_name from information_schema.columns where table_name = ? order by ordinal_position', [table]);
  const rows = (result.rows ?? result) as { column_name?: string; columnName?: string }[];
  return rows.map((r) => camel(String(r.column_name ?? r.columnName)));
}

async function trail(query: string): Promise<AuditRow[]> {
  const res = await app.request(`/api/admin/audit?${query}`, { cookie: owner });
  expect(res.status).toBe(200);
  return ((await res.json()) as AuditPage).rows;
}

describe('every action, record and field the code writes has a label (ADMIN-26)', () => {
  it('finds the audit calls of the code and a label for each of their actions, records and fields', async () => {
    const calls = auditCalls();
    expect(calls.length).toBeGreaterThan(80);
    const missing: string[] = [];
    for (const call of calls) {
      if (call.actions.length === 0 || call.entities.length === 0) missing.push(`${call.where}: write its action and entity as text the label test can read ('create'), or a const whose value lists them`);
      for (const entity of call.entities) {
        if (!ENTITY_LABELS[entity]) missing.push(`${call.where}: kind of record '${entity}' has no label: add '${entity}': '...' to ENTITY_LABELS in ${SETTINGS_FILE}`);
        if (!ENTITY_THINGS[entity]) missing.push(`${call.where}: kind of record '${entity}' has no name in sentences: add '${entity}': { named, unnamed } to ENTITY_THINGS in ${SETTINGS_FILE}`);
        for (const action of call.actions) {
          if (!actionSentence(entity, action)) missing.push(`${call.where}: action '${action}' on '${entity}' has no sentence: add '${entity}:${action}' (or '${action}') to ACTION_SENTENCES in ${SETTINGS_FILE}`);
        }
      }
      for (const field of call.fields) {
        if (!FIELD_LABELS[field] && !HIDDEN_FIELDS.has(field)) missing.push(`${call.where}: field '${field}' has no label: add ${field}: '...' to FIELD_LABELS (or to HIDDEN_FIELDS) in ${SETTINGS_FILE}`);
      }
    }
    // Records audited whole (changedFields of a row): every column of their table.
    const whole = new Set(calls.filter((c) => c.fromRecord).flatMap((c) => c.entities));
    for (const entity of whole) {
      if (entity === 'clinic-settings') continue;
      const table = TABLES[entity];
      if (!table) {
        missing.push(`'${entity}' is audited with changedFields(): name its table in TABLES of api/test/security/audit-labels.test.ts`);
        continue;
      }
      for (const column of await columnsOf(table)) {
        if (!FIELD_LABELS[column] && !HIDDEN_FIELDS.has(column)) missing.push(`${table}.${column} (${entity}) has no label: add ${column}: '...' to FIELD_LABELS (or to HIDDEN_FIELDS) in ${SETTINGS_FILE}`);
      }
    }
    const settings = await (await app.request('/api/admin/clinic-settings', { cookie: owner })).json();
    for (const key of Object.keys(settings)) if (!FIELD_LABELS[key] && !HIDDEN_FIELDS.has(key)) missing.push(`clinic setting '${key}' has no label: add ${key}: '...' to FIELD_LABELS in ${SETTINGS_FILE}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('finds an action, a record and a field that have no label', () => {
    expect(actionSentence('lab-order', 'dispatch')).toBeUndefined();
    expect(ENTITY_LABELS['lab-order']).toBeUndefined();
    expect(FIELD_LABELS.labOrderNumber).toBeUndefined();
    // The ones the issue named by their raw names read as words.
    expect(actionSentence('patient', 'read-medical-history')).toBe("{who} opened {whose} medical history");
    expect(actionSentence('appointment', 'request-time')).toContain('asked to move');
    expect(ENTITY_LABELS['closed-date']).toBe('Closed date');
  });
});

describe('the trail in sentences (ADMIN-25, ADMIN-27)', () => {
  let patientId: number;
  let appointmentId: number;

  it("says who moved whose appointment from when to when, each row headed by the appointment's time then", async () => {
    const made = await app.request('/api/admin/patients', { method: 'POST', cookie: owner, json: { firstName: 'Kabir', lastName: 'Deshmukh', phone: '9823012345' } });
    expect(made.status).toBe(201);
    patientId = (await made.json()).id;
    const booked = await app.request('/api/admin/appointments', {
      method: 'POST',
      cookie: owner,
      json: { patientId, firstName: 'Kabir', lastName: 'Deshmukh', phone: '9823012345', preferredDate: '2026-12-08', preferredTime: '11:00', treatment: 'cleaning' },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    appointmentId = (await booked.json()).id;
    const moved = await app.request(`/api/admin/appointments/${appointmentId}/reschedule`, { method: 'PATCH', cookie: owner, json: { preferredDate: '2026-12-10', preferredTime: '11:00' } });
    expect(moved.status).toBe(200);

    const rows = await trail(`entity=appointment&entityId=${appointmentId}`);
    expect(rows.map((r) => [r.action, r.sentence, r.subject])).toEqual([
      ['reschedule', "Priya moved Kabir Deshmukh's appointment from 8 December 2026, 11:00 AM to 10 December 2026, 11:00 AM", 'Kabir Deshmukh, 10/12/2026, 11:00 AM'],
      // The create row names the time the appointment had when it was made, not its time now.
      ['create', "Priya booked Kabir Deshmukh's appointment for 8 December 2026, 11:00 AM", 'Kabir Deshmukh, 08/12/2026, 11:00 AM'],
    ]);
    // The date and time are in the sentence; the rest is labelled and written as the screens write it.
    expect(rows[1].details).toEqual(
      expect.arrayContaining([
        { field: 'treatment', label: 'Treatment', old: '—', new: expect.stringMatching(/clean/i) },
        { field: 'language', label: 'Language', old: '—', new: 'English' },
        { field: 'source', label: 'Booked through', old: '—', new: 'the front desk' },
        { field: 'status', label: 'Status', old: '—', new: 'Confirmed' },
      ]),
    );
    expect(rows[1].details.map((d) => d.field)).not.toContain('preferredDate');
    expect(rows[0].details).toEqual([]);
  });

  it('writes a phone as the screens show it and a patient by name', async () => {
    const changed = await app.request(`/api/admin/patients/${patientId}`, { method: 'PUT', cookie: owner, json: { firstName: 'Kabir', lastName: 'Deshmukh', phone: '9823099999' } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const [update, create] = await trail(`entity=patient&entityId=${patientId}`);
    expect(update.sentence).toBe("Priya changed Kabir Deshmukh's details");
    expect(update.details).toContainEqual({ field: 'phone', label: 'Phone', old: formatPhone('9823012345'), new: formatPhone('9823099999') });
    expect(formatPhone('9823012345')).not.toBe('9823012345');
    expect(create.sentence).toBe('Priya added the patient Kabir Deshmukh');
    expect(create.subject).toBe('Kabir Deshmukh');
  });

  it('names a read of clinical data and a closed date in words', async () => {
    expect((await app.request(`/api/admin/patients/${patientId}/medical-history`, { cookie: owner })).status).toBe(200);
    const [read] = await trail(`entity=patient&entityId=${patientId}`);
    expect(read.sentence).toBe("Priya opened Kabir Deshmukh's medical history");

    expect((await app.request('/api/admin/closed-dates', { method: 'POST', cookie: owner, json: { date: '2026-12-12', reason: 'Staff training' } })).status).toBe(201);
    const [closed] = await trail('entity=closed-date');
    expect(closed.sentence).toBe('Priya closed the clinic on 12 December 2026');
    expect(closed.subject).toBe('12/12/2026');
    expect(closed.details).toEqual([{ field: 'reason', label: 'Reason', old: '—', new: 'Staff training' }]);
  });

  it('shows an hours change as the days that changed, not all seven', async () => {
    const settings = await (await app.request('/api/admin/clinic-settings', { cookie: owner })).json();
    const res = await app.request('/api/admin/clinic-settings', {
      method: 'PUT',
      cookie: owner,
      json: { ...settings, openingHours: { ...settings.openingHours, sunday: [{ open: '10:00', close: '14:00' }] } },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await trail('entity=clinic-settings');
    expect(row.sentence).toBe('Priya changed the clinic settings');
    expect(row.details.filter((d) => d.field.startsWith('openingHours'))).toEqual([
      { field: 'openingHours.sunday', label: 'Sunday hours', old: 'Closed', new: '10:00 AM - 2:00 PM' },
    ]);
  });

  it('writes a create row for a website booking, in the patient’s name', async () => {
    const res = await app.request('/api/appointments', {
      method: 'POST',
      json: { firstName: 'Aarav', lastName: 'Shinde', email: 'aarav@example.in', phone: '9876501234', preferredDate: '2026-12-09', preferredTime: '17:00', treatment: 'cleaning', language: 'mr' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = (await res.json()).id;
    const rows = await trail(`entity=appointment&entityId=${id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      userId: null,
      sentence: 'Aarav Shinde booked an appointment on the website for 9 December 2026, 5:00 PM',
      subject: 'Aarav Shinde, 09/12/2026, 5:00 PM',
    });
    expect(rows[0].details).toEqual(
      expect.arrayContaining([
        { field: 'language', label: 'Language', old: '—', new: 'Marathi' },
        { field: 'source', label: 'Booked through', old: '—', new: 'the website' },
      ]),
    );
  });
});

describe('bookings made before every channel wrote a create row (migration 115)', () => {
  it('get one, by the website or the staff member, naming the time first booked; once only', async () => {
    const insert = (row: object) => app.deps.knex('appointments').insert({ email: null, treatment: 'cleaning', language: 'hi', createdAt: new Date('2026-11-20T06:00:00Z'), updatedAt: new Date('2026-11-20T06:00:00Z'), ...row }).returning('id');
    const [{ id: online }] = await insert({ firstName: 'Meera', lastName: 'Kulkarni', phone: '9822000001', preferredDate: '2026-12-15', preferredTime: '18:00' });
    const [{ id: desk }] = await insert({ firstName: 'Rohan', lastName: 'Joshi', phone: '9822000002', preferredDate: '2026-12-16', preferredTime: '10:00', source: 'staff', bookedByName: 'Priya' });
    // The website's booking was moved once since: its create row names the time it was booked for.
    await app.deps.knex('auditLog').insert({
      at: new Date('2026-11-21T06:00:00Z'), userName: 'Priya', action: 'reschedule', entity: 'appointment', entityId: String(online),
      changes: JSON.stringify({ preferredDate: { old: '2026-12-14', new: '2026-12-15' }, preferredTime: { old: '17:00', new: '18:00' } }),
    });
    await writeMissingCreateRows(app.deps.knex);
    await writeMissingCreateRows(app.deps.knex);

    const [moved, made] = await trail(`entity=appointment&entityId=${online}`);
    expect(moved.sentence).toBe("Priya moved Meera Kulkarni's appointment from 14 December 2026, 5:00 PM to 15 December 2026, 6:00 PM");
    expect(made).toMatchObject({ action: 'create', at: '2026-11-20T06:00:00.000Z', sentence: 'Meera Kulkarni booked an appointment on the website for 14 December 2026, 5:00 PM', subject: 'Meera Kulkarni, 14/12/2026, 5:00 PM' });
    expect(made.details).toEqual(expect.arrayContaining([{ field: 'language', label: 'Language', old: '—', new: 'Hindi' }, { field: 'recordedLater', label: expect.any(String), old: '—', new: 'Yes' }]));
    const [byDesk] = await trail(`entity=appointment&entityId=${desk}`);
    expect(byDesk.sentence).toBe("Priya booked Rohan Joshi's appointment for 16 December 2026, 10:00 AM");
    // A booking that had its create row gets no second one.
    const creates = await app.deps.knex('auditLog').where({ entity: 'appointment', action: 'create' }).select('entityId');
    expect(creates.length).toBe(new Set(creates.map((c) => c.entityId)).size);
  });
});
