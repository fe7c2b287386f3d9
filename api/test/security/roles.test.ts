import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/constants/roles';
import { seedDemoContent } from '../../db/seeds/demo-content';
import { createAccount } from '../../services/staff/accounts';
import { createAdminRouter } from '../../routes/router';
import { mountedRoutes, type MountedRoute } from '../support/routes';
import { cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// Every admin route, for each role, against this table of what the role may do (AUTH-8). The table is
// written here, apart from the routes' own declarations, so a wrong declaration shows; a route missing
// from it (a new one) fails the first test until someone decides who may call it.

const OWNER: StaffRole[] = ['owner'];
const BOTH: StaffRole[] = ['owner', 'receptionist'];
/** The front desk's and the chair's: the owner, a receptionist and a dentist. */
const ALL: StaffRole[] = ['owner', 'receptionist', 'dentist'];
/** The clinical record's writers (CHART-5). */
const CLINICAL: StaffRole[] = ['owner', 'dentist'];

const MAY: Record<string, StaffRole[]> = {
  'GET /api/admin/stats': ALL,
  'GET /api/admin/recent-appointments': ALL,
  'GET /api/admin/dashboard/charts': OWNER,
  'GET /api/admin/patients': ALL,
  'POST /api/admin/patients': ALL,
  'GET /api/admin/patients/:id': ALL,
  'GET /api/admin/patients/:id/usage': ALL,
  'PUT /api/admin/patients/:id': ALL,
  'DELETE /api/admin/patients/:id': OWNER,
  'GET /api/admin/patients/:id/export': OWNER,
  'POST /api/admin/patients/:id/erase': OWNER,
  // PAT-15: everyone merges; records with clinical data only the owner or a dentist (the merge checks it).
  'POST /api/admin/patients/:id/merge': ALL,
  'POST /api/admin/merges/:mergeId/undo': OWNER,
  'PUT /api/admin/patients/:id/guardian': ALL,
  'GET /api/admin/appointments': ALL,
  'PUT /api/admin/appointments/:id': BOTH,
  'PATCH /api/admin/appointments/:id/cancel': BOTH,
  'DELETE /api/admin/appointments/:id': BOTH,
  'POST /api/admin/appointments/:id/follow-up': BOTH,
  'GET /api/admin/invoices': BOTH,
  'POST /api/admin/invoices': BOTH,
  'GET /api/admin/invoices/:id': BOTH,
  'GET /api/admin/invoices/:id/pdf': BOTH,
  'POST /api/admin/invoices/:id/send': BOTH,
  'PATCH /api/admin/invoices/:id/mark-paid': BOTH,
  'DELETE /api/admin/invoices/:id': OWNER, // cancels: the number is kept
  'POST /api/admin/invoices/:id/payments': BOTH,
  'GET /api/admin/invoices/:id/payments/:paymentId/receipt': BOTH,
  'GET /api/admin/price-list': BOTH, // the invoice form bills from it
  'POST /api/admin/price-list': OWNER,
  'PUT /api/admin/price-list/:id': OWNER,
  'DELETE /api/admin/price-list/:id': OWNER,
  'GET /api/admin/reports/gst': OWNER,
  'GET /api/admin/reports/gst.csv': OWNER,
  'GET /api/admin/blog-posts': OWNER,
  'POST /api/admin/blog-posts': OWNER,
  'PUT /api/admin/blog-posts/:id': OWNER,
  'DELETE /api/admin/blog-posts/:id': OWNER,
  'GET /api/admin/gallery': OWNER,
  'POST /api/admin/gallery': OWNER,
  'PUT /api/admin/gallery/:id': OWNER,
  'DELETE /api/admin/gallery/:id': OWNER,
  'POST /api/admin/upload': OWNER,
  'GET /api/admin/site-settings/:key': ALL,
  'PUT /api/admin/site-settings/:key': OWNER,
  // The front desk: a receptionist books, moves and reads hours and closures; the owner sets them.
  'POST /api/admin/appointments': BOTH,
  'GET /api/admin/appointments/calendar': ALL,
  'PATCH /api/admin/appointments/:id/reschedule': BOTH,
  'POST /api/admin/appointments/:id/approve-request': BOTH,
  'GET /api/admin/reminders': ALL,
  'POST /api/admin/reminders/:id/whatsapp-sent': BOTH,
  'GET /api/admin/reviews': OWNER,
  'PATCH /api/admin/reviews/:id': OWNER,
  'GET /api/admin/recall': ALL,
  'POST /api/admin/recall/:patientId/email': ALL,
  'POST /api/admin/recall/:patientId/contacted': ALL,
  'GET /api/admin/patients/:id/history': ALL,
  'GET /api/admin/clinic-settings': ALL,
  'PUT /api/admin/clinic-settings': OWNER,
  'GET /api/admin/closed-dates': ALL,
  'POST /api/admin/closed-dates': OWNER,
  'DELETE /api/admin/closed-dates/:date': OWNER,
  'GET /api/admin/export/:file': OWNER, // the whole patient list
  'GET /api/admin/users': OWNER,
  'POST /api/admin/users': OWNER,
  'PUT /api/admin/users/:id': OWNER,
  'DELETE /api/admin/users/:id': OWNER, // disables: the account stays
  'GET /api/admin/audit': OWNER,
  // The dentist's chart (CHART-5): everyone reads it, the owner and dentists write it, the owner keeps the findings list.
  'GET /api/admin/patients/:id/chart': ALL,
  'POST /api/admin/patients/:id/clinical-items': CLINICAL,
  'POST /api/admin/patients/:id/chart-commands': CLINICAL,
  'PATCH /api/admin/clinical-items/:id': CLINICAL,
  'POST /api/admin/clinical-items/:id/invalidate': CLINICAL,
  'POST /api/admin/patients/:id/clinical-items/invalidate': CLINICAL,
  'GET /api/admin/chart-codes': ALL,
  'GET /api/admin/findings': ALL,
  'POST /api/admin/findings': OWNER,
  'PUT /api/admin/findings/:code': OWNER,
  'DELETE /api/admin/findings/:code': OWNER,
  // The day at the desk (DESK-10 to DESK-12): whoever books also checks in and seats.
  'POST /api/admin/appointments/:id/arrived': BOTH,
  'DELETE /api/admin/appointments/:id/arrived': BOTH,
  'POST /api/admin/appointments/:id/in-chair': BOTH,
  'DELETE /api/admin/appointments/:id/in-chair': BOTH,
  // Advances, credit and refunds (INV-28 to INV-30): the desk takes and gives back money; each is audited.
  'POST /api/admin/patients/:id/advances': BOTH,
  'GET /api/admin/patients/:id/credit': BOTH,
  'POST /api/admin/invoices/:id/apply-credit': BOTH,
  'POST /api/admin/payments/:id/refund': BOTH,
  // Credit notes (INV-40): the owner issues them; whoever sees invoices reads them.
  'POST /api/admin/invoices/:id/credit-notes': OWNER,
  'GET /api/admin/credit-notes/:id': BOTH,
  'GET /api/admin/credit-notes/:id.pdf': BOTH,
  // The owner's end of day (INV-31 to INV-33).
  'GET /api/admin/reports/day-end': OWNER,
  'GET /api/admin/reports/day-end.csv': OWNER,
  'GET /api/admin/reports/dues': OWNER,
  'GET /api/admin/reports/dues.csv': OWNER,
  // The medical history (MED-6): everyone reads it and enters one (a receptionist's is the patient's own,
  // awaiting confirmation); the owner and dentists confirm. Visit notes and the FHIR record (NOTE-9): the
  // owner and dentists only; the owner keeps the templates.
  'GET /api/admin/patients/:id/medical-history': ALL,
  'PUT /api/admin/patients/:id/medical-history': ALL,
  'GET /api/admin/patients/:id/medical-history/versions/:version': ALL,
  'POST /api/admin/patients/:id/medical-history/versions/:version/confirm': CLINICAL,
  'GET /api/admin/patients/:id/visit-notes': CLINICAL,
  'GET /api/admin/patients/:id/visit-notes/draft': CLINICAL,
  'POST /api/admin/patients/:id/visit-notes': CLINICAL,
  'GET /api/admin/visit-notes': CLINICAL,
  'GET /api/admin/visit-notes/:id': CLINICAL,
  'PUT /api/admin/visit-notes/:id': CLINICAL,
  'POST /api/admin/visit-notes/:id/sign': CLINICAL,
  'POST /api/admin/visit-notes/:id/addenda': CLINICAL,
  'GET /api/admin/visit-note-templates': CLINICAL,
  'PUT /api/admin/visit-note-templates': OWNER,
  'GET /api/admin/patients/:id/record.fhir.json': CLINICAL,
  // Treatment plans (PLAN-1..PLAN-14): everyone reads them (the desk books and bills from them), the
  // clinical writers make them and record sittings, whoever edits patients takes the acceptance.
  'GET /api/admin/patients/:id/treatment-plans': ALL,
  'POST /api/admin/patients/:id/treatment-plans': CLINICAL,
  'POST /api/admin/patients/:id/treatment-plans/preview': CLINICAL,
  'GET /api/admin/patients/:id/billable-items': BOTH,
  'POST /api/admin/patients/:id/invoice-from-completed': BOTH,
  'GET /api/admin/treatment-plans/to-book': ALL,
  'GET /api/admin/treatment-plans/follow-up': ALL,
  'GET /api/admin/treatment-plans/:id': ALL,
  'PUT /api/admin/treatment-plans/:id': CLINICAL,
  'POST /api/admin/treatment-plans/:id/accept': ALL,
  'POST /api/admin/treatment-plans/:id/decline': ALL,
  'GET /api/admin/treatment-plans/:id/estimate.pdf': ALL,
  'POST /api/admin/treatment-plans/:id/link': ALL,
  'POST /api/admin/treatment-plans/:id/sittings': CLINICAL,
  'POST /api/admin/treatment-plans/:id/visits/:visit/bookings': BOTH,
  'GET /api/admin/reports/case-acceptance': OWNER,
  'GET /api/admin/reports/case-acceptance.csv': OWNER,
};

const RECEPTIONIST = { email: 'reception@clinic.test', password: 'front-desk-2026', name: 'Rekha' };
const DENTIST = { email: 'dentist@clinic.test', password: 'chairside-2026', name: 'Dr Mehta' };

let app: TestApp;
let adminRoutes: MountedRoute[];
const cookies = {} as Record<StaffRole, string>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemoContent(app.deps.knex, new Date());
  await createAccount(app.deps.knex, RECEPTIONIST.email, RECEPTIONIST.password, RECEPTIONIST.name, 'receptionist');
  cookies.owner = await app.signIn();
  const res = await app.request('/api/auth/login', { method: 'POST', json: { email: RECEPTIONIST.email, password: RECEPTIONIST.password } });
  cookies.receptionist = cookieFrom(res);
  await createAccount(app.deps.knex, DENTIST.email, DENTIST.password, DENTIST.name, 'dentist');
  const dentist = await app.request('/api/auth/login', { method: 'POST', json: { email: DENTIST.email, password: DENTIST.password } });
  cookies.dentist = cookieFrom(dentist);
  adminRoutes = mountedRoutes(app.deps).filter((r) => r.path.startsWith('/api/admin'));
});
afterAll(() => app?.close());

