import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import type { AuditPage, AuditRow } from '../../../shared/schemas/audit';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { audit, withAuditClock } from '../../platform/audit';
import { mountedRoutes } from '../support/routes';
import { ADMIN, cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// DATA-1, DATA-4..DATA-6: every change through the admin appends one row, in the same transaction as the change;
// no route and no SQL statement of the product changes or removes a row; secrets never reach it; the
// owner reads it, filtered and paged.

let app: TestApp;
let owner: string;
let ownerId: number;

beforeAll(async () => {
  app = await startTestApp();
  // 10:00 on a Monday in Pune, for every row here: the rows are stamped by the app's clock (CLINIC-12).
  app.clock.set('2026-11-23T04:30:00Z');
  owner = await app.signIn();
  ownerId = (await app.deps.knex('users').where({ email: ADMIN.email }).first('id')).id;
});
afterAll(() => app?.close());

const lastId = async () => Number((await app.deps.knex('auditLog').max('id as id').first())?.id ?? 0);
const rowsAfter = async (id: number): Promise<AuditRow[]> =>
  (await app.deps.knex('auditLog').where('id', '>', id).orderBy('id')).map((r) => ({ ...r, id: String(r.id) }));

/** Runs one request and answers the audit rows it wrote. */
async function audited(path: string, init: Parameters<TestApp['request']>[1], status: number): Promise<{ rows: AuditRow[]; body: unknown }> {
  const before = await lastId();
  const res = await app.request(path, { cookie: owner, ...init });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return { rows: await rowsAfter(before), body: text ? JSON.parse(text) : null };
}

function invoiceBody(patientId: number) {
  const items = [{ description: 'Scaling', quantity: 1, unitPrice: 1500, sacCode: '999312', taxRate: 0 }];
  const totals = computeInvoiceTotals(items, 0, { registered: false });
  return {
    patientId,
    dueDate: '',
    taxPercentage: 0,
    subtotal: totals.subtotal,
    taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount,
    notes: '',
    items: items.map((item, i) => ({ ...item, totalPrice: totals.items[i].totalPrice })),
  };
}

const patient = { firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '9876543210', address: 'Moshi, Pune', dateOfBirth: '1990-04-01' };

describe('every audited action writes exactly one row', () => {
  it('patients: create, update (changed fields old and new), delete', async () => {
    const created = await audited('/api/admin/patients', { method: 'POST', json: patient }, 201);
    const id = (created.body as { id: number }).id;
    expect(created.rows).toHaveLength(1);
    expect(created.rows[0]).toMatchObject({ action: 'create', entity: 'patient', entityId: String(id), userId: ownerId, userName: ADMIN.name });
    expect(created.rows[0].changes).toMatchObject({ firstName: { old: null, new: 'Asha' } });

    const updated = await audited(`/api/admin/patients/${id}`, { method: 'PUT', json: { ...patient, phone: '9123456780' } }, 200);
    expect(updated.rows).toHaveLength(1);
    expect(updated.rows[0]).toMatchObject({ action: 'update', entity: 'patient', changes: { phone: { old: '+919876543210', new: '+919123456780' } } });
    expect(Object.keys(updated.rows[0].changes!)).toEqual(['phone']);

    const deleted = await audited(`/api/admin/patients/${id}`, { method: 'DELETE' }, 204);
    expect(deleted.rows).toMatchObject([{ action: 'delete', entity: 'patient', entityId: String(id), changes: { lastName: { old: 'Patil', new: null } } }]);
  });

  it('invoices: create, send, payment, mark paid, cancel', async () => {
    const p = await app.request('/api/admin/patients', { method: 'POST', cookie: owner, json: patient });
    const patientId = (await p.json()).id;
    const created = await audited('/api/admin/invoices', { method: 'POST', json: invoiceBody(patientId) }, 201);
    const id = (created.body as { id: number }).id;
    expect(created.rows).toMatchObject([{ action: 'create', entity: 'invoice', entityId: String(id) }]);

    const sent = await audited(`/api/admin/invoices/${id}/send`, { method: 'POST' }, 200);
    expect(sent.rows).toMatchObject([{ action: 'send', entity: 'invoice', changes: { sentTo: { new: 'asha@example.in' } } }]);

    const today = clinicToday(app.clock.now()); // the invoice's date is the clinic's day, not UTC's
    const paid = await audited(`/api/admin/invoices/${id}/payments`, { method: 'POST', json: { amount: 500, paidOn: today, mode: 'upi', reference: 'UTR 1' } }, 201);
    expect(paid.rows).toMatchObject([{ action: 'payment', entity: 'invoice', changes: { amountPaid: { old: '0.00', new: '500.00' } } }]);

    const marked = await audited(`/api/admin/invoices/${id}/mark-paid`, { method: 'PATCH' }, 200);
    expect(marked.rows).toMatchObject([{ action: 'mark-paid', entity: 'invoice', changes: { status: { old: 'pending', new: 'paid' } } }]);

    const cancelled = await audited(`/api/admin/invoices/${id}`, { method: 'DELETE' }, 204);
    expect(cancelled.rows).toMatchObject([{ action: 'cancel', entity: 'invoice', changes: { status: { old: 'paid', new: 'cancelled' } } }]);
  });

  it('price list, blog, gallery and a site setting', async () => {
    const item = await audited('/api/admin/price-list', { method: 'POST', json: { name: 'Night guard', defaultPrice: 3000, taxRate: 0 } }, 201);
    const itemId = (item.body as { id: number }).id;
    expect(item.rows).toMatchObject([{ action: 'create', entity: 'price-list-item', entityId: String(itemId) }]);
    const repriced = await audited(`/api/admin/price-list/${itemId}`, { method: 'PUT', json: { name: 'Night guard', defaultPrice: 3500, taxRate: 0 } }, 200);
    expect(repriced.rows).toMatchObject([{ action: 'update', changes: { defaultPrice: { old: 3000, new: 3500 } } }]);
    expect((await audited(`/api/admin/price-list/${itemId}`, { method: 'DELETE' }, 204)).rows).toMatchObject([{ action: 'delete', entity: 'price-list-item' }]);

    const post = await audited('/api/admin/blog-posts', { method: 'POST', json: { title: 'Brushing', excerpt: 'How', content: '<p>Twice a day</p>', isPublished: false } }, 201);
    const postId = (post.body as { id: number }).id;
    expect(post.rows).toMatchObject([{ action: 'create', entity: 'blog-post' }]);
    const edited = await audited(`/api/admin/blog-posts/${postId}`, { method: 'PUT', json: { title: 'Brushing well', excerpt: 'How', content: '<p>Twice a day</p>' } }, 200);
    expect(edited.rows[0].changes).toMatchObject({ title: { old: 'Brushing', new: 'Brushing well' } });
    expect((await audited(`/api/admin/blog-posts/${postId}`, { method: 'DELETE' }, 204)).rows).toMatchObject([{ action: 'delete', entity: 'blog-post' }]);

    const image = await audited('/api/admin/gallery', { method: 'POST', json: { title: 'Chair', imageUrl: '/images/doctor.webp' } }, 201);
    const imageId = (image.body as { id: number }).id;
    expect(image.rows).toMatchObject([{ action: 'create', entity: 'gallery-image' }]);
    expect((await audited(`/api/admin/gallery/${imageId}`, { method: 'PUT', json: { title: 'Dental chair', imageUrl: '/images/doctor.webp' } }, 200)).rows).toMatchObject([
      { action: 'update', changes: { title: { old: 'Chair', new: 'Dental chair' } } },
    ]);
    expect((await audited(`/api/admin/gallery/${imageId}`, { method: 'DELETE' }, 204)).rows).toMatchObject([{ action: 'delete', entity: 'gallery-image' }]);

    const setting = await audited('/api/admin/site-settings/upi_id', { method: 'PUT', json: { value: 'clinic@okaxis' } }, 200);
    expect(setting.rows).toMatchObject([{ action: 'update', entity: 'site-setting', entityId: 'upi_id', changes: { value: { old: null, new: 'clinic@okaxis' } } }]);
  });

  it('appointments: staff booking, reschedule, status, delete; clinic settings and closed dates', async () => {
    app.clock.set('2026-11-23T04:30:00Z'); // 10:00 on a Monday in Pune
    const booking = { ...patient, address: undefined, dateOfBirth: undefined, preferredDate: '2026-11-25', preferredTime: '11:00', treatment: 'cleaning' };
    const booked = await audited('/api/admin/appointments', { method: 'POST', json: booking }, 201);
    const id = (booked.body as { id: number }).id;
    expect(booked.rows).toMatchObject([{ action: 'create', entity: 'appointment', entityId: String(id), changes: { preferredTime: { old: null, new: '11:00' } } }]);
    const moved = await audited(`/api/admin/appointments/${id}/reschedule`, { method: 'PATCH', json: { preferredDate: '2026-11-26', preferredTime: '12:00' } }, 200);
    expect(moved.rows).toMatchObject([
      { action: 'reschedule', changes: { preferredDate: { old: '2026-11-25', new: '2026-11-26' }, preferredTime: { old: '11:00', new: '12:00' } } },
    ]);
    const cancelled = await audited(`/api/admin/appointments/${id}`, { method: 'PUT', json: { status: 'cancelled' } }, 200);
    expect(cancelled.rows).toMatchObject([{ action: 'status', changes: { status: { old: 'confirmed', new: 'cancelled' } } }]);
    // DATA-9: whose appointment it was, and which, as the owner reads it.
    expect((await audited(`/api/admin/appointments/${id}`, { method: 'DELETE' }, 204)).rows).toMatchObject([
      {
        action: 'delete',
        entity: 'appointment',
        entityId: String(id),
        changes: {
          patient: { old: 'Asha Patil', new: null },
          preferredDate: { old: '2026-11-26', new: null },
          preferredTime: { old: '12:00', new: null },
          treatment: { old: 'cleaning', new: null },
          status: { old: 'cancelled', new: null },
        },
      },
    ]);

    const closed = await audited('/api/admin/closed-dates', { method: 'POST', json: { date: '2026-12-25', reason: 'Christmas' } }, 201);
    expect(closed.rows).toMatchObject([{ action: 'create', entity: 'closed-date', entityId: '2026-12-25' }]);
    expect((await audited('/api/admin/closed-dates/2026-12-25', { method: 'DELETE' }, 204)).rows).toMatchObject([{ action: 'delete', entity: 'closed-date' }]);
    const settings = await (await app.request('/api/admin/clinic-settings', { cookie: owner })).json();
    const changed = await audited('/api/admin/clinic-settings', { method: 'PUT', json: { ...settings, slotCapacity: 4 } }, 200);
    expect(changed.rows).toMatchObject([{ action: 'update', entity: 'clinic-settings', changes: { slotCapacity: { old: settings.slotCapacity, new: 4 } } }]);
  });

  it('sign-in, failed sign-in, sign-out, staff changes and password changes, with no secret in any row', async () => {
    const failed = await audited('/api/auth/login', { method: 'POST', json: { email: ADMIN.email, password: 'not-the-password' } }, 401);
    expect(failed.rows).toMatchObject([{ action: 'sign-in-failed', entity: 'user', entityId: String(ownerId), userId: ownerId }]);
    const unknown = await audited('/api/auth/login', { method: 'POST', json: { email: 'nobody@clinic.test', password: 'not-the-password' } }, 401);
    expect(unknown.rows).toMatchObject([{ action: 'sign-in-failed', userId: null, changes: { email: { new: 'nobody@clinic.test' } } }]);

    const staff = await audited('/api/admin/users', { method: 'POST', json: { email: 'rekha@clinic.test', name: 'Rekha', role: 'receptionist', password: 'temporary-pass-42' } }, 201);
    const staffId = (staff.body as { id: number }).id;
    expect(staff.rows).toMatchObject([{ action: 'create', entity: 'user', entityId: String(staffId), changes: { role: { new: 'receptionist' } } }]);

    const before = await lastId();
    const signIn = await app.request('/api/auth/login', { method: 'POST', json: { email: 'rekha@clinic.test', password: 'temporary-pass-42' } });
    const cookie = cookieFrom(signIn);
    await app.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'temporary-pass-42', newPassword: 'rekha-own-pass-1' } });
    await app.request('/api/admin/patients', { method: 'POST', cookie, json: { ...patient, firstName: 'Ravi' } });
    await app.request('/api/auth/logout', { method: 'POST', cookie });
    const hers = await rowsAfter(before);
    expect(hers.map((r) => [r.action, r.entity, r.userName])).toEqual([
      ['sign-in', 'user', 'Rekha'],
      ['change-password', 'user', 'Rekha'],
      ['create', 'patient', 'Rekha'],
      ['sign-out', 'user', 'Rekha'],
    ]);

    const reset = await audited(`/api/admin/users/${staffId}`, { method: 'PUT', json: { password: 'another-temp-pass-9', role: 'owner' } }, 200);
    expect(reset.rows).toMatchObject([{ action: 'reset-password', changes: { role: { old: 'receptionist', new: 'owner' }, passwordIsTemporary: { old: false, new: true } } }]);
    expect((await audited(`/api/admin/users/${staffId}`, { method: 'DELETE' }, 204)).rows).toMatchObject([{ action: 'disable', changes: { disabled: { old: false, new: true } } }]);

    const everything = JSON.stringify(await app.deps.knex('auditLog').select('changes'));
    for (const secret of ['temporary-pass-42', 'rekha-own-pass-1', 'another-temp-pass-9', 'not-the-password', '$2b$']) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/password"|hash|token/i);
  });
});

