import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/constants/booking';
import { startTestApp, type TestApp } from '../support/test-app';

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
