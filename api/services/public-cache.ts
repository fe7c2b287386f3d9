import { createHash } from 'node:crypto';

// Public lists (blog, gallery, a setting) are read far more often than they change. They are kept as
// serialised JSON with an ETag, and dropped whenever the matching table changes: at once by the route that
// changed it, and on every process through PostgreSQL (OPS-14, api/services/cache-invalidation.ts).

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
  }

  /** The listener lost its connection: drop everything and keep nothing until it is back. */
  suspend(): void {
    this.trusted = false;
    this.invalidate('');
  }

  /** The listener listens again: changes missed meanwhile are not in the (empty) cache. */
  resume(): void {
    this.invalidate('');
    this.trusted = true;
  }
}
