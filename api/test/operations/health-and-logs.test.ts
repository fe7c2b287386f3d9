import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it('answers /healthz with 200 while the database answers', async () => {
  const res = await app.request('/healthz');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
});

it('answers 404 JSON for an unknown API path', async () => {
  const res = await app.request('/api/nothing-here');
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: 'Not found' });
});

it('sends nosniff on every answer, and the CSP and framing denial on documents', async () => {
  const api = await app.request('/healthz');
  expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  expect(api.headers.get('content-security-policy')).toBeNull();
  for (const path of ['/admin/login', '/no-such-page']) {
    const page = await app.request(path);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  }
});

it('hides internal errors: 500 with "Something went wrong" and a reference, detail only in the log line of that reference', async () => {
  const logged: string[] = [];
  const { createApp } = await import('../../app');
  const server = createApp({ ...app.deps, logger: createLogger('info', (l) => logged.push(l)) }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  await app.deps.knex.schema.renameTable('blog_posts', 'blog_posts_away');
  try {
    app.deps.cache.invalidate('blog');
    const res = await fetch(`${base}/api/blog-posts`);
    expect(res.status).toBe(500);
    const text = await res.text();
    const { error } = JSON.parse(text) as { error: string };
    const reference = /^Something went wrong\. If it happens again, quote reference ([0-9a-f]{10})$/.exec(error)?.[1];
    expect(reference).toBeTruthy();
    expect(res.headers.get('x-request-id')).toBe(reference);
    expect(text).not.toMatch(/blog_posts|select|relation/i);
    // The operator finds the cause by the reference the staff member read out.
    const lines = logged.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === reference);
    expect(lines.map((l) => l.event)).toEqual(['request_failed', 'request']);
    expect(lines[0]).toMatchObject({ level: 'error', path: '/api/blog-posts' });
    expect(String(lines[0].error)).toMatch(/blog_posts/);
  } finally {
    await app.deps.knex.schema.renameTable('blog_posts_away', 'blog_posts');
    server.close();
  }
});

it('puts the request id on every line logged while the request is served, services included', async () => {
  const logged: string[] = [];
  const { createApp } = await import('../../app');
  const server = createApp({ ...app.deps, logger: createLogger('info', (l) => logged.push(l)) }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const res = await fetch(`${base}/api/admin/site-settings/doctor_image`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ value: 'https://example.com/doctor.webp' }),
  });
  server.close();
  expect(res.status).toBe(200);
  const id = res.headers.get('x-request-id');
  const lines = logged.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines.filter((l) => l.requestId === id).map((l) => l.event)).toEqual(['setting_updated', 'request']);
  expect(lines.every((l) => typeof l.requestId === 'string' && typeof l.time === 'string' && typeof l.level === 'string')).toBe(true);
  expect(new Set(lines.map((l) => l.requestId)).size).toBe(2);
});

it('redacts secrets and patient fields whatever a caller passes, and honours the level', () => {
  const logged: string[] = [];
  const logger = createLogger('info', (l) => logged.push(l));
  logger.info('careless', {
    password: 'hunter2-secret',
    cookie: 'sid=abc123',
    patient: { firstName: 'Meera', lastName: 'Joshi', email: 'meera@example.in', phone: '+91 98220 77777' },
    email: 'meera@example.in',
    invoiceId: 7,
  });
  logger.debug('too_fine', { x: 1 });
  const line = JSON.parse(logged[0]) as Record<string, unknown>;
  expect(line).toMatchObject({ level: 'info', event: 'careless', invoiceId: 7, password: '[redacted]', email: '[redacted]' });
  for (const secret of ['hunter2', 'abc123', 'Meera', 'Joshi', 'meera@example.in', '77777']) expect(logged.join('\n')).not.toContain(secret);
  expect(logged).toHaveLength(1);
  const errorsOnly: string[] = [];
  const quiet = createLogger('error', (l) => errorsOnly.push(l));
  quiet.info('x');
  quiet.warn('y');
  quiet.error('z');
  expect(errorsOnly.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual(['z']);
  const silent: string[] = [];
  createLogger('silent', (l) => silent.push(l)).error('nothing');
  expect(silent).toEqual([]);
});

it('logs one JSON line a request without passwords, cookies or patient details', async () => {
  // Request logging is wired at app creation: build one with a capturing logger.
  const logged: string[] = [];
  const { createApp } = await import('../../app');
  const deps = { ...app.deps, logger: createLogger('info', (l) => logged.push(l)) };
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  await fetch(`${base}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Meera', lastName: 'Joshi', email: 'meera@example.in', phone: '+91 98220 77777' }),
  });
  await fetch(`${base}/api/auth/me`, { headers: { cookie } });
  server.close();

  const requests = logged.map((l) => JSON.parse(l)).filter((l) => l.event === 'request');
  expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    'POST /api/auth/login 200',
    'POST /api/appointments 400',
    'GET /api/auth/me 200',
  ]);
  const all = logged.join('\n');
  for (const secret of [ADMIN.password, cookie.slice(4), 'Meera', 'meera@example.in', '77777']) expect(all).not.toContain(secret);
});