describe('a trail an owner can read (ADMIN-24)', () => {
  it('writes no row for a save that changed nothing, and leaves unchanged fields out of a row', async () => {
    const created = await audited('/api/admin/patients', { method: 'POST', json: { ...patient, email: 'same@example.in', phone: '9876543211' } }, 201);
    const id = (created.body as { id: number }).id;
    expect((await audited(`/api/admin/patients/${id}`, { method: 'PUT', json: { ...patient, email: 'same@example.in', phone: '9876543211' } }, 200)).rows).toEqual([]);
    const before = await lastId();
    await withAuditClock(app.deps.now, () =>
      audit(app.deps.knex, { action: 'status', entity: 'appointment', entityId: 1, changes: { status: { old: 'pending', new: 'pending' } } }),
    );
    await withAuditClock(app.deps.now, () =>
      audit(app.deps.knex, { action: 'update', entity: 'patient', entityId: id, changes: { phone: { old: '1', new: '2' }, city: { old: 'Pune', new: 'Pune' } } }),
    );
    const rows = await rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0].changes).toEqual({ phone: { old: '1', new: '2' } });
    // An event without fields (a sign-in) is still written.
    await withAuditClock(app.deps.now, () => audit(app.deps.knex, { action: 'sign-in', entity: 'user', entityId: ownerId }));
    expect(await rowsAfter(before)).toHaveLength(2);
  });

  it("ADMIN-25: names what a row is about: the appointment's patient and time, the patient, the invoice; a deleted appointment from its row", async () => {
    app.clock.set('2026-11-23T04:30:00Z');
    const booking = { ...patient, firstName: 'Kavya', address: undefined, dateOfBirth: undefined, preferredDate: '2026-11-27', preferredTime: '10:00', treatment: 'cleaning' };
    const booked = await audited('/api/admin/appointments', { method: 'POST', json: booking }, 201);
    const kept = (booked.body as { id: number }).id;
    const other = await audited('/api/admin/appointments', { method: 'POST', json: { ...booking, firstName: 'Meera', preferredTime: '11:00' } }, 201);
    const gone = (other.body as { id: number }).id;
    await audited(`/api/admin/appointments/${gone}`, { method: 'DELETE' }, 204);
    const res = await app.request('/api/admin/audit?entity=appointment&limit=200', { cookie: owner });
    const page = (await res.json()) as AuditPage;
    const subjectOf = (id: number) => [...new Set(page.rows.filter((r) => r.entityId === String(id)).map((r) => r.subject))];
    expect(subjectOf(kept)).toEqual(['Kavya Patil, 27/11/2026, 10:00 AM']);
    expect(subjectOf(gone)).toEqual(['Meera Patil, 27/11/2026, 11:00 AM']);
    const patients = (await (await app.request('/api/admin/audit?entity=patient&limit=5', { cookie: owner })).json()) as AuditPage;
    // The newest patient is the one Meera's booking made (BOOK-17): its row names her.
    const named = patients.rows.find((r) => r.action === 'create' && r.subject);
    expect(named?.subject).toBe('Meera Patil');
  });
});

