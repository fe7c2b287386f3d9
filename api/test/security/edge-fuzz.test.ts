import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { defaultClinicSettings } from '../../../shared/schemas/clinic-settings';
import { seedDemoContent } from '../../db/seeds/demo-content';
import { PAGE_ROUTES, ROUTE_DOCS } from '../../openapi/route-docs';
import { createAccount } from '../../services/staff/accounts';
import { mountedRoutes, type MountedRoute } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';

// API-10, API-11: out-of-range ids and dates answer 400 naming the field (or 404 for an id in the path),
// never a 500, as a class. Every route of the app, signed in as the owner, gets the edges: each path
// parameter 0, -1, 2147483648, 1e20 and 'abc'; each integer field of its body (found from the route's
// shared zod schema, ROUTE_DOCS, as JSON Schema) 2147483648, 1e20 and -1; each date field (the JSON
// Schema's date range, which the shared date builders write) '0000-01-01', '9999-12-31', '2026-02-30'
// and the days just outside the range; each documented query parameter every one of those. The rest of
// each body is valid, so an edge that passed validation would reach the database (PostgreSQL's integer
// and date types are where today's 500s came from).

let app: TestApp;
let cookie: string;
let routes: MountedRoute[];
let ids: Record<string, number>;

beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0, bookingMaxOpenPerContact: 0 } });
  // Monday 23 November 2026, 09:30 in Pune.
  app.clock.set('2026-11-23T04:00:00Z');
  await seedDemoContent(app.deps.knex, app.clock.now());
  cookie = await app.signIn();
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await app.request(path, { method, cookie, ...(json === undefined ? {} : { json }) });
    const body = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const maxId = async (table: string) => Number((await app.deps.knex(table).max('id as id').first())!.id);
  const patient = await maxId('patients');
  const other = (await call('POST', '/api/admin/patients', { firstName: 'Ravi', lastName: 'Kale', phone: '9876500077' })).id as number;
  const items = (await call('POST', `/api/admin/patients/${patient}/chart-commands`, { command: '36 rct; 46 crown' })).items as { id: number }[];
  const plan = await call('POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'Lower molars', options: [{ name: 'A', itemIds: [items[0].id] }] });
  const note = await call('POST', `/api/admin/patients/${patient}/visit-notes`, { sections: { complaint: 'Pain at 36' } });
  const appointment = await maxId('appointments');
  ids = {
    patients: patient,
    other,
    appointments: appointment,
    invoices: await maxId('invoices'),
    'blog-posts': await maxId('blog_posts'),
    gallery: await maxId('gallery_images'),
    'price-list': await maxId('price_list'),
    users: (await createAccount(app.deps.knex, 'edge-staff@clinic.test', 'edge-staff-pass-1', 'Edge Staff', 'receptionist')).id,
    'clinical-items': items[1].id,
    'treatment-plans': plan.id,
    'visit-notes': note.id,
    item: items[0].id,
  };
  // Signing out would end the session; the multipart upload has its own tests (and the pixel limit its own).
  routes = mountedRoutes(app.deps).filter((r) => r.path !== '/api/auth/logout' && r.path !== '/api/admin/upload' && !PAGE_ROUTES.has(`${r.method} ${r.path}`));
});
afterAll(() => app?.close());

const invoiceItems = computeInvoiceTotals([{ description: 'Scaling', quantity: 1, unitPrice: 1500 }], 18);

