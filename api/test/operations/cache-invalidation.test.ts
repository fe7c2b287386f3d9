import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../db/knex';
import { migrateLatest } from '../../db/migrate';
import type { Logger } from '../../logger';
import { startCacheInvalidation } from '../../platform/cache-invalidation';
import { PublicCache } from '../../platform/public-cache';
import { createTestDatabase } from '../support/test-db';

// OPS-14: every change to what the public caches hold is announced through PostgreSQL, whoever makes it,
// once it commits; each process follows the announcements, and caches nothing while it cannot.

const kinds: [string, () => Promise<Database>][] = [
  [
    'embedded',
    async () => {
      const db = await createDb({});
      await migrateLatest(db.knex);
      return db;
    },
  ],
];
if (process.env.TEST_DATABASE_URL) kinds.push(['server', () => createTestDatabase({ poolMax: 4 })]);

async function waitUntil(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(kinds)('on the %s database', (kind, open) => {
  let db: Database;
  let heard: string[];
  let listener: { stop(): Promise<void> };
  const events: string[] = [];
  const logger: Logger = { debug: () => {}, info: (e) => events.push(e), warn: (e) => events.push(e), error: (e) => events.push(e) };
  const cache = new PublicCache();

  beforeAll(async () => {
    db = await open();
    heard = [];
    listener = await db.listen('public_cache', { notify: (payload) => heard.push(payload) });
  }, 120_000);
  afterAll(async () => {
    await listener?.stop();
    await db?.close();
  });

  let markers = 0;
  /** Runs the change, then a marker announcement, and answers what was heard before the marker. */
  async function heardFor(change: () => Promise<unknown>): Promise<string[]> {
    heard.length = 0;
    await change();
    const marker = `marker-${++markers}`;
    await db.knex.raw('select pg_notify(?, ?)', ['public_cache', marker]);
    await waitUntil(() => heard.includes(marker));
    return heard.slice(0, heard.indexOf(marker));
  }

  it('announces each table change with its cache prefix, once per statement', async () => {
    const { knex } = db;
    const post = { title: 'T', slug: 't', excerpt: 'E', content: 'C', author: 'A', isPublished: true };
    expect(await heardFor(() => knex('blog_posts').insert(post))).toEqual(['blog']);
    expect(await heardFor(() => knex('blog_posts').update({ title: 'U' }))).toEqual(['blog']);
    expect(await heardFor(() => knex('gallery_images').insert({ title: 'G', imageUrl: '/media/g.jpg' }))).toEqual(['gallery']);
    expect(await heardFor(() => knex('gallery_images').delete())).toEqual(['gallery']);
    expect(await heardFor(() => knex('closed_dates').insert({ date: '2030-01-01', reason: 'Holiday' }))).toEqual(['clinic']);
    expect(await heardFor(() => knex('clinic_settings').update({ updatedAt: new Date() }))).toEqual(['clinic']);
    expect(await heardFor(() => knex('site_settings').where({ key: 'nothing' }).update({ value: 'y' }))).toEqual(['setting']);
  });

  it('announces a transaction once it commits, and a rolled-back one never', async () => {
    const { knex } = db;
    const during: string[][] = [];
    expect(
      await heardFor(() =>
        knex.transaction(async (trx) => {
          await trx('blog_posts').update({ title: 'V' });
          await trx('blog_posts').update({ title: 'W' });
          during.push([...heard]);
        }),
      ),
    ).toEqual(['blog']);
    expect(during).toEqual([[]]);
    const rolledBack = heardFor(() => knex.transaction(async (trx) => {
      await trx('blog_posts').delete();
      throw new Error('changed my mind');
    }).catch(() => {}));
    expect(await rolledBack).toEqual([]);
  });

  it("drops a process's cached entries when another connection changes the table", async () => {
    const stop = await startCacheInvalidation(db, cache, logger);
    try {
      let loads = 0;
      const load = () => cache.get('blog:list', async () => ++loads);
      await load();
      await load();
      expect(loads).toBe(1);
      await db.knex('blog_posts').update({ title: 'X' });
      await waitUntil(() => heard.includes('blog'));
      await waitUntil(() => (void load(), loads === 2));
    } finally {
      await stop.stop();
    }
  });

  if (kind === 'server') {
    it('caches nothing while its listening connection is cut, and listens again', async () => {
      const stop = await startCacheInvalidation(db, cache, logger);
      events.length = 0;
      try {
        let loads = 0;
        const load = () => cache.get('gallery:list', async () => ++loads);
        await load();
        await load();
        expect(loads).toBe(1);
        // The connection dies (a database restart, a network cut): the notifications it would carry are lost.
        await db.knex.raw(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
        );
        await waitUntil(() => events.includes('cache_listener_lost'));
        await load();
        await load();
        expect(loads).toBe(3); // nothing kept meanwhile
        await waitUntil(() => events.includes('cache_listener_listening'), 30_000);
        await load();
        await load();
        expect(loads).toBe(4); // kept again, fresh
        await db.knex('gallery_images').delete();
        await waitUntil(() => (void load(), loads === 5)); // and dropped on a change again
      } finally {
        await stop.stop();
      }
    }, 60_000);
  }
});
