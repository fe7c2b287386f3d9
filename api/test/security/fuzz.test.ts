import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClinicSettings } from '../../../shared/schemas/clinic-settings';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { seedDemoContent } from '../../db/seeds/demo-content';
import { createAccount } from '../../services/staff/accounts';
import { newManageToken } from '../../services/appointments/manage-links';
import { mountedRoutes, type MountedRoute } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';

// Bad input never reaches a 500. Every route of the app, signed in, gets a valid body with one field
// at a time replaced by something malformed (lone surrogates, NULs, wrong types, huge values), plus
// bodies that are malformed as a whole (nesting 5,000 deep, broken JSON, bare values) and hostile query
// strings. No answer may be a 5xx, and none may carry a stack trace or SQL. The form routes (the personal
// pages' plain posts), found from the route list by the body they read, get the same in form encoding, and
// a NUL anywhere in a form answers exactly the 400 a NUL in JSON does (SEC-4).

let app: TestApp;
let cookie: string;
let routes: MountedRoute[];
let ids: Record<string, number>;

beforeAll(async () => {
  // The booking rate limit would answer 429 after ten requests: the fuzz is about what lies behind it.
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0, bookingMaxOpenPerContact: 0 } });
  // Monday 23 November 2026, 09:30 in Pune: the booking below is for Wednesday.
  app.clock.set('2026-11-23T04:00:00Z');
  await seedDemoContent(app.deps.knex, app.clock.now());
  cookie = await app.signIn();
  const firstId = async (table: string) => (await app.deps.knex(table).max('id as id').first())!.id as number;
  ids = {
    patients: await firstId('patients'),
    appointments: await firstId('appointments'),
    invoices: await firstId('invoices'),
    'blog-posts': await firstId('blog_posts'),
    gallery: await firstId('gallery_images'),
    'price-list': await firstId('price_list'),
    // Staff routes act on a receptionist: resetting or disabling the owner would end the fuzz's own session.
    users: (await createAccount(app.deps.knex, 'fuzz-staff@clinic.test', 'fuzz-staff-pass-1', 'Fuzz Staff', 'receptionist')).id,
  };
  const item = await app.request(`/api/admin/patients/${ids.patients}/clinical-items`, { method: 'POST', cookie, json: { teeth: ['46'], code: 'rct' } });
  ids['clinical-items'] = (await item.json()).id;
  // Signing out would end the session the fuzz runs with; the multipart upload has its own tests.
  routes = mountedRoutes(app.deps).filter((r) => r.path !== '/api/auth/logout' && r.path !== '/api/admin/upload');
});
afterAll(() => app?.close());

const items = computeInvoiceTotals([{ description: 'Scaling', quantity: 1, unitPrice: 1500 }], 18);

/** Valid for every schema at once (unknown keys are ignored), so one field at a time can be broken. */
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
    address: 'Moshi, Pune',
    dateOfBirth: '1990-04-01',
    status: 'confirmed',
    followUpDate: '2031-01-15',
    customMessage: 'See you soon',
    patientId: ids.patients,
    dueDate: '2026-12-31',
    taxPercentage: 18,
    subtotal: items.subtotal,
    taxAmount: items.taxAmount,
    totalAmount: items.totalAmount,
    items: items.items,
    title: 'A title',
    excerpt: 'An excerpt',
    content: '<p>Text</p>',
    isPublished: false,
    imageUrl: '/images/doctor.webp',
    description: 'A description',
    category: 'clinic',
    isActive: true,
    order: 1,
    value: '/images/doctor.webp',
    password: 'wrong-password-1',
    amount: 100,
    paidOn: '2026-11-23',
    mode: 'upi',
    reference: 'UTR 1234',
    name: 'Night guard',
    defaultPrice: 3000,
    sacCode: '999312',
    taxRate: 18,
    bookAnyway: false,
    // MED-5: the patient form sends no alert text (the medical history holds it).
    allergies: '',
    conditions: '',
    medications: '',
    medicines: [{ name: 'Warfarin', dose: '5 mg' }],
    pregnant: false,
    sections: { complaint: 'Pain', history: '', examination: '', diagnosis: '', treatment: '', advice: '' },
    text: 'Reviewed',
    openingHours: { ...defaultClinicSettings.openingHours },
    timeSlots: [...defaultClinicSettings.timeSlots],
    lastAppointmentMinutesBeforeClosing: 0,
    slotCapacity: 2,
    bookingWindowDays: 60,
    reminderHoursBefore: 24,
    notificationEmail: 'desk@example.in',
    reviewRequests: true,
    reviewRequestDelayHours: 2,
    recallMonths: 6,
    date: '2031-01-01',
    reason: 'Diwali',
    role: 'receptionist',
    disabled: false,
    currentPassword: 'wrong-password-1',
    newPassword: 'a-new-password-77',
    teeth: ['36'],
    surfaces: ['M', 'O'],
    code: 'composite',
    note: 'Deep cavity',
    command: '36 MOD composite; 46 rct done',
    preview: true,
    names: ['chipped'],
    takesSurfaces: true,
    draw: 'surface',
  };
}

