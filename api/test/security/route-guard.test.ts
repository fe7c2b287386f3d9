import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../db/seeds/demo-content';
import { mountedRoutes, type MountedRoute } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';

// Every route of the app, read from the routers the app has mounted (so a route added later is in this
// list without anyone remembering), is either on the public list below or refuses a request without a
// session, in every spelling of its path, and changes nothing in the database.

/** Routes anyone may call, with why. Everything else needs a session. */
const PUBLIC_ROUTES = new Set([
  'GET /api/blog-posts', // published posts (API-1, public)
  'GET /api/blog-posts/:slug',
  'GET /api/gallery',
  'GET /api/site-settings/:key',
  'POST /api/appointments', // the public booking form
  'GET /api/appointments/availability',
  'GET /api/appointments/rules', // the booking window for the form's date picker
  'GET /api/appointment-links/:token', // BOOK-14: the personal link's page data (the token is the key)
  'POST /appointment/:token/cancel', // BOOK-15: the personal page's plain form posts
  'POST /appointment/:token/request',
  'GET /review/:token', // REV-2: the review form behind a review request's single-use link (the token is the key)
  'POST /review/:token',
  'GET /verify', // VER-6: the page to check a document a person holds
  'POST /verify', // VER-4: whether this exact PDF was issued (multipart, throttled per address)
  'GET /verify/:hash', // VER-5: the document a printed code names: day, initials and total only
  'GET /plan/:token', // PLAN-9: the personal link to read and accept a treatment plan (the token is the key)
  'POST /plan/:token',
  // SITE-30: a review or plan link copied wrong (or under a language's prefix): the "not valid" page, no data
  'GET /review{/*rest}',
  'GET /:lang/review{/*rest}',
  'GET /plan{/*rest}',
  'GET /:lang/plan{/*rest}',
  'GET /api/reviews', // REV-5: approved reviews only
  'POST /api/auth/login',
  'GET /healthz',
  'GET /api/openapi.json', // the API's OpenAPI document (API-8)
  'GET /api/docs', // its browsable reference and the page's own files (API-8)
  'GET /api/docs/:file',
  'GET /media/:name',
  'GET /desktop/updates/:file', // the desktop app's update feed (DESK-8), files the operator put there
  'GET /admin{/*rest}', // the admin's HTML shell; its data needs a session
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /{*rest}', // public pages and static files
]);

let app: TestApp;
let routes: MountedRoute[];
let ids: Record<string, number>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemoContent(app.deps.knex, new Date());
  // The clinic's settings are stored on their first read (first start); read them now, so a public page
  // rendered for a misspelt admin path below (it reads the booking rules) does not count as a change.
  await app.request('/api/appointments/rules');
  const firstId = async (table: string) => (await app.deps.knex(table).min('id as id').first())!.id as number;
  ids = {
    patients: await firstId('patients'),
    appointments: await firstId('appointments'),
    invoices: await firstId('invoices'),
    'blog-posts': await firstId('blog_posts'),
    gallery: await firstId('gallery_images'),
  };
  routes = mountedRoutes(app.deps);
});
afterAll(() => app?.close());

/** A concrete address for a route pattern, with ids of rows that exist (a DELETE that ran would show). */
function concrete(route: MountedRoute): string {
  const resource = route.path.split('/')[3] ?? '';
  return route.path
    .replace(':id', String(ids[resource] ?? 1))
    .replace(':key', 'doctor_image')
    .replace(':slug', 'x')
    .replace(':name', 'x.webp');
}

/** The same address written the ways an attacker would try to slip past a path check. */
function spellings(path: string): string[] {
  const segments = path.split('/');
  return [
    path,
    path.toUpperCase(),
    segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('/'),
    path.replace('/api/', '/API/'),
    `${path}/`,
    path.replace('/api/', '/api//'),
    `/${path}`,
    path.replace('/api/admin', '/api/%61dmin'),
    path.replace('/api/admin/', '/api/admin%2F'),
    path.replace('/api/', '/api/./'),
    path.replace('/api/', '/api/x/../'),
  ];
}

/** Sends the request exactly as written (fetch would normalise the path). */
function rawRequest(method: string, path: string, body?: string, contentType = 'application/json'): Promise<{ status: number; text: string }> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers: body ? { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every table's row count and a checksum of its rows. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows } = await app.deps.knex.raw<{ rows: { tablename: string }[] }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename not like 'knex_%' order by tablename",
  );
  const out: Record<string, string> = {};
  for (const { tablename } of rows) {
    const { rows: [r] } = await app.deps.knex.raw<{ rows: { n: number; sum: string | null }[] }>(
      `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as sum from "${tablename}" t`,
    );
    out[tablename] = `${r.n}:${r.sum ?? ''}`;
  }
  return out;
}

const sampleBody = JSON.stringify({
  status: 'cancelled',
  firstName: 'Mallory',
  lastName: 'Intruder',
  email: 'mallory@example.com',
  phone: '9999999999',
  title: 'Defaced',
  excerpt: 'x',
  content: 'x',
  imageUrl: 'https://example.com/x.png',
  value: 'https://example.com/x.png',
  followUpDate: '2030-01-01T10:00:00Z',
  customMessage: 'x',
});

describe('every route needs a session unless it is public', () => {
  it('finds the routes from the mounted routers (admin, auth and public alike)', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain('DELETE /api/admin/patients/:id');
    expect(names).toContain('POST /api/auth/logout');
    expect(names).toContain('POST /api/appointments');
    expect(routes.length).toBeGreaterThan(40);
  });

  it('lists only routes that exist as public (a stale entry would hide a renamed route)', () => {
    const names = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const publicRoute of PUBLIC_ROUTES) expect(names, publicRoute).toContain(publicRoute);
  });

  it('refuses each other route without a session, in every spelling, and changes nothing', async () => {
    const before = await snapshot();
    const protectedRoutes = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`));
    expect(protectedRoutes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      for (const path of spellings(concrete(route))) {
        const bodies: (string | undefined)[] = route.method === 'GET' ? [undefined] : [sampleBody, undefined];
        for (const body of bodies) {
          const { status, text } = await rawRequest(route.method, path, body);
          // ('//api/...' is a page address; without `npm run build:site` the page server says so with 503.)
          const unbuiltPage = status === 503 && text.includes('The public site is not built');
          if (status !== 401 && status !== 404 && !unbuiltPage) wrong.push(`${route.method} ${path} -> ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 on the exact spelling (the guard runs, not just a missed route)', async () => {
    const protectedRoutes = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`));
    for (const route of protectedRoutes) {
      expect((await rawRequest(route.method, concrete(route))).status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('treats paths case-sensitively: /API/ADMIN/PATIENTS is an unknown address', async () => {
    const res = await app.request('/API/ADMIN/PATIENTS');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
    expect((await app.request(`/API/ADMIN/PATIENTS/${ids.patients}`, { method: 'DELETE' })).status).toBe(404);
    expect(await app.deps.knex('patients').where({ id: ids.patients }).first()).toBeTruthy();
  });
});