describe('the same transaction', () => {
  it('a change that fails writes no audit row', async () => {
    await app.request('/api/admin/price-list', { method: 'POST', cookie: owner, json: { name: 'Crown', defaultPrice: 8000, taxRate: 0 } });
    const dup = await audited('/api/admin/price-list', { method: 'POST', json: { name: 'crown', defaultPrice: 1, taxRate: 0 } }, 409);
    expect(dup.rows).toEqual([]);
    const bad = await audited('/api/admin/invoices', { method: 'POST', json: { ...invoiceBody(999999) } }, 400);
    expect(bad.rows).toEqual([]);
    expect((await audited('/api/admin/patients/999999', { method: 'DELETE' }, 404)).rows).toEqual([]);
  });

  it('an audit row that cannot be written takes the change with it', async () => {
    // The trail refuses rows about patients for a moment: the patient must not be created either.
    await app.deps.knex.raw("alter table audit_log add constraint refuse_patients check (entity <> 'patient') not valid");
    try {
      const count = async () => Number((await app.deps.knex('patients').count({ n: '*' }).first())!.n);
      const patients = await count();
      const res = await app.request('/api/admin/patients', { method: 'POST', cookie: owner, json: { ...patient, firstName: 'Ghost' } });
      expect(res.status).toBe(500);
      expect(await count()).toBe(patients);
    } finally {
      await app.deps.knex.raw('alter table audit_log drop constraint refuse_patients');
    }
  });
});