/**
 * The fields each route reads, so the fuzz spends its requests where they matter; a route missing here
 * (a new one) gets every field of validBody().
 */
const FIELDS: Record<string, string[]> = {
  'POST /api/appointments': ['firstName', 'lastName', 'email', 'phone', 'preferredDate', 'preferredTime', 'treatment', 'notes'],
  'POST /api/auth/login': ['email', 'password'],
  'POST /api/admin/patients': ['firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth', 'allergies', 'conditions', 'medications', 'notes'],
  'PUT /api/admin/patients/:id': ['firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth', 'allergies', 'conditions', 'medications', 'notes'],
  'PUT /api/admin/appointments/:id': ['status'],
  'POST /api/admin/appointments/:id/follow-up': ['followUpDate', 'customMessage'],
  'POST /api/admin/invoices': ['patientId', 'dueDate', 'taxPercentage', 'subtotal', 'taxAmount', 'totalAmount', 'notes', 'items', 'appointmentId'],
  'POST /api/admin/blog-posts': ['title', 'excerpt', 'content', 'isPublished', 'imageUrl'],
  'PUT /api/admin/blog-posts/:id': ['title', 'excerpt', 'content', 'isPublished', 'imageUrl'],
  'POST /api/admin/gallery': ['title', 'description', 'imageUrl', 'category', 'isActive', 'order'],
  'PUT /api/admin/gallery/:id': ['title', 'description', 'imageUrl', 'category', 'isActive', 'order'],
  'PUT /api/admin/site-settings/:key': ['value'],
  'POST /api/admin/invoices/:id/payments': ['amount', 'paidOn', 'mode', 'reference'],
  'PATCH /api/admin/invoices/:id/mark-paid': ['paidOn', 'mode', 'reference'],
  'POST /api/admin/price-list': ['name', 'defaultPrice', 'sacCode', 'taxRate', 'isActive', 'order'],
  'PUT /api/admin/price-list/:id': ['name', 'defaultPrice', 'sacCode', 'taxRate', 'isActive', 'order'],
  'DELETE /api/admin/price-list/:id': ['notes'],
  // The front desk.
  'POST /api/admin/appointments': [
    'patientId', 'firstName', 'lastName', 'email', 'phone', 'preferredDate', 'preferredTime', 'treatment', 'notes', 'status', 'bookAnyway', 'language',
  ],
  'PATCH /api/admin/appointments/:id/reschedule': ['preferredDate', 'preferredTime', 'bookAnyway'],
  'PUT /api/admin/clinic-settings': [
    'openingHours', 'timeSlots', 'slotCapacity', 'bookingWindowDays', 'reminderHoursBefore', 'notificationEmail', 'reviewRequests', 'reviewRequestDelayHours',
    'recallMonths',
    'lastAppointmentMinutesBeforeClosing',
  ],
  'POST /api/admin/closed-dates': ['date', 'reason'],
  'DELETE /api/admin/closed-dates/:date': ['notes'],
  'POST /api/admin/users': ['email', 'name', 'role', 'password'],
  'PUT /api/admin/users/:id': ['name', 'role', 'disabled', 'password'],
  'DELETE /api/admin/users/:id': ['notes'],
  'POST /api/auth/change-password': ['currentPassword', 'newPassword'],
  'PATCH /api/admin/reviews/:id': ['status', 'reply'],
  'POST /api/admin/patients/:id/clinical-items': ['teeth', 'surfaces', 'code', 'status', 'note'],
  'POST /api/admin/patients/:id/chart-commands': ['command', 'preview'],
  'PATCH /api/admin/clinical-items/:id': ['status'],
  'POST /api/admin/clinical-items/:id/invalidate': ['reason'],
  'POST /api/admin/findings': ['code', 'names', 'takesSurfaces', 'draw'],
  'POST /api/admin/patients/:id/advances': ['amount', 'mode', 'reference'],
  'POST /api/admin/payments/:id/refund': ['amount', 'reason'],
  'POST /api/admin/invoices/:id/apply-credit': ['amount'],
  'POST /api/admin/appointments/:id/arrived': ['notes'],
  'DELETE /api/admin/appointments/:id/arrived': ['notes'],
  'POST /api/admin/appointments/:id/in-chair': ['notes'],
  'DELETE /api/admin/appointments/:id/in-chair': ['notes'],
  'PUT /api/admin/patients/:id/medical-history': ['allergies', 'medicines', 'conditions', 'pregnant', 'note', 'source'],
  'POST /api/admin/patients/:id/visit-notes': ['sections', 'appointmentId'],
  'PUT /api/admin/visit-notes/:id': ['sections'],
  'POST /api/admin/visit-notes/:id/addenda': ['text'],
  'POST /api/admin/visit-notes/:id/sign': ['notes'],
  'POST /api/admin/patients/:id/medical-history/versions/:version/confirm': ['notes'],
  'PUT /api/admin/visit-note-templates': ['templates', 'procedureTexts'],
  'POST /api/admin/patients/:id/treatment-plans': ['title', 'options'],
  'PUT /api/admin/treatment-plans/:id': ['title', 'options'],
  'POST /api/admin/treatment-plans/:id/accept': ['option', 'signature', 'signedBy', 'language'],
  'POST /api/admin/treatment-plans/:id/sittings': ['itemId', 'teeth', 'final', 'note'],
  'POST /api/admin/treatment-plans/:id/visits/:visit/bookings': ['appointmentId'],
  'POST /api/admin/patients/:id/invoice-from-completed': ['itemIds'],
  'POST /api/admin/treatment-plans/:id/decline': ['notes'],
  'POST /api/admin/treatment-plans/:id/link': ['notes'],
  'POST /plan/:token': ['option', 'signedBy', 'agree'],
  // Actions without a body: one pass with the whole body is enough.
  'PATCH /api/admin/appointments/:id/cancel': ['notes'],
  'DELETE /api/admin/appointments/:id': ['notes'],
  'DELETE /api/admin/patients/:id': ['notes'],
  // DATA-3: no fuzzed value is the word ERASE, so the fuzz never erases the patient it is given.
  'POST /api/admin/patients/:id/erase': ['confirm'],
  'POST /api/admin/patients/:id/merge': ['otherPatientId', 'reason'],
  'PUT /api/admin/patients/:id/guardian': ['guardianId'],
  'POST /api/admin/invoices/:id/send': ['notes'],
  'DELETE /api/admin/invoices/:id': ['notes'],
  'DELETE /api/admin/blog-posts/:id': ['notes'],
  'DELETE /api/admin/gallery/:id': ['notes'],
};