const name = (r: MountedRoute) => `${r.method} ${r.path}`;

describe('what each role may do', () => {
  it('has a decision in the table for every admin route, and no stale ones', () => {
    expect(adminRoutes.map(name).filter((n) => !(n in MAY))).toEqual([]);
    expect(Object.keys(MAY).filter((n) => !adminRoutes.some((r) => name(r) === n))).toEqual([]);
  });

  it('answers 403 with a clear message exactly where the role may not go', async () => {
    const wrong: string[] = [];
    // The owner last: a receptionist's refused DELETE must not find the row already gone.
    for (const role of ['receptionist', 'dentist', 'owner'] as StaffRole[]) {
      for (const route of adminRoutes) {
        const path = route.path.replace(':id', '1').replace(':paymentId', '1').replace(':key', 'doctor_image').replace(':date', '2030-01-01').replace(':file', 'patients.csv');
        const res = await app.request(path, { method: route.method, cookie: cookies[role], ...(route.method === 'GET' ? {} : { json: {} }) });
        const allowed = MAY[name(route)]?.includes(role);
        if (allowed && res.status === 403) wrong.push(`${role} refused ${name(route)}`);
        if (!allowed) {
          if (res.status !== 403) wrong.push(`${role} allowed ${name(route)} (${res.status})`);
          else expect((await res.json()).error).toMatch(/^Only the owner( or a (dentist|receptionist))? can .+\.$/);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to register an admin route that does not declare what it needs', () => {
    const router = createAdminRouter(app.deps, { prefix: '/api/admin/new-thing' });
    expect(() => router.get('/', async () => {})).toThrow(/GET \/api\/admin\/new-thing\/: an admin route must begin with requires/i);
  });

  it('tells the signed-in user their role, so the admin can hide what it cannot do', async () => {
    const me = await app.request('/api/auth/me', { cookie: cookies.receptionist });
    expect((await me.json()).user).toMatchObject({ email: RECEPTIONIST.email, role: 'receptionist' });
    const dentist = await app.request('/api/auth/me', { cookie: cookies.dentist });
    expect((await dentist.json()).user).toMatchObject({ email: DENTIST.email, role: 'dentist' });
  });

  it('names every role that may in a refusal', async () => {
    const res = await app.request('/api/admin/patients/1/clinical-items', { method: 'POST', cookie: cookies.receptionist, json: {} });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Only the owner or a dentist can change the clinical record.' });
    const bill = await app.request('/api/admin/invoices', { cookie: cookies.dentist });
    expect(await bill.json()).toEqual({ error: 'Only the owner or a receptionist can see invoices.' });
  });
});