/** Valid for every schema at once (unknown keys are ignored), so one field at a time can be put at an edge. */
function validBody(): Record<string, unknown> {
  return {
    firstName: 'Asha',
    lastName: 'Patil',
    email: 'asha@example.in',
    phone: '9876543210',
    preferredDate: '2026-11-25',
    preferredTime: '17:00',
    treatment: 'cleaning',
    notes: 'First visit',
    dateOfBirth: '1990-04-01',
    status: 'confirmed',
    followUpDate: '2027-01-15',
    patientId: ids.patients,
    appointmentId: ids.appointments,
    guardianId: ids.other,
    // The merge is never sent a valid other patient: only its edges.
    otherPatientId: ids.other,
    dueDate: '2026-12-31',
    taxPercentage: 18,
    subtotal: invoiceItems.subtotal,
    taxAmount: invoiceItems.taxAmount,
    totalAmount: invoiceItems.totalAmount,
    items: invoiceItems.items,
    title: 'A title',
    excerpt: 'An excerpt',
    content: '<p>Text</p>',
    isPublished: false,
    imageUrl: '/images/doctor.webp',
    description: 'A description',
    category: 'clinic',
    isActive: true,
    order: 1,
    amount: 100,
    paidOn: '2026-11-23',
    mode: 'upi',
    reference: 'UTR 1234',
    name: 'Night guard',
    defaultPrice: 3000,
    sacCode: '999312',
    taxRate: 18,
    bookAnyway: true,
    allergies: [],
    conditions: [],
    medicines: [],
    pregnant: false,
    sections: { complaint: 'Pain', history: '', examination: '', diagnosis: '', treatment: '', advice: '' },
    version: 1,
    text: 'Reviewed',
    openingHours: { ...defaultClinicSettings.openingHours },
    timeSlots: [...defaultClinicSettings.timeSlots],
    slotCapacity: 2,
    bookingWindowDays: 60,
    reminderHoursBefore: 24,
    notificationEmail: 'desk@example.in',
    reviewRequests: true,
    reviewRequestDelayHours: 2,
    recallMonths: 6,
    date: '2027-01-01',
    reason: 'Diwali',
    role: 'receptionist',
    teeth: ['36'],
    surfaces: ['M', 'O'],
    code: 'composite',
    note: 'Deep cavity',
    ids: [ids['clinical-items']],
    options: [{ name: 'A', itemIds: [ids.item], lines: [{ itemId: ids.item, visit: 1 }], visits: [{ label: 'First', minutes: 30 }] }],
    itemId: ids.item,
    itemIds: [ids.item],
    // A credit note's line: its amount, so the line's ids are the fields at their edges.
    lines: [{ amount: 100, description: 'Scaling' }],
    rating: 5,
  };
}

/** Query parameters a route needs together (the calendar's range), given valid while the other is at an edge. */
const REQUIRED_QUERY: Record<string, Record<string, string>> = {
  'GET /api/admin/appointments/calendar': { from: '2026-11-01', to: '2026-11-30' },
};

const PATH_EDGES = ['0', '-1', '2147483648', '1e20', 'abc'];
const INTEGER_EDGES = [2147483648, 1e20, -1];
const DATE_EDGES = ['0000-01-01', '9999-12-31', '2026-02-30', '1899-12-31', '2201-01-01'];
const QUERY_EDGES = [...DATE_EDGES, '0', '-1', '2147483648', '1e20', 'abc'];

type Json = Record<string, unknown>;
interface EdgeField {
  path: (string | number)[];
  kind: 'integer' | 'date';
}

/** The integer and date fields of a JSON Schema, with their paths (an array's element as index 0). */
function edgeFields(schema: unknown, path: (string | number)[] = [], out: EdgeField[] = []): EdgeField[] {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Json;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer')) out.push({ path, kind: 'integer' });
  // A date field is marked with the range (formatMinimum, shared/schemas/fields.ts's DATE_META), and format: date where it is a day only.
  if (s.format === 'date' || 'formatMinimum' in s) out.push({ path, kind: 'date' });
  for (const [key, value] of Object.entries((s.properties as Json) ?? {})) edgeFields(value, [...path, key], out);
  if (s.items) edgeFields(s.items, [...path, 0], out);
  for (const alt of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? []), ...((s.allOf as unknown[]) ?? [])]) edgeFields(alt, path, out);
  return out;
}

/** Both sides of the schema: a transformed field shows its type on one side only. */
function bodyEdgeFields(schema: z.ZodType): EdgeField[] {
  const found = ['input', 'output'].flatMap((io) => edgeFields(z.toJSONSchema(schema, { io: io as 'input' | 'output', unrepresentable: 'any' })));
  const unique = new Map(found.map((f) => [`${f.kind} ${f.path.join('.')}`, f]));
  return [...unique.values()];
}