const deep = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/** JSON text nested `levels` deep, written directly (JSON.stringify itself runs out of stack there). */
const deepJson = (levels: number, leaf = '1'): string => {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    open += i % 2 ? '{"a":' : '[';
    close = (i % 2 ? '}' : ']') + close;
  }
  return open + leaf + close;
};

const BAD_VALUES: unknown[] = [
  '\ud800',
  'a\udfffb',
  'x\u0000y',
  'x'.repeat(200_000),
  '',
  '😀'.repeat(50),
  "'; drop table patients; --",
  '2026-02-30',
  '9'.repeat(400),
  -1,
  1e308,
  2 ** 63,
  0.1 + 0.2,
  true,
  null,
  [],
  { nested: { deeper: ['\ud800'] } },
  deep(40),
];

/** Bodies broken as a whole, sent as raw text. */
const BAD_RAW_BODIES = [
  deepJson(5_000),
  `{"notes":${deepJson(5_000, '"\\ud800"')}}`,
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '{"firstName":',
  'null',
  '1',
  '"text"',
  '[]',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\u0000',
];

const HOSTILE_QUERIES = [
  '?q=%ED%A0%80',
  '?q=%00',
  '?q=%25%5F%5C',
  `?q=${'x'.repeat(5_000)}`,
  '?q[]=a&q[]=b',
  '?limit=1e309&offset=-1',
  '?limit=abc&offset=99999999999999999999999',
  '?status=%3Cscript%3E&date=2026-13-45',
  '?date=%00',
  '?date=0000-00-00',
];

