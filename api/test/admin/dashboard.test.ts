import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/constants/booking';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.deps.knex('invoices').delete();
  await app.deps.knex('appointments').delete();
  await app.deps.knex('patients').delete();
});

const get = (path: string) => app.request(path, { cookie });

async function insertPatients(n: number): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    firstName: `Patient${i}`,
    lastName: 'Test',
    email: `p${i}@example.in`,
    phone: `98000000${String(i).padStart(2, '0')}`,
  }));
  return (await app.deps.knex('patients').insert(rows).returning('id')).map((r: { id: number }) => r.id);
}

async function insertAppointment(preferredDate: string, status: AppointmentStatus, extra: object = {}) {
  const [{ id }] = await app.deps
    .knex('appointments')
    .insert({
      firstName: 'Priya',
      lastName: 'Kulkarni',
      email: 'priya@example.in',
      phone: '9822012345',
      treatment: 'cleaning',
      preferredDate,
      preferredTime: '10:00',
      status,
      ...extra,
    })
    .returning('id');
  return id as number;
}

let sequence = 0;
/** An invoice as the billing service leaves it: a paid one carries one payment of its total (INV-21). */
async function insertInvoice(totalAmount: string, status: 'pending' | 'paid', paidOn: string | null, patientId: number | null = null) {
  sequence += 1;
  const [{ id }] = await app.deps.knex('invoices').insert({
    invoiceNumber: `INV/2026-27/${String(sequence).padStart(4, '0')}`,
    financialYear: '2026-27',
    sequence,
    patientId,
    billTo: JSON.stringify({ name: 'Priya Kulkarni', email: null, phone: null, address: null }),
    issueDate: '2026-11-01',
    subtotal: totalAmount,
    taxPercentage: '0.00',
    taxAmount: '0.00',
    totalAmount,
    kind: 'bill-of-supply',
    gstRegistered: false,
    amountPaid: status === 'paid' ? totalAmount : '0.00',
    status,
    paidOn,
  }).returning('id');
  if (status === 'paid') await app.deps.knex('invoice_payments').insert({ invoiceId: id, amount: totalAmount, paidOn, mode: 'cash' });
}

describe('GET /api/admin/stats', () => {
  it("counts ADMIN-10's figures on a known data set, with today and this month taken in Asia/Kolkata", async () => {
    // 20:00 UTC on 30 November is 01:30 on Tuesday 1 December in Pune: "today" and "this month" are December's.
    app.clock.set('2026-11-30T20:00:00Z');
    const [patientId] = await insertPatients(3);

    await insertAppointment('2026-12-01', 'pending');
    await insertAppointment('2026-12-01', 'confirmed');
    await insertAppointment('2026-12-01', 'completed');
    await insertAppointment('2026-12-01', 'cancelled'); // not counted
    await insertAppointment('2026-11-30', 'confirmed'); // yesterday in Pune (today in UTC)
    await insertAppointment('2026-12-02', 'pending'); // tomorrow

    await insertInvoice('1180.50', 'paid', '2026-12-01', patientId); // this month
    await insertInvoice('999.25', 'paid', '2026-12-31'); // this month, last day
    await insertInvoice('5000.00', 'paid', '2026-11-30'); // last month
    await insertInvoice('7000.00', 'paid', '2027-01-01'); // next month
    await insertInvoice('250.00', 'pending', null); // unpaid
    await insertInvoice('300.00', 'pending', null); // unpaid (overdue reads as unpaid too)

    const res = await get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      totalPatients: 3,
      todayAppointments: 3,
      pendingInvoices: 2,
      monthlyRevenue: 2179.75,
    });
  });

  it('moves with the clock: the same data read on 30 November in Pune', async () => {
    app.clock.set('2026-11-30T10:00:00Z'); // 15:30 on 30 November in Pune
    await insertAppointment('2026-11-30', 'confirmed');
    await insertAppointment('2026-12-01', 'pending');
    await insertInvoice('5000.00', 'paid', '2026-11-30');
    await insertInvoice('1180.50', 'paid', '2026-12-01');
    await insertInvoice('400.00', 'paid', '2026-11-01');
    await insertInvoice('100.00', 'paid', '2026-10-31');
    expect(await (await get('/api/admin/stats')).json()).toEqual({
      totalPatients: 0,
      todayAppointments: 1,
      pendingInvoices: 0,
      monthlyRevenue: 5400,
    });
  });

  it('answers zeros, as numbers, on an empty database', async () => {
    app.clock.set('2026-11-23T05:00:00Z');
    expect(await (await get('/api/admin/stats')).json()).toEqual({
      totalPatients: 0,
      todayAppointments: 0,
      pendingInvoices: 0,
      monthlyRevenue: 0,
    });
  });

  it("sends the month's revenue to the owner only: a receptionist and a dentist get the other three figures (AUTH-16)", async () => {
    app.clock.set('2026-11-23T05:00:00Z');
    await insertInvoice('1180.50', 'paid', '2026-11-20');
    for (const role of ['receptionist', 'dentist'] as const) {
      const email = `${role}.stats@clinic.test`;
      await createAccount(app.deps.knex, email, 'stats-check-2026', `Stats ${role}`, role);
      const login = await app.request('/api/auth/login', { method: 'POST', json: { email, password: 'stats-check-2026' } });
      const res = await app.request('/api/admin/stats', { cookie: cookieFrom(login) });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({ totalPatients: 0, todayAppointments: 0, pendingInvoices: 0 });
      expect(JSON.stringify(body)).not.toContain('1180');
    }
    expect(((await (await get('/api/admin/stats')).json()) as { monthlyRevenue: number }).monthlyRevenue).toBe(1180.5);
  });

  it('asks the database once for all four figures', async () => {
    app.clock.set('2026-11-23T05:00:00Z');
    const statements: string[] = [];
    const listener = (q: { sql: string }) => statements.push(q.sql);
    app.deps.knex.on('query', listener);
    try {
      expect((await get('/api/admin/stats')).status).toBe(200);
    } finally {
      app.deps.knex.off('query', listener);
    }
    const dataQueries = statements.filter((sql) => /patients|appointments|invoices/.test(sql));
    expect(dataQueries).toHaveLength(1);
  });
});