/** A copy of `body` with the value at `path` replaced (containers made as needed). */
function withValue(body: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(body);
  let at: any = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) at[key] = value;
    else {
      const next = path[i + 1];
      if (at[key] === null || typeof at[key] !== 'object') at[key] = typeof next === 'number' ? [] : {};
      at = at[key];
    }
  });
  return copy;
}

function concrete(path: string): string {
  const resource = path.split('/')[3] ?? '';
  return path
    .replace(':id', String(ids[resource] ?? 1))
    .replace(':patientId', String(ids.patients))
    .replace(':key', 'doctor_image')
    .replace(':paymentId', '1')
    .replace(':version', '1')
    .replace(':visit', '1')
    .replace(':slug', 'x')
    .replace(':date', '2026-12-25')
    .replace(':file', 'appointments.csv')
    .replace(':name', 'x.webp')
    .replace(':code', 'chipped');
}

const problems: string[] = [];
/** How many body edges were answered 400 naming their field (the rest 404). */
let named = 0;
let notFound = 0;

/** Sends a body with `field` at `edge`: the answer must be 400 naming the field, or 404. */
async function sendEdge(method: string, path: string, field: string, edge: unknown, json: Json): Promise<void> {
  const res = await app.request(path, { method, cookie, json });
  const text = await res.text();
  if (res.status === 404) return void (notFound += 1);
  let fields: Record<string, string> | undefined;
  try {
    fields = JSON.parse(text).fields;
  } catch {
    /* not JSON */
  }
  if (res.status === 400 && fields?.[field]) named += 1;
  else problems.push(`${method} ${path} ${field}=${JSON.stringify(edge)} -> ${res.status} ${text.slice(0, 160)}`);
}

async function inBatches(jobs: (() => Promise<void>)[], size = 4): Promise<void> {
  for (let i = 0; i < jobs.length; i += size) await Promise.all(jobs.slice(i, i + size).map((job) => job()));
}