function concrete(route: MountedRoute, id?: string): string {
  const resource = route.path.split('/')[3] ?? '';
  return route.path
    .replace(':id', id ?? String(ids[resource] ?? 1))
    .replace(':key', 'doctor_image')
    .replace(':paymentId', '1')
    .replace(':slug', 'x')
    .replace(':date', '2026-12-25')
    .replace(':file', 'appointments.csv')
    .replace(':name', 'x.webp')
    .replace('{/*rest}', '')
    .replace('{*rest}', 'about');
}

const LEAKS = /\bat .+\(.*:\d+:\d+\)|\.ts:\d+|node_modules|select .+ from|insert into|relation "|syntax error|violates|ECONNREFUSED|TypeError|RangeError/i;
const problems: string[] = [];

async function send(method: string, path: string, body?: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(path, { method, cookie, headers, body });
  const text = await res.text();
  // Without `npm run build:site` the page server answers every page 503 "Build missing": not an input fault.
  if (res.status === 503 && text.includes('The public site is not built')) return;
  if (res.status >= 500) problems.push(`${method} ${path.slice(0, 120)} ${body?.slice(0, 80) ?? ''} -> ${res.status} ${text.slice(0, 120)}`);
  else if (LEAKS.test(text) && !res.headers.get('content-type')?.includes('html')) problems.push(`${method} ${path.slice(0, 120)} leaks: ${text.slice(0, 200)}`);
}

/** Runs the requests a few at a time. */
async function inBatches(jobs: (() => Promise<void>)[], size = 4): Promise<void> {
  for (let i = 0; i < jobs.length; i += size) await Promise.all(jobs.slice(i, i + size).map((job) => job()));
}

describe('fuzzing every route', () => {
  it('answers malformed fields without a 5xx or a leak', async () => {
    const jobs: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const field of FIELDS[`${route.method} ${route.path}`] ?? Object.keys(validBody())) {
        for (const bad of BAD_VALUES) {
          jobs.push(() => send(route.method, concrete(route), JSON.stringify({ ...validBody(), [field]: bad })));
        }
      }
    }
    for (const bad of BAD_VALUES) {
      const body = validBody();
      body.items = [{ description: bad, quantity: bad, unitPrice: bad, totalPrice: bad, sacCode: bad, taxRate: bad }];
      jobs.push(() => send('POST', '/api/admin/invoices', JSON.stringify(body)));
    }
    await inBatches(jobs);
    expect(jobs.length).toBeGreaterThan(1_000);
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers bodies broken as a whole with 400, never a 5xx', async () => {
    problems.length = 0;
    const jobs: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const body of BAD_RAW_BODIES) jobs.push(() => send(route.method, concrete(route), body));
    }
    await inBatches(jobs);
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses a body nested 5,000 levels deep and a lone surrogate with a clear 400', async () => {
    const deepRes = await app.request('/api/appointments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deepJson(5_000) });
    expect(deepRes.status).toBe(400);
    expect(await deepRes.json()).toEqual({ error: 'Request body is nested too deeply' });
    const surrogate = await app.request('/api/appointments', { method: 'POST', json: { ...validBody(), notes: '\ud800' } });
    expect(surrogate.status).toBe(400);
    expect(await surrogate.json()).toEqual({ error: 'Text must not contain invalid characters' });
    expect(await app.deps.knex('appointments').where({ notes: '\ufffd' }).first()).toBeUndefined();
  });

  it('answers hostile ids, slugs and query strings without a 5xx', async () => {
    problems.length = 0;
    const jobs: (() => Promise<void>)[] = [];
    for (const route of routes) {
      const paths = route.path.includes(':')
        ? ['0', '-1', '1.5', '99999999999999999999', '%00', '%ED%A0%80', 'x'.repeat(3_000), '..%2F..%2Fetc%2Fpasswd'].map((id) =>
            route.path.replace(/:(id|key|slug|name)/, id),
          )
        : [concrete(route)];
      for (const path of paths) {
        if (route.method === 'GET') for (const query of HOSTILE_QUERIES) jobs.push(() => send('GET', path + query));
        else jobs.push(() => send(route.method, path, JSON.stringify(validBody())));
      }
    }
    await inBatches(jobs);
    expect(problems).toEqual([]);
  }, 120_000);
});

