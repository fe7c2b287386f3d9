import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { createApp } from '../../app';
import { createHttpServer } from '../../http-server';
import { loadConfig, type Config } from '../../config';
import type { Deps } from '../../deps';
import { createLogger, type Logger } from '../../logger';
import { createAccount } from '../../services/staff/accounts';
import { LoginThrottle, type LoginThrottleOverrides } from '../../services/staff/login-throttle';
import { configurePasswordWork, type PasswordWorkOptions } from '../../platform/password-work';
import { PublicCache } from '../../platform/public-cache';
import { createTestDatabase } from './test-db';
import type { Database } from '../../db/knex';
import { FolderStorage } from '../../platform/storage';

export const ADMIN = { email: 'admin@clinic.test', password: 'correct-horse-battery', name: 'Test Admin' };

/** A clock the test can move: the app reads "now" through it (CLINIC-3 rules are about Kolkata time). */
export class TestClock {
  private fixed: Date | null = null;
  now = (): Date => this.fixed ?? new Date();
  set(iso: string | Date): void {
    this.fixed = new Date(iso);
  }
  reset(): void {
    this.fixed = null;
  }
}

/**
 * FILE-1: each test database gets a storage folder of its own; a second app on the same database (a second
 * process, OPS-14) shares it, as processes share one storage in production.
 */
const storageFolders = new WeakMap<Database, string>();
function storageFolderOf(db: Database): string {
  let folder = storageFolders.get(db);
  if (!folder) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-test-storage-'));
    storageFolders.set(db, folder);
  }
  return folder;
}

export interface TestApp {
  url: string;
  deps: Deps;
  db: Database;
  clock: TestClock;
  /**
   * The clock sessions age by (AUTH-3, AUTH-15), apart from `clock`: a test stands at any day of the clinic's
   * calendar with the session it signed in with, and ages a session by moving this one.
   */
  sessionClock: TestClock;
  outboxNudges: () => number;
  /** fetch relative to the app, JSON in and out. */
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  /** A plain HTML form post from the app's own page (urlencoded, same origin); redirects are not followed. */
  postForm(path: string, fields?: Record<string, string>): Promise<Response>;
  /** Signs in as the test admin and answers the session cookie. */
  signIn(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: {
    config?: Partial<Config>;
    /** Sign-in throttle rules that differ from the production ones (api/services/staff/login-throttle.ts). */
    throttle?: LoginThrottleOverrides;
    /** The bound on concurrent bcrypt work, for this test file's process (api/platform/password-work.ts). */
    passwordWork?: Partial<PasswordWorkOptions>;
    poolMax?: number;
    /** An existing database: a second app on it behaves as a second server process (OPS-14). */
    db?: Database;
    /** The app's logger (a test that reads the log lines passes one with a `write`); silent by default. */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase({ poolMax: options.poolMax }));
  const storageDir = storageFolderOf(db);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/clinic-test', STORAGE_DIR: storageDir }), ...options.config };
  const clock = new TestClock();
  const sessionClock = new TestClock();
  let nudges = 0;
  const deps: Deps = {
    knex: db.knex,
    config,
    logger: options.logger ?? createLogger(config.logLevel),
    storage: new FolderStorage(config.storageDir),
    throttle: new LoginThrottle(db.knex, options.throttle),
    cache: new PublicCache(),
    nudgeOutbox: () => {
      nudges += 1;
    },
    now: clock.now,
    sessionNow: sessionClock.now,
  };
  configurePasswordWork(options.passwordWork);
  if (!(await db.knex('users').where({ email: ADMIN.email }).first('id'))) {
    await createAccount(db.knex, ADMIN.email, ADMIN.password, ADMIN.name);
  }
  const server: Server = createHttpServer(createApp(deps), config.httpTimeouts).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request: TestApp['request'] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.cookie) headers.set('cookie', init.cookie);
    return fetch(url + path, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  };

  return {
    url,
    deps,
    db,
    clock,
    sessionClock,
    outboxNudges: () => nudges,
    request,
    postForm: (path, fields = {}) =>
      request(path, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
        redirect: 'manual',
      }),
    async signIn() {
      const res = await request('/api/auth/login', { method: 'POST', json: { email: ADMIN.email, password: ADMIN.password } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return cookieFrom(res);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!options.db) {
        await db.close();
        fs.rmSync(storageDir, { recursive: true, force: true });
      }
    },
  };
}

/** The `name=value` part of the session cookie a response sets. */
export function cookieFrom(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!set) throw new Error('no session cookie set');
  return set.split(';')[0];
}

/** The `device=value` part of the device cookie a sign-in sets (api/services/staff/trusted-devices.ts). */
export function deviceCookieFrom(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('device='));
  if (!set) throw new Error('no device cookie set');
  return set.split(';')[0];
}
