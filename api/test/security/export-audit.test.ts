import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportKinds } from '../../services/reports/csv-export';
import { seedDemoContent } from '../../db/seeds/demo-content';
import { mountedRoutes, type MountedRoute } from '../support/routes';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';

// DATA-8: every export writes one audit row (who, when, what), never the exported data. The exports are found,
// not listed: every admin GET route is called as the owner, and one that declares the `export` capability, is a
// report for the accountant (/api/admin/reports/...) or answers a file (Content-Disposition: attachment) is an
// export, unless it is one of the documents below. A new export that writes no row fails here without anyone
// remembering to add it.

/** Files that are one document, read and printed at the desk many times a day: not exports of the clinic's data. */
const DOCUMENTS = new Set(['GET /api/admin/invoices/:id/pdf', 'GET /api/admin/credit-notes/:id.pdf', 'GET /api/admin/invoices/:id/payments/:paymentId/receipt', 'GET /api/admin/treatment-plans/:id/estimate.pdf']);
/**
 * Records the demo data does not hold (a history version, a visit note, a plan, a credit note): not exports,
 * and their own tests check their read audit (MED-6, NOTE-8, PLAN-*) or their document (INV-40..45). Every
 * other GET route is walked.
 */
const NOT_SEEDED = /^\/api\/admin\/(patients\/:id\/medical-history\/versions\/:version|visit-notes\/:id|treatment-plans\/:id|credit-notes\/:id)/;
/** Queries a route needs to answer at all. */
const QUERIES: Record<string, string> = { '/api/admin/appointments/calendar': '?from=2026-11-23&to=2026-11-29' };

let app: TestApp;
let owner: string;
let ownerId: number;
const ids = { patient: 0, invoice: 0, payment: 0 };
let routes: MountedRoute[];
/** Every patient's email and phone: none may reach an audit row by an export. */
let personal: string[];

beforeAll(async () => {
  app = await startTestApp();
  app.clock.set('2026-11-24T05:00:00Z');
  await seedDemoContent(app.deps.knex, app.clock.now());
  owner = await app.signIn();
  ownerId = (await app.deps.knex('users').where({ email: ADMIN.email }).first('id')).id;
  const payment = await app.deps.knex('invoicePayments').orderBy('id').first('id', 'invoiceId');
  ids.invoice = payment.invoiceId;
  ids.payment = payment.id;
  ids.patient = (await app.deps.knex('invoices').where({ id: payment.invoiceId }).first('patientId')).patientId;
  const patients = await app.deps.knex('patients').select('email', 'phone', 'lastName');
  personal = patients.flatMap((p) => [p.email, p.phone]).filter((v) => v && v.length > 4);
  routes = mountedRoutes(app.deps).filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin') && !NOT_SEEDED.test(r.path));
});
afterAll(() => app?.close());

/** The addresses a route pattern stands for (the CSV route once per list). */
function addresses(route: MountedRoute): string[] {
  const path = route.path
    .replace('/invoices/:id', `/invoices/${ids.invoice}`)
    .replace(':paymentId', String(ids.payment))
    .replace(':id', String(ids.patient))
    .replace(':key', 'doctor_image');
  if (path.includes(':file')) return exportKinds.map((kind) => path.replace(':file', `${kind}.csv`));
  return [path + (QUERIES[path] ?? '')];
}

const lastId = async () => Number((await app.deps.knex('auditLog').max('id as id').first())?.id ?? 0);