describe('append-only', () => {
  it('no route changes the trail: its one route reads it', () => {
    const routes = mountedRoutes(app.deps).filter((r) => r.path.includes('audit'));
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/audit']);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE on it', async () => {
    await withAuditClock(app.deps.now, () => audit(app.deps.knex, { action: 'test', entity: 'test', actor: null }));
    await expect(app.deps.knex('auditLog').update({ action: 'edited' })).rejects.toThrow(/append-only/);
    await expect(app.deps.knex('auditLog').delete()).rejects.toThrow(/append-only/);
    await expect(app.deps.knex.raw('truncate audit_log')).rejects.toThrow(/append-only/);
    expect(await app.deps.knex('auditLog').where({ action: 'edited' }).first()).toBeUndefined();
  });
});

describe('GET /api/admin/audit', () => {
  const read = async (query: string, cookie = owner) => {
    const res = await app.request(`/api/admin/audit${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AuditPage;
  };

  it('filters by person, record type and id, and clinic days; pages with a cursor or an offset', async () => {
    const rekha = await app.deps.knex('users').where({ email: 'rekha@clinic.test' }).first('id');
    const byRekha = await read(`?user=${rekha.id}&limit=200`);
    expect(byRekha.rows.length).toBeGreaterThan(3);
    expect(byRekha.rows.every((r) => r.userId === rekha.id)).toBe(true);

    const patients = await read('?entity=patient&limit=200');
    expect(patients.rows.every((r) => r.entity === 'patient')).toBe(true);
    const one = patients.rows[0];
    const record = await read(`?entity=patient&entityId=${one.entityId}`);
    expect(record.rows.every((r) => r.entityId === one.entityId)).toBe(true);

    const all = await read('?limit=200');
    // Newest first.
    const times = all.rows.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await read('?limit=3');
    expect(first.rows.map((r) => r.id)).toEqual(all.rows.slice(0, 3).map((r) => r.id));
    const second = await read(`?limit=3&cursor=${first.next}`);
    expect(second.rows.map((r) => r.id)).toEqual(all.rows.slice(3, 6).map((r) => r.id));
    expect((await read('?limit=3&offset=3')).rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect((await read('?limit=200')).next).toBeNull();

    // Every row is of the app's today at the clinic, whatever the machine's or the database's date.
    const today = clinicToday(app.deps.now());
    expect(today).toBe('2026-11-23');
    expect((await read(`?from=${today}&to=${today}&limit=200`)).rows.length).toBe(all.rows.length);
    expect((await read('?from=2020-01-01&to=2020-01-31')).rows).toEqual([]);
  });

  it('answers 400 for a bad filter and 403 to a receptionist', async () => {
    for (const q of ['?limit=0', '?limit=201', '?from=yesterday', '?user=abc', '?cursor=x']) {
      expect((await app.request(`/api/admin/audit${q}`, { cookie: owner })).status, q).toBe(400);
    }
    await app.request('/api/admin/users', { method: 'POST', cookie: owner, json: { email: 'desk@clinic.test', name: 'Desk', role: 'receptionist', password: 'temporary-pass-77' } });
    const cookie = cookieFrom(await app.request('/api/auth/login', { method: 'POST', json: { email: 'desk@clinic.test', password: 'temporary-pass-77' } }));
    await app.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'temporary-pass-77', newPassword: 'desk-own-pass-1' } });
    const res = await app.request('/api/admin/audit', { cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Only the owner can read the audit trail.' });
  });
});
