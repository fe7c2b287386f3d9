import type { Knex } from 'knex';
import type { Config } from './config';
import type { Logger } from './logger';
import type { FileStorage } from './platform/storage';
import type { LoginThrottle } from './services/staff/login-throttle';
import type { PublicCache } from './platform/public-cache';

/** What every route and service may use; built once in api/server.ts (or by a test). */
export interface Deps {
  knex: Knex;
  config: Config;
  logger: Logger;
  /** FILE-1: where uploaded files live (a folder today); never the database. */
  storage: FileStorage;
  throttle: LoginThrottle;
  cache: PublicCache;
  /** Wakes the outbox worker after a commit that queued mail. */
  nudgeOutbox: () => void;
  /** The clock, so tests can stand at a chosen instant in Asia/Kolkata. */
  now: () => Date;
  /**
   * How sessions age (AUTH-3 idle expiry, AUTH-15 lifetime); `now` when absent, as in production. A test moves it
   * to age a session, and moves `now` (the clinic's calendar: a day, a month, a financial year) without
   * ending the sessions it signed in with.
   */
  sessionNow?: () => Date;
}