describe('exports write an audit row', () => {
  it('finds the exports among the admin routes: patient data, the three CSV lists, the GST report as JSON and CSV', async () => {
    const found: string[] = [];
    const wrong: string[] = [];
    for (const route of routes) {
      for (const path of addresses(route)) {
        const before = await lastId();
        const res = await app.request(path, { cookie: owner });
        await res.arrayBuffer();
        const name = `${route.method} ${route.path}`;
        const isFile = (res.headers.get('content-disposition') ?? '').startsWith('attachment');
        const isExport = route.capability === 'export' || route.path.startsWith('/api/admin/reports/') || (isFile && !DOCUMENTS.has(name));
        if (res.status !== 200) wrong.push(`${path} answered ${res.status}`);
        // Read back once the answer is complete: a streamed export has written its row before the first byte.
        const rows = await app.deps.knex('auditLog').where('id', '>', before).where({ action: 'export' }).select('userId', 'userName', 'entity', 'entityId', 'changes');
        if (!isExport) {
          if (rows.length > 0) wrong.push(`${path} is not an export but wrote ${rows.length} export rows`);
          continue;
        }
        found.push(path.replace(/\/\d+/g, '/{id}').replace(/\?.*$/, ''));
        if (rows.length !== 1) wrong.push(`${path} wrote ${rows.length} export rows, not 1`);
        else {
          if (rows[0].userId !== ownerId || rows[0].userName !== ADMIN.name) wrong.push(`${path}: the row does not name the owner`);
          const text = JSON.stringify(rows[0].changes);
          for (const value of personal) if (text.includes(value)) wrong.push(`${path}: the row holds exported data (${value})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(found.sort()).toEqual(
      [
        '/api/admin/export/appointments.csv',
        '/api/admin/export/invoices.csv',
        '/api/admin/export/patients.csv',
        '/api/admin/patients/{id}/export',
        '/api/admin/reports/gst',
        '/api/admin/reports/gst.csv',
        '/api/admin/reports/day-end',
        '/api/admin/reports/day-end.csv',
        '/api/admin/reports/dues',
        '/api/admin/reports/dues.csv',
        '/api/admin/reports/case-acceptance',
        '/api/admin/reports/case-acceptance.csv',
      ].sort(),
    );
  });

  it('says which patient, which list with which filters and range, and which month', async () => {
    const rowsFor = async (path: string) => {
      const before = await lastId();
      const res = await app.request(path, { cookie: owner });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
      return app.deps.knex('auditLog').where('id', '>', before).select('action', 'entity', 'entityId', 'changes');
    };
    expect(await rowsFor(`/api/admin/patients/${ids.patient}/export`)).toEqual([
      { action: 'export', entity: 'patient', entityId: String(ids.patient), changes: { file: { old: null, new: `patient-${ids.patient}.json` } } },
    ]);
    expect(await rowsFor('/api/admin/export/appointments.csv?status=confirmed&from=2026-11-01&to=2026-11-30')).toEqual([
      {
        action: 'export',
        entity: 'export',
        entityId: 'appointments',
        changes: { list: { old: null, new: 'appointments' }, status: { old: null, new: 'confirmed' }, from: { old: null, new: '2026-11-01' }, to: { old: null, new: '2026-11-30' } },
      },
    ]);
    expect(await rowsFor('/api/admin/reports/gst.csv?month=2026-10')).toEqual([
      { action: 'export', entity: 'report', entityId: 'gst', changes: { report: { old: null, new: 'GST' }, month: { old: null, new: '2026-10' }, format: { old: null, new: 'csv' } } },
    ]);
    expect((await rowsFor('/api/admin/reports/gst'))[0].changes).toMatchObject({ month: { new: '2026-11' }, format: { new: 'json' } });
  });

  it('writes nothing for an export refused before any data left (bad filter, unknown patient, a receptionist)', async () => {
    const before = await lastId();
    expect((await app.request('/api/admin/export/invoices.csv?from=yesterday', { cookie: owner })).status).toBe(400);
    expect((await app.request('/api/admin/patients/999999/export', { cookie: owner })).status).toBe(404);
    expect((await app.request('/api/admin/reports/gst?month=2026-13', { cookie: owner })).status).toBe(400);
    expect(await app.deps.knex('auditLog').where('id', '>', before)).toEqual([]);
  });
});
