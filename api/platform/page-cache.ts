import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// SITE-27: rendered public pages kept as their final bytes, with brotli and gzip twins and an ETag, so a
// visit costs what a static file costs. An entry names the data it was rendered from (the keys of
// api/render/page-data.ts: 'blog:list', 'clinic', 'reviews', ...) and is dropped when any of them changes:
// in this process at once by the service that changed it, and in every process through PostgreSQL (OPS-14,
// api/platform/cache-invalidation.ts). It is also keyed by a stamp (the site build and the clinic's day:
// the booking rules embedded in every page list the closed dates from today on), so a rebuild or midnight
// at the clinic renders afresh. Bounded in entries and bytes, least recently used out first.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CachedPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The data keys the page shows; a change to any of them drops it. */
  reads: readonly string[];
  stamp: string;
  bytes: number;
}

/** What a render answered: only a 200 whose every read is cacheable (`reads` not null) is kept. */
export interface RenderResult {
  status: number;
  html: string;
  reads: readonly string[] | null;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * A few hundred pages in 24 MB (PAGE_CACHE_MB): a page takes about 90 KB with its twins (the stylesheet is
 * inlined); the six fixed pages and the treatment pages in three languages, 78 pages, took 7.1 MB. Posts and
 * less visited pages go first when it is full.
 */
export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = { maxEntries: 600, maxBytes: 24 * 1024 * 1024 };

/** The ETag of a page's bytes (the same for every encoding: they are one representation's encodings). */
export function htmlEtag(html: string | Buffer): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

/**
 * The page with its precompressed twins, paid once per change, not per visit. Brotli at quality 9, not 11:
 * on these pages 11 took 4 to 15 times the CPU (up to a third of a second) for 8 % fewer bytes
 * (docs/benchmarks.md), and a change to the clinic's settings drops every page at once: on one small CPU,
 * the first visits after it would queue behind those compressions.
 */
export async function preparePage(html: string, reads: readonly string[], stamp: string): Promise<CachedPage> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 9 }),
  ]);
  return { etag: htmlEtag(identity), identity, br, gzip: gz, reads, stamp, bytes: identity.length + br.length + gz.length };
}

export class PageCache {
  /** Insertion order is recency order: a hit moves its entry to the end, eviction takes from the front. */
  private entries = new Map<string, CachedPage>();
  private inFlight = new Map<string, { stamp: string; promise: Promise<CachedPage | RenderResult> }>();
  private bytes = 0;
  /** Bumped by every invalidation: a render that raced a change is served once but not kept. */
  private version = 0;
  /** False while this process may miss another's changes (its listener is down): nothing is kept then. */
  private trusted = true;

  constructor(private readonly limits: PageCacheLimits = DEFAULT_PAGE_CACHE_LIMITS) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The kept pages' keys, least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The kept page for the key, if it was rendered under this stamp. */
  lookup(key: string, stamp: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.stamp !== stamp) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /**
   * Renders the page and keeps it when it may be kept. Visits that miss together share one render (after a
   * change, a busy page is rendered once, not once per visitor); a visit after an invalidation never joins a
   * render begun before it, so whoever saved a change sees it.
   */
  fill(key: string, stamp: string, render: () => Promise<RenderResult>): Promise<CachedPage | RenderResult> {
    const running = this.inFlight.get(key);
    if (running && running.stamp === stamp) return running.promise;
    const versionAtRender = this.version;
    const promise = (async () => {
      const page = await render();
      if (page.status !== 200 || page.reads === null) return page;
      const prepared = await preparePage(page.html, page.reads, stamp);
      if (this.trusted && this.version === versionAtRender) this.store(key, prepared);
      return prepared;
    })();
    const entry = { stamp, promise };
    this.inFlight.set(key, entry);
    const done = () => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Drops every page that read a key starting with the prefix ('' drops all). */
  invalidate(prefix: string): void {
    this.version += 1;
    this.inFlight.clear();
    for (const [key, page] of this.entries) if (page.reads.some((read) => read.startsWith(prefix))) this.remove(key);
  }

  suspend(): void {
    this.trusted = false;
    this.invalidate('');
  }

  resume(): void {
    this.invalidate('');
    this.trusted = true;
  }

  private store(key: string, page: CachedPage): void {
    if (page.bytes > this.limits.maxBytes) return;
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.bytes;
  }
}
