import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { PublicCache } from '../../platform/public-cache';
import { LoginThrottle } from '../../services/staff/login-throttle';
import { FolderStorage } from '../../platform/storage';

// While the database cannot be reached, every request that needs it answers 503 with Retry-After (it may
// work in a moment), as /healthz does, never a 500. Here the database is a port nobody listens on.

let knex: Knex;
let server: Server;
let url: string;
beforeAll(async () => {
  knex = knexFactory({
    client: 'pg',
    connection: 'postgres://postgres@127.0.0.1:1/clinic',
    pool: { min: 0, max: 2 },
    acquireConnectionTimeout: 2_000,
    log: { warn: () => {}, error: () => {}, deprecate: () => {}, debug: () => {} },
    ...knexSnakeCaseMappers(),
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = createApp({
    knex,
    config,
    logger: createLogger('silent'),
    // Never reached: no request here gets past the database.
    storage: new FolderStorage(config.storageDir),
    throttle: new LoginThrottle(knex),
    cache: new PublicCache(),
    nudgeOutbox: () => {},
    now: () => new Date('2026-11-23T04:00:00Z'),
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await knex?.destroy();
});

describe('the database is unreachable', () => {
  it.each([
    ['GET', '/api/blog-posts', undefined],
    ['GET', '/api/gallery', undefined],
    ['GET', '/api/admin/patients', undefined],
    ['POST', '/api/auth/login', { email: 'admin@clinic.test', password: 'correct-horse-battery' }],
    [
      'POST',
      '/api/appointments',
      { firstName: 'Asha', lastName: 'Patil', email: 'a@example.in', phone: '9876543210', preferredDate: '2026-11-25', preferredTime: '17:00', treatment: 'cleaning' },
    ],
  ])('%s %s answers 503 with Retry-After and a plain message', async (method, path, json) => {
    const init: RequestInit = json
      ? { method, headers: { cookie: 'sid=some-session', 'content-type': 'application/json' }, body: JSON.stringify(json) }
      : { method, headers: { cookie: 'sid=some-session' } };
    const res = await fetch(url + path, init);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: 'The service is unavailable for a moment. Please try again shortly.' });
  });

  it('says so on /healthz too', async () => {
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });
});