// SEC-4 for forms: the routes that read application/x-www-form-urlencoded, read from the mounted routes by
// the guard at their head (api/middleware/body.ts), so a new form route is fuzzed without being listed.

/** The fields each form route reads; a new one gets all of them. */
const FORM_FIELDS: Record<string, string[]> = {
  'POST /appointment/:token/cancel': ['slot'],
  'POST /appointment/:token/request': ['slot'],
  'POST /review/:token': ['rating', 'text', 'name'],
};
const ALL_FORM_FIELDS = ['slot', 'rating', 'text', 'name'];

const BAD_FORM_VALUES = [
  'x\u0000y',
  '\u0000',
  'x'.repeat(200_000),
  'x'.repeat(3_000),
  '',
  '😀'.repeat(50),
  "'; drop table appointments; --",
  '2026-02-30T11:00',
  '9999-99-99T99:99',
  '1e308',
  '-1',
  '<script>alert(1)</script>',
];

/** Form bodies broken as a whole, sent as raw text. */
const BAD_RAW_FORMS = [
  'slot=%',
  'slot=%zz',
  'slot=%ED%A0%80',
  'text=%ff%fe&rating=5',
  '%00=1',
  'a%00b=1',
  'slot=%00',
  'rating=5&text=a%00',
  'slot[]=a&slot[]=b',
  'slot[x][y][z][w][v][u]=1',
  `slot${'[a]'.repeat(200)}=1`,
  `${'a'.repeat(1_000)}=1`,
  '__proto__[isAdmin]=1&constructor[prototype][x]=1',
  '=&=&&',
  `slot=${'%41'.repeat(5_000)}`,
  '\u0000',
  'rating=5&rating=4&text[]=a&name[x]=short',
];

