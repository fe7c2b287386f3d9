import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { appRouters } from '../../app';
import { PAGE_ROUTES, ROUTE_DOCS } from '../../openapi/route-docs';
import { ROUTE_INDEX_END, ROUTE_INDEX_START, routeIndexMarkdown } from '../../openapi/route-index';
import { mountedRoutes } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';

// API-8: the OpenAPI document lists exactly the routes the app mounts, is a valid OpenAPI 3.1
// document, takes its request schemas from the shared zod schemas, and the reference page loads only
// from this server.

interface Operation {
  summary: string;
  requestBody?: { content: { 'application/json': { schema: { type?: string; properties?: Record<string, unknown>; required?: string[] } } } };
  security?: unknown[];
  'x-capability'?: string;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let app: TestApp;
let doc: Doc;
beforeAll(async () => {
  app = await startTestApp();
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = (await res.json()) as Doc;
});
afterAll(() => app?.close());

const toOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const documented = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));

describe('the OpenAPI document', () => {
  it('lists every route the routers register, except the two HTML page catch-alls', () => {
    const names = new Set(documented());
    const missing = mountedRoutes(app.deps)
      .filter((r) => !PAGE_ROUTES.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${toOpenApi(r.path)}`)
      .filter((name) => !names.has(name));
    expect(missing).toEqual([]);
    expect(names.size).toBeGreaterThan(60);
  });

  it('documents no route that does not exist, and the page routes it leaves out do exist', () => {
    const mounted = new Set(mountedRoutes(app.deps).map((r) => `${r.method} ${toOpenApi(r.path)}`));
    expect(documented().filter((name) => !mounted.has(name))).toEqual([]);
    for (const page of PAGE_ROUTES) expect(mounted).toContain(page);
  });

  it('has a written description for every route (none falls back to "Undocumented")', () => {
    const mounted = mountedRoutes(app.deps).map((r) => `${r.method} ${r.path}`).filter((n) => !PAGE_ROUTES.has(n));
    expect(mounted.filter((name) => !ROUTE_DOCS[name])).toEqual([]);
    expect(Object.keys(ROUTE_DOCS).filter((name) => !mounted.includes(name))).toEqual([]);
  });

  it('is what docs/requirements.md indexes, route for route (API-9; `npm run docs:routes` writes it)', () => {
    const file = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/requirements.md'), 'utf8');
    const written = file.slice(file.indexOf(ROUTE_INDEX_START), file.indexOf(ROUTE_INDEX_END) + ROUTE_INDEX_END.length);
    const index = routeIndexMarkdown(appRouters(app.deps));
    expect(written).toBe(index);
    for (const route of mountedRoutes(app.deps).filter((r) => !PAGE_ROUTES.has(`${r.method} ${r.path}`))) {
      expect(index).toContain(`\`${route.method} ${toOpenApi(route.path)}\``);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('takes request bodies from the shared zod schemas and names each admin route capability', () => {
    const createPatient = doc.paths['/api/admin/patients'].post;
    const schema = createPatient.requestBody!.content['application/json'].schema;
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties!)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'phone', 'email']));
    expect(schema.required).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    expect(createPatient['x-capability']).toBe('patients.write');
    expect(doc.paths['/api/admin/patients/{id}'].delete['x-capability']).toBe('patients.delete');
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/blog-posts'].get.security).toBeUndefined();
    expect(doc.paths['/api/auth/login'].post.requestBody!.content['application/json'].schema.properties).toHaveProperty('password');
  });
});

describe('the browsable reference at /api/docs', () => {
  it('is a page whose scripts and styles come from this server only, under the site CSP', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/'), asset).toBe(true);
      const file = await app.request(asset);
      expect(file.status, asset).toBe(200);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(20);
    }
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('serves only its own files: other names and climbing out answer 404', async () => {
    for (const path of ['/api/docs/package.json', '/api/docs/index.html', '/api/docs/..%2F..%2Fpackage.json', '/api/docs/%2e%2e%2fpackage.json', '/api/docs/constructor', '/api/docs/__proto__']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
