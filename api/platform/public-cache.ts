import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { PageCache, type PageCacheLimits } from './page-cache';

// Public lists (blog, gallery, a setting) are read far more often than they change. They are kept as
// serialised JSON with an ETag, and the rendered pages that show them beside (`pages`, SITE-27); both are
// dropped whenever the matching table changes: at once by the service that changed it (publicChange
// below), and on every process through PostgreSQL (OPS-14, api/platform/cache-invalidation.ts).

/** The prefix each kind of public data is kept under; the triggers of migrations 018 and 021 send the same. */
export type PublicDataKind = 'blog' | 'gallery' | 'setting' | 'clinic' | 'reviews';

export interface CachedBody {
  json: string;
  etag: string;
}

export class PublicCache {
  private entries = new Map<string, CachedBody>();
  /** Bumped by every invalidation: a load that raced a change is served once but not kept. */
  private version = 0;
  /** False while this process may miss another's changes (its listener is down): nothing is kept then. */
  private trusted = true;
  /** The rendered public pages, dropped with the data they read. */
  readonly pages: PageCache;

  constructor(pageLimits?: PageCacheLimits) {
    this.pages = new PageCache(pageLimits);
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const versionAtLoad = this.version;
    const json = JSON.stringify(await load());
    const body = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    // Misses (null) are not kept: unknown slugs must not grow the cache.
    if (this.trusted && this.version === versionAtLoad && json !== 'null') this.entries.set(key, body);
    return body;
  }

  /** Drops every entry whose key starts with the prefix (e.g. 'blog' drops 'blog:list' and 'blog:post:x'). */
  invalidate(prefix: string): void {
    this.version += 1;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    this.pages.invalidate(prefix);
  }

  /** The listener lost its connection: drop everything and keep nothing until it is back. */
  suspend(): void {
    this.trusted = false;
    this.invalidate('');
    this.pages.suspend();
  }

  /** The listener listens again: changes missed meanwhile are not in the (empty) cache. */
  resume(): void {
    this.invalidate('');
    this.trusted = true;
    this.pages.resume();
  }
}

/**
 * Runs a transaction that changes what the public site shows, then drops that kind from this process's
 * caches, so whoever saved it sees it on the next request (other processes hear the trigger's NOTIFY).
 * The one place each kind of change invalidates: the services' writers go through it. Dropped also when
 * the transaction fails (its outcome may be unknown; a needless render costs little).
 */
export async function publicChange<T>(deps: { knex: Knex; cache: PublicCache }, kind: PublicDataKind, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  try {
    return await deps.knex.transaction(work);
  } finally {
    deps.cache.invalidate(kind);
  }
}