describe('fuzzing every form route (SEC-4)', () => {
  let formRoutes: MountedRoute[];
  let tokens: { appointment: string; review: string };
  let reviewHash: string;

  beforeAll(async () => {
    formRoutes = mountedRoutes(app.deps).filter((r) => r.body === 'form' && r.method !== 'GET');
    // A live appointment's link, and an unused review link of a completed visit.
    const [{ id }] = await app.deps.knex('appointments')
      .insert({ firstName: 'Fuzz', lastName: 'Form', email: 'fuzz-form@example.in', phone: '9876500001', treatment: 'cleaning', preferredDate: '2026-11-27', preferredTime: '11:00', status: 'pending' })
      .returning('id');
    const link = newManageToken();
    await app.deps.knex('appointment_links').insert({ tokenHash: link.hash, appointmentId: id });
    const review = await newReviewLink();
    tokens = { appointment: link.token, review: review.token };
    reviewHash = review.hash;
  });

  /** An unused review link of a new completed visit. */
  async function newReviewLink(): Promise<{ token: string; hash: string }> {
    const [{ id: visit }] = await app.deps.knex('appointments')
      .insert({ firstName: 'Fuzz', lastName: 'Review', email: 'fuzz-review@example.in', phone: '9876500002', treatment: 'cleaning', preferredDate: '2026-11-20', preferredTime: '11:00', status: 'completed' })
      .returning('id');
    const review = newManageToken();
    await app.deps.knex('review_links').insert({ tokenHash: review.hash, appointmentId: visit, createdAt: app.clock.now() });
    return review;
  }

  /** The route's address with a live token, an unknown one or a malformed one. */
  const formPath = (route: MountedRoute, token: 'live' | 'unknown' | 'malformed') =>
    route.path.replace(
      ':token',
      token === 'unknown' ? 'A'.repeat(43) : token === 'malformed' ? 'short' : route.path.startsWith('/review/') ? tokens.review : tokens.appointment,
    );

  const postForm = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
    app.request(path, { method: 'POST', headers: { 'content-type': type }, body, redirect: 'manual' });

  /** Runs a few at a time, with the personal page's post limits (BOOK-16) unused, so the handlers behind them run. */
  async function fuzzBatches(jobs: (() => Promise<void>)[]): Promise<void> {
    for (let i = 0; i < jobs.length; i += 4) {
      await app.deps.knex('throttles').where('key', 'like', 'manage-%').delete();
      await Promise.all(jobs.slice(i, i + 4).map((job) => job()));
    }
  }

  it('the route list has the form routes, and every state-changing route reads its body through the guard', () => {
    expect(formRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(expect.arrayContaining(Object.keys(FORM_FIELDS).sort()));
    // A route that parsed a body of its own would walk around the walls; the upload's and /verify's multipart are the ones.
    const unguarded = mountedRoutes(app.deps).filter((r) => r.method !== 'GET' && r.body === 'none');
    // VER-4: the public check of a PDF reads its own multipart too, with its own limits (api/routes/public/verify.ts).
    expect(unguarded.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['POST /api/admin/upload', 'POST /verify']);
  });

  it('answers a NUL in any field, key or value of a form with 400, whatever the token', async () => {
    const failures: string[] = [];
    const jobs: (() => Promise<void>)[] = [];
    for (const route of formRoutes) {
      const fields = FORM_FIELDS[`${route.method} ${route.path}`] ?? ALL_FORM_FIELDS;
      for (const token of ['live', 'unknown', 'malformed'] as const) {
        const bodies = [
          ...fields.map((f) => new URLSearchParams({ [f]: 'before\u0000after' }).toString()),
          ...fields.map((f) => `${f}%00=1`),
          `${fields[0]}=%00`,
        ];
        for (const body of bodies) {
          jobs.push(async () => {
            const res = await postForm(formPath(route, token), body);
            const text = await res.text();
            if (res.status !== 400 || !text.includes('Text must not contain NUL characters')) {
              failures.push(`${route.path} (${token}) ${body} -> ${res.status} ${text.slice(0, 100)}`);
            }
          });
        }
      }
    }
    await fuzzBatches(jobs);
    expect(jobs.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    // Nothing was changed: the live appointment is still open, the review link unused.
    expect((await app.deps.knex('appointments').where({ email: 'fuzz-form@example.in' }).first()).status).toBe('pending');
    expect((await app.deps.knex('review_links').where({ tokenHash: reviewHash }).first()).usedAt).toBeNull();
  });

  it('answers overlong and malformed form values, and broken forms, without a 5xx or a leak', async () => {
    problems.length = 0;
    const jobs: (() => Promise<void>)[] = [];
    const check = (path: string, body: string, type?: string) => async () => {
      const res = await postForm(path, body, type);
      const text = await res.text();
      if (res.status >= 500) problems.push(`POST ${path} ${body.slice(0, 60)} -> ${res.status} ${text.slice(0, 120)}`);
      else if (LEAKS.test(text) && !res.headers.get('content-type')?.includes('html')) problems.push(`POST ${path} leaks: ${text.slice(0, 200)}`);
    };
    for (const route of formRoutes) {
      const fields = FORM_FIELDS[`${route.method} ${route.path}`] ?? ALL_FORM_FIELDS;
      for (const token of ['live', 'unknown', 'malformed'] as const) {
        const path = formPath(route, token);
        for (const field of fields) for (const bad of BAD_FORM_VALUES) jobs.push(check(path, new URLSearchParams({ rating: '5', text: 'Kind', [field]: bad }).toString()));
        for (const raw of BAD_RAW_FORMS) jobs.push(check(path, raw));
        jobs.push(check(path, JSON.stringify({ slot: '2026-11-27T11:00' }), 'application/json'));
      }
    }
    await fuzzBatches(jobs);
    expect(jobs.length).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses a form route a JSON body (415) and a body past its limit (413), as the JSON routes do', async () => {
    const request = formRoutes.find((r) => r.path.endsWith('/request'))!;
    const json = await postForm(formPath(request, 'live'), '{"slot":"2026-11-27T11:00"}', 'application/json');
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ error: 'Please send the form as application/x-www-form-urlencoded' });
    const long = await postForm(formPath(request, 'live'), `slot=${'x'.repeat(3_000)}`);
    expect(long.status).toBe(413);
    // The review form answers a too-long text with its own page and error instead (REV-3).
    const review = formRoutes.find((r) => r.path.startsWith('/review/'))!;
    const longReview = await postForm(review.path.replace(':token', (await newReviewLink()).token), `rating=5&text=${'x'.repeat(30_000)}`);
    expect(longReview.status).toBe(400);
    expect(longReview.headers.get('content-type')).toContain('text/html');
  });
});
