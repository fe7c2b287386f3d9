import type { Database } from '../db/knex';
import type { Logger } from '../logger';
import type { PublicCache } from './public-cache';

// OPS-14: a change committed through any process (or the CLI, a restore, psql) reaches every process's
// public cache. Triggers (migration 018) NOTIFY 'public_cache' with the key prefix to drop; this follows the
// channel. While the listening connection is down nothing is cached, so a missed notification cannot leave
// a stale page; the route handlers still drop their own process's entries at once (read-your-writes).

export const PUBLIC_CACHE_CHANNEL = 'public_cache';

export async function startCacheInvalidation(database: Database, cache: PublicCache, logger: Logger): Promise<{ stop(): Promise<void> }> {
  // Until the first LISTEN is in place, this process could miss a change: it caches nothing.
  cache.suspend();
  return database.listen(PUBLIC_CACHE_CHANNEL, {
    notify: (prefix) => cache.invalidate(prefix),
    lost: (err) => {
      cache.suspend();
      logger.warn('cache_listener_lost', { error: err.message });
    },
    resumed: () => {
      cache.resume();
      logger.info('cache_listener_listening', {});
    },
  });
}