describe('GET /api/admin/recent-appointments', () => {
  it('answers the 5 most recently booked, newest first, with the fields the dashboard reads', async () => {
    const created = Date.parse('2026-11-20T00:00:00Z');
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      // Preferred dates run the other way, so the order can only come from createdAt.
      ids.push(
        await insertAppointment(`2026-12-${String(20 - i).padStart(2, '0')}`, 'pending', {
          firstName: `Booker${i}`,
          createdAt: new Date(created + i * 3_600_000),
        }),
      );
    }
    const res = await get('/api/admin/recent-appointments');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((a: { id: number }) => a.id)).toEqual([ids[6], ids[5], ids[4], ids[3], ids[2]]);
    expect(body[0]).toEqual({
      id: ids[6],
      firstName: 'Booker6',
      lastName: 'Kulkarni',
      treatment: 'cleaning',
      preferredDate: '2026-12-14',
      preferredTime: '10:00',
      status: 'pending',
    });
  });

  it('answers fewer when fewer exist, and an empty array when none do', async () => {
    expect(await (await get('/api/admin/recent-appointments')).json()).toEqual([]);
    await insertAppointment('2026-12-01', 'cancelled');
    const body = await (await get('/api/admin/recent-appointments')).json();
    expect(body).toHaveLength(1);
    expect(body[0].status).toBe('cancelled');
  });
});

describe('without a session', () => {
  it.each([['/api/admin/stats'], ['/api/admin/recent-appointments']])('%s answers 401', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
  });
});

describe('GET /api/admin/dashboard/charts (ADMIN-13)', () => {
  interface Charts {
    days: ({ date: string } & Record<AppointmentStatus, number>)[];
    months: { month: string; revenue: number }[];
  }
  const charts = async () => (await (await get('/api/admin/dashboard/charts')).json()) as Charts;

  it("counts each clinic day's appointments by status, and a day's counts add up to the list filtered to that date", async () => {
    // 20:00 UTC on 30 November is 01:30 on 1 December in Pune: the 30 days run 2 November to 1 December.
    app.clock.set('2026-11-30T20:00:00Z');
    await insertAppointment('2026-12-01', 'pending');
    await insertAppointment('2026-12-01', 'confirmed');
    await insertAppointment('2026-12-01', 'cancelled');
    await insertAppointment('2026-11-20', 'completed');
    await insertAppointment('2026-11-20', 'completed');
    await insertAppointment('2026-11-20', 'no-show');
    await insertAppointment('2026-11-02', 'confirmed'); // the first day
    await insertAppointment('2026-11-01', 'confirmed'); // 31 days ago: out
    await insertAppointment('2026-12-02', 'pending'); // tomorrow: out

    const res = await get('/api/admin/dashboard/charts');
    expect(res.status).toBe(200);
    const { days } = (await res.json()) as Charts;
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe('2026-11-02');
    expect(days[29]).toEqual({ date: '2026-12-01', pending: 1, confirmed: 1, completed: 0, cancelled: 1, 'no-show': 0 });
    expect(days.find((d) => d.date === '2026-11-20')).toEqual({ date: '2026-11-20', pending: 0, confirmed: 0, completed: 2, cancelled: 0, 'no-show': 1 });
    expect(days[0].confirmed).toBe(1);

    for (const day of days.filter((d) => ['2026-12-01', '2026-11-20', '2026-11-02', '2026-11-15'].includes(d.date))) {
      const list = (await (await get(`/api/admin/appointments?from=${day.date}&to=${day.date}&limit=100`)).json()) as unknown[];
      const sum = Object.entries(day).reduce((n, [k, v]) => (k === 'date' ? n : n + Number(v)), 0);
      expect(sum).toBe(list.length);
    }
  });

  it("sums the payments received per clinic month for 12 months; this month equals the stats' monthlyRevenue; a cancelled invoice's payments are out", async () => {
    app.clock.set('2026-11-30T20:00:00Z'); // 1 December in Pune
    await insertInvoice('1180.50', 'paid', '2026-12-01');
    await insertInvoice('999.25', 'paid', '2026-12-31');
    await insertInvoice('5000.00', 'paid', '2026-11-30');
    await insertInvoice('400.00', 'paid', '2026-01-01'); // the first of the 12 months
    await insertInvoice('700.00', 'paid', '2025-12-31'); // 13 months ago: out
    await insertInvoice('250.00', 'pending', null);
    // A cancelled invoice that had a payment: its money is not revenue (ADMIN-11).
    await insertInvoice('3000.00', 'paid', '2026-12-01');
    const [{ id }] = await app.deps.knex('invoices').orderBy('id', 'desc').limit(1).select('id');
    await app.deps.knex('invoices').where({ id }).update({ status: 'cancelled', cancelledAt: new Date() });

    const { months } = await charts();
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2026-01', revenue: 400 });
    expect(months[10]).toEqual({ month: '2026-11', revenue: 5000 });
    expect(months[11]).toEqual({ month: '2026-12', revenue: 2179.75 });
    expect(months.slice(1, 10).every((m) => m.revenue === 0)).toBe(true);
    const stats = (await (await get('/api/admin/stats')).json()) as { monthlyRevenue: number };
    expect(months[11].revenue).toBe(stats.monthlyRevenue);
  });
});
