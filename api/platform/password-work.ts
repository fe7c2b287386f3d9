import pLimit, { type LimitFunction } from 'p-limit';
import { HttpError } from '../errors';

// bcrypt runs on libuv's thread pool: 4 threads, which file reads (pages, media), DNS lookups, zlib and
// crypto share. A burst of sign-ins must not take all of them, so at most `concurrency` hashes or compares
// run at once, `queue` more may wait their turn, and beyond that the answer is an immediate 503 (the
// request costs nothing then). One process, one pool: the bound is per process.

export interface PasswordWorkOptions {
  concurrency: number;
  queue: number;
  /** Retry-After of the 503: about the time the queue takes to drain (a compare is ~0.2 s). */
  retryAfterSeconds: number;
}

export const defaultPasswordWork: PasswordWorkOptions = { concurrency: 2, queue: 8, retryAfterSeconds: 2 };

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

let options = defaultPasswordWork;
let limit: LimitFunction = pLimit(options.concurrency);

/** Sets the bound (tests; the defaults suit the production pool of 4 threads). */
export function configurePasswordWork(next: Partial<PasswordWorkOptions> = {}): void {
  options = { ...defaultPasswordWork, ...next };
  limit = pLimit(options.concurrency);
}

/** Runs one bcrypt operation within the bound, or throws 503 with Retry-After when the queue is full. */
export function passwordWork<T>(work: () => Promise<T>): Promise<T> {
  if (limit.activeCount + limit.pendingCount >= options.concurrency + options.queue) {
    return Promise.reject(
      new HttpError(503, SERVER_BUSY, undefined, { 'Retry-After': String(options.retryAfterSeconds) }),
    );
  }
  return limit(work);
}
