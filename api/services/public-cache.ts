import { createHash } from 'node:crypto';

// Public lists (blog, gallery, a setting) are read far more often than they change. They are kept as
// serialised JSON with an ETag, and dropped whenever the admin changes the matching table.

export interface CachedBody {
  json: string;
  etag: string;
}

export class PublicCache {
  private entries = new Map<string, CachedBody>();
  /** Bumped by every invalidation: a load that raced a change is served once but not kept. */
  private version = 0;

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const versionAtLoad = this.version;
    const json = JSON.stringify(await load());
    const body = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    // Misses (null) are not kept: unknown slugs must not grow the cache.
    if (this.version === versionAtLoad && json !== 'null') this.entries.set(key, body);
    return body;
  }

  /** Drops every entry whose key starts with the prefix (e.g. 'blog' drops 'blog:list' and 'blog:post:x'). */
  invalidate(prefix: string): void {
    this.version += 1;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