describe('ids and dates at their edges (API-10, API-11)', () => {
  it('finds the integer and date fields of the shared schemas', () => {
    const found = Object.entries(ROUTE_DOCS).flatMap(([route, doc]) => (doc.body ? bodyEdgeFields(doc.body).map((f) => `${route} ${f.kind} ${f.path.join('.')}`) : []));
    // A floor, so the search itself is known to work: the fields the class was found by, and the dates.
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/admin/patients/:id/visit-notes integer appointmentId',
        'POST /api/admin/patients/:id/visit-notes integer templateId',
        'PUT /api/admin/patients/:id/guardian integer guardianId',
        'POST /api/admin/patients/:id/merge integer otherPatientId',
        'POST /api/admin/invoices integer patientId',
        'POST /api/admin/invoices integer appointmentId',
        'POST /api/admin/patients/:id/treatment-plans integer options.0.itemIds.0',
        'POST /api/admin/patients date dateOfBirth',
        'POST /api/admin/invoices date dueDate',
        'POST /api/admin/closed-dates date date',
        'POST /api/appointments date preferredDate',
        'POST /api/admin/appointments/:id/follow-up date followUpDate',
        'POST /api/admin/invoices/:id/payments date paidOn',
      ]),
    );
  });

  it('answers every path parameter at its edges with 400 or 404', async () => {
    problems.length = 0;
    const jobs: (() => Promise<void>)[] = [];
    for (const route of routes) {
      for (const param of route.path.match(/:\w+/g) ?? []) {
        for (const edge of PATH_EDGES) {
          const path = concrete(route.path.replace(param, edge));
          jobs.push(async () => {
            // A form route (the personal pages') gets a form, the others JSON.
            const body =
              route.method === 'GET' ? {} : route.body === 'form' ? { body: 'slot=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : { json: validBody() };
            const res = await app.request(path, { method: route.method, cookie, ...body });
            const text = await res.text();
            if (res.status === 503 && text.includes('The public site is not built')) return;
            if (res.status !== 400 && res.status !== 404) problems.push(`${route.method} ${path} -> ${res.status} ${text.slice(0, 160)}`);
          });
        }
      }
    }
    await inBatches(jobs);
    expect(jobs.length).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers an integer or date body field at its edges with 400 naming the field (or 404)', async () => {
    problems.length = 0;
    const jobs: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const schema = ROUTE_DOCS[`${route.method} ${route.path}`]?.body;
      if (!schema) continue;
      for (const field of bodyEdgeFields(schema)) {
        for (const edge of field.kind === 'integer' ? INTEGER_EDGES : DATE_EDGES) {
          jobs.push(() => sendEdge(route.method, concrete(route.path), field.path.join('.'), edge, withValue(validBody(), field.path, edge)));
        }
      }
    }
    await inBatches(jobs);
    expect(jobs.length).toBeGreaterThan(80);
    expect(problems).toEqual([]);
    // The bodies reach their checks: almost every edge is refused for itself, not for a missing record.
    console.info(`body edges: ${jobs.length}, answered 400 naming the field ${named}, 404 ${notFound}`);
    expect(named).toBeGreaterThan(jobs.length * 0.9);
  }, 120_000);

  it('answers every documented query parameter at the edges without a 500, and a refusal names it', async () => {
    problems.length = 0;
    const jobs: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const key = `${route.method} ${route.path}`;
      for (const name of ROUTE_DOCS[key]?.query ?? []) {
        for (const edge of QUERY_EDGES) {
          const path = `${concrete(route.path)}?${new URLSearchParams({ ...REQUIRED_QUERY[key], [name]: edge })}`;
          jobs.push(async () => {
            const res = await app.request(path, { cookie });
            const text = await res.text();
            if (res.status >= 500) problems.push(`GET ${path} -> ${res.status} ${text.slice(0, 160)}`);
            else if (res.status === 400 && !JSON.parse(text).fields?.[name]) problems.push(`GET ${path} -> 400 without naming ${name}: ${text.slice(0, 160)}`);
          });
        }
      }
    }
    await inBatches(jobs);
    expect(jobs.length).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses the chart at a day outside the range, naming `at`', async () => {
    for (const at of ['0000-01-01', '9999-12-31', '1899-12-31', '2201-01-01', '2026-02-30']) {
      const res = await app.request(`/api/admin/patients/${ids.patients}/chart?at=${at}`, { cookie });
      expect(res.status, at).toBe(400);
      expect((await res.json()).fields.at, at).toMatch(/1900-01-01.*2200-12-31/);
    }
    const ok = await app.request(`/api/admin/patients/${ids.patients}/chart?at=2200-12-31`, { cookie });
    expect(ok.status).toBe(200);
  });

  it('refuses 2147483648 as appointmentId, templateId, guardianId and otherPatientId with 400 naming it', async () => {
    const cases: [string, string, Json, string][] = [
      ['POST', `/api/admin/patients/${ids.patients}/visit-notes`, { sections: { complaint: 'x' }, appointmentId: 2147483648 }, 'appointmentId'],
      ['POST', `/api/admin/patients/${ids.patients}/visit-notes`, { sections: { complaint: 'x' }, templateId: 2147483648 }, 'templateId'],
      ['PUT', `/api/admin/patients/${ids.patients}/guardian`, { guardianId: 2147483648 }, 'guardianId'],
      ['POST', `/api/admin/patients/${ids.patients}/merge`, { otherPatientId: 2147483648, reason: 'Same person' }, 'otherPatientId'],
    ];
    for (const [method, path, json, field] of cases) {
      const res = await app.request(path, { method, cookie, json });
      const body = await res.json();
      expect(res.status, `${field}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.fields[field], field).toBeTruthy();
    }
    for (const name of ['templateId', 'appointmentId']) {
      const res = await app.request(`/api/admin/patients/${ids.patients}/visit-notes/draft?${name}=2147483648`, { cookie });
      expect(res.status, name).toBe(400);
      expect((await res.json()).fields[name], name).toBeTruthy();
    }
  });
});
